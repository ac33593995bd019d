//! uriesc under Apache Spark, as docs/production.md gives it: `RDD.pipe` runs one uriesc per
//! partition, and the partitions' outputs, in order, are what one uriesc writes; `check`'s
//! reports, each partition given its line offset, say where in the whole input each record is;
//! `key --with-key` and `reduceByKey` keep what `key --unique` keeps.
//! `tests/spark/pipe.py` runs PySpark in `local[2]` and checks both.
//!
//! It needs Python with PySpark (`URIESC_TEST_PYTHON` names the interpreter, else `python3`)
//! and Java. Where either is missing the test is skipped, saying so; CI installs both (.ci/run),
//! and there a missing one fails.

use std::process::Command;

use crate::util::{on_ci, on_path};

/// The Python to run PySpark with, where it has PySpark and Java is on PATH; else why not.
fn pyspark() -> Result<String, String> {
    let python = std::env::var("URIESC_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let has_pyspark = Command::new(&python)
        .args(["-c", "import pyspark"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !has_pyspark {
        return Err(format!(
            "{python} has no pyspark (pip install pyspark, and URIESC_TEST_PYTHON=that python)"
        ));
    }
    if !on_path("java") {
        return Err("no java on PATH (PySpark runs Spark in a JVM)".into());
    }
    Ok(python)
}

#[test]
fn spark_pipe_writes_what_one_run_writes() {
    let python = match pyspark() {
        Ok(python) => python,
        Err(why) => {
            assert!(
                !on_ci(),
                "CI is set, and it must install PySpark and Java: {why}"
            );
            eprintln!("spark_pipe_writes_what_one_run_writes: skipped: {why}");
            return;
        }
    };
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(python)
        .arg(format!("{root}/tests/spark/pipe.py"))
        .arg(env!("CARGO_BIN_EXE_uriesc"))
        .arg(format!("{root}/tests/data/urls-permissive-slice.txt"))
        .arg("4")
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "the Spark pipeline differs from one run ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // Both checks ran, on more than one partition.
    assert!(stdout.contains("identical to one run"), "{stdout}");
    assert!(stdout.contains("identical to PySpark's"), "{stdout}");
    assert!(stdout.contains("the same as one run"), "{stdout}");
    assert!(stdout.contains("the same as key --unique"), "{stdout}");
    assert!(!stdout.contains("partitions: 1\n"), "{stdout}");
}
