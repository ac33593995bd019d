//! The command: its reports (text, JSON, GitHub, colour), `--valid` and `--invalid`, usage
//! errors, and long records.

use serde_json::Value;

use crate::util::{TempDir, fails, ok_str, run};

#[test]
fn a_space_in_a_host_is_reported_with_a_fix_and_a_summary() {
    let out = run(&["check"], b"https://exa mple.com/\nhttps://ok.example/\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<stdin>:1:12: error: space is not allowed in a host; encode it as %20; \
         did you mean: https://exa%20mple.com/\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "checked 2 records: 1 valid, 1 invalid\n"
    );
}

#[test]
fn columns_count_characters_and_crlf_is_no_part_of_the_url() {
    let out = run(
        &["check"],
        "http://é.example/中文 x\r\nhttp://ok/\r\n".as_bytes(),
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<stdin>:1:8: error: 'é' (U+00E9) is not allowed in a host; encode it as %C3%A9; \
         did you mean: http://%C3%A9.example/%E4%B8%AD%E6%96%87%20x\n"
    );
    assert_eq!(ok_str(&["check", "-q"], "http://ok/\r\n"), "");
}

#[test]
fn valid_and_invalid_select_records_unchanged() {
    let input = b"http://a/\r\nbad url\nhttp://b/";
    let out = run(&["check", "--valid"], input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"http://a/\r\nhttp://b/");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("<stdin>:2:1: error: missing scheme"),
        "{stderr}"
    );
    let out = run(&["check", "--invalid"], input);
    assert_eq!(out.stdout, b"bad url\n");
    // -q prints nothing, so it has no records to print either.
    let (code, _, err) = fails(&["check", "--invalid", "-q"], input);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = fails(&["check", "--valid", "--invalid", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn json_and_github_formats() {
    let dir = TempDir::new("check-formats");
    let file = dir.file("urls.txt", "ok:x\nhttp://h/a\"b\n".as_bytes());
    let out = run(&["check", "--format", "json", "-f", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    let line = String::from_utf8(out.stdout).unwrap();
    let report: Value = serde_json::from_str(&line).expect("one JSON object");
    assert_eq!(report["source"], file.as_str());
    assert_eq!(report["line"], 2);
    assert_eq!(report["column"], 11);
    assert_eq!(report["offset"], 10);
    assert_eq!(report["rule"], "path");
    assert_eq!(report["record"]["text"], "http://h/a\"b");
    assert_eq!(
        report["message"],
        "'\"' is not allowed in a path; encode it as %22"
    );

    let out = run(&["check", "--format", "github", "-f", &file], b"");
    let escaped_file = file.replace(':', "%3A").replace(',', "%2C");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "::error file={escaped_file},line=2,col=11,title=uriesc check (path)::{file}: '\"' is not allowed in a path; encode it as %2522; did you mean: http://h/a%2522b\n"
        )
    );
}

#[test]
fn colour_shows_the_record_and_a_caret() {
    let out = run(&["check", "--color", "always", "http://h/a b"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\x1b[1m\x1b[31merror:\x1b[0m"), "{text:?}");
    // The caret is under column 11, after the two-space indent.
    let caret = format!("  {}\x1b[32m^\x1b[0m\n", " ".repeat(10));
    assert!(
        text.ends_with(&format!("  http://h/a b\n{caret}")),
        "{text:?}"
    );
}

#[test]
fn usage_errors() {
    for (args, why) in [
        (
            &["check", "-c", "any", "x"][..],
            "a choice for encoding data",
        ),
        (
            &["check", "-r", "1738", "-c", "fragment", "x"][..],
            "no fragment",
        ),
        (
            &["check", "--format", "xml", "x"][..],
            "possible values: text, json, github",
        ),
    ] {
        let (code, out, err) = fails(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn a_long_record_is_checked_whole() {
    let mut url = b"http://h/".to_vec();
    url.extend(std::iter::repeat_n(b'a', 3 << 20));
    url.extend_from_slice(b" \n");
    let out = run(&["check"], &url);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "<stdin>:1:{}: error: space is not allowed in a path; encode it as %20\n",
            10 + (3 << 20)
        )
    );
}

/// `check` holds one record, once: a 100 MiB record costs about 100 MiB, not two or three
/// copies of it.
#[test]
fn a_100_mib_record_is_held_once() {
    let total = 100 << 20;
    let (peak, written) = crate::stream::peak_memory_on_one_long_line(
        &["check", "-q", "-c", "path"],
        b"abcd/efgh",
        total,
    );
    assert_eq!(written, 0);
    let record_kib = (total / 1024) as u64;
    assert!(
        peak < record_kib + 24 * 1024,
        "peak {peak} KiB for a {record_kib} KiB record"
    );
}

/// A record beyond a few KiB is quoted by an excerpt around its problem, each cut marked `…`
/// and its place said; the line and column count in the whole record, and the excerpt holds
/// the offending byte (ESC, in the visible notation where it is text for people).
#[test]
fn a_long_record_is_quoted_by_an_excerpt_around_its_problem() {
    let mut record = "https://example.com/".to_string();
    record.push_str(&"é".repeat(5000));
    let offset = record.len();
    record.push('\x1b');
    record.push_str(&"é".repeat(5000));
    // An IRI (RFC 3987) may hold 'é', not ESC. 20 characters, 5000 more, then the ESC: column 5021 (characters), offset 10020 (bytes).
    assert_eq!(offset, 10020);
    let plain = run(&["check", "-r", "3987", &record], b"");
    let plain = String::from_utf8_lossy(&plain.stdout).into_owned();
    assert!(
        plain.starts_with("<arg 1>:1:5021: error: control character U+001B "),
        "{plain}"
    );
    assert_eq!(plain.lines().count(), 1);

    let out = run(&["check", "-r", "3987", "--color", "always", &record], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text:?}");
    assert!(lines[0].contains("<arg 1>:1:5021:"), "{}", lines[0]);
    let quoted = lines[1].strip_prefix("  …").expect("cut before");
    let quoted = quoted.strip_suffix('…').expect("cut after");
    let (caret, note) = lines[2].split_once("\x1b[32m^\x1b[0m ").expect("a caret");
    let note = note.strip_prefix("(an excerpt: bytes ").expect(note);
    let note = note
        .strip_suffix(&format!(" of {})", record.len()))
        .expect(note);
    let (start, end) = note.split_once(" to ").expect(note);
    let (start, end): (usize, usize) = (start.parse().unwrap(), end.parse().unwrap());
    assert!(
        start < offset && offset < end && end - start < 1024,
        "{start} {end}"
    );
    assert_eq!(quoted, record[start..end].replace('\x1b', "<U+001B>"));
    // The caret under the '<' of <U+001B>: every character here is one column wide.
    let before = lines[1].split("<U+001B>").next().unwrap().chars().count();
    assert_eq!(caret.chars().count(), before);

    let out = run(&["check", "-r", "3987", "--format", "json", &record], b"");
    let json: Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    assert_eq!(
        (json["line"].as_u64(), json["column"].as_u64()),
        (Some(1), Some(5021))
    );
    assert_eq!(json["offset"].as_u64(), Some(offset as u64));
    let excerpt = &json["excerpt"];
    assert_eq!(excerpt["length"].as_u64(), Some(record.len() as u64));
    let start = excerpt["start"].as_u64().unwrap() as usize;
    let end = excerpt["end"].as_u64().unwrap() as usize;
    assert_eq!(json["record"]["text"].as_str(), Some(&record[start..end]));
    assert_eq!(record.as_bytes()[offset], 0x1b);
    assert!(start < offset && offset < end);

    let out = run(&["check", "-r", "3987", "--format", "github", &record], b"");
    let github = String::from_utf8_lossy(&out.stdout);
    assert!(github.contains("line=1,col=5021,"), "{github}");
    assert!(github.len() < 300, "{github}");
}

/// `check -q` ends at the first invalid record, as `grep -q` ends at its first match: on an
/// endless input (`yes 'http://a b' | uriesc check -q`), with status 1. The input is fed from
/// a thread until the command stops reading; the deadline only keeps a regression from hanging
/// the test run, and is far beyond the milliseconds this takes.
#[test]
fn quiet_stops_at_the_first_invalid_record_of_an_endless_input() {
    use std::io::Write;
    use std::process::Stdio;
    // Valid records, then an invalid one, then valid ones for ever: the status is decided
    // within the first megabytes, and nothing after them would change it.
    let valid = b"http://a/b\n".repeat(6000);
    for (name, first, rest) in [
        (
            "every record invalid",
            &b"http://a b\n"[..],
            &b"http://a b\n"[..],
        ),
        ("one invalid among valid ones", b"http://a b\n", &valid[..]),
    ] {
        let mut child = crate::util::uriesc()
            .args(["check", "-q"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("uriesc starts");
        let mut stdin = child.stdin.take().expect("stdin");
        let (first, rest) = (first.to_vec(), rest.repeat(64));
        let head = valid.repeat(20);
        let feeder = std::thread::spawn(move || {
            // Ends when the command has stopped reading (a broken pipe).
            let _ = stdin.write_all(&head);
            let _ = stdin.write_all(&first);
            while stdin.write_all(&rest).is_ok() {}
        });
        let status = crate::util::wait_with_deadline(
            &mut child,
            std::time::Duration::from_secs(120),
            &format!("check -q on an endless input, {name}"),
        )
        .unwrap_or_else(|hung| panic!("{hung}"));
        feeder.join().expect("feeder");
        let out = child.wait_with_output().expect("uriesc ran");
        assert_eq!(status.code(), Some(1), "{name}");
        assert!(
            out.stdout.is_empty() && out.stderr.is_empty(),
            "{name}: {out:?}"
        );
    }
}

#[test]
fn json_reports_keep_records_that_are_not_utf8() {
    let out = run(
        &["check", "--format", "json"],
        b"http://h/\xFF b\nhttp://h/a b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object a line"))
        .collect();
    // RFC 4648 §4 base64 of the record's bytes, as ripgrep's JSON writes them.
    assert_eq!(lines[0]["record"]["bytes"], "aHR0cDovL2gv/yBi");
    assert_eq!(lines[1]["record"]["text"], "http://h/a b");
}

#[test]
fn the_caret_goes_under_the_problem_in_display_columns() {
    let out = run(
        &[
            "check",
            "--color",
            "always",
            "--whatwg",
            "http://h/中文中文 b",
        ],
        b"",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // "http://h/" is 9 columns and each CJK character 2 (UAX #11 East Asian Wide): the space
    // is at display column 17 after the two-space indent; the column number stays 14.
    assert!(lines[0].contains(":1:14:"), "{text}");
    assert_eq!(lines[2], format!("  {}\x1b[32m^\x1b[0m", " ".repeat(17)));
}
