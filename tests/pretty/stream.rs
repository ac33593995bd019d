//! `uriesc pretty-print` streams: the host is decided on the head of a record alone, pieces and
//! batches give what the whole record gives, and memory stays bounded past the authority. The
//! expected values come from the standards named at each test, not from the code's output.

use super::shown;
use uriesc::pretty;

/// `s` through the streaming filter, read `read_size` bytes at a time.
fn streamed(s: &[u8], read_size: usize) -> Vec<u8> {
    use uriesc::stream::{Framing, Streamer};
    let printer = pretty::PrettyPrinter::default();
    let mut streamer =
        Streamer::with_read_size(printer, Framing::Whole, Vec::new(), false, read_size);
    streamer.read("<test>".into(), false, s).unwrap();
    streamer.finish().unwrap().1
}

/// The lines of `input` through the filter in batches, read `read_size` bytes at a time.
fn in_lines(input: &str, read_size: usize) -> String {
    use uriesc::stream::{Framing, Streamer};
    let printer = pretty::PrettyPrinter::default();
    let mut streamer =
        Streamer::with_read_size(printer, Framing::Lines, Vec::new(), false, read_size);
    streamer
        .read("<test>".into(), false, input.as_bytes())
        .unwrap();
    String::from_utf8_lossy(&streamer.finish().unwrap().1).into_owned()
}

/// The host decision holds only the head of a record: pieces give what the whole record gives
/// around the end of the authority and across runs of spaces; an authority longer than anything
/// a browser takes (UTS #46 limits a name to 253 bytes) is written as it came, not held.
#[test]
fn streaming_holds_only_the_head() {
    let spaces = format!(
        "http://pay%D1%80al.com/a{}b{}",
        "%20".repeat(30),
        "%20".repeat(30)
    );
    for read_size in [1, 2, 3, 7, 64, 4096] {
        let mut whole = Vec::new();
        pretty::pretty_print(spaces.as_bytes(), &mut whole);
        assert_eq!(streamed(spaces.as_bytes(), read_size), whole, "{read_size}");
    }
    let long = format!("http://{}%C3%A9", "a".repeat(1 << 20));
    assert_eq!(streamed(long.as_bytes(), 4096), long.as_bytes());
}

/// Peak memory stays bounded on one long line that has a host, as on one that has none
/// (tests/stream.rs): the record is not held past the authority. Held to the peak of the same
/// command on a line of 1 MiB (the binary's own pages, which vary with the build), plus what
/// the read and write buffers take: a 256 MiB line held whole would be 256 MiB more.
#[test]
fn pretty_print_memory_is_bounded_past_the_host() {
    let (args, pattern): (&[&str], &[u8]) = (&["pretty-print"], b"http://b%C3%BCcher.de/a%20");
    let (baseline, _) = crate::stream::peak_memory_on_one_long_line(args, pattern, 1 << 20);
    let total = 256 << 20;
    let (peak, written) = crate::stream::peak_memory_on_one_long_line(args, pattern, total);
    assert!(written > total as u64 / 2, "wrote {written}");
    assert!(
        peak <= baseline + 4 * 1024,
        "peak RSS {peak} KiB, on a line of 1 MiB {baseline} KiB"
    );
}

/// In a batch of records the host is decided at each record's first escape or byte beyond
/// ASCII, wherever the last record left off: a `://` after the authority (in a query) opens
/// none (RFC 3986 §3.2: the authority ends at the first `/`, `?` or `#`), an unreserved escape
/// in an ASCII host is shown decoded (§2.3), and a host that passes for another stays in ASCII
/// after a record whose escapes were all past its authority.
#[test]
fn batches_decide_each_record_at_its_first_escape() {
    let records = [
        ("http://x/y?u=http://%41b", "http://x/y?u=http://Ab"),
        (
            "http://x/?u=a://u@%D0%B0%D1%80%D1%80%D3%8F%D0%B5",
            "http://x/?u=a://u@\u{430}\u{440}\u{440}\u{4CF}\u{435}",
        ),
        ("http://%41b.com/", "http://Ab.com/"),
        ("http://a.com/%D0%B0%20b", "http://a.com/\u{430} b"),
        (
            "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/%41",
            "http://xn--80ak6aa92e.com/A",
        ),
        ("http://h/?q=%HOSTIP://%41", "http://h/?q=%HOSTIP://A"),
        ("ftp://%HOSTIP:%FTPPORT/%41", "ftp://%HOSTIP:%FTPPORT/A"),
        // A `%` that begins no escape does not end the look back for the authority.
        (
            "http://u%zz@%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
            "http://u%zz@xn--80ak6aa92e.com/",
        ),
        ("x%zz", "x%zz"),
        (
            "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
            "http://xn--80ak6aa92e.com/",
        ),
        (
            "https://b%C3%BCcher.de/%C3%BC",
            "https://b\u{fc}cher.de/\u{fc}",
        ),
    ];
    let input: String = records
        .iter()
        .map(|(sent, _)| format!("{sent}\n"))
        .collect();
    let expected: String = records
        .iter()
        .map(|(_, shown)| format!("{shown}\n"))
        .collect();
    for read_size in [7, 1 << 16] {
        assert_eq!(in_lines(&input, read_size), expected, "{read_size}");
    }
}

/// A list of URLs of one site repeats a head whose host is decided: each record is shown as it
/// is alone, whatever follows the head, including escapes whose decision reads up to it (a
/// trailing space, a scheme character before `:`), and a head with no delimiter after it.
#[test]
fn a_repeated_head_is_shown_as_each_record_alone() {
    let heads = [
        "http://%D0%B0pple.com",
        "https://www.\u{E41}\u{E17}\u{E07}24.net",
        "http://us%65r:p%20@b%C3%BCcher.de:8%30",
        "ftp://%41%20@%D0%B0.com",
    ];
    let tails = [
        "/",
        "/%41%20",
        "?q=%20",
        "#f%20",
        "",
        "/x%3A",
        "%20/",
        "/jav%61script:",
    ];
    let mut records = Vec::new();
    for head in heads {
        for tail in tails {
            records.push(format!("{head}{tail}"));
        }
        records.push(format!("{head}/a\u{E9}%C3%A9"));
    }
    // Each head in turn, and each again after another.
    let records: Vec<&String> = records.iter().chain(records.iter().rev()).collect();
    let input: String = records.iter().map(|r| format!("{r}\n")).collect();
    let expected: String = records.iter().map(|r| format!("{}\n", shown(r))).collect();
    // Where a host is decided it is not shown as it came: the test reaches the memo. (The
    // ASCII form is Python's: `"\u{430}pple".encode("idna")` is `xn--pple-43d`.)
    assert!(
        expected.contains("http://xn--pple-43d.com/x%3A\n"),
        "{expected}"
    );
    for read_size in [7, 1 << 16] {
        assert_eq!(in_lines(&input, read_size), expected, "{read_size}");
    }
}
