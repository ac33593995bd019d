//! `parse --format json`: one JSON object per record (JSON Lines), its members the reading's
//! components and the derived parts, in a fixed order.
//!
//! Written by hand rather than through serde for the common case, a string of printable ASCII
//! with no `"` or `\` (nearly every component of a real URL), which needs no escaping at all
//! (RFC 8259 §7); anything else goes through the one formatter of [`crate::report::json`], so
//! that every JSON text of uriesc escapes the same characters, and bytes that are not UTF-8 are
//! written as [`json::Data`] (`{"bytes": BASE64}`).

#[cfg(feature = "whatwg")]
mod common;

use super::derived::{decoded, params, segments};
use super::url::Url;
use super::{Derive, Site};
use crate::report::json;

#[cfg(feature = "whatwg")]
pub(crate) use common::Layout;

/// The opening of each member, in the order of [`super::RFC_FIELDS`], [`super::WHATWG_FIELDS`]
/// and [`super::DERIVED_FIELDS`] (a test holds them to those): one copy for the punctuation
/// and the name.
const RFC_KEYS: [&str; 8] = [
    r#"{"scheme":"#,
    r#","userinfo":"#,
    r#","host":"#,
    r#","host_type":"#,
    r#","port":"#,
    r#","path":"#,
    r#","query":"#,
    r#","fragment":"#,
];
const WHATWG_KEYS: [&str; 11] = [
    r#"{"href":"#,
    r#","origin":"#,
    r#","protocol":"#,
    r#","username":"#,
    r#","password":"#,
    r#","host":"#,
    r#","hostname":"#,
    r#","port":"#,
    r#","pathname":"#,
    r#","search":"#,
    r#","hash":"#,
];
/// [`WHATWG_KEYS`] for a common URL, whose every getter is a string that needs no escaping:
/// each with the quote that closes the value before it and the one that opens its own, so
/// that a member is two copies.
#[cfg(feature = "whatwg")]
const COMMON_OPENINGS: [&str; 11] = [
    r#"{"href":""#,
    r#"","origin":""#,
    r#"","protocol":""#,
    r#"","username":""#,
    r#"","password":""#,
    r#"","host":""#,
    r#"","hostname":""#,
    r#"","port":""#,
    r#"","pathname":""#,
    r#"","search":""#,
    r#"","hash":""#,
];
const DERIVED_KEYS: [&str; 6] = [
    r#","segments":"#,
    r#","params":"#,
    r#","public_suffix":"#,
    r#","public_suffix_section":"#,
    r#","registrable_domain":"#,
    r#","display_host":"#,
];

/// Appends `url` as one JSON object (no newline).
pub fn write(url: &Url, derive: &mut Derive, out: &mut Vec<u8>) {
    #[cfg(feature = "whatwg")]
    if let Url::Common(common) = url
        && Layout::takes(common)
    {
        // The host is a domain in ASCII, lower case, with no `xn--` label: its own ASCII form.
        let site = derive.list().starts(common.hostname());
        return Layout::object(common, site, out);
    }
    let whole = url.string();
    // Every member fits in this, for nearly every URL: one allocation at most. (Not for a
    // record of megabytes, whose output grows as it is written rather than all at once.)
    out.reserve(whole.len().min(1 << 12) * 8 + 512);
    // Each component but the URL Standard's origin is a part of the URL's string: where that
    // needs no escaping, none of them does (nearly every URL: RFC 3986 allows no `"` or `\`,
    // and the URL Standard's serializer percent-encodes `"`).
    // A common URL is letters, digits and RFC 3986's delimiters, and everything derived from
    // it without decoding (its origin, its host and the host's suffixes) is a part of it.
    let common = url.is_common();
    let whole_plain = common || plain(whole);
    match url {
        #[cfg(feature = "whatwg")]
        Url::Common(url) => {
            for (i, opening) in COMMON_OPENINGS.iter().enumerate() {
                out.extend_from_slice(opening.as_bytes());
                out.extend_from_slice(url.getter(i));
            }
            out.push(b'"');
        }
        _ => components(url, whole_plain, out),
    }
    let plus = derive.plus(url);
    let [
        segments_key,
        params_key,
        suffix_key,
        section_key,
        domain_key,
        display_key,
    ] = DERIVED_KEYS;
    out.extend_from_slice(segments_key.as_bytes());
    match url.path_of_segments() {
        // Nothing to decode: the segments as they stand.
        Some(path) if whole_plain && memchr::memchr(b'%', path).is_none() => {
            list(segments(path), out)
        }
        Some(path) => decoded_list(segments(path), out),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(params_key.as_bytes());
    match url.query() {
        Some(query) => pairs(query, plus, url.is_whatwg(), whole_plain, out),
        None => out.extend_from_slice(b"null"),
    }
    let site = derive.site(url);
    let (suffix, section, domain) = match &site {
        Some(Site {
            public_suffix,
            section,
            registrable_domain,
        }) => (
            Some(&public_suffix[..]),
            Some(section.as_bytes()),
            registrable_domain.as_deref(),
        ),
        None => (None, None, None),
    };
    for (key, value) in [
        (suffix_key, suffix),
        (section_key, section),
        (domain_key, domain),
    ] {
        out.extend_from_slice(key.as_bytes());
        // Parts of the host's ASCII form, which may hold `"` (url.bs "forbidden domain code
        // point" has none of `"`, `` ` ``, `{`, `}`; an RFC's `%22` decodes to it).
        match value {
            Some(value) if common => quoted(value, out),
            Some(value) => string(value, out),
            None => out.extend_from_slice(b"null"),
        }
    }
    out.extend_from_slice(display_key.as_bytes());
    let mut shown = std::mem::take(&mut derive.shown);
    shown.clear();
    match derive.display_host(url, &mut shown) {
        true if common => quoted(&shown, out),
        true => string(&shown, out),
        false => out.extend_from_slice(b"null"),
    }
    derive.shown = shown;
    out.push(b'}');
}

/// The members of the reading's components, `url` not a common URL.
fn components(url: &Url, whole_plain: bool, out: &mut Vec<u8>) {
    let keys: &[&str] = match url.is_whatwg() {
        true => &WHATWG_KEYS,
        false => &RFC_KEYS,
    };
    for (i, key) in keys.iter().enumerate() {
        out.extend_from_slice(key.as_bytes());
        match url.component(i) {
            Some(value) if whole_plain && !(url.is_whatwg() && i == 1) => quoted(&value, out),
            Some(value) => string(&value, out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

/// `value`, which needs no escaping, in quotes.
#[inline]
fn quoted(value: &[u8], out: &mut Vec<u8>) {
    out.push(b'"');
    out.extend_from_slice(value);
    out.push(b'"');
}

/// `value` as a JSON string, or as [`json::Data`] where it is not UTF-8.
pub fn string(value: &[u8], out: &mut Vec<u8>) {
    if plain(value) {
        return quoted(value, out);
    }
    match std::str::from_utf8(value) {
        Ok(text) => json::write(text, out),
        Err(_) => json::write(&json::Data(value), out),
    }
}

/// Whether every byte of `value` is printable ASCII other than `"` and `\\`: what a JSON
/// string holds as it is (RFC 8259 §7). Eight bytes at a time, each test a comparison of every
/// byte of a word at once (the "haszero" and "hasless" of Sean Anderson's Bit Twiddling Hacks,
/// exact as a yes or no for bounds up to 128): the strings are short, and a loop of one byte a
/// step was a sixth of `parse --format json`'s time.
fn plain(value: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    /// Some byte of `word` is below `n` (`n` at most 128).
    const fn less(word: u64, n: u8) -> bool {
        word.wrapping_sub(ONES * n as u64) & !word & HIGH != 0
    }
    /// Some byte of `word` is `b`.
    const fn has(word: u64, b: u8) -> bool {
        less(word ^ (ONES * b as u64), 1)
    }
    let (words, rest) = value.as_chunks::<8>();
    let words_plain = words.iter().all(|&bytes| {
        let word = u64::from_ne_bytes(bytes);
        word & HIGH == 0
            && !less(word, 0x20)
            && !has(word, 0x7F)
            && !has(word, b'"')
            && !has(word, b'\\')
    });
    words_plain
        && rest
            .iter()
            .all(|&b| (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\')
}

/// `items`, which need no escaping, as an array of strings.
fn list<'a>(items: impl Iterator<Item = &'a [u8]>, out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        quoted(item, out);
    }
    out.push(b']');
}

/// `items` percent-decoded, as an array of strings.
fn decoded_list<'a>(items: impl Iterator<Item = &'a [u8]>, out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(&decoded(item, false), out);
    }
    out.push(b']');
}

/// The pairs of `query` as `[[name, value], ...]`, decoded; `lossy`: as the URL Standard
/// decodes them, with U+FFFD for bytes that are not UTF-8 (url.bs
/// "application/x-www-form-urlencoded parsing": "UTF-8 decode without BOM").
/// `plain`: `query` needs no escaping.
fn pairs(query: &[u8], plus: bool, lossy: bool, plain: bool, out: &mut Vec<u8>) {
    // Nothing to decode: the names and values as they stand.
    let as_they_stand = plain
        && memchr::memchr(b'%', query).is_none()
        && !(plus && memchr::memchr(b'+', query).is_some());
    let string = |value: &[u8], out: &mut Vec<u8>| {
        if as_they_stand {
            return quoted(value, out);
        }
        let value = decoded(value, plus);
        match lossy {
            true => string(String::from_utf8_lossy(&value).as_bytes(), out),
            false => string(&value, out),
        }
    };
    out.push(b'[');
    for (i, (name, value)) in params(query).enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'[');
        string(name, out);
        out.push(b',');
        string(value, out);
        out.push(b']');
    }
    out.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The members' names are the fields' names, in their order.
    #[test]
    fn keys_are_the_field_names() {
        use crate::parse::{DERIVED_FIELDS, RFC_FIELDS, WHATWG_FIELDS};
        let lists = [
            (&RFC_KEYS[..], &RFC_FIELDS[..], "{"),
            (&WHATWG_KEYS, &WHATWG_FIELDS, "{"),
            (&DERIVED_KEYS, &DERIVED_FIELDS, ","),
        ];
        for (keys, names, first) in lists {
            assert_eq!(keys.len(), names.len());
            for (i, (key, name)) in keys.iter().zip(names).enumerate() {
                let before = if i == 0 { first } else { "," };
                assert_eq!(*key, format!("{before}\"{name}\":"));
            }
        }
        #[cfg(feature = "whatwg")]
        for (i, (opening, key)) in COMMON_OPENINGS.iter().zip(WHATWG_KEYS).enumerate() {
            let closing = if i == 0 { "" } else { "\"" };
            assert_eq!(*opening, format!("{closing}{key}\""));
        }
    }

    /// Each byte value, at each place of a word and in the tail, against RFC 8259 §7's
    /// `unescaped = %x20-21 / %x23-5B / %x5D-10FFFF`, limited to ASCII.
    #[test]
    fn plain_is_rfc_8259_unescaped_ascii() {
        for b in 0..=255u8 {
            let unescaped = matches!(b, 0x20..=0x21 | 0x23..=0x5B | 0x5D..=0x7E);
            for at in 0..11 {
                let mut value = *b"abcdefghijk";
                value[at] = b;
                assert_eq!(plain(&value), unescaped, "{b:#04x} at {at}");
            }
        }
    }
}
