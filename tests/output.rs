//! Failing output, for every command: a closed stdout or stderr and a full disk (/dev/full)
//! are status 2, with a message on stderr where one can be written, as `cat` and `grep` fail;
//! a closed pipe is quiet.

use std::process::{Command, Output, Stdio};

use crate::util::uriesc;

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
/// summary, a report of clean, decode --strict and pretty-print --explain, a usage error):
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
        &["encode", "-f", "/nonexistent/uriesc-test"],
        &["encode", "--no-such-option"],
        &["table", ""],
        &[],
    ];
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
