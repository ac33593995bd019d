//! url.bs "Host writing": a valid host string (a valid domain string, a valid IPv4-address
//! string, or `[` a valid IPv6-address string `]`) and a valid opaque-host string.
//!
//! A valid domain is what the domain parser accepts with beStrict true (url.bs "IDNA": UTS #46
//! ToASCII with CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength, CheckBidi and CheckJoiners
//! true, Transitional_Processing and IgnoreInvalidPunycode false) and what does not end in a
//! number. The `idna` crate's [`Uts46`] decides; the ASCII rules are checked here first only to
//! say which one fails, and where.
//!
//! VerifyDnsLength follows UTS #46 and its IdnaTestV2 (status A4_2), which the `idna` crate
//! implements as [`DnsLength::Verify`]: a trailing root dot is an empty label, so
//! `example.com.` is not a valid domain.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::grammar::{OPAQUE_HOST, units};
use crate::check::{Problem, Scan};
use crate::excerpt::quote;
use crate::sets::ByteSet;
use crate::sets::ascii::{ALPHANUM, DIGIT, HEXDIG};

/// What an ASCII domain may hold after UTS #46 maps it (UseSTD3ASCIIRules: letters, digits and
/// `-`; upper case maps to lower), and the dots between labels.
const LDH_DOT: ByteSet = ALPHANUM.union(ByteSet::of(b"-."));

/// The ends in a number checker (url.bs "Host parsing") over an ASCII string: its last label,
/// less one trailing empty one, is all digits or `0x` and hex digits (an IPv4 number).
pub fn ends_in_a_number(s: &[u8]) -> bool {
    let s = s.strip_suffix(b".").unwrap_or(s);
    let last = s.rsplit(|&b| b == b'.').next().unwrap_or(s);
    let hex = last.len() >= 2 && last[0] == b'0' && last[1] | 0x20 == b'x';
    !last.is_empty() && DIGIT.prefix_len(last) == last.len()
        || hex && HEXDIG.prefix_len(&last[2..]) == last.len() - 2
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

/// Whether `domain` is a valid domain (url.bs "Host writing"); if not, the problem, at a byte
/// offset in `domain`.
///
/// ```
/// use uriesc::check::whatwg::valid_domain;
///
/// assert!(valid_domain("example.com").is_ok());
/// assert!(valid_domain("bücher.example").is_ok());
/// assert_eq!(valid_domain("a_b.com").unwrap_err().offset, 1);
/// assert!(valid_domain("ab--c.com").is_err()); // UTS #46 CheckHyphens
/// assert!(valid_domain("example.123").is_err()); // ends in a number
/// ```
pub fn valid_domain(domain: &str) -> Result<(), Problem> {
    let scan = Scan::new(domain.as_bytes());
    let b = domain.as_bytes();
    if b.is_empty() {
        return Err(scan.problem(
            0,
            "domain-to-ASCII",
            "a domain cannot be empty (UTS #46 VerifyDnsLength)".into(),
        ));
    }
    // An ASCII character before a combining mark may compose with it (NFC makes '=' and
    // U+0338 one '≠'): such a one is left to ToASCII.
    let disallowed = |i: usize| {
        b[i].is_ascii() && !LDH_DOT.contains(b[i]) && b.get(i + 1).is_none_or(u8::is_ascii)
    };
    if let Some(i) = (0..b.len()).find(|&i| disallowed(i)) {
        return Err(if b[i] == b'%' {
            scan.problem(
                i,
                "domain-percent-encoded",
                "a domain may not be percent-encoded; write its characters".into(),
            )
        } else {
            scan.problem(
                i,
                "domain-to-ASCII",
                format!(
                    "{} is not allowed in a domain (UTS #46 UseSTD3ASCIIRules: letters, \
                     digits and '-' only)",
                    scan.show(i)
                ),
            )
        });
    }
    if domain.is_ascii() {
        ascii_labels(&scan)?;
    }
    match Uts46::new().to_ascii(b, AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify) {
        Err(_) => Err(locate(&scan, domain)),
        Ok(ascii) if ends_in_a_number(ascii.as_bytes()) => Err(scan.problem(
            0,
            "valid-domain",
            format!(
                "'{}' (to ASCII '{}') ends in a number, so it would be read as an IPv4 \
                 address; a domain's last label may not be a number",
                quote(domain.as_bytes()),
                quote(ascii.as_bytes())
            ),
        )),
        Ok(_) => Ok(()),
    }
}

/// The UTS #46 rules an ASCII domain can break without decoding Punycode: VerifyDnsLength
/// (labels of 1 to 63 bytes, no trailing dot, at most 253 bytes) and CheckHyphens (no `-`
/// first or last, no `--` in the 3rd and 4th places), the latter left to ToASCII for `xn--`
/// labels, whose decoded form it applies to.
fn ascii_labels(scan: &Scan) -> Result<(), Problem> {
    let b = scan.bytes;
    let hyphens = |i, message: &str| {
        Err(scan.problem(
            i,
            "domain-to-ASCII",
            format!("{message} (UTS #46 CheckHyphens)"),
        ))
    };
    let mut start = 0;
    for label in b.split(|&c| c == b'.') {
        let end = start + label.len();
        if label.is_empty() {
            let message = if end == b.len() && start > 0 {
                "a valid domain does not end in '.' (UTS #46 VerifyDnsLength); remove it"
            } else {
                "a domain label cannot be empty (UTS #46 VerifyDnsLength); remove a '.'"
            };
            return Err(scan.problem(start.min(b.len() - 1), "domain-to-ASCII", message.into()));
        }
        if label.len() > 63 {
            return Err(scan.problem(
                start + 63,
                "domain-to-ASCII",
                format!(
                    "a domain label is at most 63 bytes (UTS #46 VerifyDnsLength); this one \
                     has {}",
                    label.len()
                ),
            ));
        }
        if !label[..label.len().min(4)].eq_ignore_ascii_case(b"xn--") {
            if label[0] == b'-' {
                return hyphens(start, "a domain label may not begin with '-'");
            }
            if label.get(2..4) == Some(b"--") {
                return hyphens(
                    start + 2,
                    "a domain label may not have '--' in its 3rd and 4th places, which mark \
                     an encoded label like xn--",
                );
            }
            if label[label.len() - 1] == b'-' {
                return hyphens(end - 1, "a domain label may not end in '-'");
            }
        }
        start = end + 1;
    }
    if b.len() > 253 {
        return Err(scan.problem(
            253,
            "domain-to-ASCII",
            format!(
                "a domain is at most 253 bytes (UTS #46 VerifyDnsLength); this one has {}",
                b.len()
            ),
        ));
    }
    Ok(())
}

/// UTS #46 ToASCII of `input` with beStrict's flags, but those that `relax` names, each
/// `None` for beStrict's own.
fn to_ascii(
    input: &str,
    relax: (Option<AsciiDenyList>, Option<Hyphens>, Option<DnsLength>),
) -> Option<String> {
    let (deny, hyphens, length) = relax;
    Uts46::new()
        .to_ascii(
            input.as_bytes(),
            deny.unwrap_or(AsciiDenyList::STD3),
            hyphens.unwrap_or(Hyphens::Check),
            length.unwrap_or(DnsLength::Verify),
        )
        .ok()
        .map(|ascii| ascii.into_owned())
}

/// Why ToASCII refused `domain`, as near as can be told: the first label it refuses on its
/// own, with the one flag that, relaxed, lets it through; else the whole domain (the bidi rule
/// looks across labels, and a mapping can lengthen a domain past 253 bytes).
fn locate(scan: &Scan, domain: &str) -> Problem {
    let problem = |offset, message: String| scan.problem(offset, "domain-to-ASCII", message);
    let mut start = 0;
    for label in domain.split('.') {
        if label.is_empty() || to_ascii(label, (None, None, None)).is_some() {
            start += label.len() + 1;
            continue;
        }
        let why = if let Some(ascii) = to_ascii(label, (None, None, Some(DnsLength::Ignore))) {
            format!(
                "is {} bytes in ASCII ('{}'), over the 63 of a label (UTS #46 \
                 VerifyDnsLength)",
                ascii.len(),
                quote(ascii.as_bytes())
            )
        } else if to_ascii(label, (None, Some(Hyphens::Allow), None)).is_some() {
            "has a '-' first, last, or in its 3rd and 4th places (UTS #46 CheckHyphens)".into()
        } else if to_ascii(label, (Some(AsciiDenyList::URL), None, None)).is_some() {
            "maps to an ASCII character other than a letter, digit or '-' (UTS #46 \
             UseSTD3ASCIIRules)"
                .into()
        } else if label.is_ascii() {
            "is not valid Punycode, or decodes to a label UTS #46 does not allow".into()
        } else {
            "holds a character UTS #46 disallows, or breaks its joiner or bidi rules".into()
        };
        return problem(
            start,
            format!("the label '{}' {why}", quote(label.as_bytes())),
        );
    }
    match to_ascii(domain, (None, None, Some(DnsLength::Ignore))) {
        Some(ascii) => problem(
            0,
            format!(
                "'{}' is {} bytes in ASCII, over the 253 of a domain (UTS #46 \
                 VerifyDnsLength)",
                quote(domain.as_bytes()),
                ascii.len()
            ),
        ),
        None => problem(
            0,
            format!(
                "'{}' breaks the bidi rule across its labels (UTS #46 CheckBidi, RFC 5893)",
                quote(domain.as_bytes())
            ),
        ),
    }
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
