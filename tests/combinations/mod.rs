//! Every option combination: every command of the built binary, with random combinations of its
//! options (accepted ones, refused ones and ones clap rejects) over hostile input (broken escapes,
//! invalid UTF-8, NUL, CR, non-ASCII hosts, IPv6 brackets, strange ports, URL-shaped strings and
//! raw bytes), read from arguments, stdin, files and a missing file.
//!
//! Whatever the options, a run ends normally (no signal) with status 0, 1 or 2, never with a
//! panic; status 2 comes with a message (`uriesc: ` or clap's `error:`); each command's
//! documented statuses hold (`encode` and `pretty-print` succeed whenever their options are
//! accepted, `decode` fails only when asked to be strict); and the laws hold through the
//! binary: `decode(encode(x)) == x`, `clean` is idempotent, and what `clean` emits passes
//! `check`. Expected values come from the help texts and the standards, never from the
//! binary's own output except as a law relating two of its runs.
//!
//! The cases spawn processes: by default each test makes a few hundred runs (a few thousand
//! in all). `URIESC_COMBINATIONS_CASES=N` runs N cases per test instead, for longer runs:
//!
//! ```text
//! URIESC_COMBINATIONS_CASES=5000 cargo test --test integration combinations
//! ```

use std::cell::Cell;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};

use crate::util::{TempDir, output_of, uriesc};

// ---------------------------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------------------------

thread_local! {
    /// How many times this thread ran the binary.
    static RUNS: Cell<usize> = const { Cell::new(0) };
}

/// One run of the binary.
struct Run {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    code: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "uriesc {:?} <<< \"{}\"\n  status {}\n  stdout \"{}\"\n  stderr \"{}\"",
            self.args,
            self.stdin.escape_ascii(),
            self.code,
            self.stdout.escape_ascii(),
            self.stderr.escape_ascii()
        )
    }
}

fn os(bytes: impl Into<Vec<u8>>) -> OsString {
    OsString::from_vec(bytes.into())
}

/// Runs `uriesc ARGS <<< stdin`, and holds it to what every run must do: end by itself (not by
/// a signal), with status 0, 1 or 2, no panic, and a message with status 2.
fn run(args: &[OsString], stdin: &[u8]) -> Result<Run, TestCaseError> {
    RUNS.with(|runs| runs.set(runs.get() + 1));
    let mut command = uriesc();
    command.args(args);
    let output = output_of(command, stdin);
    let run = Run {
        args: args.to_vec(),
        stdin: stdin.to_vec(),
        code: output.status.code().unwrap_or(-1),
        stdout: output.stdout,
        stderr: output.stderr,
    };
    prop_assert!(
        output.status.code().is_some(),
        "ended by a signal ({}): {run:?}",
        output.status
    );
    prop_assert!((0..=2).contains(&run.code), "status: {run:?}");
    prop_assert!(!contains(&run.stderr, b"panicked"), "a panic: {run:?}");
    if run.code == 2 {
        prop_assert!(run.has_message(), "status 2 without a message: {run:?}");
    }
    Ok(run)
}

impl Run {
    /// Whether stderr holds a message of the program's (`uriesc: `) or clap's (`error: `).
    fn has_message(&self) -> bool {
        self.stderr
            .split(|&b| b == b'\n')
            .any(|line| line.starts_with(b"uriesc: ") || line.starts_with(b"error: "))
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Runs the cases of `strategy` through `test` (the number from `URIESC_COMBINATIONS_CASES`,
/// or `default_cases`), and says how many runs of the binary they took (`--nocapture`).
fn cases<S: Strategy>(
    name: &str,
    default_cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let cases = std::env::var("URIESC_COMBINATIONS_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default_cases);
    let config = Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/combinations.proptest-regressions"
        )))),
        ..Config::default()
    };
    let before = RUNS.with(Cell::get);
    let start = std::time::Instant::now();
    let mut runner = TestRunner::new(config);
    if let Err(failure) = runner.run(&strategy, test) {
        panic!("{name}: {failure}");
    }
    eprintln!(
        "combinations::{name}: {cases} cases, {} runs of uriesc in {:.1?}",
        RUNS.with(Cell::get) - before,
        start.elapsed()
    );
}

mod check;
mod clean;
mod edit;
mod encode;
mod inputs;
mod options;
mod others;
mod parse;

use inputs::*;
use options::*;
