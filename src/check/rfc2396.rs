//! RFC 2396 Appendix A, as amended by RFC 2732 §3 (IPv6 references in the host; `[` `]` in
//! `reserved`, so in `uric`).
//!
//! Differences from RFC 3986 that show here: `authority = server | reg_name`, so a host that is
//! no `hostname` may still be a valid registry name; an `absoluteURI` without `/` after the
//! scheme is an `opaque_part` of at least one character (no query split); a relative reference
//! needs a path (`?q` alone is not one); segments may carry `;params`.

use super::rfc3986::{port, scheme};
use super::{Problem, Scan, Target, dotted_digits, hostname, rfc3986};
use crate::excerpt::quote;
use crate::sets::{Component, rfc2396};

type Where = rfc3986::Where;

const USERINFO: Where = ("the user info", "userinfo");
const AUTHORITY: Where = ("an authority", "reg_name");
const PATH: Where = ("a path", "abs_path");
const SEGMENT: Where = ("a path segment", "segment");
const REL_SEGMENT: Where = (
    "the first segment of a relative path (write './' before it)",
    "rel_segment",
);
const OPAQUE: Where = ("an opaque part", "opaque_part");
const QUERY: Where = ("a query", "query");
const FRAGMENT: Where = ("a fragment", "fragment");

/// Checks `s` as `target` under RFC 2396 (Appendix A, with RFC 2732 §3).
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    let len = s.len();
    match target {
        Target::Uri => uri_reference(&scan, false),
        Target::Reference => uri_reference(&scan, true),
        Target::Component(component) => match component {
            Component::Scheme => scheme(&scan, len),
            Component::Userinfo => scan.chars(0, len, &rfc2396::USERINFO, USERINFO),
            Component::Host => host(&scan, 0, len).map_err(|p| {
                super::ip::unbracketed_ipv6(&scan, 0, len, IPV6_REFERENCE).unwrap_or(p)
            }),
            Component::Port => port(&scan, 0, len),
            Component::Path => scan.chars(0, len, &rfc2396::ABS_PATH, PATH),
            Component::Segment => scan.chars(0, len, &rfc2396::SEGMENT, SEGMENT),
            Component::Query => scan.chars(0, len, &rfc2396::URIC_RFC2732, QUERY),
            Component::Fragment => scan.chars(0, len, &rfc2396::URIC_RFC2732, FRAGMENT),
        },
    }
}

/// This standard's validator, registered in [`super::validator`].
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports: |_| Ok(()),
    noun: "a URI",
    begins: "RFC 2396 §3: an absolute URI begins with a scheme and ':'",
    valid_run: super::no_fast_path,
};

/// `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`; without
/// `relative_allowed`, `absoluteURI [ "#" fragment ]`.
fn uri_reference(scan: &Scan, relative_allowed: bool) -> Result<(), Problem> {
    let s = scan.bytes;
    let hash = s.iter().position(|&b| b == b'#').unwrap_or(s.len());
    if hash < s.len() {
        scan.chars(hash + 1, s.len(), &rfc2396::URIC_RFC2732, FRAGMENT)?;
    }
    let delimiter = s[..hash].iter().position(|b| b":/?".contains(b));
    match delimiter {
        Some(d) if s[d] == b':' && d > 0 && scheme(scan, d).is_ok() => {
            absolute_rest(scan, d + 1, hash)
        }
        Some(d) if !relative_allowed && s[d] == b':' && d > 0 => scheme(scan, d),
        _ if !relative_allowed => Err(scan.problem(
            0,
            "absoluteURI",
            "missing scheme (did you mean a reference? use -c reference)".into(),
        )),
        _ if hash == 0 => Ok(()),
        _ => relative(scan, 0, hash),
    }
}

/// What follows `scheme ":"`: `hier_part | opaque_part`, up to `end`.
fn absolute_rest(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    if s.get(start) == Some(&b'/') && start < end {
        let query = query_start(s, start, end);
        net_or_abs_path(scan, start, query)?;
        return query_part(scan, query, end);
    }
    // opaque_part = uric_no_slash *uric
    if start == end {
        return Err(scan.problem(
            start,
            "opaque_part",
            "RFC 2396 needs something after the scheme's ':' (an opaque part or a path)".into(),
        ));
    }
    scan.chars(start, start + 1, &rfc2396::URIC_NO_SLASH, OPAQUE)?;
    scan.chars(start + 1, end, &rfc2396::URIC_RFC2732, OPAQUE)
}

/// `relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]`.
fn relative(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let query = query_start(s, start, end);
    if s.get(start) == Some(&b'/') && start < query {
        net_or_abs_path(scan, start, query)?;
    } else {
        // rel_path = rel_segment [ abs_path ]
        let segment_end = s[start..query]
            .iter()
            .position(|&b| b == b'/')
            .map_or(query, |p| start + p);
        if segment_end == start {
            return Err(scan.problem(
                start,
                "relativeURI",
                "an RFC 2396 relative reference needs a path before '?'".into(),
            ));
        }
        scan.chars(start, segment_end, &rfc2396::REL_SEGMENT, REL_SEGMENT)?;
        scan.chars(segment_end, query, &rfc2396::ABS_PATH, PATH)?;
    }
    query_part(scan, query, end)
}

fn query_start(s: &[u8], start: usize, end: usize) -> usize {
    s[start..end]
        .iter()
        .position(|&b| b == b'?')
        .map_or(end, |p| start + p)
}

fn query_part(scan: &Scan, query: usize, end: usize) -> Result<(), Problem> {
    if query < end {
        scan.chars(query + 1, end, &rfc2396::URIC_RFC2732, QUERY)?;
    }
    Ok(())
}

/// `net_path = "//" authority [ abs_path ]` or `abs_path = "/" path_segments`.
fn net_or_abs_path(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let path_start = if s[start..end].starts_with(b"//") {
        let authority_end = s[start + 2..end]
            .iter()
            .position(|&b| b == b'/')
            .map_or(end, |p| start + 2 + p);
        authority(scan, start + 2, authority_end)?;
        authority_end
    } else {
        start
    };
    scan.chars(path_start, end, &rfc2396::ABS_PATH, PATH)
}

/// `authority = server | reg_name`: a `server` (`[ [ userinfo "@" ] hostport ]`, may be
/// empty), or else a `reg_name` (one or more of its characters).
fn authority(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let server = server(scan, start, end);
    if server.is_ok() {
        return Ok(());
    }
    // IPv6 references are only a server's; without brackets, the registry name is the reading
    // that fails last, so its problem is the one to report.
    if s[start..end].contains(&b'[') {
        return server;
    }
    scan.chars(start, end, &rfc2396::REG_NAME, AUTHORITY)
}

fn server(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    if start == end {
        return Ok(());
    }
    let host_start = match s[start..end].iter().rposition(|&b| b == b'@') {
        Some(at) => {
            scan.chars(start, start + at, &rfc2396::USERINFO, USERINFO)?;
            start + at + 1
        }
        None => start,
    };
    let host_end = if s.get(host_start) == Some(&b'[') {
        s[host_start..end]
            .iter()
            .position(|&b| b == b']')
            .map_or(end, |p| host_start + p + 1)
    } else {
        s[host_start..end]
            .iter()
            .position(|&b| b == b':')
            .map_or(end, |p| host_start + p)
    };
    host(scan, host_start, host_end)?;
    if host_end < end {
        if s[host_end] != b':' {
            return Err(scan.problem(
                host_end,
                "hostport",
                format!(
                    "{} cannot follow the host; only ':' and a port can",
                    scan.show(host_end)
                ),
            ));
        }
        port(scan, host_end + 1, end)?;
    }
    Ok(())
}

/// The rule an IPv6 host is written by, for messages.
const IPV6_REFERENCE: &str = "RFC 2732 §3: IPv6reference = \"[\" IPv6address \"]\"";

/// `host = hostname | IPv4address | IPv6reference` (RFC 2732).
fn host(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let h = &scan.bytes[start..end];
    if let Some(inside) = h.strip_prefix(b"[") {
        return ipv6_reference(scan, start, inside);
    }
    if hostname(h, true) || dotted_digits(h, 3) {
        return Ok(());
    }
    Err(scan.problem(
        start,
        "host",
        format!(
            "'{}' is not a host name (letters, digits and '-' in dot-separated labels, the last \
             starting with a letter), an IPv4 address or a bracketed IPv6 address",
            quote(h)
        ),
    ))
}

/// RFC 2732 §3: `IPv6reference = "[" IPv6address "]"`, where `IPv6address` is RFC 2373's text
/// form (§2.2 and Appendix B), whose trailing `IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
/// "." 1*3DIGIT` has no range check: `[::1.2.3.256]` and `[::01.2.3.4]` are valid here, unlike
/// RFC 3986's `dec-octet`. `inside` is what follows the `[` at `start`.
fn ipv6_reference(scan: &Scan, start: usize, inside: &[u8]) -> Result<(), Problem> {
    let Some(address) = inside.strip_suffix(b"]") else {
        return Err(match inside.iter().position(|&b| b == b']') {
            Some(close) => scan.problem(
                start + close + 2,
                "IPv6reference",
                format!(
                    "{} cannot follow an IPv6 reference",
                    scan.show(start + close + 2)
                ),
            ),
            None => scan.problem(
                start,
                "IPv6reference",
                "'[' opens an IPv6 reference that no ']' closes".into(),
            ),
        });
    };
    if rfc3986::ipv6_pieces(address, |v4| dotted_digits(v4, 3)) {
        return Ok(());
    }
    Err(scan.problem(
        start + 1,
        "IPv6address",
        format!(
            "'{}' is not an IPv6 address (RFC 2373: eight groups of 1 to 4 hex digits separated \
             by ':', one '::' standing for groups of zeros, the last two groups perhaps an IPv4 \
             address of four 1 to 3 digit numbers)",
            quote(address)
        ),
    ))
}
