//! RFC 3986 Appendix A, exactly: `URI`, `URI-reference` and each component on its own.
//!
//! A one-pass recursive descent over the record. The splitting follows the grammar (a scheme
//! only if `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` starts the string, an authority
//! only after `//`, the query after the first `?`, the fragment after the first `#`); each part
//! is then checked against the byte set of its rule in [`crate::sets::rfc3986`].

pub(crate) use super::ip::ipv6_pieces;
pub use super::ip::{ipv_future, ipv4address, ipv6address};
use super::{Problem, Scan, Target};
use crate::excerpt::quote;
use crate::sets::ascii::{ALPHA, DIGIT};
use crate::sets::{ByteSet, Component, rfc3986};
use crate::uri::{Authority, Parts};

/// Checks `s` as `target` (`uri`: a `URI`, `reference`: a `URI-reference`).
#[inline]
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    match target {
        Target::Uri | Target::Reference if crate::fast_path::is_uri(s) => Ok(()),
        _ => check_by_grammar(s, target),
    }
}

/// This standard's validator, registered in [`super::validator`].
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports: |_| Ok(()),
    noun: "a URI",
    begins: "RFC 3986 §3: a URI begins with a scheme and ':'",
    valid_run,
};

/// The run of records that [`crate::fast_path::is_uri`] finds valid (a `URI`, and so a
/// `URI-reference`).
fn valid_run(records: &[u8], end: u8, target: Target) -> (usize, u64) {
    match target {
        Target::Uri | Target::Reference => {
            let run = crate::stream::Run::each(records, end, false, crate::fast_path::is_uri);
            (run.len, run.records)
        }
        Target::Component(_) => (0, 0),
    }
}

/// [`check`] without the fast path of [`crate::fast_path::is_uri`]: the whole grammar, every
/// time. The tests and fuzz targets hold the fast path to it (`crate::internals`).
pub(crate) fn check_by_grammar(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    match target {
        Target::Uri => uri_reference(&scan, false),
        Target::Reference => uri_reference(&scan, true),
        Target::Component(component) => match component {
            Component::Scheme => scheme(&scan, s.len()),
            Component::Userinfo => scan.chars(0, s.len(), &rfc3986::USERINFO, USERINFO),
            Component::Host => host(&scan, 0, s.len()).map_err(|p| {
                super::ip::unbracketed_ipv6(&scan, 0, s.len(), IP_LITERAL).unwrap_or(p)
            }),
            Component::Port => port(&scan, 0, s.len()),
            Component::Path => scan.chars(0, s.len(), &rfc3986::PATH, PATH),
            Component::Segment => scan.chars(0, s.len(), &rfc3986::SEGMENT, SEGMENT),
            Component::Query => scan.chars(0, s.len(), &rfc3986::QUERY, QUERY),
            Component::Fragment => scan.chars(0, s.len(), &rfc3986::FRAGMENT, FRAGMENT),
        },
    }
}

/// Where a character is, in the words of a message, and the rule that decides.
pub type Where = (&'static str, &'static str);

const USERINFO: Where = ("the user info", "userinfo");
const REG_NAME: Where = ("a host", "reg-name");
const PATH: Where = ("a path", "path");
const SEGMENT: Where = ("a path segment", "segment");
const FIRST_SEGMENT: Where = (
    "the first segment of a relative reference (write './' before it)",
    "segment-nz-nc",
);
const QUERY: Where = ("a query", "query");
const FRAGMENT: Where = ("a fragment", "fragment");

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` over `s[..end]` (RFC 2396's rule is
/// the same).
pub(crate) fn scheme(scan: &Scan, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    match s.first() {
        None => return Err(scan.problem(0, "scheme", "a scheme cannot be empty".into())),
        Some(&b) if end > 0 && !ALPHA.contains(b) => {
            return Err(scan.problem(
                0,
                "scheme",
                format!("a scheme must begin with a letter, found {}", scan.show(0)),
            ));
        }
        _ => {}
    }
    match s[..end].iter().position(|&b| !rfc3986::SCHEME.contains(b)) {
        None => Ok(()),
        Some(i) => Err(scan.problem(
            i,
            "scheme",
            format!(
                "{} is not allowed in a scheme (letters, digits, '+', '-', '.' only)",
                scan.show(i)
            ),
        )),
    }
}

/// Whether `s` is a scheme by `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(|&b| ALPHA.contains(b)) && rfc3986::SCHEME.prefix_len(s) == s.len()
}

/// Splits `scan` as a URI, or with `relative_allowed` a URI reference (Appendix B). A scheme is
/// there only if it follows the scheme rule (§4.2: otherwise the string is a relative
/// reference, and its first segment may not hold the ':'); where one must be and is not, the
/// problem names `rule` (`URI`; RFC 3987's `IRI`, whose scheme is RFC 3986's).
pub(super) fn split_reference(
    scan: &Scan,
    relative_allowed: bool,
    rule: &'static str,
) -> Result<Parts, Problem> {
    let s = scan.bytes;
    let parts = Parts::split(s);
    match &parts.scheme {
        Some(scheme) if is_scheme(&s[scheme.clone()]) => Ok(parts),
        _ if !relative_allowed => Err(no_scheme_in(scan, rule)),
        Some(_) => Ok(Parts::split_relative(s)),
        None => Ok(parts),
    }
}

fn uri_reference(scan: &Scan, relative_allowed: bool) -> Result<(), Problem> {
    let s = scan.bytes;
    let len = s.len();
    let parts = split_reference(scan, relative_allowed, "URI")?;
    if let Some(authority) = &parts.authority {
        self::authority(scan, authority.start, authority.end)?;
        scan.chars(parts.path.start, parts.path.end, &rfc3986::PATH, PATH)?;
    } else if parts.scheme.is_none() {
        // path-noscheme: the first segment may not hold a ':' (it would read as a scheme).
        let path = parts.path.clone();
        let first = scan.chars_until(
            path.start,
            path.end,
            &rfc3986::SEGMENT_NZ_NC,
            &SEGMENT_END,
            FIRST_SEGMENT,
        )?;
        scan.chars(first, path.end, &rfc3986::PATH, PATH)?;
    } else {
        scan.chars(parts.path.start, parts.path.end, &rfc3986::PATH, PATH)?;
    }
    if let Some(query) = &parts.query {
        scan.chars(query.start, query.end, &rfc3986::QUERY, QUERY)?;
    }
    if let Some(fragment) = &parts.fragment {
        scan.chars(fragment.start, len, &rfc3986::FRAGMENT, FRAGMENT)?;
    }
    Ok(())
}

/// What ends the first segment of a relative path.
const SEGMENT_END: ByteSet = ByteSet::of(b"/");

/// Why a string that must be a `rule` (`URI`, `IRI`) has no scheme: a scheme-like start that
/// breaks the rule, or none at all.
fn no_scheme_in(scan: &Scan, rule: &'static str) -> Problem {
    let s = scan.bytes;
    match s.iter().position(|b| b":/?#".contains(b)) {
        Some(0) if s[0] == b':' => scan.problem(0, "scheme", "a scheme cannot be empty".into()),
        Some(d) if s[d] == b':' => match scheme(scan, d) {
            Err(problem) => problem,
            Ok(()) => scan.problem(0, rule, MISSING_SCHEME.into()),
        },
        _ => scan.problem(0, rule, MISSING_SCHEME.into()),
    }
}

const MISSING_SCHEME: &str = "missing scheme (did you mean a reference? use -c reference)";

/// `authority = [ userinfo "@" ] host [ ":" port ]` over `s[start..end]`.
fn authority(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let parts = Authority::split(&scan.bytes[start..end]);
    if let Some(userinfo) = parts.userinfo {
        scan.chars(
            start + userinfo.start,
            start + userinfo.end,
            &rfc3986::USERINFO,
            USERINFO,
        )?;
    }
    host(scan, start + parts.host.start, start + parts.host.end)
        .and_then(|()| match parts.port {
            Some(port) => self::port(scan, start + port.start, start + port.end),
            None => Ok(()),
        })
        .map_err(|p| {
            super::ip::unbracketed_ipv6(scan, start + parts.host.start, end, IP_LITERAL)
                .unwrap_or(p)
        })
}

/// The rule an IPv6 host is written by, for messages.
pub(super) const IP_LITERAL: &str = "RFC 3986 §3.2.2: IP-literal = \"[\" IPv6address \"]\"";

/// `host = IP-literal / IPv4address / reg-name` over `s[start..end]`. (Every IPv4address is
/// also a reg-name, so only IP literals need their own rule.)
fn host(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    if scan.bytes.get(start) != Some(&b'[') || start == end {
        return scan.chars(start, end, &rfc3986::REG_NAME, REG_NAME);
    }
    ip_literal_host(scan, start, end, "authority")
}

/// An `IP-literal` host over `s[start..end]`, which begins with `[`; `authority` names the
/// rule that nothing may follow its `]` in (RFC 3987's `ihost` has the same IP literals).
pub(super) fn ip_literal_host(
    scan: &Scan,
    start: usize,
    end: usize,
    authority: &'static str,
) -> Result<(), Problem> {
    let s = scan.bytes;
    let close = s[start..end]
        .iter()
        .position(|&b| b == b']')
        .map(|p| start + p)
        .ok_or_else(|| {
            scan.problem(
                start,
                "IP-literal",
                "'[' opens an IP literal host that no ']' closes".into(),
            )
        })?;
    ip_literal(scan, start + 1, close)?;
    if close + 1 < end {
        return Err(scan.problem(
            close + 1,
            authority,
            format!("{} cannot follow an IP literal host", scan.show(close + 1)),
        ));
    }
    Ok(())
}

/// `port = *DIGIT` over `s[start..end]` (RFC 2396's rule is the same).
pub(super) fn port(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    match s[start..end].iter().position(|&b| !DIGIT.contains(b)) {
        None => Ok(()),
        Some(p) => Err(scan.problem(
            start + p,
            "port",
            format!("port must be digits, found '{}'", quote(&s[start..end])),
        )),
    }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, given what is between the brackets.
fn ip_literal(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = &scan.bytes[start..end];
    if matches!(s.first(), Some(b'v' | b'V')) {
        return if ipv_future(s) {
            Ok(())
        } else {
            Err(scan.problem(
                start,
                "IPvFuture",
                "an IPvFuture literal is 'v', hex digits, '.', then unreserved, sub-delims or ':'"
                    .into(),
            ))
        };
    }
    if ipv6address(s) {
        Ok(())
    } else {
        let zone = s.windows(3).any(|w| w == b"%25");
        Err(scan.problem(
            start,
            "IPv6address",
            if zone {
                "not an IPv6 address: zone identifiers ('%25...', RFC 6874) are not RFC 3986".into()
            } else {
                format!("'{}' is not an IPv6 address", quote(s))
            },
        ))
    }
}
