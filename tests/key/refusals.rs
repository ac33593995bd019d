//! What `key --profile whatwg` says of a record the URL parser refuses: the part the parser
//! refuses, in the parser's order (url.bs "basic URL parser": "authority state", "host state",
//! which parses the host when it meets the `:` before a port, then "port state"), at the byte
//! it fails on; not the first byte that a valid URL string may not hold, which the parser may
//! take (url.bs "URL writing" is stricter than "URL parsing").

use crate::util::fails;

/// The report of `record`, keyed alone: its column and its message.
fn refusal(record: &str) -> (usize, String) {
    let (code, _, stderr) = fails(&["key", "--profile", "whatwg", "--", record], b"");
    assert_eq!(code, 1, "{record}: {stderr}");
    let rest = stderr
        .strip_prefix("<arg 1>:1:")
        .unwrap_or_else(|| panic!("{stderr}"));
    let (column, message) = rest.split_once(": error: ").unwrap();
    let message = message.trim_end();
    let message = message
        .strip_prefix("the URL parser refuses this URL: ")
        .unwrap_or(message);
    (column.parse().unwrap(), message.to_string())
}

/// The record: `{` is no forbidden domain code point (url.bs "host miscellaneous"), so
/// the host `{x}` parses (the parser takes `https://{x}:99/`), and "port state" fails on `a`
/// ("port-invalid"), the 13th character.
#[test]
fn a_bad_port_after_a_host_the_parser_takes() {
    let (column, message) = refusal("https://{x}:abc/");
    assert_eq!(column, 13, "{message}");
    assert!(
        message.starts_with("'a' is not allowed in a port"),
        "{message}"
    );
    // "port state": a port over 65535 fails too ("port-out-of-range"), at the port.
    let (column, message) = refusal("https://{x}:99999/");
    assert_eq!(column, 13, "{message}");
    assert!(
        message.contains("port is a number from 0 to 65535"),
        "{message}"
    );
}

/// A host the parser refuses is blamed at the byte the host parser fails on: the space, a
/// forbidden domain code point ("host parsing" step 7), not the `{` before it; an escape that
/// decodes to one, not the credentials before it (which the parser takes, with a validation
/// error that is no failure); a non-special URL's opaque host at its forbidden host code point.
#[test]
fn a_bad_host_at_the_byte_the_host_parser_refuses() {
    let (column, message) = refusal("https://{x y/");
    assert_eq!(column, 11, "{message}");
    assert!(
        message.starts_with("a space is not allowed in a domain"),
        "{message}"
    );
    let (column, message) = refusal("http://a|b@ex%20ample:8080/");
    assert_eq!(column, 14, "{message}");
    assert!(message.starts_with("'%20' decodes to a space"), "{message}");
    let (column, message) = refusal("foo://a b/");
    assert_eq!(column, 8, "{message}");
    assert!(
        message.starts_with("a space is not allowed in a host"),
        "{message}"
    );
}

/// "host parsing" step 1: a host that begins with `[` must end with `]` ("IPv6-unclosed"; the
/// `:` before `80` is inside the brackets, so it begins no port), and the IPv6 parser fails on
/// a piece that is not hex.
#[test]
fn a_bad_ipv6_address() {
    let (column, message) = refusal("https://[::1:80/");
    assert_eq!(column, 9, "{message}");
    assert!(message.contains("the ']' is missing"), "{message}");
    let (column, message) = refusal("https://[::g]/");
    assert_eq!(column, 12, "{message}");
    assert!(message.contains("'g' is not a hex digit"), "{message}");
}

/// "host state": a `:` with nothing before it fails ("host-missing"), credentials or not.
#[test]
fn a_port_without_a_host() {
    for record in ["https://:80/", "https://user@:80/"] {
        let (column, message) = refusal(record);
        assert_eq!(
            column,
            record.find(":80").unwrap() + 1,
            "{record}: {message}"
        );
        assert!(
            message.contains("a port needs a host before it"),
            "{message}"
        );
    }
}

/// "host parsing" step 8: a domain that ends in a number goes to the IPv4 parser, whose
/// failures are too many parts, a part that is no number, a part but the last over 255, and a
/// last part of 256^(5 - parts) or more. A hex part (`0x1`) is a validation error and no
/// failure (the parser takes `https://0x1.1/`), so the part blamed is the last, `999999999`,
/// over 256³ - 1 = 16777215.
#[test]
fn a_bad_ipv4_address() {
    let (column, message) = refusal("https://0x1.999999999/");
    assert_eq!(column, 13, "{message}");
    assert!(
        message.contains("'999999999' is over 16777215"),
        "{message}"
    );
    let (column, message) = refusal("https://1.2.3.4.5/");
    assert_eq!(column, 17, "{message}");
    assert!(message.contains("at most 4 parts"), "{message}");
    let (column, message) = refusal("https://1.2.3.09/");
    assert_eq!(column, 15, "{message}");
    assert!(message.contains("'09' is not a number"), "{message}");
}
