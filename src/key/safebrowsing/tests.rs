use super::*;

/// The page's own examples of expressions (section "Suffix/prefix expressions").
#[test]
fn expressions_of_the_page() {
    let cases = [
        (
            "http://a.b.c/1/2.html?param=1",
            "a.b.c/1/2.html?param=1 a.b.c/1/2.html a.b.c/ a.b.c/1/ \
             b.c/1/2.html?param=1 b.c/1/2.html b.c/ b.c/1/",
        ),
        (
            "http://a.b.c.d.e.f.g/1.html",
            "a.b.c.d.e.f.g/1.html a.b.c.d.e.f.g/ c.d.e.f.g/1.html c.d.e.f.g/ d.e.f.g/1.html \
             d.e.f.g/ e.f.g/1.html e.f.g/ f.g/1.html f.g/",
        ),
        ("http://1.2.3.4/1/", "1.2.3.4/1/ 1.2.3.4/"),
    ];
    for (url, expected) in cases {
        let mut out = Vec::new();
        expressions(url.as_bytes(), false, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!(" {expected}"),
            "{url}"
        );
    }
}

/// A host that ends in ports, or in dots and ports, loses them all (step 5: no port, no dot
/// at either end), so that the key of a key is itself; a host of 40,000 of them too, each taken
/// off the end in turn (this was quadratic: the whole host was rebuilt for each).
#[test]
fn every_port_and_dot_at_the_end_goes() {
    let many = format!("a{}", ":1".repeat(40_000));
    for (authority, expected) in [
        ("a:1:2:3", "a"),
        ("A.:80.", "a"),
        ("a.:1", "a"),
        ("a..b.:1.:", "a.b"),
        (many.as_str(), "a"),
    ] {
        let mut out = Vec::new();
        assert!(host(authority.as_bytes(), &mut out), "{authority:.20}");
        assert_eq!(out, expected.as_bytes(), "{authority:.20}");
    }
}

/// Found by the `key` fuzz target: UTS #46 maps U+FF05 FULLWIDTH PERCENT SIGN and the
/// fullwidth digits to `%41`, which the next key unescaped to `A`, so that the key of the key
/// was another. url.bs "domain to ASCII" refuses a forbidden domain code point (`%`) after the
/// mapping: the host has no ASCII form, its bytes are escaped (step 7), and the key is its own
/// key. A host whose mapping is plain still takes its ASCII form.
#[test]
fn a_host_mapped_to_a_forbidden_code_point_keeps_its_bytes() {
    let key = |record: &[u8]| {
        let mut out = Vec::new();
        super::key(record, &mut Vec::new(), &mut out).map(|()| out)
    };
    let fullwidth = "http://\u{ff05}\u{ff14}\u{ff11}.com".as_bytes();
    let once = key(fullwidth).unwrap();
    assert_eq!(once, b"http://%EF%BC%85%EF%BC%94%EF%BC%91.com/");
    assert_eq!(key(&once).unwrap(), once);
    assert_eq!(
        key("http://B\u{fc}cher.example/".as_bytes()).unwrap(),
        b"http://xn--bcher-kva.example/"
    );
}

/// Found by the `key` fuzz target, each a panic: a `://` in the path of a URL with no host
/// (`urn:a://[b]`, whose `[b]` was taken for a host with an empty path, and the root `/` cut
/// from it). It has no host, and so no expression (step 1 removes the CR, step 7 escapes the
/// NULs and the bytes over 0x7E); a URL of another scheme with a host has its path `/` (step 6)
/// and its expressions.
#[test]
fn expressions_of_urls_without_a_host_or_a_path() {
    let expressions = |record: &[u8]| {
        let mut canonical = Vec::new();
        super::key(record, &mut Vec::new(), &mut canonical).unwrap();
        let mut out = Vec::new();
        super::expressions(&canonical, false, &mut out);
        (
            String::from_utf8(canonical).unwrap(),
            String::from_utf8(out).unwrap(),
        )
    };
    let (canonical, out) = expressions(b"n:/\r\0\0urn://[\xcb\xce]");
    assert_eq!(canonical, "n:/%00%00urn://[%CB%CE]");
    assert_eq!(out, "");
    let (canonical, out) = expressions(b"x://h.example");
    assert_eq!(
        (canonical.as_str(), out.as_str()),
        ("x://h.example/", " h.example/")
    );
}

/// Found by the `key` fuzz target: `uta\u{df}4:.` kept `:.` when its ASCII form was asked for,
/// which the URL Standard's forbidden code points refused, and lost it to the dots after, so
/// that the next key found an ASCII form: the form is asked of what the dots and the port
/// leave. And dots the mapping makes (U+3002) are collapsed as the others are.
#[test]
fn the_ascii_form_is_of_the_host_the_dots_and_port_leave() {
    let key = |record: &[u8]| {
        let mut out = Vec::new();
        super::key(record, &mut Vec::new(), &mut out).map(|()| out)
    };
    for record in ["ut200oa\u{df}4:./a2", "a\u{3002}\u{3002}b\u{fc}.example./"] {
        let once = key(record.as_bytes()).unwrap();
        assert_eq!(key(&once).unwrap(), once, "{record}");
    }
    assert_eq!(
        key("ut200oa\u{df}4:./a2".as_bytes()).unwrap(),
        b"http://xn--ut200oa4-wya/a2"
    );
}
