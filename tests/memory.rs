//! Memory: a command that holds a record (`check`, `clean` with most options, `pretty-print --idna`
//! or `--color`) holds it once and its result once, valid or not, as CONTRIBUTING.md's "Streaming
//! and memory, in detail" says, and no more; a report quotes an excerpt of a long record, not the
//! record. Measured as the peak resident memory (VmHWM, Linux `proc(5)`) of the running binary.

use std::io::Write;
use std::process::Stdio;

use crate::util::uriesc;

/// Peak resident memory (VmHWM, KiB) of `uriesc ARGS` on one line, read when its first output
/// arrives, and how many bytes it writes in all. A command that holds the record writes only
/// once the record and its result (or its report) are made, so the mark covers both. The run
/// is line-buffered and its stdin stays open until the mark is read, so the process is still
/// alive to be measured (a run that had ended would leave a zombie without memory figures).
fn peak_when_output_begins(args: &[&str], line: &[u8]) -> (u64, u64) {
    use std::io::Read;
    let mut child = uriesc()
        .args(args)
        .arg("--line-buffered")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("uriesc starts");
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let (peak_sender, peak) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = [0u8; 1];
        let n = stdout.read(&mut first).expect("output");
        assert_eq!(n, 1, "some output");
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
        let peak: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .expect("VmHWM");
        peak_sender.send(peak).expect("the test waits");
        1 + std::io::copy(&mut stdout, &mut std::io::sink()).expect("the rest")
    });
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(line).expect("input");
    let peak = peak.recv().expect("a peak is read");
    drop(stdin);
    let written = reader.join().expect("reader");
    child.wait().expect("uriesc ends");
    (peak, written)
}

/// A command, its record, the copies of the record it may hold, and the most it may write.
type Row<'a> = (&'a [&'a str], &'a [u8], usize, Option<u64>);

/// A line of `len` bytes: `head`, then `a`s, then `tail`, then a newline.
fn line(head: &[u8], len: usize, tail: &[u8]) -> Vec<u8> {
    let mut line = head.to_vec();
    line.resize(len - tail.len(), b'a');
    line.extend_from_slice(tail);
    line.push(b'\n');
    line
}

/// Records of 100 MiB, invalid (a space near the end of a long path), read two
/// ways (`check --confusion`: `\` ends the host in a browser, not in RFC 3986) and with dot
/// segments (resolution and normalization work in place), through every option that holds a
/// record. Each takes at most its copies of the record, plus 16 MiB for the program:
///
/// - `check` holds the record, once, whatever the format: a report quotes an excerpt, and
///   writes a few hundred bytes, not the record and a caret line as long (`--color`);
/// - `check --invalid`, `clean`, `edit` and `pretty-print --idna` hold the record and their
///   result (here as long as the record), or the record and its copy where it is written as it
///   came;
/// - `pretty-print --color` also the result before it is painted;
/// - `clean --whatwg` and `edit --whatwg` also the parser's serialization, and, while the parser
///   percent-encodes a path segment, that segment and the path apart from it: ada's
///   `consume_prepared_path`.
#[test]
fn a_held_record_takes_at_most_its_copies_valid_or_not() {
    const LEN: usize = 100 << 20;
    let invalid = line(b"https://example.com/", LEN, b" b");
    let confused = line(b"https://example.com\\@evil.example/", LEN, b" b");
    let dots = line(b"http://example.com/a/./b/", LEN, b" ");
    let valid = line(b"https://example.com/", LEN, b"?a=1&b=2");
    let base = ["--base", "http://h/x/y"];
    let report: u64 = 1024;
    let rows: [Row; 33] = [
        (&["check"], &invalid, 1, Some(report)),
        (&["check", "--format", "json"], &invalid, 1, Some(report)),
        (&["check", "--format", "github"], &invalid, 1, Some(report)),
        (&["check", "--color", "always"], &invalid, 1, Some(report)),
        (&["check", "--whatwg"], &invalid, 1, Some(report)),
        (
            &["check", "--whatwg", "--format", "json"],
            &invalid,
            1,
            Some(report),
        ),
        (
            &["check", "--whatwg", "--color", "always"],
            &invalid,
            1,
            Some(report),
        ),
        (
            &["check", "-r", "3987", "--format", "json"],
            &invalid,
            1,
            Some(report),
        ),
        (
            &["check", "-r", "2396", "--color", "always"],
            &invalid,
            1,
            Some(report),
        ),
        (
            &["check", "-r", "1738", "--format", "json"],
            &invalid,
            1,
            Some(report),
        ),
        (&["check", "--confusion"], &confused, 1, Some(report)),
        (
            &["check", "--confusion", "--format", "json"],
            &confused,
            1,
            Some(report),
        ),
        (
            &["check", "--confusion", "--color", "always"],
            &confused,
            1,
            Some(report),
        ),
        (&["check", "--invalid"], &invalid, 2, None),
        (&["clean", "--basic"], &invalid, 2, None),
        (&["clean", base[0], base[1]], &dots, 2, None),
        (&["clean", base[0], base[1], "--normalize"], &dots, 2, None),
        (&["clean", "--normalize"], &dots, 2, None),
        (&["clean", "--idna"], &invalid, 2, None),
        (&["clean", "-r", "3987"], &invalid, 2, None),
        (&["clean", "-r", "2396"], &invalid, 2, None),
        (&["clean", "-r", "1738"], &invalid, 2, None),
        (&["clean", "-r", "1738", "--basic"], &invalid, 2, None),
        (&["clean", "--whatwg"], &invalid, 4, None),
        (&["clean", "--whatwg", "--basic"], &invalid, 4, None),
        (&["clean", "--whatwg", base[0], base[1]], &dots, 4, None),
        (&["edit", "--set", "fragment=x"], &valid, 2, None),
        (&["edit", "--set", "fragment=x"], &invalid, 2, None),
        (&["edit", "--remove-param", "a"], &valid, 2, None),
        (&["edit", "--whatwg", "--set", "hash=x"], &valid, 4, None),
        (&["pretty-print", "--idna"], &invalid, 2, None),
        (&["pretty-print", "--color", "always"], &invalid, 3, None),
        (
            &["pretty-print", "--idna", "--color", "always"],
            &invalid,
            3,
            None,
        ),
    ];
    let mut over = Vec::new();
    for (args, record, copies, most_written) in rows {
        let (peak, written) = peak_when_output_begins(args, record);
        let limit = (copies * LEN + (16 << 20)) as u64 / 1024;
        if peak >= limit {
            over.push(format!("{args:?}: peak {peak} KiB, limit {limit} KiB"));
        }
        if let Some(most) = most_written
            && written > most
        {
            over.push(format!("{args:?}: wrote {written} bytes, at most {most}"));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}
