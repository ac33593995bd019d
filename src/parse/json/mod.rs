//! `parse --format json`: one JSON object per record (JSON Lines), its members the reading's
//! fields, in the order of their table (`super::fields`).
//!
//! Written by hand rather than through serde for the common case, a string of printable ASCII
//! with no `"` or `\` (nearly every component of a real URL), which needs no escaping at all
//! (RFC 8259 §7); anything else goes through the one formatter of [`crate::report::json`], so
//! that every JSON text of uriesc escapes the same characters, and bytes that are not UTF-8 are
//! written as [`json::Data`] (`{"bytes": BASE64}`).

#[cfg(feature = "whatwg")]
mod layout;

use super::Derive;
use super::derived::{decoded, params, segments};
use super::fields::{self, FIELDS, Kind};
use super::url::Url;
use crate::report::json;
use crate::sets::Standard;

#[cfg(feature = "whatwg")]
pub(crate) use layout::Layout;

/// Appends `url` as one JSON object (no newline): a member for each field of its reading, in
/// the table's order ([`fields::under`]).
pub(crate) fn write(url: &Url, derive: &mut Derive, out: &mut Vec<u8>) {
    #[cfg(feature = "whatwg")]
    if let Url::Common(common) = url
        && Layout::takes(common)
    {
        // The host is a domain in ASCII, lower case, with no `xn--` label: its own ASCII form.
        let site = derive.list().starts(common.hostname());
        Layout::object(common, site, out);
        // The fields after those the layout knows, if any, in the table's order.
        if Layout::TAIL {
            let rows = FIELDS.iter().enumerate();
            let whatwg = rows.filter(|(_, row)| row.readings.under(Standard::Whatwg));
            whatwg
                .skip(Layout::ROWS)
                .for_each(|(i, _)| member(false, i, true, url, derive, out));
            out.push(b'}');
        }
        return;
    }
    // Every member fits in this, for nearly every URL: one allocation at most. (Not for a
    // record of megabytes, whose output grows as it is written rather than all at once.)
    out.reserve(url.string().len().min(1 << 12) * 8 + 512);
    let standard = match url.is_whatwg() {
        true => Standard::Whatwg,
        false => Standard::Rfc3986,
    };
    // Where the URL's string needs no escaping, no part of it does.
    let whole_plain = url.is_common() || plain(url.string());
    let rows: &[u8] = match standard {
        Standard::Whatwg => &WHATWG_ROWS,
        _ => &RFC_ROWS,
    };
    for (n, &i) in rows.iter().enumerate() {
        member(n == 0, usize::from(i), whole_plain, url, derive, out);
    }
    out.push(b'}');
}

/// The indexes of the rows of the table a URL read under `standard` has, in order: made by
/// the compiler, so that a record's object is a loop over its own members.
const fn rows_under<const N: usize>(standard: Standard) -> [u8; N] {
    assert!(FIELDS.len() <= u8::MAX as usize);
    let (mut rows, mut n, mut i) = ([0; N], 0, 0);
    while i < FIELDS.len() {
        if FIELDS[i].readings.under(standard) {
            rows[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    rows
}

/// The rows of an RFC's reading.
static RFC_ROWS: [u8; fields::count(Standard::Rfc3986)] = rows_under(Standard::Rfc3986);
/// The rows of the URL Standard's reading.
static WHATWG_ROWS: [u8; fields::count(Standard::Whatwg)] = rows_under(Standard::Whatwg);

/// A key as the JSON writes it, `,"NAME":`, and its length.
struct Key([u8; 40], usize);

/// The key of each field of the table, by its index: made by the compiler, so that a key is
/// one copy (a name too long for one fails the build).
static KEYS: [Key; FIELDS.len()] = {
    let mut keys = [const { Key([0; 40], 0) }; FIELDS.len()];
    let mut i = 0;
    while i < FIELDS.len() {
        let name = FIELDS[i].name.as_bytes();
        let key = &mut keys[i];
        (
            key.0[0],
            key.0[1],
            key.0[name.len() + 2],
            key.0[name.len() + 3],
        ) = (b',', b'"', b'"', b':');
        let mut at = 0;
        while at < name.len() {
            key.0[at + 2] = name[at];
            at += 1;
        }
        key.1 = name.len() + 4;
        i += 1;
    }
    keys
};

/// Appends the member of the field `i` of the table (the object's `first` or not) of `url`:
/// its key, and its value or `null`; `whole_plain`: the URL's string needs no escaping.
pub(super) fn member(
    first: bool,
    i: usize,
    whole_plain: bool,
    url: &Url,
    derive: &mut Derive,
    out: &mut Vec<u8>,
) {
    let (row, key) = (&FIELDS[i], &KEYS[i]);
    let part_plain = whole_plain && row.part;
    let at = out.len();
    // The whole buffer, a copy of a size known to the compiler (no call to `memcpy`), then
    // cut to the key.
    out.extend_from_slice(&key.0);
    out.truncate(at + key.1);
    if first {
        out[at] = b'{';
    }
    match row.kind {
        Kind::Single => {
            // Written as it stands, then escaped where it needs it (nearly every value of a
            // URL needs not: RFC 3986 allows no `"` or `\`, and the URL Standard's serializer
            // percent-encodes `"`).
            let start = out.len();
            out.push(b'"');
            if !(row.get)(url, derive, out) {
                out.truncate(start);
                out.extend_from_slice(b"null");
            } else if part_plain || plain(&out[start + 1..]) {
                out.push(b'"');
            } else {
                let value = out.split_off(start + 1);
                out.truncate(start);
                string(&value, out);
            }
        }
        Kind::List | Kind::Pairs => {
            let mut whole = std::mem::take(&mut derive.whole);
            whole.clear();
            match (row.get)(url, derive, &mut whole) {
                false => out.extend_from_slice(b"null"),
                // Nothing to decode: the segments as they stand.
                true if row.kind == Kind::List => {
                    match (part_plain || plain(&whole)) && !whole.contains(&b'%') {
                        true => list(segments(&whole), out),
                        false => decoded_list(segments(&whole), out),
                    }
                }
                true => {
                    let plus = derive.plus(url);
                    let plain = part_plain || plain(&whole);
                    pairs(&whole, plus, url.is_whatwg(), plain, out)
                }
            }
            derive.whole = whole;
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
pub(crate) fn string(value: &[u8], out: &mut Vec<u8>) {
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
