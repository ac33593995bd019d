//! `clean`'s options: `--base` (RFC 3986 §5.2 resolution), `--rfc` and `--idna` (url.bs host
//! parsing), and the laws (idempotent, its output passes `check`) where they meet.

use crate::util::{fails, ok_str, run};

#[test]
fn clean_rfc1738_refuses_references_and_resolves_against_a_base() {
    let (code, out, err) = fails(&["clean", "-r", "1738", "-c", "reference", "g"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("RFC 1738 has no relative references"), "{err}");
    // RFC 3986 §5.4.1: "../g" against "http://a/b/c/d;p?q" is "http://a/b/g".
    assert_eq!(
        ok_str(
            &[
                "clean",
                "-r",
                "1738",
                "--base",
                "http://a/b/c/d;p?q",
                "../g"
            ],
            ""
        ),
        "http://a/b/g\n"
    );
}

#[test]
fn clean_idna_reports_a_host_with_a_forbidden_domain_code_point() {
    // url.bs host parsing: a domain with U+0020 SPACE (a forbidden domain code point) fails.
    let (code, out, err) = fails(&["clean", "--idna", "http://ü ü.com/"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, "http://ü ü.com/\n".as_bytes());
    assert!(
        err.starts_with("<arg 1>:1:9: error: space is not allowed"),
        "{err}"
    );
    // A valid one converts, and the rest is cleaned as usual.
    assert_eq!(
        ok_str(&["clean", "--idna", "http://bücher.example/a b"], ""),
        "http://xn--bcher-kva.example/a%20b\n"
    );
}

/// Found by the every-option test (`tests/combinations/`): clean's laws with a base, with RFC
/// 2396's brackets and with authorities RFC 2396 and RFC 1738 read differently.
#[test]
fn clean_laws_hold_with_a_base_ipv6_brackets_and_colons_in_an_authority() {
    // §5.2.1 allows normalizing the base; its dot segments go, so that cleaning is idempotent
    // (§5.2.2 takes the base path as it is for an empty reference).
    assert_eq!(
        ok_str(&["clean", "--base", "http://a/./b", ""], ""),
        "http://a/b\n"
    );
    // Removing dot segments must not make a path read as an authority (errata 4547: "/.").
    assert_eq!(
        ok_str(&["clean", "--base", "foo:/.//x", "y"], ""),
        "foo:/.//y\n"
    );
    assert_eq!(
        ok_str(&["clean", "--base", "foo:/.//x", "foo:/.//y"], ""),
        "foo:/.//y\n"
    );
    // RFC 2732 §3: brackets around an IPv6 host are allowed; --basic leaves them.
    assert_eq!(
        ok_str(&["clean", "-r", "2396", "--basic", "http://[::1]/"], ""),
        "http://[::1]/\n"
    );
    // RFC 2396 §3.2.1 `reg_name` and RFC 1738 §2.1's generic syntax take ':' anywhere: what
    // check accepts, clean passes.
    for rfc in ["2396", "1738"] {
        assert!(
            run(&["check", "-q", "-r", rfc, "foo://:a"], b"")
                .status
                .success()
        );
        assert_eq!(ok_str(&["clean", "-r", rfc, "foo://:a"], ""), "foo://:a\n");
    }
    // A message about the user's '%' quotes '%', not the escape clean made of a space.
    let (_, _, err) = fails(&["clean", "--basic", "http://a b/%zz"], b"");
    assert_eq!(
        err,
        "<arg 1>:1:12: error: '%' must begin an escape like %25 (a literal '%' is written %25)\n"
    );
}
