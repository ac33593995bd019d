//! What a command's status says, and the options that speak of its output's forms.
//!
//! `--exit-zero` (as ruff's and flake8's): every command whose status can be 1 (a record
//! reported, or, for `extract` and `match`, none found) takes it, and then says 0, with the
//! same output and reports; 2 (an input that could not be read) it leaves as it is. Spark's
//! JVM pipe and SQL `TRANSFORM` take any status but 0 for a failed task (`tests/spark/pipe.py`
//! runs the pipe with it).
//!
//! `--format` is the form of what a command writes to stdout: a command whose stdout is data
//! in one form refuses it, naming `--report-format`, the form of its reports.

use crate::util::run;

/// A run of each command whose status is 1, by what its standard says of the record (RFC
/// 3986 §3.3: a space in a path; §2.1: `%` begins two hex digits; §3.2.3: a port is digits;
/// §3.2.2: an IP-literal closes with `]`; url.bs's port setter refuses `x`), or because none
/// is found or selected.
const ONES: &[(&[&str], &str)] = &[
    (&["check", "--", "http://a/ b"], ""),
    (&["decode", "--strict", "--", "a%zz"], ""),
    (&["clean", "--", "http://h:8a/"], ""),
    (&["parse", "--", "http://[/"], ""),
    (
        &["edit", "--whatwg", "--set", "port=x", "--", "http://a/"],
        "",
    ),
    (&["key", "--profile", "whatwg", "--", "http://[/"], ""),
    (&["extract"], "no link here\n"),
    (&["match", "http://a/*", "http://b/"], ""),
];

/// The commands of `ONES` and the output they give, with `--exit-zero` put after the command.
fn with_exit_zero(args: &[&str]) -> Vec<String> {
    let mut with: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    with.insert(1, "--exit-zero".into());
    with
}

#[test]
fn exit_zero_says_zero_where_the_status_would_be_one() {
    for (args, stdin) in ONES {
        let without = run(args, stdin.as_bytes());
        assert_eq!(without.status.code(), Some(1), "{args:?}");
        let with = with_exit_zero(args);
        let with: Vec<&str> = with.iter().map(String::as_str).collect();
        let output = run(&with, stdin.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{with:?}");
        assert_eq!(output.stdout, without.stdout, "{with:?}: the same output");
        assert_eq!(output.stderr, without.stderr, "{with:?}: the same reports");
    }
}

#[test]
fn exit_zero_leaves_an_error_two() {
    for (args, _) in ONES {
        let mut with = with_exit_zero(args);
        // An input that cannot be read: reported, skipped, and status 2 (match's first
        // argument is its pattern).
        let at = with.iter().position(|a| a == "--").unwrap_or(with.len());
        let at = match args[0] {
            "match" => 3,
            _ => at,
        };
        with.truncate(at);
        with.push("/nonexistent/uriesc-test-input".into());
        if args[0] != "extract" {
            with.insert(with.len() - 1, "--file".into());
        }
        let with: Vec<&str> = with.iter().map(String::as_str).collect();
        let output = run(&with, b"");
        assert_eq!(output.status.code(), Some(2), "{with:?}");
    }
}

#[test]
fn commands_whose_stdout_is_data_refuse_format_and_name_report_format() {
    for command in ["encode", "decode", "clean", "pretty-print", "edit"] {
        let output = run(&[command, "--format", "json", "--", "a"], b"");
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(output.stdout.is_empty(), "{command}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(
            said.contains("takes no --format") && said.contains("--report-format json"),
            "{command}: {said}"
        );
    }
}
