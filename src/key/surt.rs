//! The `surt` profile: the Internet Archive's SURT (Sort-friendly URI Reordering Transform) of
//! a URL under its default canonicalizer, as the `surt` Python package's `surt.surt(url)` gives
//! it (internetarchive/surt 0.3.1, a port of archive-commons' `WaybackURLKeyMaker`): the key
//! web archives index their captures by (CDX files, pywb, Common Crawl's index), so that a key
//! from here finds the captures those tools indexed.
//!
//! The package's steps, in its order (its behaviour, re-derived here, none of its code):
//!
//! 1. The parser (`handyurl.parse`): ASCII whitespace off both ends, then tab, CR and LF
//!    anywhere; `http://` before a record without an RFC 3986 scheme and `:` (so
//!    `example.com:8080/a` has the scheme `example.com`); a run of `http://`/`https://` made
//!    its last one; the parts by RFC 3986 Appendix B's expression; the host and port by
//!    Python's `urllib` (after the last `@`; a port of ASCII digits up to 65535, or no key);
//!    under a scheme that begins `http`, a URL without a host takes it from its path
//!    (`http:////www.example.com`).
//! 2. The Google canonicalizer: the fragment and credentials dropped; the query unescaped
//!    repeatedly and escaped once; the host unescaped repeatedly, made Punycode where it is not
//!    ASCII (Python's IDNA 2003 codec: here UTS #46 with its four deviation characters mapped
//!    as IDNA 2003 does), each `..` made `.` (one pass), dots off the ends, written as an IPv4
//!    address where it reads as one (digits alone, modulo 2³²; or `inet_aton`'s forms, as the
//!    system resolver the package asks reads them), else lowercased and escaped; the path
//!    unescaped repeatedly, its dot segments and empty segments resolved where there is a
//!    host (`/` for none), escaped once. Escaping is of bytes `<= 0x20`, `>= 0x7F`, `#` and
//!    `%`, in uppercase hex.
//!    (The unescaping, the escaping and `inet_aton` are the Safe Browsing API's too, in
//!    `google.rs`.)
//! 3. The IA canonicalizer: host lowercased (its escapes too) and a leading `www.`, `www1.`, …
//!    label stripped; the scheme's default port dropped (80 for `http`, 443 for `https`); the
//!    path lowercased, ASP.NET session ids stripped from it, a trailing `/` dropped (not from
//!    `/` alone); the query's session ids stripped (`jsessionid`, `phpsessid`, `sid`,
//!    `ASPSESSIONID…`, `cfid`/`cftoken`), lowercased, its parameters sorted, an empty query
//!    dropped.
//! 4. The SURT: the host's labels reversed and joined by `,`, the port, `)`, the path and
//!    query; the scheme only with `with_scheme` (`http://(`), a `,` before `)` with
//!    `trailing_comma`; a URL without a host is `scheme:path`; an empty record is `-`, one that
//!    begins `filedesc` is itself.
//!
//! Three of the package's answers are bugs (two of them known upstream), and this profile
//! answers otherwise on purpose:
//!
//! * surt#28: the `www\d*\.` strip takes a label that is the name itself, so
//!   `https://www1355544.com/` (and `www.com`) become `com)/`, one key for unrelated sites.
//!   Here the label is stripped only where at least two labels are left after it.
//! * surt#20: the query is unescaped before its parameters are split at `&`, so a `%26` inside
//!   a value becomes a separator (`?a=x%26y&b=1` gives `?a=x&b=1&y`). Here an `&` that was
//!   escaped stays `%26` and only a literal `&` separates parameters.
//! * A host's bytes that are not UTF-8 (once unescaped) are dropped by the package's
//!   `decode('utf-8', 'ignore')`, so `caf%E9.example` and `caf.example` share a key. Here such
//!   a host has no IDNA form and its bytes are escaped, `example,caf%e9)/` (issue 54).
//!
//! A record without a key: one that is empty once its whitespace is stripped, or whose port is
//! not a number up to 65535 (where the package raises an exception).

mod host;
mod query;
#[cfg(test)]
mod tests;

use crate::check::Problem;

/// The flags of `surt.surt` this profile takes (`**options` of the package).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Flags {
    /// `with_scheme=True`: `http://(org,archive)/`.
    pub with_scheme: bool,
    /// `trailing_comma=True`: `org,archive,)/`.
    pub trailing_comma: bool,
    /// `host_massage=False`: keep a leading `www.` label.
    pub keep_www: bool,
}

/// Buffers kept from one record to the next.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    url: Vec<u8>,
    raw: Vec<u8>,
    host: Vec<u8>,
    path: Vec<u8>,
    segments: Vec<(usize, usize)>,
    query: query::Scratch,
}

/// The parts of a URL as the package's parser leaves them.
#[derive(Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: &'a [u8],
    host: Option<&'a [u8]>,
    port: Option<u16>,
    path: Option<&'a [u8]>,
    query: Option<&'a [u8]>,
    /// Whether the host is known to be ASCII letters, digits, `-` and single dots, neither
    /// first nor last, and no IPv4 address (a common URL's domain).
    plain_host: bool,
}

/// Appends the SURT of `record` to `out`; why there is none (see the module's docs), with `out`
/// as it was.
pub(super) fn key(
    record: &[u8],
    flags: Flags,
    scratch: &mut Scratch,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    if record.is_empty() {
        out.push(b'-');
        return Ok(());
    }
    if record.starts_with(b"filedesc") {
        out.extend_from_slice(record);
        return Ok(());
    }
    let Scratch {
        url,
        raw,
        host,
        path,
        segments,
        query,
    } = scratch;
    let parts = parse(record, url)?;
    let host = host::canonical(parts.host, parts.plain_host, raw, host).map(|host| {
        match !flags.keep_www && parts.scheme != b"dns" {
            true => host::massage(host),
            false => host,
        }
    });
    let has_host = host.is_some();
    canonical_path(parts.path, has_host, segments, raw, path);
    let port = parts
        .port
        .filter(|&port| port != default_port(parts.scheme));
    // Step 4.
    if flags.with_scheme || !has_host {
        out.extend_from_slice(parts.scheme);
        out.push(b':');
    }
    if let Some(host) = host {
        if flags.with_scheme {
            if parts.scheme != b"dns" {
                out.extend_from_slice(b"//");
            }
            out.push(b'(');
        }
        host::reversed_labels(host, out);
        if let Some(port) = port {
            out.push(b':');
            out.extend_from_slice(itoa::Buffer::new().format(port).as_bytes());
        }
        if flags.trailing_comma {
            out.push(b',');
        }
        out.push(b')');
    }
    let query = parts.query.and_then(|q| query::canonical(q, query));
    if !path.is_empty() {
        out.extend_from_slice(path);
    } else if query.is_some() {
        out.push(b'/');
    }
    if let Some(query) = query {
        out.push(b'?');
        out.extend_from_slice(query);
    }
    Ok(())
}

/// Step 1: the parts of `record`, with `url` for the record cleaned.
fn parse<'a>(record: &'a [u8], url: &'a mut Vec<u8>) -> Result<Parts<'a>, Problem> {
    match common(record) {
        Some(parts) => Ok(parts),
        None => parse_any(record, url),
    }
}

/// Step 1 for a common URL (`crate::fast_path`: a special scheme but `file`, `://`, a domain of
/// letter, digit and `-` labels, a port of 1 to 5 digits up to 65535, then URL code points and
/// escapes only: no whitespace, control, `@`, `[` or `\`), its parts found by the block way in
/// one classification of its bytes, where [`parse_any`] scans it once for each. The package's
/// parser finds the same parts there: nothing to strip, no `http://` to add, the scheme up to
/// its `:`, the netloc up to the first `/`, `?` or `#`, no userinfo or brackets, the host up to
/// the `:`. Nor is there a run of `http://` to collapse: a host `http` followed by `://` would
/// need a port of at least one digit after that `:`. (The tests hold the two to each other.)
#[inline]
fn common(record: &[u8]) -> Option<Parts<'_>> {
    let parts = crate::fast_path::url_parts(record)?;
    let shape = parts.shape;
    let path = &record[shape.authority_end..parts.path_end];
    let query = match record.get(parts.path_end) {
        Some(b'?') => Some(&record[parts.path_end + 1..parts.query_end]),
        _ => None,
    };
    Some(Parts {
        scheme: &record[..shape.colon],
        host: Some(&record[shape.colon + 3..shape.host_end]),
        // `port or None`: a port of 0 is none.
        port: shape
            .port
            .and_then(|port| u16::try_from(port).ok())
            .filter(|&port| port != 0),
        path: (!path.is_empty()).then_some(path),
        query: query.filter(|q| !q.is_empty()),
        plain_host: true,
    })
}

/// Step 1 for any record.
fn parse_any<'a>(record: &'a [u8], url: &'a mut Vec<u8>) -> Result<Parts<'a>, Problem> {
    // Python's `bytes.strip()`: space, tab, LF, VT, FF, CR.
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
    let start = record
        .iter()
        .position(|b| !space(b))
        .unwrap_or(record.len());
    let end = record
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |i| i + 1);
    let trimmed = &record[start..end];
    if trimmed.is_empty() {
        return Err(Problem {
            offset: 0,
            rule: "surt",
            message: "nothing is left once the surt package's parser strips the record's \
                      whitespace, so there is no key"
                .into(),
        });
    }
    let scheme_like = |u: &[u8]| {
        let len = crate::sets::rfc3986::SCHEME.prefix_len(u);
        u.first().is_some_and(u8::is_ascii_alphabetic) && u.get(len) == Some(&b':')
    };
    // Most records are read where they are: copied only to drop tab, CR and LF or to add
    // `http://`.
    // The record's parts are short: plain loops (the first without a branch a byte) beat
    // `memchr`'s dispatch and set-up, which took a sixth of this profile's time.
    let controls = trimmed.iter().fold(false, |found, &b| {
        found | matches!(b, b'\t' | b'\r' | b'\n')
    });
    let url: &[u8] = if !controls && scheme_like(trimmed) {
        trimmed
    } else {
        url.clear();
        url.extend(
            trimmed
                .iter()
                .filter(|&&b| !matches!(b, b'\t' | b'\r' | b'\n')),
        );
        if !scheme_like(url) {
            url.splice(0..0, *b"http://");
        }
        url
    };
    // `^(https?://)+` made its last repetition.
    let mut from = 0;
    loop {
        let rest = &url[from..];
        let len = [&b"http://"[..], b"https://"]
            .into_iter()
            .find(|p| rest.starts_with(p))
            .map_or(0, <[u8]>::len);
        if len == 0 || !url[from + len..].starts_with(b"http") {
            break;
        }
        let next = &url[from + len..];
        if !(next.starts_with(b"http://") || next.starts_with(b"https://")) {
            break;
        }
        from += len;
    }
    let url = &url[from..];
    let colon = crate::sets::rfc3986::SCHEME.prefix_len(url);
    let scheme = &url[..colon];
    let rest = &url[colon + 1..];
    let (netloc, rest) = match rest.strip_prefix(b"//") {
        Some(after) => {
            let end = after
                .iter()
                .position(|&b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    // The path ends at the first `?` or `#`; the query, after a `?`, at the next `#`.
    let (path, query) = match rest.iter().position(|&b| b == b'?' || b == b'#') {
        Some(q) if rest[q] == b'?' => {
            let query = &rest[q + 1..];
            let end = query.iter().position(|&b| b == b'#').unwrap_or(query.len());
            (&rest[..q], Some(&query[..end]))
        }
        Some(hash) => (&rest[..hash], None),
        None => (rest, None),
    };
    let (mut host, port) = host_and_port(netloc.unwrap_or_default())?;
    let mut path = (!path.is_empty()).then_some(path);
    if scheme.starts_with(b"http")
        && host.is_none()
        && let Some(p) = path
    {
        // The package's fallback for `http:////www.example.com`: the host from the path.
        let p = &p[p.iter().take_while(|&&b| b == b'/').count()..];
        let slash = memchr::memchr(b'/', p).unwrap_or(p.len());
        host = Some(&p[..slash]);
        // `b'/' + rest`: the slash before the rest is the one that ended the host.
        path = Some(match slash < p.len() {
            true => &p[slash..],
            false => b"/",
        });
    }
    Ok(Parts {
        scheme,
        host,
        port,
        path,
        query: query.filter(|q| !q.is_empty()),
        plain_host: false,
    })
}

/// The host and port of `netloc` as Python's `urllib` reads them (`SplitResult.hostname`,
/// `.port`), after the package strips the colons at its end: after the last `@`; an IPv6
/// address's brackets dropped; the port after the first `:` (or the one after `]`).
fn host_and_port(netloc: &[u8]) -> Result<(Option<&[u8]>, Option<u16>), Problem> {
    let colons = netloc.iter().rev().take_while(|&&b| b == b':').count();
    let netloc = &netloc[..netloc.len() - colons];
    // A host and port are short: plain scans beat a SIMD search's setup.
    let info = match netloc.iter().rposition(|&b| b == b'@') {
        Some(at) => &netloc[at + 1..],
        None => netloc,
    };
    let (host, port) = match info.iter().position(|&b| b == b'[') {
        Some(open) => {
            let bracketed = &info[open + 1..];
            let close = memchr::memchr(b']', bracketed).unwrap_or(bracketed.len());
            let after = bracketed.get(close + 1..).unwrap_or_default();
            let port = memchr::memchr(b':', after).map_or(&b""[..], |c| &after[c + 1..]);
            (&bracketed[..close], port)
        }
        None => match info.iter().position(|&b| b == b':') {
            Some(c) => (&info[..c], &info[c + 1..]),
            None => (info, &b""[..]),
        },
    };
    let port = match port {
        b"" => None,
        digits => {
            let value = digits
                .iter()
                .try_fold(0u32, |v, &d| match d.is_ascii_digit() && v <= 65535 {
                    true => Some(v * 10 + u32::from(d - b'0')),
                    false => None,
                })
                .and_then(|v| u16::try_from(v).ok());
            match value {
                // `port or None`: a port of 0 is none.
                Some(port) => (port != 0).then_some(port),
                None => {
                    return Err(Problem {
                        offset: 0,
                        rule: "port",
                        message: "the port is not a number from 0 to 65535, which the surt \
                                  package refuses (Python's urllib), so there is no key"
                            .into(),
                    });
                }
            }
        }
    };
    Ok(((!host.is_empty()).then_some(host), port))
}

/// The scheme's default port, which the IA canonicalizer drops (`http` and `https` alone).
fn default_port(scheme: &[u8]) -> u16 {
    match scheme {
        s if s.eq_ignore_ascii_case(b"http") => 80,
        s if s.eq_ignore_ascii_case(b"https") => 443,
        _ => 0,
    }
}

/// Steps 2 and 3's path into `out` (empty for none): unescaped repeatedly; with a host, its dot
/// and empty segments resolved as the package's `normalizePath` does (`..` above the root kept
/// as a segment); escaped once; lowercased; session ids and a trailing `/` stripped.
fn canonical_path(
    path: Option<&[u8]>,
    has_host: bool,
    segments: &mut Vec<(usize, usize)>,
    raw: &mut Vec<u8>,
    out: &mut Vec<u8>,
) {
    out.clear();
    let path = path.unwrap_or_default();
    // Most paths (printable ASCII, no escape, no empty or dot segment) are their own canonical
    // form but for the IA canonicalizer's steps, found so in one pass.
    let mut plain = has_host && path.first() == Some(&b'/');
    let mut previous = 0;
    for &b in path {
        plain &= b > b' '
            && b < 0x7F
            && b != b'%'
            && b != b'#'
            && !(previous == b'/' && (b == b'.' || b == b'/'));
        previous = b;
    }
    if plain {
        out.extend_from_slice(path);
        ia_path(out);
        return;
    }
    // A path without an escape is read where it is.
    let raw: &[u8] = match path.contains(&b'%') {
        false => path,
        true => {
            raw.clear();
            raw.extend_from_slice(path);
            super::google::unescape_repeatedly(raw);
            raw
        }
    };
    // A path of segments that are neither empty nor dots (most) is its own normal form.
    let normal = raw.first() == Some(&b'/')
        && !raw
            .windows(2)
            .any(|pair| pair[0] == b'/' && matches!(pair[1], b'.' | b'/'));
    if has_host && !normal {
        segments.clear();
        // The piece before the first `/` is skipped, as the package skips it.
        let mut start = memchr::memchr(b'/', raw).map_or(raw.len() + 1, |i| i + 1);
        while start <= raw.len() {
            let end = memchr::memchr(b'/', &raw[start..]).map_or(raw.len(), |i| start + i);
            match &raw[start..end] {
                b"." => {}
                b".." if !segments.is_empty() => {
                    segments.pop();
                }
                _ => segments.push((start, end)),
            }
            start = end + 1;
        }
        out.push(b'/');
        if let Some((&(ls, le), init)) = segments.split_last() {
            for &(s, e) in init {
                if e > s {
                    super::google::escape(&raw[s..e], out);
                    out.push(b'/');
                }
            }
            super::google::escape(&raw[ls..le], out);
        }
    } else {
        super::google::escape(raw, out);
    }
    ia_path(out);
}

/// Step 3's path: lowercased, session ids stripped, a trailing `/` dropped (not from `/`).
fn ia_path(out: &mut Vec<u8>) {
    out.make_ascii_lowercase();
    query::strip_path_session_ids(out);
    if out.len() > 1 && out.last() == Some(&b'/') {
        out.pop();
    }
}
