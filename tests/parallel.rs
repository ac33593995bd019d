//! uriesc is a filter: GNU `parallel --pipe -k` splits its input at line ends, runs one uriesc
//! per block and joins the outputs in order. These tests hold that recipe (README, "Streaming,
//! memory and every core") to what one uriesc writes. Where `parallel` is not installed they are skipped, saying
//! so; CI installs it, and there a missing `parallel` fails.

use std::process::{Command, Stdio};

use crate::util::{TempDir, on_ci, on_path, run};

/// Whether `parallel` can run; if not, says the test is skipped (and fails on CI).
fn parallel_available(test: &str) -> bool {
    if on_path("parallel") {
        return true;
    }
    assert!(
        !on_ci(),
        "GNU parallel is not on PATH, and CI is set: CI must install it (.ci/run does)"
    );
    eprintln!("{test}: skipped: GNU parallel is not on PATH (install it to run this test)");
    false
}

/// A few MiB of lines of every kind: URLs, text in several scripts, escapes (some broken),
/// bytes that are not UTF-8, CRLF endings, empty lines, and no final newline.
fn input() -> Vec<u8> {
    let urls = include_bytes!("data/urls-permissive-slice.txt");
    let mut input = Vec::new();
    let mut n = 0u32;
    while input.len() < 4 << 20 {
        input.extend_from_slice(urls);
        input.extend_from_slice(format!("ü ß 中文 %41%zz%4 \u{202E}x\r\n{n}\n\n").as_bytes());
        input.extend_from_slice(b"\xff\xfe%E9 a+b\n");
        n += 1;
    }
    input.extend_from_slice(b"http://last.example/no-newline");
    input
}

/// `uriesc ARGS < input` through `parallel --pipe -k --block 1M`: its stdout and status.
fn through_parallel(args: &[&str], input: &std::path::Path) -> (Vec<u8>, i32) {
    let out = Command::new("parallel")
        // -q: each argument given to uriesc as it is here, not read again by a shell (a
        // template's spaces and braces, a glob's `*`).
        .args(["--will-cite", "-q", "--pipe", "-k", "--block", "1M"])
        .arg(env!("CARGO_BIN_EXE_uriesc"))
        .args(args)
        .stdin(std::fs::File::open(input).expect("input"))
        .stderr(Stdio::null())
        .output()
        .expect("parallel runs");
    (out.stdout, out.status.code().unwrap_or(-1))
}

/// A run of every command that reads lines one by one, each line's output its own.
const LINE_COMMANDS: &[&[&str]] = &[
    &["encode"],
    &["encode", "-c", "query", "--plus"],
    &["encode", "-w", "-c", "path"],
    &["decode"],
    &["decode", "-c", "form", "--utf8", "lossy"],
    &["clean"],
    &["clean", "--whatwg"],
    &["pretty-print"],
    &["check", "--valid"],
    &["check", "-q"],
    // Not `parse` alone: its line for a record that does not parse names the record's line
    // (`at=<stdin>:LINE:COLUMN`), which counts from each block's start unless `--line-offset`
    // says where the block began (`parallel_check_reports_the_lines_of_one_run` shows how). A
    // template's line is the record's own, and the reports go to stderr.
    &["parse", "--get", "{host} {path} {query:a}"],
    &["parse", "--whatwg", "--get", "{hostname} {search}"],
    &["edit", "--set", "fragment=x y", "--remove-param", "utm_*"],
    &["edit", "--whatwg", "--set", "host=example.com"],
    &["key", "--profile", "whatwg", "--with-key"],
    &["key", "--profile", "rfc3986"],
    &["match", "--hostname", "*.com"],
];

/// Every command that reads lines is in [`LINE_COMMANDS`]; this holds where `parallel` is not
/// installed too.
#[test]
fn every_command_that_reads_lines_goes_through_parallel() {
    let none = "reads no lines";
    let documents = "reads documents, not lines: its positions count from the document's \
        start, and a URL inside <…> broken over lines is joined";
    let exempt = [
        ("table", none),
        ("completions", none),
        ("man", none),
        ("extract", documents),
    ];
    crate::commands::assert_every_command("LINE_COMMANDS", LINE_COMMANDS.iter().copied(), &exempt);
}

/// Each command that reads lines one by one writes the same bytes, with the same status,
/// whether one uriesc reads the whole input or parallel's blocks go to several.
#[test]
fn parallel_pipe_gives_the_output_of_one_run() {
    if !parallel_available("parallel_pipe_gives_the_output_of_one_run") {
        return;
    }
    let dir = TempDir::new("parallel");
    let input = input();
    let path = std::path::PathBuf::from(dir.file("input.txt", &input));
    for &args in LINE_COMMANDS {
        let one = run(args, &input);
        let (split, status) = through_parallel(args, &path);
        assert!(
            split == one.stdout,
            "uriesc {args:?}: parallel's output differs from one run's ({} and {} bytes)",
            split.len(),
            one.stdout.len()
        );
        // parallel exits with the number of jobs that failed: 0 exactly when every one did.
        assert_eq!(
            status == 0,
            one.status.success(),
            "uriesc {args:?}: parallel's status {status}, one run's {}",
            one.status
        );
    }
}

/// `check`'s reports name the same lines through `parallel --pipe -N` as in one run, when each
/// job is told the lines before its block (`--line-offset`, from parallel's job number).
#[test]
fn parallel_check_reports_the_lines_of_one_run() {
    if !parallel_available("parallel_check_reports_the_lines_of_one_run") {
        return;
    }
    let dir = TempDir::new("parallel-check");
    let input = input();
    let path = std::path::PathBuf::from(dir.file("input.txt", &input));
    let one = run(&["check", "--format", "json"], &input);
    assert!(!one.stdout.is_empty(), "the input has invalid records");
    let job = format!(
        "{} check --format json --line-offset {{= $_=($job->seq()-1)*10000 =}}",
        env!("CARGO_BIN_EXE_uriesc")
    );
    let out = Command::new("parallel")
        .args(["--will-cite", "--pipe", "-k", "-N", "10000", &job])
        .stdin(std::fs::File::open(&path).expect("input"))
        .stderr(Stdio::null())
        .output()
        .expect("parallel runs");
    assert!(
        out.stdout == one.stdout,
        "parallel's reports differ from one run's ({} and {} bytes)",
        out.stdout.len(),
        one.stdout.len()
    );
}
