//! The law of meaning: what `encode` writes for a component, put in that component of a URL,
//! reads back as the data, for every standard, every component that takes data and every byte
//! string. The reading is a peer's: fluent-uri's RFC 3986 (and RFC 3987) parser for the RFCs,
//! after resolution (RFC 3986 §5.2, which removes dot-segments), and ada's WHATWG URL parser
//! for the URL Standard, in a special URL (`https`) and a non-special one; each component's
//! text is then percent-decoded by the `percent-encoding` crate, and a query's `k=v` pairs are
//! split by the URL Standard's application/x-www-form-urlencoded parser (its steps on bytes,
//! and the `url` crate's `form_urlencoded` beside them where the data is UTF-8).
//!
//! RFC 1738 and RFC 2396 are read with RFC 3986's parser: its Appendix B splits every URI as
//! RFC 2396's Appendix B does, and RFC 2396 updates RFC 1738's generic syntax. One thing no
//! encoding keeps is a path segment that is `.` or `..`: RFC 3986 §5.2.4 removes it on
//! resolution (and §2.3 makes `%2E` the same as `.`), url.bs reads `%2e` as `.` in its
//! "single-dot URL path segment"; such data is left out of the path readings, as the README
//! says.

use fluent_uri::{Iri, IriRef, Uri, UriRef};
use percent_encoding::percent_decode_str;
use proptest::prelude::*;
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{Context, Standard};

use super::all_cells;

/// Where a component's value is put in a URL, and read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// RFC 3986 §3.2.1: the whole userinfo.
    Userinfo,
    /// url.bs: the username, before `:` and `@`.
    Username,
    /// url.bs: the password, after `:`.
    Password,
    /// RFC 3986 §3.2.2 (RFC 2396's authority); url.bs an opaque host, a non-special URL's.
    Host,
    /// A path, its `/` separators and all, after the authority.
    Path,
    /// One segment between two others.
    Segment,
    /// The whole query.
    Query,
    /// The name of a `k=v` pair of a query.
    ParamName,
    /// The value of a `k=v` pair of a query.
    ParamValue,
    /// The fragment.
    Fragment,
}

/// The places where `component`'s output goes under `standard`: `any` goes everywhere the
/// standard has data (a path of it is one segment, as it encodes `/`).
fn places(standard: Standard, component: Context) -> Vec<Place> {
    use Place::*;
    let userinfo = match standard {
        Standard::Whatwg => vec![Username, Password],
        _ => vec![Userinfo],
    };
    match component {
        Context::Any => {
            let mut all = userinfo;
            // RFC 1738 has no host data and no fragment.
            if standard != Standard::Rfc1738 {
                all.extend([Host, Fragment]);
            }
            all.extend([Segment, Query, ParamName, ParamValue]);
            all
        }
        Context::Userinfo => userinfo,
        Context::Host => vec![Host],
        Context::Path => vec![Path],
        Context::Segment => vec![Segment],
        Context::Query => vec![Query],
        Context::Param | Context::Form => vec![ParamName, ParamValue],
        Context::Fragment => vec![Fragment],
    }
}

/// RFC 3986 §3.3 "dot-segments", and url.bs's single-dot and double-dot URL path segments: a
/// segment that no encoding keeps (see the module documentation).
fn dot_segment(segment: &[u8]) -> bool {
    segment == b"." || segment == b".."
}

/// The URL that holds `encoded` in `place`, with `scheme` and `h` as its host.
fn compose(scheme: &str, place: Place, encoded: &str, data: &[u8]) -> String {
    match place {
        Place::Userinfo | Place::Username => format!("{scheme}://{encoded}@h/"),
        Place::Password => format!("{scheme}://u:{encoded}@h/"),
        Place::Host => format!("{scheme}://{encoded}/"),
        // RFC 3986 §3.3: after an authority, a path is empty or begins with `/`.
        Place::Path if data.first() == Some(&b'/') => format!("{scheme}://h{encoded}"),
        Place::Path => format!("{scheme}://h/{encoded}"),
        Place::Segment => format!("{scheme}://h/x/{encoded}/y"),
        Place::Query => format!("{scheme}://h/?{encoded}"),
        Place::ParamName => format!("{scheme}://h/?{encoded}=v&z=1"),
        Place::ParamValue => format!("{scheme}://h/?k={encoded}&z=1"),
        Place::Fragment => format!("{scheme}://h/#{encoded}"),
    }
}

/// A name and a value of a query's `k=v` pairs, as bytes.
type Pair = (Vec<u8>, Vec<u8>);

/// What the reading must give for `data` in `place`: the segments of a path (each decoded on
/// its own, so that a `/` of data and a separator differ), the pairs of a query, or the bytes.
#[derive(Debug, PartialEq, Eq)]
enum Reading {
    Bytes(Vec<u8>),
    Segments(Vec<Vec<u8>>),
    Pairs(Vec<Pair>),
}

/// The reading that keeps the meaning of `data` in `place`; `None` for data that no encoding
/// can keep there (dot-segments).
fn expected(place: Place, data: &[u8]) -> Option<Reading> {
    let pair = |k: &[u8], v: &[u8]| (k.to_vec(), v.to_vec());
    Some(match place {
        Place::Path => {
            let path = match data.first() {
                Some(b'/') => data.to_vec(),
                _ => [b"/", data].concat(),
            };
            let segments: Vec<Vec<u8>> = path.split(|&b| b == b'/').map(<[u8]>::to_vec).collect();
            if segments.iter().any(|s| dot_segment(s)) {
                return None;
            }
            Reading::Segments(segments)
        }
        Place::Segment if dot_segment(data) => return None,
        Place::Segment => {
            Reading::Segments(vec![vec![], b"x".to_vec(), data.to_vec(), b"y".to_vec()])
        }
        Place::ParamName => Reading::Pairs(vec![pair(data, b"v"), pair(b"z", b"1")]),
        Place::ParamValue => Reading::Pairs(vec![pair(b"k", data), pair(b"z", b"1")]),
        _ => Reading::Bytes(data.to_vec()),
    })
}

fn decode(text: &str) -> Vec<u8> {
    percent_decode_str(text).collect()
}

/// The application/x-www-form-urlencoded parser of url.bs §5.1, its steps on bytes (the last,
/// UTF-8 decoding, left out: the law is about bytes): split on `&`, skip empty sequences, split
/// each at its first `=`, replace `+` with a space, percent-decode. Where the query is UTF-8,
/// the `url` crate's `form_urlencoded::parse` must agree.
fn form_pairs(query: &str) -> Result<Vec<Pair>, String> {
    let plus = |b: &[u8]| -> Vec<u8> {
        let spaced: Vec<u8> = b
            .iter()
            .map(|&c| if c == b'+' { b' ' } else { c })
            .collect();
        percent_encoding::percent_decode(&spaced).collect()
    };
    let pairs: Vec<Pair> = query
        .as_bytes()
        .split(|&b| b == b'&')
        .filter(|seq| !seq.is_empty())
        .map(|seq| match seq.iter().position(|&b| b == b'=') {
            Some(i) => (plus(&seq[..i]), plus(&seq[i + 1..])),
            None => (plus(seq), Vec::new()),
        })
        .collect();
    let utf8: Option<Vec<(String, String)>> = pairs
        .iter()
        .map(|(k, v)| {
            Some((
                String::from_utf8(k.clone()).ok()?,
                String::from_utf8(v.clone()).ok()?,
            ))
        })
        .collect();
    if let Some(utf8) = utf8 {
        let peer: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if peer != utf8 {
            return Err(format!(
                "form_urlencoded reads {peer:?}, the steps {utf8:?}"
            ));
        }
    }
    Ok(pairs)
}

/// A path's segments, each decoded.
fn segments(path: &str) -> Reading {
    Reading::Segments(path.split('/').map(decode).collect())
}

/// How an RFC reader (fluent-uri) reads `url` in `place`, after resolution against a base.
fn read_rfc(iri: bool, url: &str, place: Place) -> Result<Reading, String> {
    // Resolution (RFC 3986 §5.2.2, RFC 3987 §6.5) is what a client does before it uses a URI.
    let resolved = if iri {
        let base = Iri::parse("s://base/").map_err(|e| e.to_string())?;
        let r = IriRef::parse(url).map_err(|e| format!("{url}: {e}"))?;
        r.resolve_against(&base)
            .map_err(|e| e.to_string())?
            .into_string()
    } else {
        let base = Uri::parse("s://base/").map_err(|e| e.to_string())?;
        let r = UriRef::parse(url).map_err(|e| format!("{url}: {e}"))?;
        r.resolve_against(&base)
            .map_err(|e| e.to_string())?
            .into_string()
    };
    // An IRI is a URI with more characters: the split is the same, and IriRef reads both.
    let uri = IriRef::parse(resolved.as_str()).map_err(|e| e.to_string())?;
    let authority = uri.authority();
    Ok(match place {
        Place::Userinfo => Reading::Bytes(decode(
            authority
                .and_then(|a| a.userinfo())
                .map_or("", |u| u.as_str()),
        )),
        Place::Host => {
            let authority = authority.ok_or("no authority")?;
            if authority.userinfo().is_some() || authority.port().is_some() {
                return Err(format!(
                    "authority {:?} has more than a host",
                    authority.as_str()
                ));
            }
            Reading::Bytes(decode(authority.host()))
        }
        Place::Path | Place::Segment => segments(uri.path().as_str()),
        Place::Query => Reading::Bytes(decode(uri.query().map_or("", |q| q.as_str()))),
        Place::ParamName | Place::ParamValue => {
            Reading::Pairs(form_pairs(uri.query().map_or("", |q| q.as_str()))?)
        }
        Place::Fragment => Reading::Bytes(decode(uri.fragment().map_or("", |f| f.as_str()))),
        Place::Username | Place::Password => unreachable!("a WHATWG place"),
    })
}

/// How the URL Standard's parser (ada) reads `url` in `place`, through its getters.
fn read_whatwg(url: &str, place: Place) -> Result<Reading, String> {
    let parsed = ada_url::Url::parse(url, None).map_err(|_| format!("ada refuses {url:?}"))?;
    let query = parsed.search().strip_prefix('?').unwrap_or("");
    Ok(match place {
        Place::Username => Reading::Bytes(decode(parsed.username())),
        Place::Password => Reading::Bytes(decode(parsed.password())),
        Place::Host => Reading::Bytes(decode(parsed.hostname())),
        Place::Path | Place::Segment => segments(parsed.pathname()),
        Place::Query => Reading::Bytes(decode(query)),
        Place::ParamName | Place::ParamValue => Reading::Pairs(form_pairs(query)?),
        Place::Fragment => Reading::Bytes(decode(parsed.hash().strip_prefix('#').unwrap_or(""))),
        Place::Userinfo => unreachable!("an RFC place"),
    })
}

/// Whether `data`, encoded for `component` under `standard`, reads back as itself in each of
/// the component's places; the first place where it does not, if any.
fn keeps_meaning(standard: Standard, component: Context, data: &[u8]) -> Result<(), String> {
    let encoder = Encoder::for_context(standard, component, &Options::default())
        .map_err(|e| e.to_string())?;
    let encoded = String::from_utf8(encoder.encode_to_vec(data)).map_err(|e| e.to_string())?;
    for place in places(standard, component) {
        let Some(want) = expected(place, data) else {
            continue;
        };
        let schemes: &[&str] = match (standard, place) {
            // A special URL's host is a domain (IDNA), not data: an opaque host is.
            (Standard::Whatwg, Place::Host) => &["foo"],
            (Standard::Whatwg, _) => &["https", "foo"],
            _ => &["s"],
        };
        for scheme in schemes {
            let url = compose(scheme, place, &encoded, data);
            let got = match standard {
                Standard::Whatwg => read_whatwg(&url, place),
                _ => read_rfc(standard == Standard::Rfc3987, &url, place),
            };
            if got.as_ref() != Ok(&want) {
                return Err(format!(
                    "{standard} -c {}: {data:?} as {encoded:?} in {url:?} ({place:?}) reads {got:?}, not {want:?}",
                    component.name()
                ));
            }
        }
    }
    Ok(())
}

/// Bytes that mean something somewhere in a URL, UTF-8 pieces (with RFC 3987's `iprivate`
/// and a non-character), and any byte.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        6 => prop::sample::select(b"\\/?#&=+;.%:@[]|^`{}'\"<> \t\r\n\0\x1Fa-~!$*(),".to_vec()),
        2 => prop::sample::select(vec![0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xEE, 0x80, 0xEF, 0xB7, 0x90, 0xF0, 0x9F, 0xBF, 0xFF]),
        2 => any::<u8>(),
    ]
}

/// The examples the law was written for: each failed before `encode` kept its meaning.
#[test]
fn encode_keeps_meaning_of_the_examples() {
    let cases: &[(Standard, Context, &[u8])] = &[
        // url.bs path state: a special URL's path reads `\` as `/`.
        (Standard::Whatwg, Context::Segment, br"dir\file.txt"),
        (Standard::Whatwg, Context::Path, br"/dir\file.txt"),
        // The opaque-host parser fails on a forbidden host code point.
        (Standard::Whatwg, Context::Host, b"a b/c"),
        // RFC 2396 §3.2: `: @` are reserved within the authority.
        (Standard::Rfc2396, Context::Host, b"user@example.com:80"),
        // RFC 2396 §3.2: the authority ends at `?`.
        (Standard::Rfc1738, Context::Userinfo, b"who?"),
        // Form data reads `+` as a space.
        (Standard::Rfc1738, Context::Any, b"1+1"),
    ];
    for &(standard, component, data) in cases {
        if let Err(e) = keeps_meaning(standard, component, data) {
            panic!("{e}");
        }
    }
}

/// Every byte, alone and between letters, in every cell.
#[test]
fn encode_keeps_meaning_of_every_byte() {
    let mut wrong = Vec::new();
    for (standard, component) in all_cells() {
        for b in 0..=255u8 {
            for data in [vec![b], vec![b'a', b, b'b']] {
                if let Err(e) = keeps_meaning(standard, component, &data) {
                    wrong.push(e);
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every case runs every cell.
    #[test]
    fn encode_keeps_meaning(data in prop::collection::vec(byte(), 0..40)) {
        for (standard, component) in all_cells() {
            if let Err(e) = keeps_meaning(standard, component, &data) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}
