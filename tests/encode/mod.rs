//! `uriesc encode`, through the binary: every option. Expected values come from each standard's
//! grammar rules (RFC 3986 Appendix A, RFC 2396 Appendix A, RFC 1738 §5, url.bs's
//! percent-encode sets) and from the peers (Python `quote`, JS `encodeURIComponent`). Beside
//! this file: [`sets`] (the byte set of every cell, against the standards; `table` is checked
//! against them too) and [`wpt`] (the URL Standard's sets against web-platform-tests).

pub(crate) mod sets;
mod wpt;

use crate::util::{fails, ok, ok_str};

#[test]
fn default_is_rfc3986_unreserved_only() {
    // urllib.parse.quote('a b&c=d/ü~', safe='') == 'a%20b%26c%3Dd%2F%C3%BC~'
    assert_eq!(
        ok_str(&["encode", "a b&c=d/ü~"], ""),
        "a%20b%26c%3Dd%2F%C3%BC~\n"
    );
}

#[test]
fn components_keep_what_their_grammar_allows() {
    let cases: &[(&[&str], &str)] = &[
        (&["-c", "path"], "/a%20b/%C3%BC:@!$&'()*+,;=%3F%23"),
        (&["-c", "segment"], "%2Fa%20b%2F%C3%BC:@!$&'()*+,;=%3F%23"),
        (&["-c", "query"], "/a%20b/%C3%BC:@!$&'()*+,;=?%23"),
        (&["-c", "fragment"], "/a%20b/%C3%BC:@!$&'()*+,;=?%23"),
        (&["-c", "param"], "/a%20b/%C3%BC:@!$%26'()*%2B,%3B%3D?%23"),
        (
            &["-c", "userinfo"],
            "%2Fa%20b%2F%C3%BC:%40!$&'()*+,;=%3F%23",
        ),
        (&["-c", "host"], "%2Fa%20b%2F%C3%BC%3A%40!$&'()*+,;=%3F%23"),
        (
            &["-c", "form"],
            "%2Fa+b%2F%C3%BC%3A%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3F%23",
        ),
    ];
    for (args, expected) in cases {
        let mut argv = vec!["encode"];
        argv.extend_from_slice(args);
        argv.push("/a b/ü:@!$&'()*+,;=?#");
        assert_eq!(ok_str(&argv, ""), format!("{expected}\n"), "{args:?}");
    }
}

#[test]
fn standards_differ_where_their_grammars_do() {
    // RFC 2396 marks ! * ' ( ) unreserved (as encodeURIComponent); RFC 3986 makes them
    // sub-delims; RFC 1738 calls ~ unsafe and + $ , safe, but `any` encodes `+`, which form
    // data reads as a space (url.bs application/x-www-form-urlencoded parsing).
    assert_eq!(
        ok_str(&["encode", "!*'()~+$,"], ""),
        "%21%2A%27%28%29~%2B%24%2C\n"
    );
    assert_eq!(
        ok_str(&["encode", "-r", "2396", "!*'()~+$,"], ""),
        "!*'()~%2B%24%2C\n"
    );
    assert_eq!(
        ok_str(&["encode", "-r", "1738", "!*'()~+$,"], ""),
        "!*'()%7E%2B$,\n"
    );
    assert_eq!(
        ok_str(&["encode", "--rfc", "1738", "-c", "form", "a+b c"], ""),
        "a%2Bb+c\n"
    );
    // WHATWG's component set is encodeURIComponent: encodeURIComponent("!*'()~+$,") ==
    // "!*'()~%2B%24%2C".
    assert_eq!(
        ok_str(&["encode", "-w", "!*'()~+$,"], ""),
        "!*'()~%2B%24%2C\n"
    );
}

#[test]
fn whatwg_sets() {
    // `^` is in the path set since whatwg/url 9bc33c3 (2025-03-05); `'` only in the
    // special-query set; the fragment set leaves `#` and `{}` but not backtick.
    assert_eq!(
        ok_str(&["encode", "-w", "-c", "path", "/a^b{c}?"], ""),
        "/a%5Eb%7Bc%7D%3F\n"
    );
    assert_eq!(
        ok_str(&["encode", "--whatwg", "-c", "query", "a='b' c#"], ""),
        "a=%27b%27%20c%23\n"
    );
    assert_eq!(
        ok_str(&["encode", "-w", "-c", "fragment", "#{`}"], ""),
        "#{%60}\n"
    );
    assert_eq!(
        ok_str(&["encode", "-w", "-c", "host", "a b%\u{7f}"], ""),
        "a%20b%25%7F\n"
    );
    // URLSearchParams([['k', "a b*~!"]]).toString() == 'k=a+b*%7E%21'
    assert_eq!(
        ok_str(&["encode", "-w", "-c", "form", "a b*~!"], ""),
        "a+b*%7E%21\n"
    );
    // `%` is always encoded, though the WHATWG parser's path set leaves it.
    assert_eq!(
        ok_str(&["encode", "-w", "-c", "path", "100%"], ""),
        "100%25\n"
    );
}

#[test]
fn plus_lower_keep_also() {
    assert_eq!(ok_str(&["encode", "--plus", "a b+c"], ""), "a+b%2Bc\n");
    // --plus encodes `+` even where the set keeps it (a query), or it would decode as space.
    assert_eq!(
        ok_str(&["encode", "--plus", "-c", "query", "a b+c"], ""),
        "a+b%2Bc\n"
    );
    assert_eq!(ok_str(&["encode", "--lower", "ü /"], ""), "%c3%bc%20%2f\n");
    assert_eq!(
        ok_str(&["encode", "--keep", "/:", "http://x y"], ""),
        "http://x%20y\n"
    );
    assert_eq!(
        ok_str(&["encode", "--also", "a.", "banana.txt"], ""),
        "b%61n%61n%61%2Etxt\n"
    );
}

#[test]
fn keep_cannot_break_the_round_trip() {
    let (code, _, err) = fails(&["encode", "--keep", "%", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.starts_with("uriesc: --keep cannot keep '%'"), "{err}");
    let (code, _, err) = fails(&["encode", "-c", "form", "--keep", "+", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("'+'"), "{err}");
    let (code, _, err) = fails(&["encode", "--keep", "a", "--also", "a", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("both --keep and --also"), "{err}");
}

#[test]
fn error_cells_are_usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["-r", "1738", "-c", "host"], "takes no escapes"),
        (
            &["-r", "1738", "-c", "fragment"],
            "RFC 1738 has no fragment",
        ),
        (&["-c", "scheme"], "a scheme allows no escapes"),
        (&["-w", "-c", "port"], "a port is digits only"),
        (&["-c", "uri"], "a whole URI is not data"),
        (
            &["-r", "2396", "-c", "reference"],
            "a whole URI is not data",
        ),
    ];
    for (args, why) in cases {
        let mut argv = vec!["encode"];
        argv.extend_from_slice(args);
        argv.push("x");
        let (code, out, err) = fails(&argv, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(
            err.starts_with("uriesc: --component ") && err.contains(why),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn invalid_flag_values_list_the_valid_ones() {
    let (code, _, err) = fails(&["encode", "-c", "pathh", "x"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "possible values: any, userinfo, host, path, segment, query, param, form, fragment"
        ),
        "{err}"
    );
    let (code, _, err) = fails(&["encode", "-r", "3988", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("3986, 2396, 1738, 3987"), "{err}");
    let (code, _, err) = fails(&["encode", "-r", "2396", "-w", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn never_fails_on_any_bytes() {
    let all: Vec<u8> = (0..=255).collect();
    let out = ok(&["encode", "--whole"], &all);
    let expected: String = (0..=255u8)
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

/// What `encode` writes keeps the data's meaning in its component (the law is in
/// tests/laws/meaning.rs); these are the bytes the standards' own sets left that change it.
#[test]
fn encode_keeps_meaning() {
    let cases: &[(&[&str], &str, &str)] = &[
        // url.bs path state: "url is special and c is U+005C (\)" ends a segment as `/` does.
        (
            &["--whatwg", "-c", "segment"],
            r"dir\file.txt",
            "dir%5Cfile.txt\n",
        ),
        (
            &["--whatwg", "-c", "path"],
            r"/dir\file.txt",
            "/dir%5Cfile.txt\n",
        ),
        // url.bs opaque-host parser: a forbidden host code point is failure, its escape data.
        (&["--whatwg", "-c", "host"], "a b/c:d", "a%20b%2Fc%3Ad\n"),
        // RFC 2396 §3.2: "Within the authority component, the characters ";", ":", "@", "?",
        // and "/" are reserved."
        (
            &["-r", "2396", "-c", "host"],
            "u@h:80;x",
            "u%40h%3A80%3Bx\n",
        ),
        // RFC 2396 §3.2: the authority ends at "?".
        (&["-r", "1738", "-c", "userinfo"], "who?", "who%3F\n"),
        // Form data (url.bs application/x-www-form-urlencoded parsing) reads `+` as a space.
        (&["-r", "1738"], "1+1", "1%2B1\n"),
    ];
    for (args, data, expected) in cases {
        let mut argv = vec!["encode"];
        argv.extend_from_slice(args);
        argv.extend(["--", data]);
        assert_eq!(ok_str(&argv, ""), *expected, "{args:?} {data:?}");
    }
}

#[test]
fn keep_takes_characters_not_bytes() {
    let (code, out, err) = fails(&["encode", "--keep", "é", "è"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--keep takes ASCII characters only"), "{err}");
    // Every set encodes non-ASCII already: --also one changes nothing, and stays UTF-8.
    assert_eq!(ok_str(&["encode", "--also", "é", "è"], ""), "%C3%A8\n");
    assert_eq!(ok_str(&["encode", "--keep", "/", "a/é"], ""), "a/%C3%A9\n");
}
