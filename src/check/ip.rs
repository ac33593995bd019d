//! IP addresses as text: RFC 3986 §3.2.2's `IPv4address`, `IPv6address` and `IPvFuture`, and
//! the shape of an IPv6 address that RFC 3986 shares with RFC 2373 §2.2 (which RFC 2732 §3
//! takes for RFC 2396), each side judging the IPv4 part after its own rule.

use super::hexdigits;
use crate::sets::ascii::{DIGIT, HEXDIG};
use crate::sets::{ByteSet, rfc3986};

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub fn ipv_future(s: &[u8]) -> bool {
    let Some(rest) = s.strip_prefix(b"v").or_else(|| s.strip_prefix(b"V")) else {
        return false;
    };
    let digits = rest.iter().take_while(|&&b| HEXDIG.contains(b)).count();
    let Some(tail) = rest[digits..].strip_prefix(b".") else {
        return false;
    };
    const ALLOWED: ByteSet = rfc3986::UNRESERVED.union(rfc3986::SUB_DELIMS).add(b':');
    digits > 0 && !tail.is_empty() && tail.iter().all(|&b| ALLOWED.contains(b))
}

/// `IPv6address` (the nine alternatives of Appendix A): eight 16-bit pieces, or fewer with one
/// `::` standing for at least one zero piece; the last 32 bits may be an `IPv4address`.
pub fn ipv6address(s: &[u8]) -> bool {
    ipv6_pieces(s, ipv4address)
}

/// The shape of an IPv6 address in text, shared by RFC 3986 §3.2.2 and RFC 2373 §2.2 (which
/// RFC 2732 §3 takes for RFC 2396): eight pieces of `1*4HEXDIG` separated by `:`, or fewer with
/// one `::` standing for at least one zero piece, the last two pieces perhaps written as an
/// IPv4 address, which `ipv4address` judges (the two RFCs differ there).
pub(crate) fn ipv6_pieces(s: &[u8], ipv4address: impl Fn(&[u8]) -> bool) -> bool {
    let (head, tail, compressed) = match s.windows(2).position(|w| w == b"::") {
        Some(i) => (&s[..i], &s[i + 2..], true),
        None => (s, &b""[..], false),
    };
    // Pieces, counting an IPv4address as two; None if a piece is malformed.
    let pieces = |part: &[u8], may_end_in_ipv4: bool| -> Option<usize> {
        if part.is_empty() {
            return Some(0);
        }
        let last = part.rsplit(|&b| b == b':').next().unwrap_or_default();
        let (h16s, ipv4) = match may_end_in_ipv4 && last.contains(&b'.') {
            true if last.len() == part.len() => (None, Some(last)),
            true => (Some(&part[..part.len() - last.len() - 1]), Some(last)),
            false => (Some(part), None),
        };
        let mut count = 0;
        for field in h16s.into_iter().flat_map(|h| h.split(|&b| b == b':')) {
            if !h16(field) {
                return None;
            }
            count += 1;
        }
        match ipv4 {
            Some(v4) if !ipv4address(v4) => None,
            Some(_) => Some(count + 2),
            None => Some(count),
        }
    };
    if compressed {
        if tail.windows(2).any(|w| w == b"::") {
            return false;
        }
        match (pieces(head, false), pieces(tail, true)) {
            (Some(h), Some(t)) => h + t <= 7,
            _ => false,
        }
    } else {
        pieces(head, true) == Some(8)
    }
}

/// `h16 = 1*4HEXDIG`.
fn h16(s: &[u8]) -> bool {
    (1..=4).contains(&s.len()) && hexdigits(s)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, where a dec-octet is
/// 0–255 without leading zeros.
pub fn ipv4address(s: &[u8]) -> bool {
    let dec_octet = |o: &[u8]| {
        let digits = !o.is_empty() && o.len() <= 3 && o.iter().all(|&b| DIGIT.contains(b));
        let no_leading_zero = o.len() <= 1 || o[0] != b'0';
        digits
            && no_leading_zero
            && o.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 255
    };
    s.split(|&b| b == b'.').count() == 4 && s.split(|&b| b == b'.').all(dec_octet)
}

/// Where an IPv6 address is written as a host without the brackets that every standard since
/// RFC 2732 puts around it (`brackets`: the standard's rule, for the message): the problem, at
/// `start`, with the host as it must be written. `s[start..end]` is the host, or in a URI the
/// host and what would be read as a port (an unbracketed address has its last ':' taken for
/// one). `None` where it is no IPv6 address: the caller's own problem stands.
pub(super) fn unbracketed_ipv6(
    scan: &super::Scan,
    start: usize,
    end: usize,
    brackets: &str,
) -> Option<super::Problem> {
    let host = &scan.bytes[start..end];
    // Every IPv6 address has two ':' or more (RFC 4291 §2.2): most hosts are told apart here.
    memchr::memchr_iter(b':', host).nth(1)?;
    ipv6address(host).then(|| {
        scan.problem(
            start,
            "IP-literal",
            format!(
                "an IPv6 address in a host is written in brackets: [{}] ({brackets})",
                String::from_utf8_lossy(host)
            ),
        )
    })
}
