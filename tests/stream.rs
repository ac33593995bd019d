//! Records in and out, through the binary: framing, inputs, buffers, memory and failures.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use crate::util::{TempDir, fails, ok, ok_str, run, run_with_deadline, uriesc, wait_with_deadline};

/// The streamer's read size (`uriesc::stream::READ_SIZE`): a regular file is read this much at
/// a time, which puts a boundary at a known place.
const READ_SIZE: usize = uriesc::stream::READ_SIZE;

#[test]
fn lines_keep_their_terminators() {
    assert_eq!(
        ok(&["encode"], b"a b\r\nc d\ne f"),
        b"a%20b\r\nc%20d\ne%20f"
    );
    assert_eq!(ok(&["encode"], b"a\n\n\r\nb\n"), b"a\n\n\r\nb\n");
    // A CR without LF is data.
    assert_eq!(ok(&["encode"], b"a\rb\r"), b"a%0Db%0D");
    assert_eq!(ok(&["decode"], b"a%0D\r\n%0A\n"), b"a\r\r\n\n\n");
}

#[test]
fn empty_input_gives_empty_output() {
    assert_eq!(ok(&["encode"], b""), b"");
    assert_eq!(ok(&["decode", "-z"], b""), b"");
    assert_eq!(ok(&["encode", "--whole"], b""), b"");
    assert_eq!(ok(&["encode", ""], b""), b"\n");
}

#[test]
fn nul_framing() {
    assert_eq!(ok(&["encode", "-z"], b"a b\0c\nd\0e"), b"a%20b\0c%0Ad\0e");
    assert_eq!(ok(&["decode", "--null"], b"%41\0%00\0"), b"A\0\0\0");
    assert_eq!(ok(&["encode", "-z", "a b", "c"], b""), b"a%20b\0c\0");
}

#[test]
fn whole_input_is_one_record() {
    assert_eq!(
        ok(&["encode", "--whole"], b"a b\nc\r\n"),
        b"a%20b%0Ac%0D%0A"
    );
    assert_eq!(ok(&["decode", "--whole"], b"%41\n%4"), b"A\n%4");
}

#[test]
fn nul_bytes_and_invalid_utf8_in_lines() {
    assert_eq!(ok(&["encode"], b"\0\xFF\xC3\n"), b"%00%FF%C3\n");
    assert_eq!(ok(&["decode"], b"\0\xFF%C3\n"), b"\0\xFF\xC3\n");
}

#[test]
fn values_then_files_in_order() {
    let dir = TempDir::new("files");
    let a = dir.file("a.txt", b"a 1\na 2");
    let b = dir.file("b.txt", b"b 1\n");
    // A last line without terminator gets none, but never runs into the next input's.
    let out = ok_str(
        &["encode", "v 1", "-f", &a, "--file", "-", "-f", &b],
        "s 1\n",
    );
    assert_eq!(out, "v%201\na%201\na%202\ns%201\nb%201\n");
    assert_eq!(ok_str(&["encode", "-f", &a], ""), "a%201\na%202");
}

#[test]
fn escapes_split_between_reads_decode_right() {
    for (tail, expected) in [("%41", "A"), ("%4", "%4"), ("%", "%")] {
        // The read boundary falls after the `%`, and after `%4`.
        for before in [READ_SIZE - 1, READ_SIZE - 2] {
            let dir = TempDir::new("split");
            let mut input = vec![b'a'; before];
            input.extend_from_slice(format!("{tail}z\n").as_bytes());
            let file = dir.file("in.txt", &input);
            let out = ok(&["decode", "-f", &file], b"");
            let mut want = vec![b'a'; before];
            want.extend_from_slice(format!("{expected}z\n").as_bytes());
            assert!(out == want, "{tail:?} at {before}");
        }
    }
    // A malformed escape across the boundary is reported the same as anywhere else.
    let dir = TempDir::new("split-strict");
    let mut input = vec![b'a'; READ_SIZE - 1];
    input.extend_from_slice(b"%4z");
    let file = dir.file("in.txt", &input);
    let (code, out, err) = fails(&["decode", "--strict", "-f", &file], b"");
    assert_eq!(code, 1);
    assert!(out == input, "written as lenient decoding leaves it");
    assert_eq!(
        err,
        format!(
            "{file}:1:{READ_SIZE}: error: malformed percent-escape \"%4z\": '%' begins two hex digits; write a literal '%' as %25, or leave out --strict to keep it as it is\n"
        )
    );
    // So is a CRLF whose CR ends one read.
    let mut input = vec![b'a'; READ_SIZE - 1];
    input.extend_from_slice(b"\r\nb\n");
    let file = dir.file("crlf.txt", &input);
    let out = ok(&["encode", "-f", &file], b"");
    assert!(out.ends_with(b"a\r\nb\n") && out.len() == input.len());
}

#[test]
fn missing_file_is_named_and_what_came_before_is_kept() {
    let dir = TempDir::new("missing");
    let good = dir.file("good.txt", b"a b\n");
    let missing = dir.0.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let (code, out, err) = fails(&["encode", "-f", &good, "-f", missing], b"");
    assert_eq!(code, 2);
    assert_eq!(out, b"a%20b\n");
    assert_eq!(
        err,
        format!("uriesc: cannot open {missing}: No such file or directory\n")
    );
}

#[test]
fn a_directory_is_not_a_file() {
    let dir = TempDir::new("dir");
    let path = dir.0.to_str().unwrap().to_string();
    let (code, _, err) = fails(&["encode", "-f", &path], b"");
    assert_eq!(code, 2);
    assert_eq!(err, format!("uriesc: reading {path}: Is a directory\n"));
}

#[test]
fn a_full_disk_is_one_clear_error() {
    let out = uriesc()
        .args(["encode", "x"])
        .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "uriesc: writing output, at <arg 1> line 1: No space left on device\n"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("pipe");
    let file = dir.file("big.txt", &b"a b c\n".repeat(4 << 20));
    let mut child = uriesc()
        .args(["encode", "-f", &file])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).expect("some output");
    assert_eq!(&first, b"a%20b%20c\na%20b%");
    drop(stdout);
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn line_buffered_output_comes_record_by_record() {
    let mut child = uriesc()
        .args(["encode", "--line-buffered"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        while let Some(Ok(line)) = lines.next() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    for word in ["a b", "c d"] {
        writeln!(stdin, "{word}").unwrap();
        stdin.flush().unwrap();
        // stdin stays open: the line can only arrive if it was flushed on its own. The wait is
        // a liveness bound (no answer means a hang), not a speed requirement.
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("flushed line");
        assert_eq!(line, word.replace(' ', "%20"));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// Peak resident memory of a running process (VmHWM), in KiB.
pub(crate) fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Feeds `total` bytes of `pattern`, without a newline, and returns the peak memory seen
/// while the command still runs (it waits for the end of input, so the peak covers all of it),
/// and how many bytes it wrote.
pub(crate) fn peak_memory_on_one_long_line(
    args: &[&str],
    pattern: &[u8],
    total: usize,
) -> (u64, u64) {
    let mut child = uriesc()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let pid = child.id();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0; 1 << 16];
        let mut n = 0u64;
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return n,
                Ok(k) => n += k as u64,
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let block = pattern.repeat((1 << 20) / pattern.len());
    let mut written = 0;
    while written < total {
        stdin.write_all(&block).unwrap();
        written += block.len();
    }
    let peak = peak_rss_kib(pid).expect("/proc status");
    drop(stdin);
    assert!(child.wait().unwrap().success());
    (peak, reader.join().unwrap())
}

/// Every command that streams a line, with a pattern its line repeats and the line's length.
const STREAMED: &[(&[&str], &[u8], usize)] = &[
    (&["encode"], b"abc/d\xC3\xA9f%", 1 << 30),
    (&["decode"], b"abc%2Fd%C3%A9f%25", 1 << 30),
    (
        &["decode", "--strict", "--utf8", "strict"],
        b"abc%2Fd%C3%A9f%25",
        256 << 20,
    ),
    // Its head ("a b%zz") held, the rest mended as it streams.
    (
        &["clean", "-c", "reference"],
        b"a b%zz/\xC3\xA9?#",
        256 << 20,
    ),
    (&["pretty-print"], b"a%20b%2F%C3%A9", 256 << 20),
    // Text: what it holds grows with the longest URL, not the line.
    (&["extract"], b"see http://a.example/x\xC3\xA9, ", 256 << 20),
];

/// Every command is in [`STREAMED`], or said to hold a record whole (`WholeRecords`, whose
/// bound is its own: `tests/memory.rs`) or to read none.
#[test]
fn every_command_that_streams_a_line_is_held_to_bounded_memory() {
    let (whole, none) = ("judges each record whole", "reads no records");
    let exempt = [
        ("check", whole),
        ("parse", whole),
        ("edit", whole),
        ("key", whole),
        ("match", whole),
        ("table", none),
        ("completions", none),
        ("man", none),
    ];
    let streamed = STREAMED.iter().map(|(args, ..)| *args);
    crate::commands::assert_every_command("STREAMED", streamed, &exempt);
}

#[test]
fn a_gib_line_streams_in_bounded_memory() {
    for &(args, pattern, total) in STREAMED {
        let (peak, written) = peak_memory_on_one_long_line(args, pattern, total);
        assert!(written > total as u64 / 2, "{args:?}: wrote {written}");
        assert!(peak < 16 * 1024, "{args:?}: peak RSS {peak} KiB");
    }
}

/// With no VALUE, no --file and stdin a terminal, a one-line hint goes to stderr. The command
/// gets a pseudo-terminal as stdin, stdout and stderr (POSIX `posix_openpt`, `grantpt`,
/// `unlockpt`, `ptsname`); the test types a line and Ctrl-D, which ends the input, and reads the
/// screen from the terminal's other side.
#[cfg(unix)]
#[test]
fn reading_from_a_terminal_says_so() {
    let (mut master, terminal) = crate::util::pseudo_terminal();
    let mut child = uriesc()
        .arg("encode")
        .stdin(terminal.try_clone().unwrap())
        .stdout(terminal.try_clone().unwrap())
        .stderr(terminal)
        .spawn()
        .expect("uriesc starts");
    // The command holds the only handles on the terminal now: when it exits, reading the
    // other side ends.
    master.write_all(b"a b\n\x04").unwrap();
    let status = wait_with_deadline(&mut child, Duration::from_secs(60), "uriesc on a terminal")
        .unwrap_or_else(|hung| panic!("{hung}"));
    let mut screen = Vec::new();
    let mut buf = [0; 4096];
    // Linux reports EIO once the terminal is closed and what it held has been read.
    while let Ok(n @ 1..) = master.read(&mut buf) {
        screen.extend_from_slice(&buf[..n]);
    }
    let screen = String::from_utf8_lossy(&screen);
    assert!(status.success(), "{screen}");
    assert!(
        screen.contains("uriesc: reading from the terminal; end with Ctrl-D\r\n"),
        "{screen:?}"
    );
    assert!(screen.contains("a%20b\r\n"), "{screen:?}");
}

/// A closed stdin reads as empty (/dev/null stands in for it, read-only: src/cli/descriptors.rs).
#[test]
fn a_closed_stdin_is_empty_input() {
    let bin = env!("CARGO_BIN_EXE_uriesc");
    let out = std::process::Command::new("sh")
        .args(["-c", &format!("'{bin}' encode <&-")])
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

/// A run of every command that reads records, for [`repetitive_input_stays_linear`].
const EVERY_READER: &[&[&str]] = &[
    &["decode"],
    &["decode", "--utf8", "lossy"],
    &["encode"],
    &["check", "-q"],
    &["check", "-q", "-r", "2396"],
    &["check", "-q", "-r", "1738"],
    &["check", "-q", "--whatwg"],
    &["clean"],
    &["clean", "--whatwg"],
    &["pretty-print"],
    &["parse"],
    &["parse", "--whatwg"],
    &["edit", "--set", "fragment=x"],
    &["edit", "--whatwg", "--set", "hash=x"],
    &["key", "--profile", "whatwg"],
    &["key", "--profile", "safebrowsing", "--unique"],
    &["match", "http://*"],
    &["extract", "--emails"],
    &["extract", "--from", "markdown"],
    &["extract", "--from", "html"],
];

/// Every command that reads records is in [`EVERY_READER`].
#[test]
fn every_command_that_reads_records_is_run_on_repetitive_input() {
    let none = "reads no records";
    let exempt = [("table", none), ("completions", none), ("man", none)];
    crate::commands::assert_every_command("EVERY_READER", EVERY_READER.iter().copied(), &exempt);
}

/// Deeply repetitive input stays linear: every command gets through megabytes of `%`, `[` and
/// `:` (in a host, where an IPv6 parser could backtrack) in one record. No speed is asserted:
/// a quadratic path would take hours, so each run has a deadline far above a linear one
/// (seconds) only so that a regression fails instead of hanging the test run.
#[test]
fn repetitive_input_stays_linear() {
    let size = 4 << 20;
    let percents = "%".repeat(size);
    let brackets = format!("http://{}", "[".repeat(size));
    let colons = format!("http://[{}]/", ":".repeat(size));
    for input in [&percents, &brackets, &colons] {
        for &args in EVERY_READER {
            let out = run_with_deadline(args, input.as_bytes(), Duration::from_secs(120));
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{args:?}: {}",
                out.status
            );
        }
    }
}

/// The hang guard of the tests above: a command that does not end (here, waiting on a stdin
/// that is never closed) is killed at the deadline and the test fails saying so, instead of
/// hanging the test run.
#[test]
fn a_hung_command_fails_at_its_deadline() {
    let mut child = uriesc()
        .arg("encode")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("uriesc starts");
    let stdin = child.stdin.take();
    let started = std::time::Instant::now();
    let hung = wait_with_deadline(&mut child, Duration::from_millis(300), "uriesc encode")
        .expect_err("the deadline passed");
    assert_eq!(hung, "uriesc encode did not finish within 300ms: killed");
    assert!(started.elapsed() < Duration::from_secs(30));
    assert!(child.try_wait().unwrap().is_some(), "killed and reaped");
    drop(stdin);
}

/// `--line-offset N` adds N to every line number of a message, of every command that gives
/// one, for each input file (as for a block of a larger input).
#[test]
fn line_offset_shifts_the_line_numbers_of_messages() {
    let (code, out, _) = fails(
        &["check", "--line-offset", "100"],
        b"http://ok/\nhttp://a b/\n",
    );
    assert_eq!(code, 1);
    assert!(
        String::from_utf8_lossy(&out).starts_with("<stdin>:102:9: error:"),
        "{}",
        String::from_utf8_lossy(&out)
    );
    let (code, _, err) = fails(&["decode", "--strict", "--line-offset", "7"], b"a\n%zz\n");
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:9:1:"), "{err}");
    // Without it, lines count from 1.
    let (_, out, _) = fails(&["check"], b"http://ok/\nhttp://a b/\n");
    assert!(String::from_utf8_lossy(&out).starts_with("<stdin>:2:9:"));
}

/// `decode --strict` judges a line in which every byte is a problem (`%%%…`: each `%` begins
/// no escape) in bounded memory: each problem is reported as it is met, not kept to the end of
/// the record (8 MiB here, 2^23 reports; status 1).
#[test]
fn a_line_of_problems_is_judged_in_bounded_memory() {
    let mut child = uriesc()
        .args(["decode", "--strict", "--utf8", "strict"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let pid = child.id();
    let mut stderr = child.stderr.take().unwrap();
    let reports = std::thread::spawn(move || {
        let mut buf = vec![0; 1 << 16];
        let mut lines = 0u64;
        while let Ok(n @ 1..) = stderr.read(&mut buf) {
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        }
        lines
    });
    let mut stdin = child.stdin.take().unwrap();
    let block = vec![b'%'; 1 << 20];
    for _ in 0..8 {
        stdin.write_all(&block).unwrap();
    }
    let peak = peak_rss_kib(pid).expect("/proc status");
    drop(stdin);
    let status = wait_with_deadline(&mut child, Duration::from_secs(600), "decode --strict")
        .unwrap_or_else(|hung| panic!("{hung}"));
    assert_eq!(status.code(), Some(1));
    // One report for each '%'.
    assert_eq!(reports.join().unwrap(), 8 << 20);
    assert!(peak < 16 * 1024, "peak RSS {peak} KiB");
}

#[test]
fn a_missing_file_is_reported_and_the_run_goes_on() {
    let dir = TempDir::new("missing-file");
    let good = dir.file("good.txt", b"a b\n");
    let out = run(&["encode", "-f", "/nonexistent", "-f", &good], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"a%20b\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "uriesc: cannot open /nonexistent: No such file or directory\n"
    );
    // A directory cannot be read: the same, and check still checks and sums up the rest.
    let dir_path = dir.0.to_str().expect("UTF-8 path").to_string();
    let checked = dir.file("urls.txt", b"http://a/\nbad url\n");
    let out = run(&["check", "-f", &dir_path, "-f", &checked], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("uriesc: reading {dir_path}: ")),
        "{err}"
    );
    assert!(
        err.ends_with("checked 2 records: 1 valid, 1 invalid\n"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("urls.txt:2:1: error"));
}
