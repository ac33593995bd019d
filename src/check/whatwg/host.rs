//! url.bs "Host writing": a valid host string (a valid domain string, a valid IPv4-address
//! string, or `[` a valid IPv6-address string `]`) and a valid opaque-host string. A valid
//! domain is `domain`'s.

use super::domain::{ends_in_a_number, valid_domain};
use super::units::{OPAQUE_HOST, units};
use crate::check::{Problem, Scan};
use crate::excerpt::quote;
use crate::sets::ByteSet;
use crate::sets::ascii::{DIGIT, HEXDIG};

/// The problem of an IPv6 address without its brackets over `s[start..end]`, if it is one.
pub(super) fn unbracketed_ipv6(scan: &Scan, start: usize, end: usize) -> Option<Problem> {
    let rule = "url.bs \"host writing\": '[', a valid IPv6-address string, ']'";
    crate::check::ip::unbracketed_ipv6(scan, start, end, rule)
}

/// `valid host string` over `s[start..end]`.
pub(super) fn valid_host(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let host = &scan.bytes[start..end];
    if host.first() == Some(&b'[') {
        let Some(close) = memchr::memchr(b']', host).map(|p| start + p) else {
            return Err(scan.problem(
                start,
                "IPv6-unclosed",
                "an IPv6 host is written in brackets, like [2001:db8::1]: the ']' is missing"
                    .into(),
            ));
        };
        if close + 1 != end {
            return Err(scan.problem(
                close + 1,
                "valid-host-string",
                format!(
                    "{} may not follow the ']' of an IPv6 host",
                    scan.show(close + 1)
                ),
            ));
        }
        return ipv6(scan, start + 1, close);
    }
    // A ':' is a forbidden host code point; in an IPv6 address, brackets are the answer.
    if memchr::memchr(b':', host).is_some()
        && let Some(problem) = unbracketed_ipv6(scan, start, end)
    {
        return Err(problem);
    }
    if host.is_empty() {
        return Err(scan.problem(
            start,
            "host-missing",
            "the host is empty; a URL of this scheme needs one".into(),
        ));
    }
    // An ASCII domain comes out of ToASCII lower-cased and otherwise as it went in: whether it
    // ends in a number can be asked of the text, and then it must be an IPv4 address.
    if host.is_ascii() && ends_in_a_number(host) {
        return ipv4(scan, start, end, false);
    }
    let text = std::str::from_utf8(host).map_err(|e| {
        let i = start + e.valid_up_to();
        scan.problem(
            i,
            "invalid-URL-unit",
            format!(
                "{} is not UTF-8; a domain is text (percent-encoding it is no help)",
                scan.show(i)
            ),
        )
    })?;
    valid_domain(text).map_err(|p| Problem {
        offset: start + p.offset,
        ..p
    })
}

/// `valid opaque-host string` over `s[start..end]`: one or more URL units but forbidden host
/// code points, or `[` a valid IPv6-address string `]`.
pub(super) fn valid_opaque_host(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    if scan.bytes.get(start) == Some(&b'[') {
        return valid_host(scan, start, end);
    }
    let stop = units(scan, start, &OPAQUE_HOST, &ByteSet::EMPTY, false, end)?;
    debug_assert_eq!(stop, end);
    Ok(())
}

/// The names of the IPv4 errors: of a host (url.bs "IPv4 parser") or of the IPv4 address at
/// the end of an IPv6 one (the IPv6 parser's IPv4-in-IPv6 errors).
struct Ipv4Rules {
    non_numeric: &'static str,
    non_decimal: &'static str,
    out_of_range: &'static str,
    empty: &'static str,
    too_few: &'static str,
    too_many: &'static str,
}

const IPV4: Ipv4Rules = Ipv4Rules {
    non_numeric: "IPv4-non-numeric-part",
    non_decimal: "IPv4-non-decimal-part",
    out_of_range: "IPv4-out-of-range-part",
    empty: "IPv4-empty-part",
    too_few: "IPv4-too-few-parts",
    too_many: "IPv4-too-many-parts",
};

const IPV4_IN_IPV6: Ipv4Rules = Ipv4Rules {
    non_numeric: "IPv4-in-IPv6-invalid-code-point",
    non_decimal: "IPv4-in-IPv6-invalid-code-point",
    out_of_range: "IPv4-in-IPv6-out-of-range-part",
    empty: "IPv4-in-IPv6-invalid-code-point",
    too_few: "IPv4-in-IPv6-too-few-parts",
    too_many: "IPv4-in-IPv6-invalid-code-point",
};

/// `valid IPv4-address string` over `s[start..end]`: four shortest decimal numbers from 0 to
/// 255, separated by `.`.
pub(super) fn ipv4(scan: &Scan, start: usize, end: usize, in_ipv6: bool) -> Result<(), Problem> {
    let s = scan.bytes;
    let rules = if in_ipv6 { &IPV4_IN_IPV6 } else { &IPV4 };
    let what = if in_ipv6 {
        "an IPv4 address at the end of an IPv6 one is four decimal numbers from 0 to 255"
    } else {
        "a host that ends in a number is an IPv4 address, four decimal numbers from 0 to 255 \
         like 192.0.2.1"
    };
    let problem = |i, rule, why: String| Err(scan.problem(i, rule, format!("{what}: {why}")));
    let mut part_start = start;
    let mut parts = 0;
    loop {
        let part_end = memchr::memchr(b'.', &s[part_start..end]).map_or(end, |p| part_start + p);
        let part = &s[part_start..part_end];
        parts += 1;
        if part.is_empty() && part_end == end && parts > 1 {
            return problem(part_start - 1, rules.empty, "remove the final '.'".into());
        }
        if parts > 4 {
            return problem(part_start - 1, rules.too_many, "this has more".into());
        }
        let digits = DIGIT.prefix_len(part);
        let shown = quote(part);
        if part.is_empty() {
            return problem(part_start, rules.non_numeric, "a number is missing".into());
        } else if part.len() > 1 && part[0] == b'0' {
            let why = format!("'{shown}' is not decimal (a leading 0 means octal, 0x hex)");
            return problem(part_start, rules.non_decimal, why);
        } else if digits < part.len() {
            let why = format!("'{shown}' is not a decimal number");
            return problem(part_start + digits, rules.non_numeric, why);
        } else if part.len() > 3
            || part.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) > 255
        {
            return problem(
                part_start,
                rules.out_of_range,
                format!("{shown} is over 255"),
            );
        }
        if part_end == end {
            break;
        }
        part_start = part_end + 1;
    }
    if parts < 4 {
        return problem(start, rules.too_few, format!("this has {parts}"));
    }
    Ok(())
}

/// `valid IPv6-address string` over `s[start..end]` (within the brackets): eight shortest
/// pieces of 1 to 4 hex digits (an IPv4 address at the end counts for two), or fewer around
/// one `::` that stands for at least one.
pub(super) fn ipv6(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let what = "an IPv6 address is eight pieces of 1 to 4 hex digits, like 2001:db8:0:0:0:0:0:1 \
                or 2001:db8::1";
    let problem = |i, rule, why: &str| Err(scan.problem(i, rule, format!("{what}: {why}")));
    let mut i = start;
    let mut pieces = 0;
    let mut compressed = false;
    if s.get(i) == Some(&b':') && i < end {
        if i + 1 >= end || s[i + 1] != b':' {
            return problem(
                i,
                "IPv6-invalid-compression",
                "it may begin with '::', not ':'",
            );
        }
        i += 2;
        compressed = true;
    }
    while i < end {
        if s[i] == b':' {
            if compressed {
                // The second '::' begins at the ':' before (every ':' here follows one).
                return problem(
                    i - 1,
                    "IPv6-multiple-compression",
                    "'::' may appear once only",
                );
            }
            compressed = true;
            i += 1;
            continue;
        }
        let digits = HEXDIG.prefix_len(&s[i..end]);
        if s.get(i + digits) == Some(&b'.') && i + digits < end {
            ipv4(scan, i, end, true)?;
            pieces += 2;
            if pieces > if compressed { 7 } else { 8 } {
                return problem(i, "IPv4-in-IPv6-too-many-pieces", "this has more");
            }
            break;
        }
        if digits == 0 {
            let why = format!("{} is not a hex digit", scan.show(i));
            return problem(i, "IPv6-invalid-code-point", &why);
        } else if digits > 4 {
            return problem(
                i + 4,
                "IPv6-invalid-code-point",
                "a piece has at most 4 digits",
            );
        } else if digits > 1 && s[i] == b'0' {
            return problem(i, "IPv6-piece-leading-zero", "a piece has no leading zeros");
        }
        pieces += 1;
        if pieces > if compressed { 7 } else { 8 } {
            return problem(i, "IPv6-too-many-pieces", "this has more");
        }
        i += digits;
        if i < end {
            if s[i] != b':' {
                let why = format!("{} is not a hex digit", scan.show(i));
                return problem(i, "IPv6-invalid-code-point", &why);
            }
            i += 1;
            if i == end {
                return problem(
                    i - 1,
                    "IPv6-invalid-code-point",
                    "it may end in '::', not ':'",
                );
            }
        }
    }
    if compressed && pieces > 7 {
        return problem(
            start,
            "IPv6-too-many-pieces",
            "'::' stands for one piece or more",
        );
    }
    if !compressed && pieces < 8 {
        return problem(
            start,
            "IPv6-too-few-pieces",
            "this has fewer (write '::' for zeros)",
        );
    }
    Ok(())
}
