//! The messages of `check` and `clean` at the edges of what users give them (an empty line, a
//! base that is no URI, an IPv6 address without its brackets, a `#` in a fragment on its own,
//! an internationalized host written percent-encoded): each says what is wrong, in the words of
//! the standard, and a fix that applies. The verdicts (the statuses) are the standards'; the
//! messages are checked on their key phrase. Each points at the column of the user's own text
//! (characters, not bytes, nor the escapes `clean` made).

use crate::util::{fails, ok_str, run};

/// The flags of each standard `check` and `clean` take.
const STANDARDS: [&[&str]; 5] = [
    &["-r", "3986"],
    &["-r", "3987"],
    &["-r", "2396"],
    &["-r", "1738"],
    &["--whatwg"],
];

/// The reports of `uriesc ARGS` (status 1: some record is invalid).
#[track_caller]
fn reports(args: &[&str], stdin: &[u8]) -> String {
    let (code, out, _) = fails(args, stdin);
    assert_eq!(code, 1, "{args:?}");
    String::from_utf8(out).expect("UTF-8 reports")
}

/// `args` with `standard`'s flags after the command.
fn with(standard: &[&str], command: &str, rest: &[&'static str]) -> Vec<String> {
    let mut argv = vec![command.to_string()];
    argv.extend(standard.iter().map(|s| s.to_string()));
    argv.extend(rest.iter().map(|s| s.to_string()));
    argv
}

/// An empty line is no URI under any standard (RFC 3986 §3, RFC 3987 §2.2, RFC 2396 §3, RFC 1738
/// §2.1, url.bs "URL writing": each begins with a scheme and ':'), so it is invalid: the message
/// says the record is empty and how to leave such lines out, not that it lacks a scheme and might
/// be a reference.
#[test]
fn an_empty_line_is_named_as_empty() {
    for standard in STANDARDS {
        let argv = with(standard, "check", &[]);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let out = reports(&argv, b"http://example.com/\n\nhttp://example.org/\n");
        assert!(
            out.starts_with("<stdin>:2:1: error: the record is empty"),
            "{standard:?}: {out}"
        );
        assert!(out.contains("grep -v '^$'"), "{standard:?}: {out}");
        assert!(!out.contains("-c reference"), "{standard:?}: {out}");
        assert_eq!(out.lines().count(), 1, "{standard:?}: {out}");
    }
    // RFC 3986 §4.2: as a relative reference the empty string is valid (`path-empty`).
    let out = run(&["check", "-c", "reference", ""], b"");
    assert_eq!(out.status.code(), Some(0));
    // `clean` reports it as `check` does.
    let (code, _, err) = fails(&["clean"], b"\n");
    assert_eq!(code, 1);
    assert!(err.contains("the record is empty"), "{err}");
    // A line of spaces is no empty line, and `grep -v '^$'` keeps it: `clean` removes the
    // spaces (url.bs: leading and trailing C0 control or space), and says what was left.
    for standard in STANDARDS {
        let argv = with(standard, "clean", &[]);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (code, out, err) = fails(&argv, b" \t \n");
        assert_eq!((code, &out[..]), (1, &b" \t \n"[..]), "{standard:?}");
        assert!(
            err.starts_with("<stdin>:1:1: error: the record holds only spaces"),
            "{err}"
        );
        assert!(
            err.contains("grep -v '^[[:space:]]*$'"),
            "{standard:?}: {err}"
        );
    }
}

/// RFC 3986 §5.1 (and RFC 2396 §5.1, RFC 1808 §3): a base URI is absolute, with a scheme. A
/// `--base` without one is a usage error (status 2) that says so, not a hint to use
/// `-c reference`.
#[test]
fn a_base_without_a_scheme_is_named_as_no_absolute_uri() {
    for standard in &STANDARDS[..4] {
        for base in ["not a url", "", "//example.com/a"] {
            let argv = with(standard, "clean", &["--base"]);
            let mut argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            argv.extend([base, "x"]);
            let (code, out, err) = fails(&argv, b"");
            assert_eq!(code, 2, "{argv:?}");
            assert!(out.is_empty());
            assert!(err.contains("not an absolute UR"), "{argv:?}: {err}");
            assert!(
                err.contains("§5.1") || err.contains("§3"),
                "{argv:?}: {err}"
            );
            assert!(!err.contains("-c reference"), "{argv:?}: {err}");
        }
    }
    // A base with a scheme that is otherwise broken says what breaks it.
    let (code, _, err) = fails(&["clean", "--base", "1http://a/", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("a scheme must begin with a letter"), "{err}");
    // The base is quoted in the visible notation: no terminal control reaches stderr.
    let (_, _, err) = fails(&["clean", "--base", "a\u{1b}[31mb", "x"], b"");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

/// RFC 3986 §3.2.2: `IP-literal = "[" IPv6address "]"`; url.bs "host writing": `[`, a valid
/// IPv6-address string, `]`; RFC 2732 §2 for RFC 2396. An IPv6 address given as a host is
/// written in brackets, not with its colons percent-encoded (which would make it a name).
#[test]
fn an_ipv6_host_without_brackets_is_told_to_take_them() {
    for standard in [
        &["-r", "3986"][..],
        &["-r", "3987"],
        &["-r", "2396"],
        &["--whatwg"],
    ] {
        for (host, bracketed) in [
            ("::1", "[::1]"),
            ("2001:db8::1", "[2001:db8::1]"),
            ("::ffff:192.0.2.1", "[::ffff:192.0.2.1]"),
        ] {
            let argv = with(standard, "check", &["-c", "host"]);
            let mut argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            argv.push(host);
            let out = reports(&argv, b"");
            assert!(out.contains("in brackets"), "{argv:?}: {out}");
            assert!(out.contains(bracketed), "{argv:?}: {out}");
            assert!(!out.contains("%3A"), "{argv:?}: {out}");
        }
    }
    // In a URI too, where the authority would otherwise split at its last ':' for a port.
    for standard in [&["-r", "3986"][..], &["-r", "3987"], &["--whatwg"]] {
        let argv = with(standard, "check", &["http://2001:db8::1/"]);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let out = reports(&argv, b"");
        assert!(out.contains("[2001:db8::1]"), "{argv:?}: {out}");
        assert!(out.starts_with("<arg 1>:1:8:"), "{argv:?}: {out}");
    }
    // RFC 1738 has no IP literals (they came with RFC 2732): no brackets to suggest.
    let out = reports(&["check", "-r", "1738", "-c", "host", "::1"], b"");
    assert!(out.contains("IPv6"), "{out}");
    assert!(out.contains("RFC 2732"), "{out}");
    // A ':' in a host that is no IPv6 address is still encoded.
    let out = reports(&["check", "-c", "host", "a:b"], b"");
    assert!(out.contains("encode it as %3A"), "{out}");
    // The brackets are valid.
    let out = run(&["check", "-c", "host", "[::1]"], b"");
    assert_eq!(out.status.code(), Some(0));
}

/// RFC 3986 §3.5: `fragment = *( pchar / "/" / "?" )`, with no '#'. A fragment given on its
/// own has no first '#' that began it: the message says '#' is not allowed in a fragment; in a
/// whole URI, where one '#' began the fragment, the second is named as such.
#[test]
fn a_hash_in_a_fragment_on_its_own_is_no_second_one() {
    for standard in [
        &["-r", "3986"][..],
        &["-r", "3987"],
        &["-r", "2396"],
        &["--whatwg"],
    ] {
        let argv = with(standard, "check", &["-c", "fragment", "a#b"]);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let out = reports(&argv, b"");
        assert!(
            out.starts_with("<arg 1>:1:2: error: '#' is not allowed in a fragment"),
            "{argv:?}: {out}"
        );
        assert!(out.contains("%23"), "{argv:?}: {out}");
        assert!(!out.contains("second"), "{argv:?}: {out}");
        assert!(!out.contains("others"), "{argv:?}: {out}");
    }
    let out = reports(&["check", "http://example.com/#a#b"], b"");
    assert!(out.contains("a second '#'"), "{out}");
}

/// `clean --idna`: a host's escapes are the UTF-8 of its characters (RFC 3986 §3.2.2), and the
/// WHATWG host parser decodes them before UTS #46 (url.bs "host parsing"), as ada does. Written
/// percent-encoded or raw, an internationalized host is converted alike; and where an escape
/// stands for a delimiter ('%2F' for '/', a forbidden domain code point) the host has no ASCII
/// form, which is reported with status 1, the record passed on unchanged, as for the raw form.
#[test]
fn an_escaped_host_is_converted_or_reported_as_its_raw_form_is() {
    for record in [
        "http://b%C3%BCcher.example%2Fevil.com/",
        "http://bücher.example%2Fevil.com/",
    ] {
        let (code, out, err) = fails(&["clean", "--idna", record], b"");
        assert_eq!(code, 1, "{record}");
        assert_eq!(String::from_utf8_lossy(&out), format!("{record}\n"));
        assert!(err.contains("'%2F' decodes to '/'"), "{record}: {err}");
        assert!(err.contains("no ASCII form"), "{record}: {err}");
        let column = record[..record.find("%2F").unwrap()].chars().count() + 1;
        assert!(
            err.starts_with(&format!("<arg 1>:1:{column}: error:")),
            "{record}: {err}"
        );
    }
    // The peer: ada, the WHATWG parser, refuses both, and converts the escaped form of the
    // name alone as it converts the raw one.
    assert!(!ada_url::Url::can_parse(
        "http://b%C3%BCcher.example%2Fevil.com/",
        None
    ));
    let ascii = ada_url::Url::parse("http://b%C3%BCcher.example/", None)
        .expect("ada parses it")
        .hostname()
        .to_string();
    assert_eq!(
        ok_str(&["clean", "--idna", "http://b%C3%BCcher.example/a"], ""),
        format!("http://{ascii}/a\n")
    );
    assert_eq!(
        ok_str(&["clean", "--idna", "http://bücher.example/a"], ""),
        format!("http://{ascii}/a\n")
    );
    // An ASCII host is left as it is, escapes and all.
    let out = run(&["clean", "--idna", "http://example.com%2Fevil.com/"], b"");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn clean_idna_with_an_unmendable_port_reports_in_the_users_columns() {
    // The port is RFC 3986 §3.2.3 `*DIGIT`; the column counts characters of the input.
    let (code, out, err) = fails(&["clean", "--idna", "http://ü:8a/"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, b"http://\xC3\xBC:8a/\n");
    assert_eq!(
        err,
        "<arg 1>:1:11: error: port must be digits, found '8a'\n"
    );
    let (code, _, err) = fails(&["clean", "--idna", "http://ÜÜÜÜ:8a/"], b"");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "<arg 1>:1:14: error: port must be digits, found '8a'\n"
    );
}

#[test]
fn messages_say_where_in_the_users_own_text() {
    let (_, out, _) = fails(&["check", "--whatwg", "http://exa mple.com"], b"");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.starts_with("<arg 1>:1:11: error: space is not allowed in a domain"),
        "{out}"
    );
    let (_, _, err) = fails(&["clean", "-r", "1738", "http://bücher.example/ä"], b"");
    assert!(
        err.starts_with("<arg 1>:1:8: error: 'bücher.example' is not"),
        "{err}"
    );
    let (_, _, err) = fails(&["clean", "--basic", "http://h:8ü/"], b"");
    assert_eq!(
        err,
        "<arg 1>:1:11: error: port must be digits, found '8ü'\n"
    );
    let (_, _, err) = fails(&["decode", "--utf8", "strict"], b"\xFF\n");
    assert!(
        err.contains("byte 0xFF is not UTF-8; use --utf8 lossy"),
        "{err}"
    );
    let (_, _, err) = fails(&["decode", "--strict", "100%"], b"");
    assert!(err.contains("write a literal '%' as %25"), "{err}");
}
