//! `clean` of pasted text: the C0 controls and spaces around a URI are no part of it. The URL
//! Standard's basic URL parser begins by removing them ("Remove any leading and trailing C0
//! control or space from input"), as every browser does; `clean` removes them under every
//! standard, whole records and long ones that stream alike, and `check` still reports them.

use std::io::{Read, Write};
use std::process::Stdio;

use crate::util::{fails, ok, run, uriesc};

/// Each standard, and `--basic`, as the command line chooses it.
const STANDARDS: &[&[&str]] = &[
    &[],
    &["--rfc", "3986"],
    &["--rfc", "3987"],
    &["--rfc", "2396"],
    &["--rfc", "1738"],
    &["--whatwg"],
    &["--basic"],
    &["--whatwg", "--basic"],
    &["--rfc", "2396", "--basic"],
];

fn clean(flags: &[&str], args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let mut all = vec!["clean"];
    all.extend_from_slice(flags);
    all.extend_from_slice(args);
    ok(&all, stdin)
}

#[test]
fn spaces_around_a_url_are_removed_under_every_standard() {
    for flags in STANDARDS {
        // What the URL Standard's parser serializes (ada, like every browser, strips them).
        assert_eq!(
            clean(flags, &[" https://example.com/ "], b""),
            b"https://example.com/\n",
            "{flags:?}"
        );
        // Tabs, a vertical tab and a unit separator are C0 controls; the space inside is data.
        assert_eq!(
            clean(flags, &["\t\thttps://example.com/a b\t\x0B\x1F"], b""),
            b"https://example.com/a%20b\n",
            "{flags:?}"
        );
        // A NUL before and after, which no argument can hold: from a line of stdin.
        assert_eq!(
            clean(flags, &[], b"\0 https://example.com/a\0\n"),
            b"https://example.com/a\n",
            "{flags:?}"
        );
    }
}

#[test]
fn c0_controls_inside_a_record_stay_data() {
    // NUL-separated records: a CR in the middle is data (encoded), a CR, tab or LF at an end
    // is not part of the URL.
    assert_eq!(
        clean(&["-z"], &[], b" http://a/b\rc\r\t\0\nhttp://d/e\nf\n\0"),
        b"http://a/b%0Dc\0http://d/e%0Af\0"
    );
    // The whole input as one record: the newlines at its ends go, the one inside is data.
    assert_eq!(
        clean(&["--whole"], &[], b"\n http://a/b c\nd \n\n"),
        b"http://a/b%20c%0Ad"
    );
}

/// `check` is about the text as it is: a URL with a space before it is not a valid URL string
/// (url.bs: "leading or trailing C0 control or space" is an invalid-URL-unit validation
/// error), nor an RFC 3986 URI.
#[test]
fn check_still_reports_them() {
    for flags in [&[][..], &["--whatwg"]] {
        let mut args = vec!["check"];
        args.extend_from_slice(flags);
        args.push(" https://example.com/ ");
        let (code, _, stderr) = fails(&args, b"");
        assert_eq!(code, 1, "{flags:?}: {stderr}");
    }
}

/// What cannot be cleaned is passed through as it came, its C0 controls and spaces with it, and
/// reported where it is in the record as it came.
#[test]
fn a_record_that_cannot_be_cleaned_keeps_them() {
    let out = run(&["clean"], b"  ht tp://x/ \n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"  ht tp://x/ \n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "<stdin>:1:5: error: space is not allowed in a scheme (letters, digits, '+', '-', '.' only)\n"
    );
}

/// Records longer than a read (128 KiB) stream: their head held, the rest mended as it comes,
/// the C0 controls and spaces at the end held back until the record ends.
#[test]
fn long_records_lose_them_as_short_ones_do() {
    const LONG: usize = 300_000;
    let a = "a".repeat(LONG);
    let spaces = " ".repeat(LONG);
    let input = format!(
        "{spaces}\thttps://example.com/{a} b{spaces}\t\r\n\
         http://e/{spaces}x\n\
         {spaces}ht tp://x/{spaces}\n"
    );
    let out = run(&["clean"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let expected = format!(
        "https://example.com/{a}%20b\r\n\
         http://e/{}x\n\
         {spaces}ht tp://x/{spaces}\n",
        "%20".repeat(LONG)
    );
    assert!(out.stdout == expected.as_bytes(), "the long records differ");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "<stdin>:3:{}: error: space is not allowed in a scheme (letters, digits, '+', '-', '.' only)\n",
            LONG + 3
        )
    );
}

/// A run of spaces after the head is held as a count, not as bytes, and written a part at a
/// time once more of the record comes: 128 MiB of them at the end of one record and in the
/// middle of another take no more memory than a short record. The peak is read once the run
/// in the middle is written (all the output but the `b` and newline after it, which wait for
/// the end of input).
#[test]
fn a_long_run_of_spaces_is_held_in_bounded_memory() {
    const RUN: usize = 128 << 20;
    let mut child = uriesc()
        .arg("clean")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let pid = child.id();
    let mut stdout = child.stdout.take().unwrap();
    let (progress, read) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let mut buf = vec![0; 1 << 16];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return out,
                Ok(k) => {
                    // The start and the end of the output are kept; its middle only counted.
                    if out.len() < 64 {
                        out.extend_from_slice(&buf[..k.min(64)]);
                    }
                    out.truncate(64);
                    let _ = progress.send((k, buf[..k].to_vec()));
                }
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let block = vec![b' '; 1 << 20];
    for end in [&b"\n"[..], b"b\n"] {
        stdin.write_all(b"http://e/a").unwrap();
        for _ in 0..RUN / block.len() {
            stdin.write_all(&block).unwrap();
        }
        stdin.write_all(end).unwrap();
    }
    // "http://e/a\n", then "http://e/a" and the run, each space written %20.
    let before_the_end = 11 + 10 + 3 * RUN;
    let (mut written, mut last) = (0, Vec::new());
    while written < before_the_end {
        let (k, piece) = read.recv().expect("the output so far");
        written += k;
        last = piece;
    }
    let peak = crate::stream::peak_rss_kib(pid).expect("/proc status");
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let start = reader.join().unwrap();
    let rest: Vec<u8> = read.iter().flat_map(|(_, piece)| piece).collect();
    assert_eq!(written + rest.len(), before_the_end + 2);
    assert!(start.starts_with(b"http://e/a\nhttp://e/a%20%20"));
    assert!([last, rest].concat().ends_with(b"%20b\n"));
    assert!(peak < 16 * 1024, "peak RSS {peak} KiB");
}
