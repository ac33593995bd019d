//! Every SARIF log uriesc writes passes Microsoft's SARIF Multitool (`validate`, the SARIF
//! validator of the format's own authors, from npm's `@microsoft/sarif-multitool`), beyond the
//! OASIS schema that `reports.rs` holds them to: its rules read what a schema cannot, such as
//! SARIF 2.1.0 §3.10.2 (an `artifactLocation`'s `uri` is a URI, or a relative reference that
//! does not begin with `/`, SARIF1004). Logs of files named by absolute and relative paths,
//! of stdin and of arguments, from every command that reports.
//!
//! The Multitool is `URIESC_TEST_SARIF_MULTITOOL`, or `sarif-multitool` on PATH; where there
//! is none the test says it is skipped, and on CI (which installs it: `.ci/run`) it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::reports::CASES;
use crate::util::{TempDir, on_ci, on_path, uriesc};

/// The Multitool to run, if there is one.
fn multitool() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("URIESC_TEST_SARIF_MULTITOOL") {
        return Some(PathBuf::from(path));
    }
    if on_path("sarif-multitool") {
        return Some(PathBuf::from("sarif-multitool"));
    }
    assert!(
        !on_ci(),
        "the SARIF Multitool is not found, and CI is set: CI must install it (.ci/run does)"
    );
    eprintln!(
        "sarif_logs_pass_the_multitool: skipped: no SARIF Multitool (npm install \
         @microsoft/sarif-multitool, then set URIESC_TEST_SARIF_MULTITOOL to its \
         node_modules/.bin/sarif-multitool)"
    );
    None
}

/// Runs uriesc with `args` in `dir` (stdin `stdin`) and keeps the SARIF log it writes (check's
/// on stdout, every other command's on stderr) as `dir/NAME.sarif`.
fn log(dir: &Path, name: &str, args: &[&str], stdin: &[u8]) -> PathBuf {
    let mut command = uriesc();
    command.current_dir(dir).args(args);
    let output = crate::util::output_of(command, stdin);
    let log = match args[0] {
        "check" => output.stdout,
        _ => output.stderr,
    };
    let parsed: Value = serde_json::from_slice(&log)
        .unwrap_or_else(|e| panic!("{args:?}: one JSON document ({e})"));
    let results = parsed["runs"][0]["results"].as_array().map_or(0, Vec::len);
    assert!(results > 0, "{args:?}: a result to validate: {parsed}");
    let path = dir.join(format!("{name}.sarif"));
    std::fs::write(&path, log).expect("write the log");
    path
}

#[test]
fn sarif_logs_pass_the_multitool() {
    let Some(multitool) = multitool() else {
        return;
    };
    let dir = TempDir::new("sarif-multitool");
    let dir_path = PathBuf::from(dir.file("keep", b""));
    let dir_path = dir_path.parent().expect("the directory").to_path_buf();
    let mut logs = Vec::new();
    for (n, case) in CASES.iter().enumerate() {
        let input = format!("{}\n", case.record);
        dir.file("in put.txt", input.as_bytes());
        let absolute = dir_path.join("in put.txt");
        let absolute = absolute.to_str().expect("a UTF-8 temporary directory");
        for (way, source, stdin) in [
            ("absolute", Some(absolute), &b""[..]),
            ("relative", Some("in put.txt"), &b""[..]),
            ("stdin", None, input.as_bytes()),
        ] {
            let mut args = case.args.to_vec();
            args.extend(["--report-format", "sarif"]);
            if let Some(source) = source {
                args.extend(["--file", source]);
            }
            logs.push(log(&dir_path, &format!("{n}-{way}"), &args, stdin));
        }
        let mut args = case.args.to_vec();
        args.extend(["--report-format", "sarif", "--", case.record]);
        logs.push(log(&dir_path, &format!("{n}-argument"), &args, b""));
    }
    let found = dir_path.join("multitool.sarif");
    let output = Command::new(&multitool)
        .arg("validate")
        .args(&logs)
        .arg("--output")
        .arg(&found)
        .args(["--log", "ForceOverwrite"])
        .output()
        .unwrap_or_else(|e| panic!("running {}: {e}", multitool.display()));
    let said = String::from_utf8_lossy(&output.stdout);
    let found: Value = serde_json::from_slice(&std::fs::read(&found).unwrap_or_default())
        .unwrap_or_else(|e| panic!("the Multitool's own log ({e}); it said:\n{said}"));
    let errors: Vec<String> = found["runs"][0]["results"]
        .as_array()
        .expect("the Multitool's results")
        .iter()
        .filter(|result| result["level"] == "error")
        .map(|result| format!("{}: {}", result["ruleId"], result["message"]))
        .collect();
    assert!(errors.is_empty(), "{}\n{said}", errors.join("\n"));
    assert!(
        said.contains(&format!("{} files scanned", logs.len())),
        "every log read: {said}"
    );
}
