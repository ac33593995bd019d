//! WHATWG URL validity: a "valid URL string" and the productions of its components, as url.bs
//! "URL writing" and "Host writing" define them (whatwg/url 6ae84860, 2026-07-02).
//!
//! `grammar` walks the URL-writing grammar over the bytes, once, and gives the first problem
//! with its byte offset, named with the standard's validation error where one fits
//! (`invalid-URL-unit`, `invalid-credentials`, `IPv6-piece-leading-zero`, …) and with the
//! grammar's production where none does (`valid-host-string`, `URL-scheme-string`, …).
//! `host` checks hosts, and `domain` domains: a valid domain is what UTS #46 ToASCII accepts
//! with the strict flags of the domain parser's beStrict, not ending in a number; its ToASCII
//! is the parser's own (ada's), so the two read one Unicode version.
//! `refusal` names the rule a domain that ToASCII refuses breaks (a disallowed character, the
//! bidi rule, the joiner rules), for the messages.
//!
//! A whole URL the grammar accepts is then parsed by a WHATWG parser (ada): a valid URL string
//! always parses, so a refusal is a bug of the grammar here, reported as `failure`.
//!
//! Most URLs in a list are of one plain shape; `common_url` accepts those in one pass, with
//! neither the whole grammar nor the parser, and is tested against `check_by_grammar`.
//!
//! All but [`Base`] need the `whatwg` feature (on by default): without the parser, there is
//! nothing here to check with, and `check::validator` gives a validator that says so.

#[cfg(feature = "whatwg")]
mod domain;
#[cfg(feature = "whatwg")]
mod grammar;
#[cfg(feature = "whatwg")]
mod host;
#[cfg(feature = "whatwg")]
mod refusal;
#[cfg(all(test, feature = "whatwg"))]
mod tests;

#[cfg(feature = "whatwg")]
pub use domain::valid_domain;
#[cfg(feature = "whatwg")]
pub use host::ends_in_a_number;
#[cfg(feature = "whatwg")]
pub(crate) use refusal::why_the_parser_refuses;

#[cfg(feature = "whatwg")]
use super::{Problem, Scan, Target, rfc3986};
#[cfg(feature = "whatwg")]
use crate::sets::ByteSet;
#[cfg(feature = "whatwg")]
use crate::sets::Component;
#[cfg(feature = "whatwg")]
use crate::sets::ascii::{ALPHA, ALPHANUM, DIGIT};

/// The base URL a relative-URL-with-fragment string is written against: the grammar switches
/// on its scheme, and on whether its path is opaque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// A special scheme but `file` (http, https, ws, wss, ftp): `//` begins a valid host
    /// string, and `\` is read as `/`.
    Special,
    /// `file`: `//` begins an optional host, with no port.
    File,
    /// Any other scheme, with a path of segments (like `foo://host/p`): `//` begins an
    /// opaque host.
    NonSpecial,
    /// A base with an opaque path (like `mailto:x`): only `#` and a fragment is relative.
    OpaquePath,
}

/// Checks `s` as `target`: `uri` a valid URL string, `reference` a valid URL string against
/// a special base (see [`check_reference`] for other bases), a component its production in
/// url.bs "URL writing" (`host` a valid host string, not an opaque one: that needs the scheme).
///
/// Needs the `whatwg` feature (on by default).
#[cfg(feature = "whatwg")]
#[inline]
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    match target {
        Target::Uri | Target::Reference if common_url(s) => Ok(()),
        _ => check_by_grammar(s, target),
    }
}

/// This standard's validator, registered in [`super::validator`].
///
/// Needs the `whatwg` feature (on by default).
#[cfg(feature = "whatwg")]
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports,
    noun: "a URL",
    begins: "url.bs \"URL writing\": a valid URL string begins with a scheme and ':'",
};

/// Every component has a production in url.bs "URL writing" (`userinfo` one that nothing
/// meets: a valid URL string has no credentials).
#[cfg(feature = "whatwg")]
fn supports(_: Target) -> Result<(), &'static str> {
    Ok(())
}

/// Checks `s` as a valid URL string written against a base URL of the kind `base`: a
/// relative-URL-with-fragment string or an absolute-URL-with-fragment string.
///
/// Needs the `whatwg` feature (on by default).
///
/// ```
/// use uriesc::check::whatwg::{Base, check_reference};
///
/// assert!(check_reference(b"../a?b#c", Base::Special).is_ok());
/// assert!(check_reference(b"//host/a", Base::NonSpecial).is_ok());
/// assert!(check_reference(b"a", Base::OpaquePath).is_err());
/// assert!(check_reference(b"#a", Base::OpaquePath).is_ok());
/// ```
#[cfg(feature = "whatwg")]
pub fn check_reference(s: &[u8], base: Base) -> Result<(), Problem> {
    grammar::reference(&Scan::new(s), base)?;
    confirm(s, Some(base))
}

/// [`check`] without the fast path of [`common_url`]: the whole grammar, every time.
/// The tests and fuzz targets hold the fast path to it (`crate::internals`).
#[cfg(feature = "whatwg")]
pub(crate) fn check_by_grammar(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    let fragment = target == Target::Component(Component::Fragment);
    grammar::target(&scan, target).map_err(|p| match s.get(p.offset) {
        // On its own, a fragment has no '#' before it that began it (in a URL, the first
        // '#' begins the fragment).
        Some(b'#') if fragment && !s[..p.offset].contains(&b'#') => {
            let message = "'#' is not allowed in a fragment; write it as %23";
            scan.problem(p.offset, p.rule, message.into())
        }
        _ => p,
    })?;
    match target {
        Target::Uri => confirm(s, None),
        Target::Reference => confirm(s, Some(Base::Special)),
        Target::Component(_) => Ok(()),
    }
}

/// Whether the WHATWG parser (ada) parses `s`, which the grammar accepts: if not, the grammar
/// is wrong, and says so rather than call the URL valid.
#[cfg(feature = "whatwg")]
fn confirm(s: &[u8], base: Option<Base>) -> Result<(), Problem> {
    let base = base.map(|base| match base {
        Base::Special => "https://base.example/",
        Base::File => "file:///base",
        Base::NonSpecial => "base://base.example/",
        Base::OpaquePath => "base:opaque",
    });
    match std::str::from_utf8(s) {
        Ok(text) if ada_url::Url::can_parse(text, base) => Ok(()),
        _ => Err(Problem {
            offset: 0,
            rule: "failure",
            message: "the WHATWG parser (ada) refuses this URL, which the URL-writing grammar \
                      here accepts: a bug of uriesc, please report it"
                .into(),
        }),
    }
}

/// The special schemes (url.bs "URL miscellaneous") whose URLs have a domain and a path of
/// segments; `file` has rules of its own (drive letters, an empty host), which the grammar
/// keeps. One list, for the fast path and the grammar.
#[cfg(feature = "whatwg")]
const SPECIAL: [&[u8]; 5] = [b"http", b"https", b"ws", b"wss", b"ftp"];

/// What a label of [`common_url`]'s domain is made of: ASCII alphanumerics and `-`.
#[cfg(feature = "whatwg")]
const LABEL: ByteSet = ALPHANUM.add(b'-');

/// The length of the special scheme (but `file`) that `s` begins with, in any case, followed by
/// `://`; `None` where it begins with none. The first eight bytes are read as one word and
/// compared with each scheme and its `://` at once, the scheme's letters lowercased by setting
/// their 0x20 bit (which maps `A`-`Z` to `a`-`z` and no other byte to a lowercase letter but the
/// letter itself: `h` is 0x68, and only 0x48 `H` and 0x68 have 0x68 with 0x20 set); the `://`
/// bytes are compared as they are. One word beats a scan and five comparisons on a scheme a
/// few bytes long.
#[cfg(feature = "whatwg")]
#[inline(always)]
fn special_scheme(s: &[u8]) -> Option<usize> {
    // Each scheme with its "://": its length, and the word of its bytes.
    const fn word(bytes: &[u8]) -> u64 {
        let mut word = [0u8; 8];
        let mut i = 0;
        while i < bytes.len() {
            word[i] = bytes[i];
            i += 1;
        }
        u64::from_le_bytes(word)
    }
    const SCHEMES: [(usize, u64); 5] = [
        (4, word(b"http://")),
        (5, word(b"https://")),
        (2, word(b"ws://")),
        (3, word(b"wss://")),
        (3, word(b"ftp://")),
    ];
    let mut first = [0u8; 8];
    let n = s.len().min(8);
    first[..n].copy_from_slice(&s[..n]);
    let first = u64::from_le_bytes(first);
    SCHEMES.iter().find_map(|&(letters, scheme)| {
        let len = letters + 3;
        let mask = u64::MAX >> (64 - 8 * len);
        let lower = 0x2020_2020_2020_2020u64 >> (64 - 8 * letters);
        ((first | lower) & mask == scheme && s.len() >= len).then_some(letters)
    })
}

/// A fast path for the shape most URLs have: a special scheme but `file` (any case), `://`, a
/// domain of dot-separated labels of `LABEL`, an optional port of 1 to 5 digits worth at most
/// 65535, then path, query and fragment as RFC 3986 writes them (`rfc3986::after_authority`).
/// False means "not decided here", and [`check_by_grammar`] (the reference this is tested against)
/// walks the grammar.
///
/// Why such a URL is a valid URL string: the domain is a valid domain, because UTS #46 ToASCII
/// with beStrict only lowercases a label of ASCII letters, digits and `-` that is 1 to 63
/// bytes long, does not begin or end with `-` and has no `--` in its 3rd and 4th places
/// (CheckHyphens; which also sends every `xn--` label, whose Punycode would need decoding, to
/// the grammar), and the domain is at most 253 bytes with no trailing dot (VerifyDnsLength, as
/// UTS #46 and the `idna` crate's `DnsLength::Verify` have it); with no label beyond ASCII and
/// none to decode, no bidi or joiner rule applies; and the last label begins with a letter, so
/// the domain does not end in a number. The port is in range; every byte after it is a URL
/// code point or begins an escape (RFC 3986's `pchar`, `/` and `?` all are), `#` only once. No
/// credentials, no backslash, no spaces or controls, no stray `%`.
#[cfg(feature = "whatwg")]
#[inline]
pub(crate) fn common_url(s: &[u8]) -> bool {
    common_url_shape(s).is_some()
}

/// Where the parts of a URL of [`common_url`]'s shape are, as it found them.
#[cfg(feature = "whatwg")]
pub(crate) struct CommonShape {
    /// The scheme's `:`.
    pub colon: usize,
    /// Where the domain ends.
    pub host_end: usize,
    /// The port's value, where there is one.
    pub port: Option<u32>,
    /// Where the authority ends, and the path (or query, or fragment) begins.
    pub authority_end: usize,
}

/// [`common_url`], with where the parts are; `None` where it is false. Inlined, so that
/// [`common_url`], which asks for none of them, costs what it did without them.
#[cfg(feature = "whatwg")]
#[inline(always)]
pub(crate) fn common_url_shape(s: &[u8]) -> Option<CommonShape> {
    let scheme = special_scheme(s)?;
    let start = scheme + 3;
    let mut i = start;
    let last_label = loop {
        let label = &s[i..i + LABEL.prefix_len(&s[i..])];
        if label.is_empty()
            || label.len() > 63
            || label[0] == b'-'
            || label[label.len() - 1] == b'-'
            || label.get(2..4) == Some(b"--")
        {
            return None;
        }
        i += label.len();
        if s.get(i) != Some(&b'.') {
            break label;
        }
        i += 1;
    };
    if i - start > 253 || !ALPHA.contains(last_label[0]) {
        return None;
    }
    let host_end = i;
    let mut port = None;
    if s.get(i) == Some(&b':') {
        let digits = &s[i + 1..i + 1 + DIGIT.prefix_len(&s[i + 1..])];
        if !(1..=5).contains(&digits.len()) {
            return None;
        }
        // At most 5 digits: no overflow.
        let value = digits
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        if value > 65535 {
            return None;
        }
        port = Some(value);
        i += 1 + digits.len();
    }
    rfc3986::after_authority(s, i).then_some(CommonShape {
        colon: scheme,
        host_end,
        port,
        authority_end: i,
    })
}
