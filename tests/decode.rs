//! `uriesc decode`, through the binary. Expected values follow WHATWG percent-decode (§1.3)
//! and its examples, and Python's `unquote_to_bytes`, which decodes the same way.

use crate::util::{TempDir, fails, ok, ok_str};

#[test]
fn decodes_escapes_of_either_case() {
    assert_eq!(ok_str(&["decode", "%E4%B8%AD"], ""), "中\n");
    assert_eq!(ok_str(&["decode", "%c3%A9%2f%2F"], ""), "é//\n");
    assert_eq!(ok(&["decode", "%FF%00%0a"], b""), b"\xFF\x00\n\n");
}

#[test]
fn plus_is_space_only_when_asked() {
    assert_eq!(ok_str(&["decode", "a+b%2Bc"], ""), "a+b+c\n");
    assert_eq!(ok_str(&["decode", "--plus", "a+b%2Bc"], ""), "a b+c\n");
    assert_eq!(ok_str(&["decode", "-c", "form", "a+b%2Bc"], ""), "a b+c\n");
}

#[test]
fn lenient_by_default_as_whatwg_percent_decode() {
    // url.bs: "%25%s%1G" -> "%%s%1G"; a `%` without two hex digits is copied.
    assert_eq!(ok_str(&["decode", "%25%s%1G"], ""), "%%s%1G\n");
    assert_eq!(ok_str(&["decode", "%%41"], ""), "%A\n");
    assert_eq!(ok_str(&["decode", "%2541"], ""), "%41\n");
    assert_eq!(ok_str(&["decode", "50%"], ""), "50%\n");
    assert_eq!(ok_str(&["decode", "%4"], ""), "%4\n");
    assert_eq!(ok_str(&["decode"], "a%\n%4\n%zz\n"), "a%\n%4\n%zz\n");
}

/// `--strict` judges every record, as `check` and `clean` do: each record is written as
/// lenient decoding (url.bs percent-decode) leaves it, each malformed escape is reported at its
/// place, and the status is 1.
#[test]
fn strict_judges_every_record() {
    let (code, out, err) = fails(&["decode", "--strict"], b"a%20b\nbad%zz\nc%20d\n");
    assert_eq!(code, 1);
    assert_eq!(out, b"a b\nbad%zz\nc d\n");
    assert_eq!(
        err,
        "<stdin>:2:4: error: malformed percent-escape \"%zz\": '%' begins two hex digits; write a literal '%' as %25, or leave out --strict to keep it as it is\n"
    );
}

#[test]
fn strict_reports_each_malformed_escape_at_its_place() {
    let message = |place: &str, text: &str| {
        format!(
            "{place}: error: malformed percent-escape \"{text}\": '%' begins two hex digits; write a literal '%' as %25, or leave out --strict to keep it as it is\n"
        )
    };
    let (code, out, err) = fails(&["decode", "--strict", "ok%41%zz%41%", "%%41"], b"");
    assert_eq!(code, 1);
    assert_eq!(
        out, b"okA%zzA%\n%A\n",
        "every record, as lenient decoding leaves it"
    );
    assert_eq!(
        err,
        [
            message("<arg 1>:1:6", "%zz"),
            message("<arg 1>:1:12", "%"),
            message("<arg 2>:1:1", "%%4"),
        ]
        .concat()
    );

    let (code, out, err) = fails(&["decode", "--strict"], "a\né%41b%4".as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out, "a\néAb%4".as_bytes());
    assert_eq!(err, message("<stdin>:2:6", "%4"));

    let dir = TempDir::new("strict");
    let file = dir.file("urls.txt", b"%41\n\n100%\n%g%\n");
    let (code, out, err) = fails(&["decode", "--strict", "-f", &file], b"");
    assert_eq!(code, 1);
    assert_eq!(out, b"A\n\n100%\n%g%\n");
    let expected = [
        message(&format!("{file}:3:4"), "%"),
        message(&format!("{file}:4:1"), "%g%"),
        message(&format!("{file}:4:3"), "%"),
    ];
    assert_eq!(err, expected.concat());
}

#[test]
fn utf8_modes() {
    assert_eq!(ok(&["decode", "%FFa"], b""), b"\xFFa\n");
    assert_eq!(ok(&["decode", "--utf8", "raw", "%FFa"], b""), b"\xFFa\n");
    // Python: b'\xffa'.decode('utf-8', 'replace') == '\ufffda'; b'\xe4\xb8'.decode(...) is
    // one U+FFFD (a maximal subpart); b'\xed\xa0\x80' is three (a surrogate is no subpart).
    assert_eq!(
        ok_str(&["decode", "--utf8", "lossy", "%FFa"], ""),
        "\u{FFFD}a\n"
    );
    assert_eq!(
        ok_str(&["decode", "--utf8", "lossy", "%E4%B8"], ""),
        "\u{FFFD}\n"
    );
    assert_eq!(
        ok_str(&["decode", "--utf8", "lossy", "%ED%A0%80"], ""),
        "\u{FFFD}\u{FFFD}\u{FFFD}\n"
    );
    assert_eq!(ok_str(&["decode", "--utf8", "strict", "%C3%A9"], ""), "é\n");

    // Judged as `--strict` judges: every record written, the bytes that are not UTF-8 as they
    // are (as `--utf8 raw`), each reported.
    let (code, out, err) = fails(&["decode", "--utf8", "strict", "%C3%A9ab%E4%B8x"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, b"\xC3\xA9ab\xE4\xB8x\n");
    assert_eq!(
        err,
        "<arg 1>:1:9: error: decoded bytes %E4%B8 are not UTF-8; use --utf8 lossy to write U+FFFD in their place, or --utf8 raw to keep them\n"
    );
    // Raw bytes that are not UTF-8 count too, at their own column.
    let (code, out, err) = fails(&["decode", "--utf8", "strict"], b"ab\xFFc\n\xC3\xA9\xC3\n");
    assert_eq!(code, 1);
    assert_eq!(out, b"ab\xFFc\n\xC3\xA9\xC3\n");
    assert_eq!(
        err,
        "<stdin>:1:3: error: byte 0xFF is not UTF-8; use --utf8 lossy to write U+FFFD in their place, or --utf8 raw to keep them\n\
         <stdin>:2:2: error: byte 0xC3 is not UTF-8; use --utf8 lossy to write U+FFFD in their place, or --utf8 raw to keep them\n"
    );
}

#[test]
fn form_implies_plus_and_other_components_decode_every_escape() {
    assert_eq!(
        ok_str(&["decode", "-c", "path", "%2Fa%20b+"], ""),
        "/a b+\n"
    );
    assert_eq!(ok_str(&["decode", "-c", "form", "a+%2B"], ""), "a +\n");
    // Percent-decoding is the same under every standard: decode has no standard to choose.
    for standard in [
        &["-r", "3986"][..],
        &["--rfc", "1738"],
        &["-w"],
        &["--whatwg"],
    ] {
        let mut args = vec!["decode"];
        args.extend(standard);
        let (code, out, err) = fails(&args, b"%41");
        assert_eq!((code, out.is_empty()), (2, true), "{args:?}");
        assert!(err.contains("decode takes no --rfc or --whatwg"), "{err}");
    }
    let (code, _, err) = fails(&["decode", "-c", "scheme", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("no escapes"), "{err}");
    // decode has no standard to choose, so the message names none.
    assert!(!err.contains("RFC"), "{err}");
}

/// `decode --help` says what `-c` does when decoding, not what it does when encoding: every
/// `%XX` is decoded in each component alike, and `+` is a space only in form data (url.bs
/// "application/x-www-form-urlencoded parsing"), which the decoder does as its help says.
#[test]
fn the_help_describes_components_as_decode_uses_them() {
    let help = ok_str(&["decode", "--help"], "");
    let components = help
        .split("--component <C>")
        .nth(1)
        .and_then(|s| s.split("[default: any]").next())
        .expect("the --component help");
    // The encoder's words: "also encodes & = + ;", "everything but unreserved characters is
    // encoded".
    assert!(
        !components.contains("encodes") && !components.contains("is encoded"),
        "{components}"
    );
    assert!(
        components.contains("- form:     application/x-www-form-urlencoded: '+' is a space too"),
        "{components}"
    );
    assert!(
        components.contains("- param:    A key or value inside k=v&k=v: as any ('+' stays '+'"),
        "{components}"
    );
    // As it says: `+` stays in a parameter, and is a space in form data.
    assert_eq!(ok_str(&["decode", "-c", "param", "a%26b+c"], ""), "a&b+c\n");
    assert_eq!(ok_str(&["decode", "-c", "form", "a%26b+c"], ""), "a&b c\n");
}
