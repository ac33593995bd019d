//! What `clean` takes from the WHATWG URL Standard, through ada (the parser of Node.js, which
//! passes every web-platform-tests URL test): a host in its ASCII form (`--idna`: url.bs "host
//! parsing", with UTS #46), and the parser's serialization of a URL (`--whatwg`), mended into
//! a valid URL string (url.bs "URL writing").

pub(crate) use super::own::{Stop, run_of_own_serializations};
#[cfg(feature = "internals")]
pub(crate) use super::own::{own_serialization, run_of_own_serializations_bytewise};
use super::*;
use crate::sets::whatwg::{ASCII_URL_CODE_POINT, FORBIDDEN_DOMAIN_CODE_POINT};

/// The fast path for the URLs most lists hold: where `record` is a common URL whose
/// serialization needs no parser ([`crate::fast_path::serialize`]), writes it to `out` and returns
/// true. False means "parse it", and `out` is as it was.
#[inline]
pub(super) fn serialize_common_url(record: &[u8], out: &mut Vec<u8>) -> bool {
    crate::fast_path::serialize(record, out).is_some()
}

/// Where a host was replaced by its ASCII form: the bytes `start..input_end` of the record
/// became `start..ascii_end`.
pub(super) struct HostSwap {
    start: usize,
    input_end: usize,
    ascii_end: usize,
}

impl HostSwap {
    /// The offset in the record as it came of `offset` in the record with the ASCII host (the
    /// host's start for anything inside it).
    pub(super) fn input_offset(&self, offset: usize) -> usize {
        if offset < self.start {
            offset
        } else if offset < self.ascii_end {
            self.start
        } else {
            offset - self.ascii_end + self.input_end
        }
    }
}

/// The record with an internationalized host in its ASCII (punycode) form, by the WHATWG URL
/// Standard's host parser (url.bs "host parsing": percent-decoding, domain to ASCII by UTS #46,
/// then the forbidden domain code points and IPv4 forms), through ada; `None` where there is
/// nothing to convert. A host is internationalized where it holds characters beyond ASCII,
/// written as they are or percent-encoded as UTF-8 (RFC 3986 §3.2.2: "each octet of the
/// corresponding UTF-8 sequence must be percent-encoded"): the parser decodes both alike. A
/// host that the parser refuses (a space in it, or an escape of one) is the problem.
pub(super) fn to_ascii_host(record: &[u8]) -> Result<Option<(Vec<u8>, HostSwap)>, Problem> {
    let parts = Parts::split(record);
    let Some(authority) = parts.authority else {
        return Ok(None);
    };
    let host = Authority::split(&record[authority.clone()]).host;
    let (host_start, host_end) = (authority.start + host.start, authority.start + host.end);
    let host = &record[host_start..host_end];
    let escapes_beyond_ascii =
        || (0..host.len()).any(|i| pct_encoded(host, i).is_some_and(|b| b >= 0x80));
    if host.is_ascii() && !escapes_beyond_ascii() {
        return Ok(None);
    }
    let problem = |offset: usize, message: String| Problem {
        offset,
        rule: "host",
        message,
    };
    let text = std::str::from_utf8(host).map_err(|e| {
        problem(
            host_start + e.valid_up_to(),
            "the host is not UTF-8, so it has no ASCII form".into(),
        )
    })?;
    // Quoted in messages, cut where it is long.
    let shown = quote(host);
    // The first forbidden domain code point (url.bs §3.5), as the parser sees it: after
    // percent-decoding, so an escape of one ('%2F', an encoded delimiter) is one, and a '%'
    // that begins an escape is not.
    let scan = check::Scan::new(record);
    let mut i = 0;
    while i < host.len() {
        let at = host_start + i;
        match pct_encoded(host, i) {
            Some(b) if FORBIDDEN_DOMAIN_CODE_POINT.contains(b) => {
                return Err(problem(
                    at,
                    format!(
                        "'{}' decodes to {}, which is not allowed in a domain (the host parser \
                         decodes escapes first), so '{shown}' has no ASCII form",
                        String::from_utf8_lossy(&host[i..i + 3]),
                        check::Scan::new(&[b]).show(0),
                    ),
                ));
            }
            Some(_) => i += 3,
            None if FORBIDDEN_DOMAIN_CODE_POINT.contains(host[i]) => {
                return Err(problem(
                    at,
                    format!(
                        "{} is not allowed in a domain, so '{shown}' has no ASCII form",
                        scan.show(at)
                    ),
                ));
            }
            None => i += 1,
        }
    }
    // Escapes of bytes beyond ASCII are the UTF-8 of characters, or there is no name.
    let (mut decoded, mut from) = (Vec::with_capacity(host.len()), Vec::new());
    let mut i = 0;
    while i < host.len() {
        from.push(i);
        match pct_encoded(host, i) {
            Some(b) => (decoded.push(b), i += 3),
            None => (decoded.push(host[i]), i += 1),
        };
    }
    if let Err(e) = std::str::from_utf8(&decoded) {
        let at = from[e.valid_up_to()];
        return Err(problem(
            host_start + at,
            format!(
                "'{}' decodes to a byte that begins no UTF-8 character, so '{shown}' has no \
                 ASCII form (RFC 3986 §3.2.2: a name's escapes are its UTF-8)",
                String::from_utf8_lossy(&host[at..(at + 3).min(host.len())])
            ),
        ));
    }
    // The host parser through ada, as the host of an `http:` URL (no byte of it, decoded or
    // not, ends the host there).
    let ascii = ada_url::Url::parse(format!("http://{text}/"), None)
        .ok()
        .map(|url| url.hostname().to_string())
        .ok_or_else(|| {
            let message = match check::whatwg::why_the_parser_refuses(text) {
                Some(why) => format!("the host has no ASCII form: {why}"),
                None => format!(
                    "'{shown}' is not a valid international domain name (UTS #46 ToASCII fails)"
                ),
            };
            problem(host_start, message)
        })?;
    let mut converted = record[..host_start].to_vec();
    converted.extend_from_slice(ascii.as_bytes());
    converted.extend_from_slice(&record[host_end..]);
    let swap = HostSwap {
        start: host_start,
        input_end: host_end,
        ascii_end: host_start + ascii.len(),
    };
    Ok(Some((converted, swap)))
}

/// What a browser sends: the WHATWG URL parser's serialization (`href`) of the record, against
/// the base if any, through ada; then, unless `--basic`, mended into a valid URL string; then
/// checked as one (url.bs "URL writing").
///
/// Mending works on the serialization, where the parser has already settled what each byte
/// is: a `\` that a special URL reads as `/`, the tabs and newlines it deletes, the spaces
/// it strips at the ends, the host and the port. In the path, query and fragment (and an
/// opaque host), every byte that is not a URL unit is percent-encoded: a `%` that begins no
/// escape becomes `%25`, and `|`, `[`, `]`, `{`, `}`, `\`, `^`, `` ` `` and a `#` in the
/// fragment are encoded as the parser's own percent-encode sets would if they held them.
/// Percent-encoding a byte that the parser kept changes no server's reading of a path, query
/// or fragment (each is percent-decoded before use), and the parser reads the mended
/// serialization back as itself, so `clean` is idempotent.
///
/// A record the parser refuses is the problem, and `out` is left as it was. A serialization
/// that still is not a valid URL string (credentials, a host that is not a valid domain) is
/// written to `out` and its problem comes back too: it is what a browser would send, and the
/// caller passes it on and reports why it is not valid.
pub(super) fn whatwg(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    let problem = |offset, message: String| Problem {
        offset,
        rule: "failure",
        message,
    };
    let text = std::str::from_utf8(record).map_err(|e| {
        problem(
            e.valid_up_to(),
            "a URL is text, and this byte is not UTF-8; percent-encode it".into(),
        )
    })?;
    let base = match &options.base {
        Some(base) => Some(
            std::str::from_utf8(base)
                .map_err(|_| problem(0, "the base is not a URL: it is not UTF-8".into()))?,
        ),
        None => None,
    };
    let url = ada_url::Url::parse(text, base).map_err(|_| match base {
        Some(base) if !ada_url::Url::can_parse(base, None) => {
            problem(0, format!("the base '{base}' is not a URL"))
        }
        _ => parse_failure(record),
    })?;
    let start = out.len();
    if options.basic {
        out.extend_from_slice(url.href().as_bytes());
    } else {
        mend(&url, out);
    }
    check::whatwg::check_serialization(&out[start..]).map_err(|problem| {
        let result = shorten(&out[start..]);
        Problem {
            offset: 0,
            message: format!("{} (in the result '{result}')", problem.message),
            ..problem
        }
    })
}

/// [`whatwg`]'s result where it is a valid URL string, for the suggestion of a `check` report
/// (`cleaner::suggestion`, of a record whose ends are trimmed): the same serialization, mended,
/// without the words of a problem, which a suggestion never shows and which cost more than the
/// rest for a record the parser refuses (the grammar's walk again, to say where).
pub(super) fn suggestion(record: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    if serialize_common_url(record, &mut out) {
        return Some(out);
    }
    let url = ada_url::Url::parse(std::str::from_utf8(record).ok()?, None).ok()?;
    mend(&url, &mut out);
    check::whatwg::check_serialization(&out)
        .is_ok()
        .then_some(out)
}

/// What is percent-encoded in the serialization by [`whatwg`]'s mending: every ASCII byte that
/// is not a URL code point. (A serialization is ASCII: the parser encodes the rest.)
const NOT_URL_CODE_POINT: ByteSet = ASCII_URL_CODE_POINT.complement();

/// Writes `url`'s serialization with its path, query, fragment and opaque host mended (see
/// [`whatwg`]).
fn mend(url: &ada_url::Url, out: &mut Vec<u8>) {
    let href = url.href().as_bytes();
    let parts = url.components();
    // The parts that are made of URL units: an opaque host (a non-special URL's host; a
    // special URL's host is a domain or an address, which a percent-escape cannot stand in),
    // then the path, query and fragment.
    let opaque_host = url.scheme_type() == ada_url::SchemeType::NotSpecial
        && url.host_type() == ada_url::HostType::Domain;
    let units_start = match parts.pathname_start {
        _ if opaque_host && url.has_hostname() => parts.host_start as usize,
        Some(path) => path as usize,
        None => href.len(),
    };
    let fragment = parts.hash_start.map_or(href.len(), |h| h as usize);
    out.extend_from_slice(&href[..units_start]);
    let mut i = units_start;
    while i < href.len() {
        let b = href[i];
        let encode = match b {
            b'%' => pct_encoded(href, i).is_none(),
            // The `#` that begins the fragment stays; one inside it is data.
            b'#' => i > fragment,
            // Brackets around an IPv6 host stay.
            b'[' | b']' => i >= parts.host_end as usize,
            b => NOT_URL_CODE_POINT.contains(b),
        };
        if encode {
            out.extend_from_slice(crate::percent::percent_encode_byte(b).as_bytes());
        } else {
            out.push(b);
        }
        i += 1;
    }
}

/// The problem of a record the parser refuses, at the place it goes wrong: the part the
/// parser refuses, found in its order ([`check::whatwg::why_the_parser_fails`]: the host is
/// parsed before the port is read); else where the URL writing grammar can tell (a space in a
/// host, say), else at the start.
pub(crate) fn parse_failure(record: &[u8]) -> Problem {
    if let Some(because) = check::whatwg::why_the_parser_fails(record) {
        return Problem {
            offset: because.offset,
            rule: "failure",
            message: format!("the URL parser refuses this URL: {}", because.message),
        };
    }
    let mut because = match check::check(record, Standard::Whatwg, Target::Uri) {
        Err(problem) => problem,
        Ok(()) => Problem {
            offset: 0,
            rule: "failure",
            message: String::new(),
        },
    };
    // The parser percent-decodes a domain before it looks at it (url.bs "host parsing"), so
    // what it refuses is what an escape stands for: say that, at the escape.
    if because.rule == "domain-percent-encoded" {
        let host = &record[because.offset..];
        let host = &host[..memchr::memchr3(b'/', b'?', b'#', host).unwrap_or(host.len())];
        let forbidden = (0..host.len()).find_map(|i| {
            pct_encoded(host, i)
                .filter(|&b| FORBIDDEN_DOMAIN_CODE_POINT.contains(b))
                .map(|b| (i, b))
        });
        if let Some((i, b)) = forbidden {
            because.offset += i;
            let what = match b {
                b' ' => "a space".to_string(),
                b if b.is_ascii_graphic() => format!("'{}'", b as char),
                b => format!("the control character U+{b:04X}"),
            };
            because.message = format!(
                "'{}' decodes to {what}, which is not allowed in a domain; remove it",
                String::from_utf8_lossy(&host[i..i + 3])
            );
        } else if let Some(i) =
            (0..host.len()).find(|&i| host[i] == b'%' && pct_encoded(host, i).is_none())
        {
            because.offset += i;
            because.message =
                "'%' that begins no escape is not allowed in a domain; remove it".to_string();
        } else if let Some(authority) = Parts::split(record).authority {
            // What the escapes stand for is what the parser refused: say why, of the host.
            let split = Authority::split(&record[authority.clone()]).host;
            let whole_host = &record[authority.start + split.start..authority.start + split.end];
            if let Some(why) =
                check::whatwg::why_the_parser_refuses(&String::from_utf8_lossy(whole_host))
            {
                because.offset = authority.start + split.start;
                because.message = why;
            }
        }
    }
    let message = match because.message.is_empty() {
        true => "the URL parser refuses this URL".to_string(),
        false => format!("the URL parser refuses this URL: {}", because.message),
    };
    Problem {
        offset: because.offset,
        rule: "failure",
        message,
    }
}
