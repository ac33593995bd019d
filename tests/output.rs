//! Failing output, for every command: a closed stdout or stderr and a full disk (/dev/full)
//! are status 2, with a message on stderr where one can be written, as `cat` and `grep` fail;
//! a closed pipe is quiet. When stdout closes early (`| head -n 1`), `check`, `clean` and
//! `parse` still end with the status of every record.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use crate::util::{run, uriesc};

/// One run of each command that writes to stdout, and what the message calls that output.
const EVERY_COMMAND: &[(&[&str], &str)] = &[
    (&["encode", "a b"], "writing output, at <arg 1> line 1"),
    (&["decode", "a%20b"], "writing output, at <arg 1> line 1"),
    (
        &["check", "http://a/ b"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["check", "--valid", "http://a/"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["clean", "http://a/ b"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["pretty-print", "http://a/%C3%A9"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["parse", "--format", "json", "http://a/"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["edit", "--set", "fragment=x", "http://a/"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["key", "--profile", "whatwg", "http://a/"],
        "writing output, at <arg 1> line 1",
    ),
    (
        &["match", "http://*", "http://a/"],
        "writing output, at <arg 1> line 1",
    ),
    // A document's output is said at its name, not at a line.
    (&["extract", "README.md"], "writing output, at README.md"),
    (&["table"], "writing the chart to stdout"),
    (&["table", "#"], "writing the explanation to stdout"),
    (
        &["completions", "bash"],
        "writing the completion script to stdout",
    ),
    (&["man", "check"], "writing the man page to stdout"),
    (&["--version"], "writing the version to stdout"),
    (&["--help"], "writing the help to stdout"),
    (&["check", "--help"], "writing the help to stdout"),
];

/// Every command the binary has writes to stdout, and is in [`EVERY_COMMAND`].
#[test]
fn every_command_is_in_the_table() {
    let table = EVERY_COMMAND.iter().map(|(args, _)| *args);
    crate::commands::assert_every_command("EVERY_COMMAND", table, &[]);
}

/// `uriesc ARGS` run by `sh` with `redirections` after it (`>&-`, `2>/dev/full`): a shell is
/// how a user closes a descriptor, and the command then starts without it.
fn through_sh(args: &[&str], redirections: &str) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("\"$0\" \"$@\" {redirections}"))
        .arg(env!("CARGO_BIN_EXE_uriesc"))
        .args(args)
        .stdin(Stdio::null())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "dumb")
        .env_remove("URIESC_FORCE_IMPLEMENTATION");
    command.output().expect("sh runs")
}

/// The system's words for `redirections`' failure, as `cat` gives them: the text after its
/// last ": " (`cat: write error: Bad file descriptor`). The peer fails too, or the test is void.
fn cats_reason(redirections: &str) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("echo x | cat {redirections}"))
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(1), "cat {redirections} fails");
    let err = String::from_utf8_lossy(&out.stderr);
    let reason = err.trim_end().rsplit(": ").next().expect("a reason");
    reason.to_string()
}

/// Every command, its stdout redirected by `redirection`, fails with status 2 and says what it
/// was writing, with the reason `cat` gives for the same redirection.
fn every_command_fails_on(redirection: &str) {
    let reason = cats_reason(redirection);
    let mut wrong = Vec::new();
    for &(args, doing) in EVERY_COMMAND {
        let out = through_sh(args, redirection);
        let err = String::from_utf8_lossy(&out.stderr);
        let expected = format!("uriesc: {doing}: {reason}\n");
        if out.status.code() != Some(2) || err != expected {
            wrong.push(format!(
                "{args:?}: {}, {err:?}, not {expected:?}",
                out.status
            ));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

#[test]
fn a_closed_stdout_is_an_error_for_every_command() {
    every_command_fails_on(">&-");
}

#[test]
fn a_full_stdout_is_an_error_for_every_command() {
    every_command_fails_on(">/dev/full");
}

/// When the message cannot be written either (stderr closed, or full), the status still says
/// that the run failed.
#[test]
fn failing_output_with_no_stderr_is_still_status_2() {
    let mut wrong = Vec::new();
    for redirections in [
        ">&- 2>&-",
        ">&- 2>/dev/full",
        ">/dev/full 2>&-",
        ">/dev/full 2>/dev/full",
    ] {
        for &(args, _) in EVERY_COMMAND {
            let out = through_sh(args, redirections);
            if out.status.code() != Some(2) {
                wrong.push(format!("{args:?} {redirections}: {}", out.status));
            }
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

/// What goes to stderr in a run that succeeds or finds a problem in the data (check's
/// summary, a report of clean, decode --strict, pretty-print --explain, parse and edit, a
/// usage error):
/// a failing stderr makes it status 2, whatever the status would have been.
#[test]
fn a_failing_stderr_is_status_2() {
    let cases: &[&[&str]] = &[
        &["check", "http://a/"],
        &["check", "http://a/ b"],
        &["clean", "http://a:b/"],
        &["decode", "--strict", "%zz"],
        &["decode", "--utf8", "strict", "%FF"],
        &[
            "pretty-print",
            "--explain",
            "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
        ],
        &["parse", "--get", "{host}", "http://a b/"],
        &["edit", "--set", "fragment=x", "http://a b/"],
        &["key", "--profile", "whatwg", "http://[::1"],
        &["match", "--invalid", "-e", "http://*", "http://[::1"],
        &["encode", "-f", "/nonexistent/uriesc-test"],
        &["extract", "/nonexistent/uriesc-test"],
        &["encode", "--no-such-option"],
        &["table", ""],
        &[],
    ];
    // `completions` and `man` write to stderr only on a usage error, which `encode
    // --no-such-option` stands for: any usage error is status 2 already.
    let quiet = "writes to stderr only on a usage error";
    let exempt = [("completions", quiet), ("man", quiet)];
    crate::commands::assert_every_command("the stderr cases", cases.iter().copied(), &exempt);
    let mut wrong = Vec::new();
    for redirections in ["2>&-", "2>/dev/full"] {
        for &args in cases {
            let out = through_sh(args, &format!(">/dev/null {redirections}"));
            if out.status.code() != Some(2) {
                wrong.push(format!("{args:?} {redirections}: {}", out.status));
            }
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

/// A reader that has left (`| head -1`) ends the run quietly, as it ends `grep`, which dies of
/// SIGPIPE without a word: uriesc ignores the signal (Rust's runtime does) and takes EPIPE as
/// the end of its output, status 0 (`encode` and the rest; `check` and `clean` go on judging,
/// `tests/stream.rs`).
#[test]
fn a_reader_that_has_left_ends_the_output_quietly() {
    let mut wrong = Vec::new();
    for &(args, _) in EVERY_COMMAND {
        // A pipe whose reading end is closed before the command starts: every write is EPIPE.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = uriesc().args(args).stdout(writer).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        // `check` says what it found, on stderr, and in its status.
        let (expected, summary) = match args {
            ["check", "http://a/ b"] => (1, "checked 1 record: 0 valid, 1 invalid\n"),
            ["check", "--valid", _] => (0, "checked 1 record: 1 valid, 0 invalid\n"),
            _ => (0, ""),
        };
        if out.status.code() != Some(expected) || err != summary {
            wrong.push(format!("{args:?}: {}, {err:?}", out.status));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

/// Runs `uriesc ARGS` with stderr (or stdout) going to /dev/full: every write there fails.
fn with_full(args: &[&str], full_stdout: bool) -> std::process::ExitStatus {
    let full = || {
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut cmd = uriesc();
    cmd.args(args);
    if full_stdout {
        cmd.stdout(full()).stderr(Stdio::null());
    } else {
        cmd.stdout(Stdio::null()).stderr(full());
    }
    cmd.status().expect("uriesc runs")
}

#[test]
fn a_failing_stderr_is_status_2_never_a_panic() {
    for args in [
        &["check", "http://a/"][..],
        &["check", "bad url"],
        &["check", "--valid", "bad url"],
        &["decode", "--strict", "%zz"],
        &["encode", "-f", "/nonexistent"],
        &["clean", "http://a:x/"],
        &["clean", "1http://a/"],
        &["parse", "--get", "{host}", "bad url"],
    ] {
        let status = with_full(args, false);
        assert_eq!(status.code(), Some(2), "uriesc {args:?}");
    }
}

#[test]
fn help_and_version_that_cannot_be_written_fail() {
    for args in [&["--help"][..], &["--version"], &["check", "--help"]] {
        assert_eq!(with_full(args, true).code(), Some(2), "uriesc {args:?}");
    }
    // Written, they succeed.
    assert!(run(&["--help"], b"").status.success());
}

/// Runs `uriesc ARGS` over `input`, reads one line of its stdout and closes it, as `| head -n
/// 1` does; the line, and the status the command then ends with.
fn first_line_then_close(args: &[&str], input: Vec<u8>) -> (String, Option<i32>) {
    let mut child = uriesc()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("uriesc starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("one line");
    // The reader is dropped here: stdout is closed.
    let status = child.wait().expect("uriesc ends");
    feeder.join().expect("feeder");
    (line, status.code())
}

/// The status of `uriesc check ARGS` over `input` when its stdout closes after one line.
fn check_then_close(args: &[&str], input: Vec<u8>) -> Option<i32> {
    let mut argv = vec!["check"];
    argv.extend_from_slice(args);
    first_line_then_close(&argv, input).1
}

#[test]
fn check_status_counts_records_after_stdout_closes() {
    let lines = |line: &str, n: usize| line.repeat(n).into_bytes();
    // Every record invalid: status 1, though only one report was read.
    assert_eq!(
        check_then_close(&[], lines("http://a b\n", 100_000)),
        Some(1)
    );
    // Valid records, one invalid far past the close: still found.
    let mut input = lines("http://a/\n", 100_000);
    input.extend_from_slice(b"not a uri\n");
    assert_eq!(check_then_close(&["--valid"], input), Some(1));
    // All valid: status 0 after checking every one.
    assert_eq!(
        check_then_close(&["--valid"], lines("http://a/\n", 100_000)),
        Some(0)
    );
}

#[test]
fn clean_status_counts_records_after_stdout_closes() {
    let mut input = "http://a/ b\n".repeat(100_000).into_bytes();
    input.extend_from_slice(b"1http://a/\n");
    let (line, status) = first_line_then_close(&["clean"], input);
    assert_eq!(line, "http://a/%20b\n");
    // A scheme must begin with a letter (RFC 3986 §3.1): the last record cannot be cleaned.
    assert_eq!(status, Some(1));
}

#[test]
fn parse_status_counts_records_after_stdout_closes() {
    let mut input = "http://a/\n".repeat(100_000).into_bytes();
    input.extend_from_slice(b"http://a b/\n");
    let (line, status) = first_line_then_close(&["parse", "--get", "{host}"], input);
    assert_eq!(line, "a\n");
    // A space in a host (RFC 3986 §3.2.2): the last record does not parse.
    assert_eq!(status, Some(1));
}
