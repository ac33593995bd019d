//! `check --whatwg`: url.bs "URL writing" and "Host writing", each verdict taken from the
//! standard's text (whatwg/url 6ae84860), from its conformance data (WPT, IdnaTestV2) or from a
//! peer (the `url` crate with its validation errors), never from the code's own output.

mod clean;
mod cli;
mod data;
pub(crate) use data::urltestdata;
mod peer;
mod stream;

use proptest::prelude::*;
use uriesc::check::whatwg::{self, Base, check_reference, valid_domain};
use uriesc::check::{self, Problem, Target};
use uriesc::internals;
use uriesc::sets::{Component, Standard};

use crate::check::{uri_like, uri_shaped};

fn check(s: &str, component: Target) -> Result<(), Problem> {
    check::check(s.as_bytes(), Standard::Whatwg, component)
}

/// An invalid record's problem as `Some((offset, rule))`, a valid one's `None`.
type Expected = Option<(usize, &'static str)>;

/// `(input, Some((offset, rule)))` for an invalid URL, `None` for a valid one, as `-c uri`.
fn verdicts(cases: &[(&str, Expected)]) {
    let mut wrong = Vec::new();
    for &(input, expected) in cases {
        let got = check(input, Target::Uri);
        let got_pair = got.as_ref().err().map(|p| (p.offset, p.rule));
        if got_pair != expected {
            wrong.push(format!("{input:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Hosts, each verdict from url.bs "Host writing".
#[test]
fn host_examples() {
    let long_label = format!("http://{}.com/", "a".repeat(64));
    verdicts(&[
        // A forbidden byte in a domain is where the problem is.
        ("http://exa mple.com/", Some((10, "domain-to-ASCII"))),
        // Not valid domains: UseSTD3ASCIIRules, CheckHyphens, VerifyDnsLength.
        ("http://a_b.com/", Some((8, "domain-to-ASCII"))),
        ("http://-a.com/", Some((7, "domain-to-ASCII"))),
        ("http://ab--c.com/", Some((9, "domain-to-ASCII"))),
        ("http://a-.com/", Some((8, "domain-to-ASCII"))),
        ("http://a..b/", Some((9, "domain-to-ASCII"))),
        (&long_label, Some((70, "domain-to-ASCII"))),
        ("http://abfsu.net,HUMR,Human", Some((16, "domain-to-ASCII"))),
        // VerifyDnsLength as UTS #46 has it (IdnaTestV2: "a.b.c.d." is A4_2).
        ("http://example.com./", Some((18, "domain-to-ASCII"))),
        (
            "https://ex%41mple.com/",
            Some((10, "domain-percent-encoded")),
        ),
        // A percent-encoded byte is a URL unit in an opaque host.
        ("asdf://%43%7C/", None),
        ("non-special://H%4fSt/path", None),
        ("foo://a%41/", None),
        ("file://example.net/C:/", None),
        ("file:///C:/", None),
        // IPv4: four shortest decimal numbers (and 1.2.3 ends in a number: no domain either).
        ("http://1.2.3/", Some((7, "IPv4-too-few-parts"))),
        ("http://0x7f.1/", Some((7, "IPv4-non-decimal-part"))),
        ("http://1.2.3.4/", None),
        ("http://1.2.3.04/", Some((13, "IPv4-non-decimal-part"))),
        ("http://1.2.3.256/", Some((13, "IPv4-out-of-range-part"))),
        ("http://1.2.3.4.5/", Some((14, "IPv4-too-many-parts"))),
        ("http://1.2.3.4./", Some((14, "IPv4-empty-part"))),
        ("http://example.123/", Some((7, "IPv4-non-numeric-part"))),
        // IPv6: shortest pieces; "0" alone is the shortest form of zero.
        ("http://[0:0::1]/", None),
        ("http://[::01]/", Some((10, "IPv6-piece-leading-zero"))),
        ("http://[1:2:3:4:5:6:7:8]/", None),
        ("http://[1:2:3:4:5:6:7]/", Some((8, "IPv6-too-few-pieces"))),
        // "::" with preceding and following lengths summing to at most 7.
        ("http://[1:2:3:4:5:6:7::]/", None),
        (
            "http://[1:2:3:4:5:6:7:8::]/",
            Some((8, "IPv6-too-many-pieces")),
        ),
        ("http://[::1.2.3.4]/", None),
        ("http://[1::1.2.3.4]/", None),
        ("http://[1:2:3:4:5:6:1.2.3.4]/", None),
        (
            "http://[::1.2.3]/",
            Some((10, "IPv4-in-IPv6-too-few-parts")),
        ),
        (
            "http://[::1.2.3.04]/",
            Some((16, "IPv4-in-IPv6-invalid-code-point")),
        ),
        ("http://[1::2::3]/", Some((12, "IPv6-multiple-compression"))),
        ("http://[:1::2]/", Some((8, "IPv6-invalid-compression"))),
        ("http://[12345::]/", Some((12, "IPv6-invalid-code-point"))),
        ("http://[::1/", Some((7, "IPv6-unclosed"))),
        ("http://[::1]x/", Some((12, "valid-host-string"))),
    ]);
}

/// What is not a host, each verdict from url.bs "URL writing".
#[test]
fn url_examples() {
    verdicts(&[
        // Credentials have no valid form.
        (
            "https://u:p@example.com/",
            Some((11, "invalid-credentials")),
        ),
        ("foo://u@h/", Some((7, "invalid-credentials"))),
        // URL units.
        ("https://example.com/a^b", Some((21, "invalid-URL-unit"))),
        ("https://example.com/a#b#c", Some((23, "invalid-URL-unit"))),
        ("https://example.com/a%zz", Some((21, "invalid-URL-unit"))),
        ("https://example.com/[", Some((20, "invalid-URL-unit"))),
        ("https://example.com/\u{E0100}", None),
        (
            "https://example.com/\u{FDD0}",
            Some((20, "invalid-URL-unit")),
        ),
        ("https://example.com/\u{85}", Some((20, "invalid-URL-unit"))),
        ("https://example.com/a b", Some((21, "invalid-URL-unit"))),
        (" https://example.com/", Some((0, "invalid-URL-unit"))),
        (
            "https://example.com/a\\b",
            Some((21, "invalid-reverse-solidus")),
        ),
        (
            "http:\\\\example.com/",
            Some((5, "invalid-reverse-solidus")),
        ),
        ("foo://h/a\\b", Some((9, "invalid-URL-unit"))),
        // Schemes and what follows them.
        ("example.com", Some((0, "missing-scheme-non-relative-URL"))),
        ("ht tp://example.com/", Some((2, "URL-scheme-string"))),
        (
            "http:example.com",
            Some((5, "special-scheme-missing-following-solidus")),
        ),
        (
            "file:/x",
            Some((5, "special-scheme-missing-following-solidus")),
        ),
        ("http:///x", Some((7, "host-missing"))),
        (
            "file://C:/x",
            Some((7, "file-invalid-Windows-drive-letter-host")),
        ),
        ("file://h:1/", Some((8, "domain-to-ASCII"))),
        ("http://a:65535/", None),
        ("http://a:065535/", None),
        ("http://a:/", None),
        ("http://a:65536/", Some((9, "port-out-of-range"))),
        ("http://a:8a/", Some((10, "port-invalid"))),
        ("foo://:1/", Some((6, "host-missing"))),
        ("foo://", None),
        ("foo:", None),
        ("foo:/a//b", None),
        ("foo://h:1/a?b#c", None),
        ("mailto:a@b?subject=x#y", None),
        ("javascript:alert(1)", None),
        ("foo:a b", Some((5, "invalid-URL-unit"))),
        ("http://xn--mnchen-3ya.de/", None),
        ("http://münchen.de/", None),
        ("http://MÜNCHEN.DE/", None),
        ("http://xn--a.com/", Some((7, "domain-to-ASCII"))),
    ]);
}

/// Byte offsets point into the record; invalid UTF-8 is invalid at its first bad byte.
#[test]
fn not_utf8_is_invalid_at_the_byte() {
    for (input, offset) in [
        (&b"https://example.com/\xFF"[..], 20),
        (b"https://ex\xC3ample.com/", 10),
        (b"foo:a\xE2\x82", 5),
    ] {
        let problem = check::check(input, Standard::Whatwg, Target::Uri).unwrap_err();
        assert_eq!(problem.offset, offset, "{:?}", bstr::BStr::new(input));
        assert_eq!(problem.rule, "invalid-URL-unit");
    }
}

/// `-c reference` against each kind of base (url.bs: the relative-URL string switches on the
/// base's scheme, and a base with an opaque path takes only a fragment).
#[test]
fn references_against_each_base() {
    let cases: &[(&str, Base, bool)] = &[
        ("", Base::Special, true),
        ("a/b?c#d", Base::Special, true),
        ("../a", Base::Special, true),
        ("/a", Base::Special, true),
        ("//example.com/a", Base::Special, true),
        ("//exa_mple.com/a", Base::Special, false),
        ("//u@example.com/", Base::Special, false),
        ("\\a", Base::Special, false),
        ("a:b", Base::Special, true), // a non-special absolute URL with an opaque path
        ("1a:b", Base::Special, true), // not a scheme: a path
        ("//h%41st/", Base::NonSpecial, true),
        ("//h%41st/", Base::Special, false),
        ("//", Base::NonSpecial, true),
        ("//", Base::Special, false),
        ("//", Base::File, true),
        ("//host/C:/x", Base::File, true),
        ("//h:1/", Base::File, false),
        ("#f", Base::OpaquePath, true),
        ("?q", Base::OpaquePath, false),
        ("a", Base::OpaquePath, false),
        ("https://example.com/", Base::OpaquePath, true),
        ("a b", Base::NonSpecial, false),
    ];
    for &(input, base, valid) in cases {
        let got = check_reference(input.as_bytes(), base);
        assert_eq!(got.is_ok(), valid, "{input:?} against {base:?}: {got:?}");
    }
    assert!(check("a/b", Target::Reference).is_ok());
    assert_eq!(
        check("\\a", Target::Reference).unwrap_err().rule,
        "invalid-reverse-solidus"
    );
}

/// Each component alone, as its production in url.bs.
#[test]
fn components() {
    use Component as C;
    let cases: &[(C, &str, Expected)] = &[
        (C::Host, "example.com", None),
        (C::Host, "[::1]", None),
        (C::Host, "1.2.3.4", None),
        (C::Host, "a_b", Some((1, "domain-to-ASCII"))),
        (C::Host, "h%41st", Some((1, "domain-percent-encoded"))),
        (C::Host, "", Some((0, "host-missing"))),
        (C::Port, "", None),
        (C::Port, "8080", None),
        (C::Port, "65536", Some((0, "port-out-of-range"))),
        (C::Port, "80a", Some((2, "port-invalid"))),
        (C::Path, "/a/b;c=d/%2e%2E/", None),
        (C::Path, "a/b", None),
        (C::Path, "/a?b", Some((2, "invalid-URL-unit"))),
        (C::Path, "/a b", Some((2, "invalid-URL-unit"))),
        (C::Path, "/a\\b", Some((2, "invalid-URL-unit"))),
        (C::Segment, "a;b", None),
        (C::Segment, "a/b", Some((1, "invalid-URL-unit"))),
        (C::Query, "a=b&c=/?:@", None),
        (C::Query, "a#b", Some((1, "invalid-URL-unit"))),
        (C::Query, "a'b", None),
        (C::Fragment, "a/b?c", None),
        (C::Fragment, "a#b", Some((1, "invalid-URL-unit"))),
        (C::Fragment, "a`b", Some((1, "invalid-URL-unit"))),
        (C::Userinfo, "user", Some((0, "invalid-credentials"))),
        (C::Userinfo, "", Some((0, "invalid-credentials"))),
        (C::Scheme, "web+demo", None),
        (C::Scheme, "1a", Some((0, "URL-scheme-string"))),
        (C::Scheme, "a_b", Some((1, "URL-scheme-string"))),
    ];
    for &(component, input, expected) in cases {
        assert!(check::supported(Standard::Whatwg, component.into()).is_ok());
        let got = check(input, component.into());
        assert_eq!(
            got.as_ref().err().map(|p| (p.offset, p.rule)),
            expected,
            "-c {} {input:?}: {got:?}",
            component.name()
        );
    }
}

/// valid_domain's reasons name the UTS #46 rule and point at the byte.
#[test]
fn domain_reasons() {
    for (domain, offset, words) in [
        ("a_b.com", 1, "UseSTD3ASCIIRules"),
        ("ab--c.com", 2, "CheckHyphens"),
        ("a.-b", 2, "CheckHyphens"),
        ("a.b-", 3, "CheckHyphens"),
        ("a..b", 2, "VerifyDnsLength"),
        ("a.b.", 3, "VerifyDnsLength"),
        ("xn--a.com", 0, "Punycode"),
        ("a.b.123", 0, "ends in a number"),
        ("a.a\u{2020}--b", 2, "CheckHyphens"),
        ("a\u{FF3F}b.com", 0, "UseSTD3ASCIIRules"),
        // A Bidi domain name (it has an RTL label): each label must satisfy RFC 5893 §2, and
        // `1a` breaks its rule 1 (it begins with a European number).
        ("a.\u{5D0}.1a", 5, "CheckBidi"),
        (&format!("{}\u{FC}", "a".repeat(60)), 0, "VerifyDnsLength"),
    ] {
        let problem = valid_domain(domain).unwrap_err();
        assert_eq!(problem.offset, offset, "{domain}: {problem:?}");
        assert!(problem.message.contains(words), "{domain}: {problem:?}");
    }
    let long = format!("{}.com", vec!["a".repeat(63); 4].join("."));
    assert!(valid_domain(&long).unwrap_err().message.contains("253"));
    assert!(valid_domain(&long[..253]).is_ok(), "{}", &long[..253]);
}

/// The grammar never accepts a domain the parser refuses, for any code point in a label, at
/// its start or inside it: a valid URL string always parses (url.bs "URL writing"). This held
/// with the crate versions of `Cargo.lock` before, and not with newer ones, where the grammar's
/// UTS #46 carried another Unicode version than the parser's.
#[test]
fn no_code_point_makes_a_valid_domain_the_parser_refuses() {
    let (mut valid, mut wrong) = (0, Vec::new());
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        for domain in [format!("{c}.com"), format!("a{c}b.com")] {
            if valid_domain(&domain).is_ok() {
                valid += 1;
                if !ada_url::Url::can_parse(&format!("http://{domain}/"), None) {
                    wrong.push(format!("U+{:04X}: {domain}", u32::from(c)));
                }
            }
        }
    }
    crate::util::assert_none_wrong(&wrong);
    // Most assigned letters are valid in a domain, in both places (a check that the loop ran).
    assert!(valid > 200_000, "{valid}");
}

/// What URLs are made of, at the edges [`internals::common_url`] decides on: schemes special and
/// not, labels with hyphens where CheckHyphens looks and of 63 and 64 bytes, numbers (IPv4 or
/// not), escapes, credentials and empty labels, ports around 65535 and of six digits.
pub(crate) fn url_shaped() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http://",
        "HTTPS://",
        "Ws://",
        "wss://",
        "ftp://",
        "file://",
        "foo://",
        "http:/",
        "http:\\\\",
        "https:///",
        "http:",
        "htt://",
        // Bytes one bit from a letter or from "://" (a control, 0x1A, is ':' without its 0x20
        // bit), and schemes a letter longer.
        "http\u{1a}//",
        "H\u{14}TP://",
        "wsS://",
        "ftps://",
    ]);
    let long = "a".repeat(62);
    let label = prop::sample::select(vec![
        "a",
        "Bc",
        "1",
        "09",
        "-",
        ".",
        "..",
        "xn--",
        "XN--a",
        "ab--",
        "a-",
        "-a",
        "0x",
        "0X1f",
        "_",
        "%41",
        "é",
        "ß",
        "[::1]",
        "@",
        "u:p@",
        "~",
        "!",
        "a-b",
        "b",
        "c",
        &*long.leak(),
    ]);
    let port = prop::sample::select(vec![
        "", "", "", ":", ":0", ":80", ":065535", ":65535", ":65536", ":123456", ":8a", "::",
    ]);
    let tail = prop::sample::select(vec!["", "/", "/a/b", "?q=1&r", "#f", "/%2e%2E/", "/%zz"]);
    (
        scheme,
        prop::collection::vec(label, 0..7),
        port,
        tail,
        uri_like(),
        any::<bool>(),
    )
        .prop_map(|(scheme, host, port, tail, rest, with_rest)| {
            let rest = if with_rest { rest } else { String::new() };
            format!("{scheme}{}{port}{tail}{rest}", host.concat())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The fast path accepts only what the whole grammar (with the parser after it) accepts,
    /// and `check` with it gives the same verdict and problem as the grammar alone.
    #[test]
    fn fast_path_agrees_with_the_grammar(
        s in prop_oneof![url_shaped(), uri_shaped(), uri_like()],
        reference: bool,
    ) {
        let component = if reference { Target::Reference } else { Target::Uri };
        let s = s.as_bytes();
        let grammar = internals::whatwg_check_by_grammar(s, component);
        if internals::common_url(s) {
            prop_assert!(grammar.is_ok(), "{:?}: {:?}", bstr::BStr::new(s), grammar);
        }
        prop_assert_eq!(whatwg::check(s, component), grammar);
    }

    /// Any bytes, as any component or against any base: a verdict, never a panic, and never
    /// the parser refusing what the grammar accepts.
    #[test]
    fn any_input_has_a_verdict(
        s in prop_oneof![
            any::<Vec<u8>>(),
            url_shaped().prop_map(String::into_bytes),
            uri_like().prop_map(String::into_bytes),
        ],
    ) {
        for component in Target::ALL {
            let got = check::check(&s, Standard::Whatwg, component);
            prop_assert!(!matches!(&got, Err(p) if p.rule == "failure"), "{:?}", got);
            prop_assert!(got.as_ref().err().is_none_or(|p| p.offset <= s.len()));
        }
        for base in [Base::Special, Base::File, Base::NonSpecial, Base::OpaquePath] {
            let got = check_reference(&s, base);
            prop_assert!(!matches!(&got, Err(p) if p.rule == "failure"), "{:?}", got);
        }
    }
}

/// The edges of the fast path, each with the reason from the URL Standard it stops at.
#[test]
fn fast_path_edges() {
    let long_label = format!("http://{}.com/", "a".repeat(63));
    for yes in [
        "http://a/",
        "HTTPS://Example.COM:65535/a/./b/../c?q=%20&r#f?/",
        "ws://a-b.c",
        "ftp://1.2.3.x:0",
        "wss://a#",
        "http://a--b.com/", // '--' in the 2nd and 3rd places is no encoded-label mark
        &long_label,
    ] {
        assert!(internals::common_url(yes.as_bytes()), "{yes}");
        assert!(
            internals::whatwg_check_by_grammar(yes.as_bytes(), Target::Uri).is_ok(),
            "{yes}"
        );
    }
    for (no, valid_url) in [
        ("http://1.2.3.4/", true),          // ends in a number: an IPv4 address
        ("http://a.0x1f/", false),          // ends in a number, and no IPv4 address
        ("http://xn--nxasmq6b.com/", true), // a label to decode
        ("http://ab--c.com/", false),       // CheckHyphens
        ("http://a-.com/", false),          // CheckHyphens
        ("http://-a.com/", false),          // CheckHyphens
        ("http://a:65536/", false),         // port out of range
        ("http://a:/", true),               // an empty port, left to the grammar
        ("file://a/", true),                // file has rules of its own
        ("foo://a/", true),                 // not special
        ("http://a..b/", false),            // an empty label
        ("http://a./", false),              // a trailing dot: an empty label to UTS #46
        ("http://u@a/", false),             // credentials
        ("http://a/b|c", false),            // '|' is no URL code point
        ("http://a/%zz", false),            // a '%' that begins no escape
    ] {
        assert!(!internals::common_url(no.as_bytes()), "{no}");
        let got = internals::whatwg_check_by_grammar(no.as_bytes(), Target::Uri);
        assert_eq!(got.is_ok(), valid_url, "{no}: {got:?}");
    }
    let long = format!("http://{}/", vec!["a".repeat(63); 4].join("."));
    assert!(!internals::common_url(long.as_bytes()), "255 bytes");
    assert!(
        internals::common_url(format!("http://{}/", &long[7..260]).as_bytes()),
        "253 bytes"
    );
}
