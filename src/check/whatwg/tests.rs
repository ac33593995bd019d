//! Unit tests of the host productions, on their own (the whole grammar is tested in
//! tests/whatwg/).

use super::domain::ends_in_a_number;
use super::host::{ipv4, ipv6};
use crate::check::{Problem, Scan};

/// url.bs "ends in a number checker": the last label, less a trailing empty one, is all
/// ASCII digits or an IPv4 number in hex ("0x" and hex digits, "0x" alone included).
#[test]
fn ends_in_a_number_as_url_bs() {
    for (s, expected) in [
        ("1.2.3.4", true),
        ("a.1", true),
        ("a.1.", true),
        ("a.09", true),
        ("a.0x", true),
        ("a.0X1f", true),
        ("a.0x1g", false),
        ("1.a", false),
        ("a.1..", false),
        ("", false),
        (".", false),
    ] {
        assert_eq!(ends_in_a_number(s.as_bytes()), expected, "{s:?}");
    }
}

fn rule(s: &str, f: fn(&Scan, usize, usize) -> Result<(), Problem>) -> Option<&'static str> {
    f(&Scan::new(s.as_bytes()), 0, s.len())
        .err()
        .map(|p| p.rule)
}

/// url.bs "Host writing": the effective piece length is 8 without "::", at most 7 around
/// it, an IPv4 address counting 2.
#[test]
fn ipv6_effective_piece_length() {
    let ipv6 = |s: &str| rule(s, ipv6);
    assert_eq!(ipv6("::"), None);
    assert_eq!(ipv6("1::"), None);
    assert_eq!(ipv6("::ffff:1.2.3.4"), None);
    assert_eq!(ipv6("1:2:3:4:5::1.2.3.4"), None);
    assert_eq!(
        ipv6("1:2:3:4:5:6::1.2.3.4"),
        Some("IPv4-in-IPv6-too-many-pieces")
    );
    assert_eq!(
        ipv6("1:2:3:4:5:6:7:1.2.3.4"),
        Some("IPv4-in-IPv6-too-many-pieces")
    );
    assert_eq!(ipv6("1:2:3:4:5:6:7:8:9"), Some("IPv6-too-many-pieces"));
    assert_eq!(ipv6("1:2:3:4:5:6:7::8"), Some("IPv6-too-many-pieces"));
    assert_eq!(ipv6("1:2"), Some("IPv6-too-few-pieces"));
    assert_eq!(ipv6("1:"), Some("IPv6-invalid-code-point"));
    assert_eq!(ipv6("FFFF::aBcD"), None);
    assert_eq!(ipv6("::0"), None);
    assert_eq!(ipv6("::00"), Some("IPv6-piece-leading-zero"));
    assert_eq!(ipv6("::1.2.3.4.5"), Some("IPv4-in-IPv6-invalid-code-point"));
    assert_eq!(ipv6("::1.2.3.256"), Some("IPv4-in-IPv6-out-of-range-part"));
}

#[test]
fn ipv4_shortest_decimal() {
    let ipv4 = |s: &str| rule(s, |scan, start, end| ipv4(scan, start, end, false));
    assert_eq!(ipv4("0.0.0.0"), None);
    assert_eq!(ipv4("255.255.255.255"), None);
    assert_eq!(ipv4("1.2.3.00"), Some("IPv4-non-decimal-part"));
    assert_eq!(ipv4("1.2.3.1000"), Some("IPv4-out-of-range-part"));
    assert_eq!(ipv4("1..3.4"), Some("IPv4-non-numeric-part"));
    assert_eq!(ipv4("4294967295"), Some("IPv4-out-of-range-part"));
}

/// RFC 3492 §6.2: a delimiter with no basic code point before it is no delimiter, and `-` is
/// no digit: `xn---0x1f` does not decode (the idna crate, the peer of tests/whatwg/peer.rs,
/// refuses it; its proptest found ada taking it).
#[test]
fn a_punycode_label_that_begins_with_its_delimiter_is_no_domain() {
    use super::valid_domain;
    assert!(valid_domain("xn---0x1f").is_err());
    assert!(valid_domain("a.xn---0X1f").is_err());
    assert!(valid_domain("xn--bcher-kva.example").is_ok());
}
