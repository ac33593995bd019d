//! WHATWG URL validity: a "valid URL string" (URL Standard §4.3), through the `url` crate's
//! parser, which implements the standard and is tested on the web-platform-tests.
//!
//! Most URLs in a list are of one plain shape that raises no validation error; [`common_url`]
//! accepts those in one pass, without the parser, and is tested against it.
//!
//! A parse failure is invalid with its reason; a parse that reports a validation error (the
//! crate's "syntax violations") is invalid too, since a valid URL string raises none. Where the
//! crate (2.5.8, built on the standard of early 2025) lags the current one (url.bs 6ae84860,
//! 2026-07-02), the difference is mended here, each in `lag`, and listed in the tests:
//!
//! * a host written as an IPv4 address must be the shortest dotted-decimal form: the crate
//!   accepts `1.2.3` (IPv4-too-few-parts, new 2026-06-30) and `0x7f.1` (IPv4-non-decimal-part)
//!   silently;
//! * a domain may not hold a percent-escape (domain-percent-encoded, new 2026-06-30);
//! * an IPv6 piece may not have a leading zero (IPv6-piece-leading-zero, new 2026-07-01);
//! * the crate counts U+E0000–U+E0FFF as non-URL code points; the standard's URL code points
//!   include them (U+00A0 to U+10FFFD less surrogates and noncharacters).

use std::cell::RefCell;

use url::{Host, SyntaxViolation, Url};

use super::{Problem, rfc3986};
use crate::sets::ascii::{ALPHA, ALPHANUM, DIGIT};
use crate::sets::whatwg::FORBIDDEN_DOMAIN_CODE_POINT;
use crate::sets::{ByteSet, Component, pct_encoded};

/// The base a `-c reference` is resolved against: any special URL works, since only the
/// reference's own validity is in question.
const BASE: &str = "https://base.invalid/";

/// Checks `s` as a URL (`uri`) or a URL relative to a base (`reference`).
#[inline]
pub fn check(s: &[u8], component: Component) -> Result<(), Problem> {
    if common_url(s) {
        return Ok(());
    }
    check_by_parser(s, component)
}

/// This standard's validator, registered in [`super::validator`].
pub const VALIDATOR: super::Validator = super::Validator { check, supports };

/// The URL parser reads whole URLs only.
fn supports(component: Component) -> Result<(), &'static str> {
    match component {
        Component::Uri | Component::Reference => Ok(()),
        _ => Err(
            "with --whatwg, check validates whole URLs (-c uri, or -c reference for a URL \
             relative to a base)",
        ),
    }
}

/// The special schemes (§4.2) whose URLs have a domain and a path of segments; `file` has
/// rules of its own (drive letters, an empty host) and is left to the parser.
const SPECIAL: [&[u8]; 5] = [b"http", b"https", b"ws", b"wss", b"ftp"];

/// What a label of [`common_url`]'s domain is made of: ASCII alphanumerics and `-`.
const LABEL: ByteSet = ALPHANUM.add(b'-');

/// A fast path for the shape most URLs have: a special scheme but `file` (any case), `://`, a
/// domain of dot-separated non-empty labels of `LABEL` (ASCII alphanumerics and `-`), an optional port of 1 to 5 digits
/// worth at most 65535, then path, query and fragment as RFC 3986 writes them
/// (`rfc3986::after_authority`). False means "look closer", and [`check_by_parser`] (the
/// reference this is tested against) parses the URL.
///
/// Why such a URL raises no validation error: its scheme is read as written (lowercased); the
/// domain needs no percent-decoding, and domain to ASCII (§3.5, UTS #46 with `CheckHyphens`
/// and `VerifyDnsLength` false) only lowercases it, as no label is an `xn--` one to decode; it
/// does not end in a number (§3.5: the last label begins with a letter), so it is not an IPv4
/// address; the port is in range; every byte after it is a URL code point or begins a valid
/// escape (RFC 3986's `pchar`, `/` and `?` are all URL code points), `#` only once. No
/// credentials, no backslash, no spaces or controls, no stray `%`.
///
/// Public only for the crate's tests (they hold it to its reference); not part of the API.
#[doc(hidden)]
pub fn common_url(s: &[u8]) -> bool {
    let scheme = ALPHA.prefix_len(s);
    if s.get(scheme..scheme + 3) != Some(b"://")
        || !SPECIAL
            .iter()
            .any(|name| s[..scheme].eq_ignore_ascii_case(name))
    {
        return false;
    }
    let mut i = scheme + 3;
    let last_label = loop {
        let label = &s[i..i + LABEL.prefix_len(&s[i..])];
        if label.is_empty()
            || label
                .get(..4)
                .is_some_and(|l| l.eq_ignore_ascii_case(b"xn--"))
        {
            return false;
        }
        i += label.len();
        if s.get(i) != Some(&b'.') {
            break label;
        }
        i += 1;
    };
    if !ALPHA.contains(last_label[0]) {
        return false;
    }
    if s.get(i) == Some(&b':') {
        let digits = &s[i + 1..i + 1 + DIGIT.prefix_len(&s[i + 1..])];
        if !(1..=5).contains(&digits.len())
            || digits
                .iter()
                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
                > 65535
        {
            return false;
        }
        i += 1 + digits.len();
    }
    rfc3986::after_authority(s, i)
}

/// [`check`] without the fast path of [`common_url`]: the `url` crate's parser, every time.
///
/// Public only for the crate's tests (they hold it to its reference); not part of the API.
#[doc(hidden)]
pub fn check_by_parser(s: &[u8], component: Component) -> Result<(), Problem> {
    let text = std::str::from_utf8(s).map_err(|e| Problem {
        offset: e.valid_up_to(),
        rule: "invalid-URL-unit",
        message: "a URL is text, and this byte is not UTF-8; percent-encode it".into(),
    })?;
    let violations = RefCell::new(Vec::new());
    let report = |v: SyntaxViolation| violations.borrow_mut().push(v);
    let base = match component {
        Component::Reference => Url::parse(BASE).ok(),
        _ => None,
    };
    let parsed = Url::options()
        .base_url(base.as_ref())
        .syntax_violation_callback(Some(&report))
        .parse(text);
    let url = parsed.map_err(|e| failure_problem(text, e))?;
    for violation in violations.into_inner() {
        if let Some(problem) = violation_problem(text, violation) {
            return Err(problem);
        }
    }
    lag(text, &url)
}

/// The problem of a URL the parser refuses, placed where the text goes wrong: a host's
/// problem at the host (or at its first forbidden domain code point), a port's at the port.
fn failure_problem(text: &str, error: url::ParseError) -> Problem {
    use url::ParseError as E;
    // The rule is "failure" for each: the parser returns failure (url.bs), whatever the
    // validation error that came with it.
    let problem = |offset, rule, message: String| Problem {
        offset,
        rule,
        message,
    };
    let host = host_span(text);
    let host_start = host.map_or(0, |(start, _)| start);
    match error {
        E::RelativeUrlWithoutBase => problem(
            0,
            "failure",
            "missing scheme (did you mean a reference? use -c reference)".into(),
        ),
        E::IdnaError | E::InvalidDomainCharacter => {
            let (start, end) = host.unwrap_or((0, text.len()));
            let written = &text[start..end];
            // A domain is percent-decoded before it is checked (§3.5 host parsing, step 4).
            let forbidden = written.char_indices().find_map(|(i, c)| {
                match pct_encoded(written.as_bytes(), i) {
                    Some(b) if FORBIDDEN_DOMAIN_CODE_POINT.contains(b) => Some((
                        i,
                        format!(
                            "'{}' decodes to {}, which is not allowed",
                            &written[i..i + 3],
                            describe(b as char)
                        ),
                    )),
                    Some(_) => None,
                    None => (c.is_ascii() && FORBIDDEN_DOMAIN_CODE_POINT.contains(c as u8))
                        .then(|| (i, format!("{} is not allowed", describe(c)))),
                }
            });
            match forbidden {
                Some((i, what)) => problem(
                    start + i,
                    "failure",
                    format!("{what} in a domain; remove it"),
                ),
                None => problem(
                    start,
                    "failure",
                    format!("'{written}' is not a valid international domain name (UTS #46)"),
                ),
            }
        }
        E::EmptyHost => problem(
            host_start,
            "failure",
            "the host is empty; a URL of this scheme needs one".into(),
        ),
        E::InvalidPort => {
            let offset = host.map_or(0, |(_, end)| end + 1).min(text.len());
            problem(
                offset,
                "failure",
                "the port must be a number from 0 to 65535".into(),
            )
        }
        E::InvalidIpv4Address => problem(
            host_start,
            "failure",
            "not an IPv4 address: each number must fit its place (at most 255, the last \
             fills what is left of 32 bits)"
                .into(),
        ),
        E::InvalidIpv6Address => problem(host_start, "failure", "not an IPv6 address".into()),
        e => problem(0, "failure", format!("not a URL: {e}")),
    }
}

/// The problem a validation error makes, placed where it is; `None` for the crate's
/// non-URL-code-point report when the standard finds no such code point (see the module doc).
fn violation_problem(text: &str, violation: SyntaxViolation) -> Option<Problem> {
    let find = |pred: &dyn Fn(char) -> bool| text.char_indices().find(|&(_, c)| pred(c));
    let (offset, rule, message) = match violation {
        SyntaxViolation::NonUrlCodePoint => {
            let (i, c) = first_non_url_code_point(text)?;
            (
                i,
                "invalid-URL-unit",
                format!("{} is not a URL code point; percent-encode it", describe(c)),
            )
        }
        SyntaxViolation::PercentDecode => {
            let i = text
                .match_indices('%')
                .map(|(i, _)| i)
                .find(|&i| pct_encoded(text.as_bytes(), i).is_none())
                .unwrap_or(0);
            (
                i,
                "invalid-URL-unit",
                "'%' must begin an escape like %25 (a literal '%' is written %25)".into(),
            )
        }
        SyntaxViolation::Backslash => (
            find(&|c| c == '\\').map_or(0, |(i, _)| i),
            "invalid-reverse-solidus",
            "'\\' is read as '/' in this URL; write '/'".into(),
        ),
        SyntaxViolation::C0SpaceIgnored => (
            find(&|c| c <= ' ').map_or(0, |(i, _)| i),
            "invalid-URL-unit",
            "leading or trailing spaces and controls are stripped from a URL; remove them".into(),
        ),
        SyntaxViolation::TabOrNewlineIgnored => (
            find(&|c| matches!(c, '\t' | '\n' | '\r')).map_or(0, |(i, _)| i),
            "invalid-URL-unit",
            "tabs and newlines are removed from a URL; remove them or encode them".into(),
        ),
        SyntaxViolation::EmbeddedCredentials | SyntaxViolation::UnencodedAtSign => (
            text.rfind('@').unwrap_or(0),
            "invalid-credentials",
            "a valid URL has no user name or password".into(),
        ),
        SyntaxViolation::ExpectedDoubleSlash | SyntaxViolation::ExpectedFileDoubleSlash => (
            text.find(':').map_or(0, |i| i + 1),
            "special-scheme-missing-following-solidus",
            "expected '//' after the scheme".into(),
        ),
        other => (0, "validation-error", other.description().to_string()),
    };
    Some(Problem {
        offset,
        rule,
        message,
    })
}

/// The first code point of `text` that may not stand in a valid URL string: not a URL code
/// point (§4.3), where `%` counts when it begins an escape, the first `#` begins the fragment,
/// and `[` `]` are allowed around the host.
fn first_non_url_code_point(text: &str) -> Option<(usize, char)> {
    let host = host_span(text);
    let mut seen_hash = false;
    text.char_indices().find(|&(i, c)| match c {
        '%' => pct_encoded(text.as_bytes(), i).is_none(),
        '#' if !seen_hash => {
            seen_hash = true;
            false
        }
        '[' | ']' => !host.is_some_and(|(start, end)| (start..end).contains(&i)),
        c => !is_url_code_point(c),
    })
}

/// URL code points (§4.3): ASCII alphanumerics, `!$&'()*+,-./:;=?@_~`, and U+00A0 to
/// U+10FFFD less surrogates and noncharacters.
fn is_url_code_point(c: char) -> bool {
    let n = c as u32;
    c.is_ascii_alphanumeric()
        || "!$&'()*+,-./:;=?@_~".contains(c)
        || ((0xA0..=0x10FFFD).contains(&n)
            && !(0xFDD0..=0xFDEF).contains(&n)
            && (n & 0xFFFE) != 0xFFFE)
}

fn describe(c: char) -> String {
    match c {
        ' ' => "space".into(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c => format!("'{c}'"),
    }
}

/// Where the host is written in `text`, as byte offsets: after `scheme:` and the slashes, past
/// any credentials, up to the port or the path. Not RFC 3986's `Parts`/`Authority`: the WHATWG
/// parser reads `\` as `/` and any number of slashes in a special URL, so the text is cut as
/// it would.
fn host_span(text: &str) -> Option<(usize, usize)> {
    let colon = text.find(':')?;
    let after = &text[colon + 1..];
    let slashes = after.len() - after.trim_start_matches(['/', '\\']).len();
    if slashes < 2 {
        return None;
    }
    let start = colon + 1 + slashes;
    let end = text[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(text.len(), |p| start + p);
    let start = text[start..end].rfind('@').map_or(start, |p| start + p + 1);
    let host = &text[start..end];
    let host_end = if host.starts_with('[') {
        host.find(']').map_or(host.len(), |p| p + 1)
    } else {
        host.find(':').unwrap_or(host.len())
    };
    Some((start, start + host_end))
}

/// The validation errors the current standard has and the crate does not raise.
fn lag(text: &str, url: &Url) -> Result<(), Problem> {
    // Most hosts are domains written without escapes: no need to find where the host is.
    let host = url.host();
    if host.is_none() || matches!(host, Some(Host::Domain(_))) && !text.contains('%') {
        return Ok(());
    }
    let Some((start, end)) = host_span(text) else {
        return Ok(());
    };
    let written = &text[start..end];
    let problem = |rule, message: String| {
        Err(Problem {
            offset: start,
            rule,
            message,
        })
    };
    match host {
        Some(Host::Ipv4(address)) if written != address.to_string() => problem(
            if written.trim_end_matches('.').split('.').count() < 4 {
                "IPv4-too-few-parts"
            } else {
                "IPv4-non-decimal-part"
            },
            format!("an IPv4 host is written as four decimal numbers: {address}, not '{written}'"),
        ),
        Some(Host::Domain(_)) if written.contains('%') => problem(
            "domain-percent-encoded",
            "a domain may not be percent-encoded; write its characters".into(),
        ),
        Some(Host::Ipv6(_))
            if written
                .trim_matches(['[', ']'])
                .split(':')
                .any(|piece| piece.len() > 1 && piece.starts_with('0') && !piece.contains('.')) =>
        {
            problem(
                "IPv6-piece-leading-zero",
                "an IPv6 piece is written without leading zeros".into(),
            )
        }
        _ => Ok(()),
    }
}
