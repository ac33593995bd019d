//! url.bs "URL writing": a valid URL string, a relative-URL-with-fragment string against a
//! base, and the productions of each component, in one pass over the bytes.
//!
//! The string is cut where the grammar cuts it: the scheme at the first `:` after a
//! URL-scheme string, the authority after `//` up to `/`, `?`, `#` (and `\`, which a special
//! URL reads as `/`), the query at the first `?` after the path, the fragment at the first
//! `#`. Each part is then a run of URL units (URL code points and percent-encoded bytes) less
//! what ends it (`units`); hosts are `host`'s.

use super::Base;
use super::host::{valid_host, valid_opaque_host};
use super::units::{PATH, SEGMENT, URL_CODE_POINT, not_a_unit, reverse_solidus, units};
use crate::check::{Problem, Scan, Target};
use crate::excerpt::quote;
use crate::fast_path::SPECIAL;
use crate::sets::ascii::{ALPHA, ALPHANUM, DIGIT};
use crate::sets::{ByteSet, Component};

/// A URL-scheme string after its first letter.
const SCHEME: ByteSet = ALPHANUM.union(ByteSet::of(b"+-."));

const QUERY_OR_FRAGMENT: ByteSet = ByteSet::of(b"?#");
const FRAGMENT: ByteSet = ByteSet::of(b"#");
/// What ends an authority: `/`, `?`, `#`, and in a special URL `\`.
const AUTHORITY_END: ByteSet = ByteSet::of(b"/?#");
const SPECIAL_AUTHORITY_END: ByteSet = AUTHORITY_END.add(b'\\');

impl Base {
    /// The kind of the base URL `base`, as the WHATWG parser (ada) reads it; `None` where it
    /// does not parse, and so can be no base.
    ///
    /// Needs the `whatwg` feature (on by default).
    ///
    /// ```
    /// use uriesc::check::whatwg::Base;
    ///
    /// assert_eq!(Base::of("https://example.com/a/b"), Some(Base::Special));
    /// assert_eq!(Base::of("file:///C:/x"), Some(Base::File));
    /// assert_eq!(Base::of("foo://host/p"), Some(Base::NonSpecial));
    /// assert_eq!(Base::of("mailto:someone@example.com"), Some(Base::OpaquePath));
    /// assert_eq!(Base::of("not a URL"), None);
    /// ```
    pub fn of(base: &str) -> Option<Base> {
        use ada_url::SchemeType;
        let url = ada_url::Url::parse(base, None).ok()?;
        Some(match url.scheme_type() {
            SchemeType::File => Base::File,
            SchemeType::NotSpecial if url.has_hostname() || url.pathname().starts_with('/') => {
                Base::NonSpecial
            }
            // url.bs "URL representation": a URL without a host whose path does not begin
            // with '/' has an opaque path (a string, not a list of segments).
            SchemeType::NotSpecial => Base::OpaquePath,
            _ => Base::Special,
        })
    }
}

/// What a scheme makes of the rest of a URL.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Special,
    File,
    Other,
}

impl Kind {
    /// The kind of URL `scheme` (a URL-scheme string, any case) makes: url.bs "special scheme".
    pub(super) fn of(scheme: &[u8]) -> Kind {
        if SPECIAL.iter().any(|name| scheme.eq_ignore_ascii_case(name)) {
            Kind::Special
        } else if scheme.eq_ignore_ascii_case(b"file") {
            Kind::File
        } else {
            Kind::Other
        }
    }

    /// What ends an authority in a URL of this kind (url.bs "authority state", "host state").
    pub(super) fn authority_end(self) -> &'static ByteSet {
        match self {
            Kind::Other => &AUTHORITY_END,
            Kind::Special | Kind::File => &SPECIAL_AUTHORITY_END,
        }
    }
}

/// Checks `scan` as `target`.
pub(super) fn target(scan: &Scan, target: Target) -> Result<(), Problem> {
    let s = scan.bytes;
    let whole = |allowed: &ByteSet| units(scan, 0, allowed, &ByteSet::EMPTY, false, s.len());
    match target {
        Target::Uri => match scheme_colon(s) {
            Some(n) => absolute(scan, n),
            None => Err(no_scheme(scan)),
        },
        Target::Reference => reference(scan, Base::Special),
        Target::Component(component) => match component {
            Component::Scheme => scheme(scan),
            Component::Userinfo => {
                Err(scan.problem(0, "invalid-credentials", NO_CREDENTIALS.into()))
            }
            Component::Host => valid_host(scan, 0, s.len()),
            Component::Port => url_port(scan, 0, s.len()),
            Component::Path => whole(&PATH).map(drop),
            Component::Segment => whole(&SEGMENT).map(drop),
            Component::Query | Component::Fragment => whole(&URL_CODE_POINT).map(drop),
        },
    }
}

const NO_CREDENTIALS: &str = "a valid URL string has no way to write a user name or password; \
                              remove them and the '@'";

/// A relative-URL-with-fragment string against `base`, or an absolute-URL-with-fragment
/// string (a valid URL string is either).
pub(super) fn reference(scan: &Scan, base: Base) -> Result<(), Problem> {
    let s = scan.bytes;
    // A path-relative-scheme-less-URL string may not begin with a scheme and ':', so a string
    // that does is absolute or nothing.
    if let Some(n) = scheme_colon(s) {
        return absolute(scan, n);
    }
    let kind = match base {
        Base::Special => Kind::Special,
        Base::File => Kind::File,
        Base::NonSpecial => Kind::Other,
        Base::OpaquePath if s.first() == Some(&b'#') => return query_fragment(scan, 0),
        Base::OpaquePath => {
            return Err(scan.problem(
                0,
                "relative-URL-with-fragment-string",
                "against a base with an opaque path (like mailto:x), a relative URL is only \
                 '#' and a fragment; write a URL with a scheme"
                    .into(),
            ));
        }
    };
    if s.starts_with(b"//") {
        let end = authority(scan, 2, kind)?;
        return path_query_fragment(scan, end, kind);
    }
    path_query_fragment(scan, 0, kind)
}

/// The length of the URL-scheme string that begins `s`, if a `:` follows it.
pub(super) fn scheme_colon(s: &[u8]) -> Option<usize> {
    let n = SCHEME.prefix_len(s);
    (s.first().is_some_and(|&b| ALPHA.contains(b)) && s.get(n) == Some(&b':')).then_some(n)
}

/// An absolute-URL-with-fragment string whose URL-scheme string is `s[..n]`.
fn absolute(scan: &Scan, n: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let scheme = &s[..n];
    let kind = Kind::of(scheme);
    let i = n + 1;
    match kind {
        Kind::Special | Kind::File => {
            let i = two_solidi(scan, i)?;
            let end = authority(scan, i, kind)?;
            path_query_fragment(scan, end, kind)
        }
        // A scheme-relative-URL string, or a path-absolute-non-authority-URL string.
        Kind::Other if s.get(i) == Some(&b'/') => {
            let end = if s.get(i + 1) == Some(&b'/') {
                authority(scan, i + 2, kind)?
            } else {
                i
            };
            path_query_fragment(scan, end, kind)
        }
        // An opaque-path-URL string: URL units but `?`, the first not `/`.
        Kind::Other => {
            let end = units(scan, i, &PATH, &QUERY_OR_FRAGMENT, false, s.len())?;
            query_fragment(scan, end)
        }
    }
}

/// The `//` after a special scheme, at `i`; where it ends.
fn two_solidi(scan: &Scan, i: usize) -> Result<usize, Problem> {
    let s = scan.bytes;
    match s.get(i..i + 2) {
        Some(b"//") => Ok(i + 2),
        Some([a, b]) if b"/\\".contains(a) && b"/\\".contains(b) => {
            Err(reverse_solidus(scan, if *a == b'\\' { i } else { i + 1 }))
        }
        _ => Err(scan.problem(
            i,
            "special-scheme-missing-following-solidus",
            format!(
                "a URL of the scheme '{}' has '//' after the ':', then its host",
                quote(&s[..i - 1])
            ),
        )),
    }
}

/// The authority from `start` (after `//`) to its end, which it returns: for a special
/// scheme a valid host string and a port; for `file` a valid host string or nothing; for
/// another scheme nothing, or a valid opaque-host string and a port.
fn authority(scan: &Scan, start: usize, kind: Kind) -> Result<usize, Problem> {
    let s = scan.bytes;
    let ends = kind.authority_end();
    let end = s[start..]
        .iter()
        .position(|&b| ends.contains(b))
        .map_or(s.len(), |p| start + p);
    if kind == Kind::File {
        if end == start {
            return Ok(end);
        }
        if let [letter, b':' | b'|'] = s[start..end]
            && ALPHA.contains(letter)
        {
            return Err(scan.problem(
                start,
                "file-invalid-Windows-drive-letter-host",
                "a drive letter is no host; write file:/// before it".into(),
            ));
        }
        return valid_host(scan, start, end).map(|()| end);
    }
    if let Some(at) = memchr::memrchr(b'@', &s[start..end]) {
        return Err(scan.problem(start + at, "invalid-credentials", NO_CREDENTIALS.into()));
    }
    if kind == Kind::Other && end == start {
        return Ok(end);
    }
    let host_end = if s.get(start) == Some(&b'[') {
        memchr::memchr(b']', &s[start..end]).map_or(end, |p| start + p + 1)
    } else {
        memchr::memchr(b':', &s[start..end]).map_or(end, |p| start + p)
    };
    // An IPv6 address without brackets splits at its first ':': where the host or the port
    // fails, say what the two are.
    let ipv6 = |problem| super::host::unbracketed_ipv6(scan, start, end).unwrap_or(problem);
    if kind == Kind::Special {
        valid_host(scan, start, host_end).map_err(ipv6)?;
    } else if host_end == start {
        return Err(ipv6(scan.problem(
            start,
            "host-missing",
            "a port needs a host before it; remove the ':' or write the host".into(),
        )));
    } else {
        valid_opaque_host(scan, start, host_end)?;
    }
    match s.get(host_end) {
        _ if host_end == end => Ok(end),
        Some(b':') => url_port(scan, host_end + 1, end)
            .map(|()| end)
            .map_err(ipv6),
        _ => Err(scan.problem(
            host_end,
            "valid-host-string",
            format!(
                "{} may not follow the ']' of an IPv6 host; write ':' and a port, or '/'",
                scan.show(host_end)
            ),
        )),
    }
}

/// A URL-port string over `s[start..end]`: empty, or digits worth at most 65535.
fn url_port(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let digits = DIGIT.prefix_len(&scan.bytes[start..end]);
    if start + digits < end {
        return Err(scan.problem(
            start + digits,
            "port-invalid",
            format!(
                "{} is not allowed in a port, which is a number from 0 to 65535",
                scan.show(start + digits)
            ),
        ));
    }
    let value = scan.bytes[start..end]
        .iter()
        .fold(0u32, |n, &d| (n * 10 + u32::from(d - b'0')).min(1 << 16));
    if value > 65535 {
        return Err(scan.problem(
            start,
            "port-out-of-range",
            "a port is a number from 0 to 65535".into(),
        ));
    }
    Ok(())
}

/// `[ path ] [ "?" URL-query string ] [ "#" URL-fragment string ]` from `i` to the end.
fn path_query_fragment(scan: &Scan, i: usize, kind: Kind) -> Result<(), Problem> {
    let s = scan.bytes;
    let end = units(
        scan,
        i,
        &PATH,
        &QUERY_OR_FRAGMENT,
        kind != Kind::Other,
        s.len(),
    )?;
    query_fragment(scan, end)
}

/// `[ "?" URL-query string ] [ "#" URL-fragment string ]` from `i` to the end.
fn query_fragment(scan: &Scan, mut i: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    if s.get(i) == Some(&b'?') {
        i = units(scan, i + 1, &URL_CODE_POINT, &FRAGMENT, false, s.len())?;
    }
    if s.get(i) == Some(&b'#') {
        i = units(
            scan,
            i + 1,
            &URL_CODE_POINT,
            &ByteSet::EMPTY,
            false,
            s.len(),
        )?;
    }
    match i == s.len() {
        true => Ok(()),
        false => Err(not_a_unit(scan, i, false)),
    }
}

/// A URL-scheme string, the whole record.
fn scheme(scan: &Scan) -> Result<(), Problem> {
    let s = scan.bytes;
    let n = SCHEME.prefix_len(s);
    match s.first() {
        None => Err(scan.problem(0, "URL-scheme-string", "a scheme cannot be empty".into())),
        Some(&b) if !ALPHA.contains(b) => Err(scan.problem(
            0,
            "URL-scheme-string",
            format!("a scheme begins with a letter, not {}", scan.show(0)),
        )),
        _ if n < s.len() => Err(scan.problem(
            n,
            "URL-scheme-string",
            format!(
                "{} is not allowed in a scheme (letters, digits, '+', '-', '.' only)",
                scan.show(n)
            ),
        )),
        _ => Ok(()),
    }
}

/// Why a URL has no scheme: a scheme-like start that breaks the rule, leading spaces, or none.
fn no_scheme(scan: &Scan) -> Problem {
    let s = scan.bytes;
    let n = SCHEME.prefix_len(s);
    match s.first() {
        Some(&b) if b <= b' ' => scan.problem(
            0,
            "invalid-URL-unit",
            "the parser strips leading spaces and controls; remove them".into(),
        ),
        Some(&b)
            if ALPHA.contains(b)
                && s[n..]
                    .iter()
                    .take_while(|&&b| !b"/?#".contains(&b))
                    .any(|&b| b == b':') =>
        {
            scan.problem(
                n,
                "URL-scheme-string",
                format!(
                    "{} is not allowed in a scheme (letters, digits, '+', '-', '.' only)",
                    scan.show(n)
                ),
            )
        }
        _ => scan.problem(
            0,
            "missing-scheme-non-relative-URL",
            "a URL begins with a scheme and ':', like https: (for a URL relative to a base, \
             use -c reference)"
                .into(),
        ),
    }
}
