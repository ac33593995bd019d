//! Why the basic URL parser (url.bs "URL parsing", through ada) returns failure on a record,
//! told in the order the parser meets the parts: the scheme ("scheme state"), the credentials
//! and the host's presence ("authority state"), the host ("host state", then "host parsing"),
//! and only after the host the port ("port state").
//!
//! The verdict stays the parser's: this runs after ada has refused a record, asks ada whether
//! it refuses the host alone (under the record's scheme), and then names what the parser's
//! steps refuse in that part. The URL-writing grammar (`grammar`) is stricter than the parser:
//! its first problem may be a byte the parser takes (`{` in a domain is no forbidden domain
//! code point), and naming it for a refusal blamed a part the parser accepted.

use super::domain::ends_in_a_number;
use super::grammar::{Kind, scheme_colon};
use super::host::valid_host;
use crate::check::{Problem, Scan};
use crate::sets::pct_encoded;
use crate::sets::whatwg::{FORBIDDEN_DOMAIN_CODE_POINT, FORBIDDEN_HOST_CODE_POINT};

/// What the parser refuses in `record`, which it refuses, where this module can tell: the
/// problem at the byte it fails on (the parser's own validation error for a rule). None where
/// not told here: no scheme, a `file` URL (drive letters have rules of their own), a tab or
/// newline inside (the parser removes them before it reads), or no part found at fault.
pub(crate) fn why_the_parser_fails(record: &[u8]) -> Option<Problem> {
    // url.bs "basic URL parser": leading and trailing C0 controls and spaces are stripped, and
    // every ASCII tab or newline removed, before the states begin.
    let lead = record.iter().take_while(|&&b| b <= b' ').count();
    let trail = record[lead..]
        .iter()
        .rev()
        .take_while(|&&b| b <= b' ')
        .count();
    let s = &record[lead..record.len() - trail];
    if s.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        return None;
    }
    let colon = scheme_colon(s)?;
    let kind = Kind::of(&s[..colon]);
    let start = match kind {
        Kind::File => return None,
        // "special authority slashes state", "special authority ignore slashes state": the
        // authority begins after any run of `/` and `\`.
        Kind::Special => {
            let slashes = s[colon + 1..]
                .iter()
                .take_while(|b| matches!(b, b'/' | b'\\'));
            colon + 1 + slashes.count()
        }
        // "path or authority state": `//` begins an authority; with none, no state after fails
        // (a path or an opaque path takes any code point).
        Kind::Other if s.get(colon + 1..colon + 3) == Some(b"//") => colon + 3,
        Kind::Other => return None,
    };
    let p = authority(s, colon, start, kind)?;
    Some(Problem {
        offset: lead + p.offset,
        ..p
    })
}

/// The authority of `s` from `start`, its scheme's `:` at `colon`: the credentials, the host,
/// the port, in the parser's order.
fn authority(s: &[u8], colon: usize, start: usize, kind: Kind) -> Option<Problem> {
    let problem = |offset, rule, message: &str| Problem {
        offset,
        rule,
        message: message.into(),
    };
    // "authority state": it ends at `/`, `?`, `#` (or `\` in a special URL); each `@` ends the
    // credentials read so far, so the host begins after the last.
    let end = s[start..]
        .iter()
        .position(|&b| kind.authority_end().contains(b))
        .map_or(s.len(), |p| start + p);
    let host_start = memchr::memrchr(b'@', &s[start..end]).map_or(start, |p| start + p + 1);
    if host_start > start && host_start == end {
        // "If atSignSeen is true and buffer is the empty string, host-missing".
        let message = "the credentials' '@' must have a host after it";
        return Some(problem(host_start, "host-missing", message));
    }
    // "host state": the host ends at a `:` outside brackets, where the port begins.
    let mut inside_brackets = false;
    let host_end = s[host_start..end]
        .iter()
        .position(|&b| {
            match b {
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            b == b':' && !inside_brackets
        })
        .map_or(end, |p| host_start + p);
    let special = kind == Kind::Special;
    if host_start == host_end {
        return match (host_end < end, special) {
            (true, _) => Some(problem(
                host_end,
                "host-missing",
                "a port needs a host before it; write the host, or remove the ':'",
            )),
            (false, true) => Some(problem(
                host_start,
                "host-missing",
                "the host is empty; a URL of this scheme needs one",
            )),
            (false, false) => None,
        };
    }
    let host = std::str::from_utf8(&s[host_start..host_end]).ok()?;
    let scheme = std::str::from_utf8(&s[..colon]).ok()?;
    if !ada_url::Url::can_parse(&format!("{scheme}://{host}/"), None) {
        let p = host_failure(host.as_bytes(), special);
        return Some(Problem {
            offset: host_start + p.offset,
            ..p
        });
    }
    port(s, host_end, end)
}

/// Why the host parser (url.bs "host parsing") refuses `host`, which ada refuses: the first of
/// its steps that fails, at the byte it fails on (else at the host's start).
fn host_failure(host: &[u8], special: bool) -> Problem {
    let problem = |offset, rule, message: String| Problem {
        offset,
        rule,
        message,
    };
    let refused = || {
        problem(
            0,
            "host-invalid",
            format!("the host parser refuses the host '{}'", show(host)),
        )
    };
    // Step 1: `[` begins an IPv6 address, which `]` must end; every validation error of the
    // IPv6 parser returns failure, so the grammar's first one is a failure.
    if host.first() == Some(&b'[') {
        return valid_host(&Scan::new(host), 0, host.len())
            .err()
            .unwrap_or_else(refused);
    }
    // Step 2: an opaque host fails on a forbidden host code point.
    if !special {
        return match host
            .iter()
            .position(|&b| FORBIDDEN_HOST_CODE_POINT.contains(b))
        {
            Some(i) => problem(
                i,
                "host-invalid-code-point",
                format!(
                    "{} is not allowed in a host (a forbidden host code point)",
                    named(host, i)
                ),
            ),
            None => refused(),
        };
    }
    // Step 4: the host percent-decoded, each decoded byte with where it was written.
    let mut decoded = Vec::with_capacity(host.len());
    let mut at = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        match pct_encoded(host, i) {
            Some(b) => (decoded.push(b), at.push(i), i += 3),
            None => (decoded.push(host[i]), at.push(i), i += 1),
        };
    }
    // The escape that decoded byte `d` was written as, where it was one.
    let escape = |d: usize| {
        (host[at[d]] == b'%' && pct_encoded(host, at[d]).is_some())
            .then(|| String::from_utf8_lossy(&host[at[d]..at[d] + 3]).into_owned())
    };
    // Then UTF-8 decode without BOM: a byte that is not UTF-8 becomes U+FFFD, which UTS #46
    // disallows (step 5 fails).
    let text = match std::str::from_utf8(&decoded) {
        Ok(text) => text,
        Err(e) => {
            let d = e.valid_up_to();
            let byte = format!("the byte 0x{:02X}", decoded[d]);
            let what = match escape(d) {
                Some(escape) => format!("'{escape}' decodes to {byte}, which"),
                None => byte,
            };
            let message = format!(
                "{what} is not UTF-8: the parser reads it as U+FFFD, which UTS #46 disallows \
                 in a domain"
            );
            return problem(at[d], "domain-to-ASCII", message);
        }
    };
    // Step 5: domain to ASCII (UTS #46 ToASCII, CheckBidi and CheckJoiners on).
    let ascii = ada_url::Idna::ascii(text);
    if ascii.is_empty()
        && let Some(why) = super::refusal::why_the_parser_refuses(&String::from_utf8_lossy(host))
    {
        return problem(0, "domain-to-ASCII", why);
    }
    // Step 7: a forbidden domain code point fails (ToASCII keeps ASCII as it is, lowercased).
    if let Some(d) = decoded
        .iter()
        .position(|&b| FORBIDDEN_DOMAIN_CODE_POINT.contains(b))
    {
        let shown = named(&decoded, d);
        let what = match escape(d) {
            Some(escape) => format!("'{escape}' decodes to {shown}, which"),
            None if decoded[d] == b'%' => "'%' that begins no escape".to_string(),
            None => shown,
        };
        let message = format!("{what} is not allowed in a domain (a forbidden domain code point)");
        return problem(at[d], "domain-invalid-code-point", message);
    }
    if ascii.is_empty() {
        let message = format!("UTS #46 ToASCII refuses the domain '{}'", show(host));
        return problem(0, "domain-to-ASCII", message);
    }
    // Step 8: a domain that ends in a number is an IPv4 address, or the parser fails. Offsets
    // into the ASCII domain are the host's where ToASCII only lowercased it.
    if ends_in_a_number(ascii.as_bytes()) {
        let (at, rule, message) = ipv4_failure(&ascii);
        let at = if host.eq_ignore_ascii_case(ascii.as_bytes()) {
            at
        } else {
            0
        };
        return problem(at, rule, message);
    }
    refused()
}

/// Why the IPv4 parser (url.bs "IPv4 parser") fails on `domain`, which ends in a number: too
/// many parts, a part that is no number (decimal, `0x` hex or `0` octal: "IPv4 number
/// parser"), a part but the last over 255, or the last over what the bytes left can hold. Its
/// other validation errors (a hex or octal part, an empty last part) are no failures.
fn ipv4_failure(domain: &str) -> (usize, &'static str, String) {
    let read = format!("'{domain}' ends in a number, so the parser reads it as an IPv4 address");
    let mut parts: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    for part in domain.split('.') {
        parts.push((start, part));
        start += part.len() + 1;
    }
    if parts.len() > 1 && parts.last().is_some_and(|(_, p)| p.is_empty()) {
        parts.pop();
    }
    if parts.len() > 4 {
        let message = format!(
            "{read}, which has at most 4 parts: this has {}",
            parts.len()
        );
        return (parts[4].0, "IPv4-too-many-parts", message);
    }
    let count = parts.len();
    for (i, &(at, part)) in parts.iter().enumerate() {
        let (digits, radix) = match part.as_bytes() {
            [b'0', b'x' | b'X', ..] => (&part[2..], 16),
            [b'0', _, ..] => (&part[1..], 8),
            _ => (part, 10),
        };
        // "IPv4 number parser": a code point that is not a radix-R digit fails; a number too
        // big for 64 bits is only out of range.
        let numeric = digits.chars().all(|c| c.is_digit(radix));
        if !numeric || (digits.is_empty() && radix == 10) {
            let message = format!(
                "{read}, and '{part}' is not a number (decimal, hex after 0x, octal after 0)"
            );
            return (at, "IPv4-non-numeric-part", message);
        }
        let value = match digits {
            "" => 0,
            _ => u64::from_str_radix(digits, radix).unwrap_or(u64::MAX),
        };
        let last = i + 1 == count;
        let max = if last {
            (1u64 << (8 * (5 - count))) - 1
        } else {
            255
        };
        if value > max {
            let which = if last {
                "its last part"
            } else {
                "a part but the last"
            };
            let message = format!("{read}, and '{part}' is over {max}, the most {which} holds");
            return (at, "IPv4-out-of-range-part", message);
        }
    }
    let message = format!("{read}, and it is not one");
    (0, "IPv4-non-numeric-part", message)
}

/// Why "port state" fails on the port in `s[colon..end]` (after the host's `:` at `colon`,
/// where there is one): a byte but a digit ("port-invalid"), or a value over 65535
/// ("port-out-of-range").
fn port(s: &[u8], colon: usize, end: usize) -> Option<Problem> {
    if colon >= end {
        return None;
    }
    let port = &s[colon + 1..end];
    if let Some(i) = port.iter().position(|b| !b.is_ascii_digit()) {
        return Some(Problem {
            offset: colon + 1 + i,
            rule: "port-invalid",
            message: format!(
                "{} is not allowed in a port, which is a number from 0 to 65535",
                Scan::new(s).show(colon + 1 + i)
            ),
        });
    }
    let value = port
        .iter()
        .fold(0u32, |n, &d| (n * 10 + u32::from(d - b'0')).min(1 << 16));
    (value > 65535).then(|| Problem {
        offset: colon + 1,
        rule: "port-out-of-range",
        message: "a port is a number from 0 to 65535".into(),
    })
}

/// The byte at `bytes[i]` (an ASCII one) in a sentence: "a space", "'|'", "the control
/// character U+0000".
fn named(bytes: &[u8], i: usize) -> String {
    let shown = Scan::new(bytes).show(i);
    match bytes[i] {
        b' ' => "a space".to_string(),
        b'!'..=b'~' => shown,
        _ => format!("the {shown}"),
    }
}

/// A host in a message.
fn show(host: &[u8]) -> String {
    crate::visible::visible(host).to_string()
}
