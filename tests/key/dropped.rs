//! `key --unique --dropped FILE`: each record `--unique` drops, written to FILE as
//! `PLACE<TAB>FIRST<TAB>RECORD` (its place, and that of the first record of its key, each
//! `SOURCE:LINE`), as `uniq -d` shows what repeats; the output itself is `--unique`'s.

use crate::util::{TempDir, fails, run};

/// `--unique --dropped` over `stdin` and `args` (after the profile): stdout, and the file (in a
/// directory of the test's own, `name`).
fn dropped(name: &str, args: &[&str], stdin: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let dir = TempDir::new(name);
    let file = dir.0.join("dropped.txt");
    let file = file.to_str().unwrap();
    let mut all = vec!["key", "--profile", "whatwg", "--unique", "--dropped", file];
    all.extend_from_slice(args);
    let output = run(&all, stdin);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (output.stdout, std::fs::read(file).unwrap())
}

/// Under the URL Standard `HTTP://A:80/1` is `http://a/1` (url.bs "URL serializing": scheme and
/// host lowercased, the default port dropped): line 2 repeats line 1, and so does line 5.
#[test]
fn each_dropped_record_with_the_line_it_repeats() {
    let input = b"http://a/1\nHTTP://A:80/1\nhttp://a/2\nhttp://A/2\nhttp://a/1\n";
    let (stdout, file) = dropped("key-dropped-1", &[], input);
    assert_eq!(stdout, b"http://a/1\nhttp://a/2\n");
    assert_eq!(
        String::from_utf8(file).unwrap(),
        "<stdin>:2\t<stdin>:1\tHTTP://A:80/1\n\
         <stdin>:4\t<stdin>:3\thttp://A/2\n\
         <stdin>:5\t<stdin>:1\thttp://a/1\n"
    );
    // Nothing dropped: an empty file.
    assert_eq!(dropped("key-dropped-2", &[], b"http://a/\n").1, b"");
}

/// Each VALUE is a source of its own (`<arg N>`, line 1), each file too; `-z` ends each
/// written record with NUL, as the records came.
#[test]
fn places_across_sources_and_nul_separated_records() {
    let (_, file) = dropped(
        "key-dropped-3",
        &["--", "http://a/", "http://b/", "HTTP://A/"],
        b"",
    );
    assert_eq!(file, b"<arg 3>:1\t<arg 1>:1\tHTTP://A/\n");
    let dir = TempDir::new("key-dropped-files");
    let a = dir.file("a.txt", b"http://a/\nhttp://b/\n");
    let b = dir.file("b.txt", b"http://c/\nhttp://B/\n");
    let (stdout, file) = dropped("key-dropped-4", &["-f", &a, "-f", &b], b"");
    assert_eq!(stdout, b"http://a/\nhttp://b/\nhttp://c/\n");
    assert_eq!(
        String::from_utf8(file).unwrap(),
        format!("{b}:2\t{a}:2\thttp://B/\n")
    );
    let (stdout, file) = dropped("key-dropped-5", &["-z"], b"http://a/\0http://A/\0");
    assert_eq!(stdout, b"http://a/\0");
    assert_eq!(file, b"<stdin>:2\t<stdin>:1\thttp://A/\0");
}

/// The first record's line is held beside its key's digest, and moves with it each time the
/// table doubles (from 1,024 slots): 5,000 keys, then each again in reverse order.
#[test]
fn first_lines_survive_the_table_growing() {
    let n = 5000;
    let mut input = String::new();
    for i in 0..n {
        input.push_str(&format!("http://h{i}.example/\n"));
    }
    for i in (0..n).rev() {
        input.push_str(&format!("HTTP://H{i}.example/\n"));
    }
    let (_, file) = dropped("key-dropped-6", &[], input.as_bytes());
    let file = String::from_utf8(file).unwrap();
    let lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines.len(), n);
    for (j, line) in lines.iter().enumerate() {
        let i = n - 1 - j;
        let expected = format!(
            "<stdin>:{}\t<stdin>:{}\tHTTP://H{i}.example/",
            n + j + 1,
            i + 1
        );
        assert_eq!(*line, expected);
    }
}

/// A FILE that cannot be made is an error of its own, status 2, naming it; `--dropped` needs
/// `--unique`.
#[test]
fn a_file_that_cannot_be_written_and_dropped_without_unique() {
    let dir = TempDir::new("key-dropped-error");
    let missing = dir.0.join("no-such-dir").join("dropped.txt");
    let missing = missing.to_str().unwrap();
    let args = [
        "key",
        "--profile",
        "whatwg",
        "--unique",
        "--dropped",
        missing,
    ];
    let (code, _, stderr) = fails(&args, b"http://a/\n");
    assert_eq!(code, 2);
    assert!(stderr.contains(missing), "{stderr}");
    let (code, _, _) = fails(
        &[
            "key",
            "--profile",
            "whatwg",
            "--dropped",
            missing,
            "http://a/",
        ],
        b"",
    );
    assert_eq!(code, 2);
}
