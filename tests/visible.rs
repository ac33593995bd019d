//! Display you can trust: no command writes a character a terminal acts on (ECMA-48 controls and
//! the ESC sequences they start), a bidirectional control (RFC 3987 §4.1) or an invisible (UTS #39
//! §3.1) raw where its text is for people: hostile records, values, file names and option values,
//! to every command, with every colour setting.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use anstyle::{AnsiColor, Style};

use crate::util::{TempDir, output_of, run, uriesc};

/// The hostile pieces: ESC, OSC, CSI and SGR sequences, C1 (CSI as UTF-8 and as a lone byte),
/// bidi controls, NUL, DEL and BS, and the same escaped, which stay as they are.
const HOSTILE: [&[u8]; 17] = [
    b"\x1b]0;pwned\x07",
    b"\x1b[2J",
    b"\x1b[5;7;38;5;196m",
    b"\x1b[31m",
    b"\xc2\x9b",
    b"\x9b",
    "\u{202E}".as_bytes(),
    "\u{2066}\u{2067}\u{2068}\u{2069}".as_bytes(),
    "\u{200F}".as_bytes(),
    b"\0",
    b"\x7f",
    b"\x08",
    b"\xff",
    b"%1B",
    b"%E2%80%AE",
    b"%C2%9B",
    b"a\tb",
];

/// The styles uriesc writes (`check` reports: `src/report/mod.rs`; `pretty-print --color`:
/// `src/pretty/paint.rs`; `table`: `src/table.rs`), rendered: the only escape sequences its
/// output may hold. A hostile `\e[31m` alone is none of them (`error:` is bold and red).
fn own_sequences() -> Vec<String> {
    let styles = [
        AnsiColor::Red.on_default().bold(),
        Style::new().bold(),
        AnsiColor::Green.on_default(),
        AnsiColor::Magenta.on_default(),
        AnsiColor::Yellow.on_default(),
        AnsiColor::Green.on_default().bold(),
        AnsiColor::Blue.on_default(),
        AnsiColor::Cyan.on_default(),
        Style::new().dimmed(),
    ];
    let mut all: Vec<String> = styles
        .iter()
        .flat_map(|s| [format!("{s}"), format!("{s:#}")])
        .collect();
    // The longest first, so that a sequence is taken whole.
    all.sort_by_key(|s| std::cmp::Reverse(s.len()));
    all.dedup();
    all
}

/// The first character of `bytes`, once uriesc's own sequences are taken out, that must not
/// be written raw: a C0 control but LF, DEL, a C1 control, a byte of no UTF-8, or a character
/// beyond ASCII that is not safe to display (the bidi controls and invisibles among them).
fn raw_hostile(bytes: &[u8]) -> Option<String> {
    let mut text = bytes.to_vec();
    for sequence in own_sequences() {
        text = replace(&text, sequence.as_bytes());
    }
    let mut rest = &text[..];
    while !rest.is_empty() {
        let (c, len) = bstr::decode_utf8(rest);
        let bad = match c {
            None => true,
            Some('\n') => false,
            Some(c) if c.is_ascii() => c.is_ascii_control(),
            Some(c) => !uriesc::visible::safe_to_display(c),
        };
        if bad {
            return Some(format!(
                "{:?} in {:?}",
                &rest[..len],
                String::from_utf8_lossy(&text)
            ));
        }
        rest = &rest[len..];
    }
    None
}

/// `text` without any occurrence of `what`.
fn replace(text: &[u8], what: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(what) {
            i += what.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// Records that carry each hostile piece outside the host (whose policy is `host.rs`'s): in
/// the path, the query, the fragment, the userinfo, and alone.
fn records() -> Vec<Vec<u8>> {
    let mut records = Vec::new();
    for h in HOSTILE {
        for (before, after) in [
            (&b"http://example.com/p"[..], &b"q?x=1"[..]),
            (b"http://example.com/?q=", b"#f"),
            (b"https://example.com/#", b""),
            (b"http://u", b"@example.com/"),
            (b"", b""),
            (b"mailto:a", b"@b.example"),
        ] {
            records.push([before, h, after].concat());
        }
    }
    records
}

/// The command lines: every command, with the options that change what it writes.
fn command_lines() -> Vec<Vec<&'static str>> {
    let mut lines: Vec<Vec<&str>> = vec![
        vec!["encode"],
        vec!["decode"],
        vec!["decode", "--strict"],
        vec!["clean"],
        vec!["clean", "--whatwg"],
        vec!["clean", "--base", "http://example.com/a/"],
        vec!["check", "--valid"],
        vec!["check", "--invalid"],
        vec!["check", "-q"],
    ];
    for colour in ["never", "always", "auto"] {
        for check in [
            &["check"][..],
            &["check", "--format", "json"],
            &["check", "--format", "github"],
            &["check", "--confusion"],
            &["check", "--confusion", "--format", "json"],
            &["check", "--whatwg"],
            &["check", "--whatwg", "--base", "http://example.com/"],
            &["check", "--rfc", "3987"],
            &["pretty-print"],
            &["pretty-print", "--idna"],
            &["pretty-print", "--explain", "--idna"],
        ] {
            lines.push([check, &["--color", colour]].concat());
        }
    }
    lines.push(vec!["pretty-print", "--rfc", "3987"]);
    lines
}

/// Whether the stdout of `line` is text for people (not data, as `encode`'s, or the records
/// `check --valid` passes on as they came).
fn stdout_is_for_people(line: &[&str]) -> bool {
    matches!(line[0], "check" | "pretty-print" | "table")
        && !line.contains(&"--valid")
        && !line.contains(&"--invalid")
}

/// The failures of one run: raw hostile text on stderr, or on stdout where it is for people.
fn failures(line: &[&str], how: &str, out: &std::process::Output) -> Vec<String> {
    let mut wrong = Vec::new();
    if let Some(bad) = raw_hostile(&out.stderr) {
        wrong.push(format!("{line:?} ({how}) stderr: {bad}"));
    }
    if stdout_is_for_people(line)
        && let Some(bad) = raw_hostile(&out.stdout)
    {
        wrong.push(format!("{line:?} ({how}) stdout: {bad}"));
    }
    wrong
}

/// The check itself: uriesc's own sequences pass, a hostile SGR alone does not, nor a bidi
/// control or a byte of no UTF-8.
#[test]
fn the_check_takes_out_only_uriescs_own_sequences() {
    let own = format!(
        "{}error:{:#}",
        AnsiColor::Red.on_default().bold(),
        Style::new()
    );
    assert_eq!(raw_hostile(own.as_bytes()), None);
    for hostile in [&b"a\x1b[31mb"[..], "\u{202E}".as_bytes(), b"\x9b", b"\t"] {
        assert!(raw_hostile(hostile).is_some(), "{hostile:?}");
    }
}

#[test]
fn hostile_records_values_and_file_names_are_never_written_raw() {
    let dir = TempDir::new("visible");
    let stdin: Vec<u8> = records()
        .iter()
        .flat_map(|r| [&r[..], b"\n"].concat())
        .collect();
    // A file whose name is hostile, holding the records: reports name it.
    let name = [&b"urls\x1b]0;pwned\x07\xe2\x80\xae"[..], b"\x9b.txt"].concat();
    let path = dir.0.join(OsStr::from_bytes(&name));
    std::fs::write(&path, &stdin).expect("writes the file");
    let missing = dir.0.join(OsStr::from_bytes(b"gone\x1b[2J\xc2\x9b"));
    let mut wrong = Vec::new();
    for line in command_lines() {
        let out = run(&line, &stdin);
        wrong.extend(failures(&line, "stdin", &out));
        // The values as arguments (an argument holds no NUL).
        let mut command = uriesc();
        command.args(&line).arg("--");
        for record in records().iter().filter(|r| !r.contains(&0)) {
            command.arg(OsStr::from_bytes(record));
        }
        wrong.extend(failures(&line, "values", &output_of(command, b"")));
        let mut command = uriesc();
        command
            .args(&line)
            .arg("-f")
            .arg(&path)
            .arg("-f")
            .arg(&missing);
        wrong.extend(failures(&line, "files", &output_of(command, b"")));
    }
    assert!(wrong.is_empty(), "{}:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn hostile_option_values_and_table_characters_are_never_written_raw() {
    let mut wrong = Vec::new();
    for h in HOSTILE.iter().filter(|h| !h.contains(&0)) {
        let h = OsStr::from_bytes(h);
        let mut lines: Vec<Vec<&OsStr>> = Vec::new();
        fn os(args: &[&'static str]) -> Vec<&'static OsStr> {
            args.iter().map(|&a| OsStr::new(a)).collect()
        }
        lines.push([os(&["encode", "-c"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["check", "--format"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["pretty-print", "--color"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["decode", "--utf8"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["clean", "--base"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["clean", "--whatwg", "--base"]), vec![h], os(&["x"])].concat());
        lines.push([os(&["check", "--whatwg", "--base"]), vec![h], os(&["x"])].concat());
        lines.push(vec![h]);
        lines.push([os(&["encode"]), vec![h]].concat());
        for colour in ["never", "always", "auto"] {
            lines.push([os(&["table", "--color", colour, "--"]), vec![h]].concat());
            lines.push([os(&["table", "--format", "json", "--"]), vec![h]].concat());
        }
        for line in lines {
            let mut command = uriesc();
            command.args(&line);
            let out = output_of(command, b"");
            let shown: Vec<_> = line.iter().map(|a| a.to_string_lossy()).collect();
            let shown: Vec<&str> = shown.iter().map(|a| &**a).collect();
            wrong.extend(failures(&shown, "option", &out));
        }
    }
    assert!(wrong.is_empty(), "{}:\n{}", wrong.len(), wrong.join("\n"));
}

/// The notation, written out from its rule, in a report, a caret line and a message; the
/// caret under the problem as the record is shown.
#[test]
fn reports_show_the_notation_and_the_caret_lines_up() {
    let record = "http://a/\u{202E}\u{1b}[2J\u{9b}x y\n";
    let out = run(&["check", "--color", "always"], record.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut plain = text.clone().into_bytes();
    for sequence in own_sequences() {
        plain = replace(&plain, sequence.as_bytes());
    }
    let plain = String::from_utf8(plain).expect("UTF-8");
    let lines: Vec<&str> = plain.lines().collect();
    assert_eq!(
        lines[1], "  http://a/<U+202E><U+001B>[2J<U+009B>x y",
        "{text:?}"
    );
    let caret = lines[2].find('^').expect("a caret");
    // The problem is the RLO, the first character a path does not allow.
    assert_eq!(
        caret,
        lines[1].find("<U+202E>").expect("the RLO"),
        "{text:?}"
    );

    let out = run(&["check", "--format", "json"], record.as_bytes());
    let json = String::from_utf8(out.stdout).expect("UTF-8");
    // The record as JSON escapes, the same value to a reader.
    assert!(
        json.contains(r#""text":"http://a/\u202e\u001b[2J\u009bx y""#),
        "{json}"
    );

    let out = run(&["pretty-print"], record.as_bytes());
    assert_eq!(out.stdout, b"http://a/%E2%80%AE%1B[2J%C2%9Bx y\n");
}

/// `pretty-print` percent-encodes raw controls in every path, as a URL carries them (not the
/// `\r` of a `\r\n`), a lone byte of no UTF-8, an escape as it came; an ASCII tab or newline
/// inside a record (an LF in a NUL-terminated one) it drops, as the URL parser does (url.bs).
#[test]
fn pretty_print_encodes_raw_controls() {
    let cases: [(&[&str], &[u8], &[u8]); 8] = [
        (&["-z"], b"a\nb\0c\x1b\0", b"ab\0c%1B\0"),
        // In a host too, whichever way the host is decided.
        (&[], b"http://a\x1b[2Jb/\n", b"http://a%1B[2Jb/\n"),
        (
            &["--idna", "--color", "never"],
            b"http://a\x07b.com/",
            b"http://a%07b.com/",
        ),
        (&[], b"http://ho\tst/a\tb\rc\n", b"http://host/abc\n"),
        (
            &[],
            b"http://a/\x1b\r\nhttp://b/%1B\x9b\r\n",
            b"http://a/%1B\r\nhttp://b/%1B%9B\r\n",
        ),
        (
            &["--color", "never", "--idna"],
            b"http://a/\x7f\xc2\x9b",
            b"http://a/%7F%C2%9B",
        ),
        (
            &["--rfc", "3987"],
            "http://a/\u{202E}%E2%80%AE\u{e9}".as_bytes(),
            "http://a/%E2%80%AE%E2%80%AE\u{e9}".as_bytes(),
        ),
        (
            &[],
            "http://a/caf\u{e9}\u{200F}".as_bytes(),
            "http://a/caf\u{e9}%E2%80%8F".as_bytes(),
        ),
    ];
    for (options, input, expected) in cases {
        let args = [&["pretty-print"][..], options].concat();
        let out = run(&args, input);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(expected),
            "{options:?}"
        );
    }
}
