//! `check --whatwg` through the command: reports at the byte, and references against `--base`.

use crate::util::{fails, run};

#[test]
fn the_command_reports_the_byte() {
    let (code, out, _) = fails(&["check", "--whatwg", "http://exa mple.com/"], b"");
    assert_eq!(code, 1);
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.starts_with("<arg 1>:1:11: error: space is not allowed"),
        "{out}"
    );
    let (_, out, _) = fails(&["check", "--whatwg", "-c", "port", "65536"], b"");
    assert!(String::from_utf8_lossy(&out).starts_with("<arg 1>:1:1: error: a port is"));
}

/// `check --whatwg --base URL`: the base's kind decides the grammar (url.bs
/// "relative-URL-with-fragment string"), each kind as the standard's text says; the base must
/// parse, and only references take one.
#[test]
fn the_command_checks_references_against_the_base_given() {
    let verdict = |base: &str, reference: &str| {
        run(
            &["check", "-q", "--whatwg", "--base", base, "--", reference],
            b"",
        )
        .status
        .code()
        .expect("an exit status")
    };
    // "if base URL has an opaque path": only '#' and a URL-fragment string.
    assert_eq!(verdict("mailto:x", "#top"), 0);
    assert_eq!(verdict("mailto:x", "y"), 1);
    // Otherwise a scheme-relative URL string of the base's kind: an opaque host against a
    // non-special base (escapes allowed), a valid host string against a special one.
    assert_eq!(verdict("foo://h/p", "//x%41/y"), 0);
    assert_eq!(verdict("http://h/p", "//x%41/y"), 1);
    assert_eq!(verdict("http://h/p", "//example.com/y"), 0);
    // scheme-relative-file-URL string: "//" and a path, no host needed.
    assert_eq!(verdict("file:///C:/x", "///C:/y"), 0);
    // An absolute URL is valid against any base.
    assert_eq!(verdict("mailto:x", "https://example.com/"), 0);
    let (code, _, err) = fails(&["check", "--whatwg", "--base", "not a URL", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--base not a URL: not a URL"), "{err}");
    let (code, _, err) = fails(
        &[
            "check",
            "--whatwg",
            "-c",
            "host",
            "--base",
            "http://h/",
            "x",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--base is for URLs written against a base"),
        "{err}"
    );
    let (code, _, _) = fails(&["check", "--base", "http://h/", "x"], b"");
    assert_eq!(code, 2, "--base needs --whatwg");
}

/// `٢٠٠` is U+0662 U+0660 U+0660, ARABIC-INDIC DIGITs of bidi class AN (UnicodeData.txt): a
/// label that begins with one breaks the first condition of the bidi rule (RFC 5893 §2: "The
/// first character must be a character with Bidi property L, R, or AL"), which UTS #46 applies
/// with CheckBidi (url.bs "domain to ASCII" sets it). The WHATWG parser (ada) refuses the URL,
/// raw or percent-encoded (it decodes the host first, url.bs "host parsing"); the message
/// names the bidi rule, not the encoding.
#[test]
fn a_host_refused_by_the_bidi_rule_names_it() {
    for record in ["http://%D9%A2%D9%A0%D9%A0.eg/", "http://٢٠٠.eg/"] {
        assert!(!ada_url::Url::can_parse(record, None), "{record}");
        for args in [
            &["clean", "--whatwg", "--basic"][..],
            &["clean", "--whatwg"],
            &["check", "--whatwg"],
        ] {
            let mut argv = args.to_vec();
            argv.push(record);
            let (code, out, err) = fails(&argv, b"");
            assert_eq!(code, 1, "{argv:?}");
            let message = match args[0] {
                "check" => String::from_utf8_lossy(&out).into_owned(),
                _ => err,
            };
            assert!(message.contains("bidi rule"), "{argv:?}: {message}");
            assert!(message.contains("RFC 5893"), "{argv:?}: {message}");
            assert!(message.contains("'٢'"), "{argv:?}: {message}");
            assert!(!message.contains(", or "), "{argv:?}: {message}");
        }
    }
    // The same label in a domain that is not refused for it: a valid Arabic name.
    assert!(ada_url::Url::can_parse("http://مثال.eg/", None));
    let out = run(&["check", "--whatwg", "http://مثال.eg/"], b"");
    assert_eq!(out.status.code(), Some(0));
}
