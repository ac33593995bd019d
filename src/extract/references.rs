//! Where each byte of an HTML value decoded (character references, HTML Standard
//! `#character-reference-state`; line endings normalized, `#preprocessing-the-input-stream`)
//! is in the document, so that a URL found in text or in an attribute is at its own place,
//! not at its text's start ([`Places`]).
//!
//! The tokenizer gives the decoded value and the span of its source, not a map between them.
//! Between references the two are the same bytes, so the map is found by walking both: at a
//! `&`, the reference is the longest run of `&`, name characters and `;` after which the
//! source and the value go on alike (a legacy name's text after it is taken as its own). Each
//! try compares a bounded stretch, so the walk is linear in the value.

use super::places::Places;

/// The longest reference tried (`&CounterClockwiseContourIntegral;` is 33 bytes; a numeric
/// one may have leading zeros, past which the value's start is used).
const MAX_REFERENCE: usize = 40;
/// The most bytes one reference decodes to (two characters of four bytes each).
const MAX_DECODED: usize = 8;
/// How many bytes after a reference must agree for it to be taken.
const AGREE: usize = 16;

/// The places of `value`, decoded from `source`, which begins at `at` in the document;
/// where the two cannot be walked together, every byte is at `at`.
pub(super) fn places(value: &[u8], source: &[u8], at: usize) -> Places {
    if value == source {
        return Places::one(at, true);
    }
    walk(value, source, at).unwrap_or(Places::one(at, false))
}

/// Walks `value` and `source` together; none where they part.
fn walk(value: &[u8], source: &[u8], at: usize) -> Option<Places> {
    let (mut i, mut j, mut places) = (0, 0, Places::default());
    while j < value.len() {
        let same = value[j..]
            .iter()
            .zip(&source[i.min(source.len())..])
            .take_while(|(v, s)| v == s && !matches!(s, b'&' | b'\r'))
            .count();
        if same > 0 {
            places.push(j, at + i, true);
            (i, j) = (i + same, j + same);
            continue;
        }
        match (source.get(i)?, value[j]) {
            // CR LF and a lone CR are LF (`#preprocessing-the-input-stream`).
            (b'\r', b'\n') => {
                places.push(j, at + i, true);
                i += if source.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                j += 1;
            }
            (b'&', _) => {
                let (used, decoded) = reference(&value[j..], &source[i..])?;
                places.push(j, at + i, false);
                (i, j) = (i + used, j + decoded);
            }
            _ => return None,
        }
    }
    Some(places)
}

/// The reference at the start of `source` (at `&`): how many bytes of the source it takes
/// and of `value` it gives, as the text after it agrees.
fn reference(value: &[u8], source: &[u8]) -> Option<(usize, usize)> {
    let name = source[1..]
        .iter()
        .take(MAX_REFERENCE)
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'#')
        .count();
    let longest = 1 + name + usize::from(source.get(1 + name) == Some(&b';'));
    // A `&` that is no reference (`x&http://a/`) is itself in the value: the source and the
    // value agree from it on, and it is one exact byte, not the start of a reference.
    let stretch = (longest + AGREE).min(source.len()).min(value.len());
    if value.first() == Some(&b'&') && source[..stretch] == value[..stretch] {
        return Some((1, 1));
    }
    // The longest that agrees: a reference ends at its `;`, and the few bytes between two
    // references could agree with a shorter try by chance. A legacy prefix (`&notit;`, `¬` and
    // `it;`) is then one piece, at its `&`.
    for used in (1..=longest).rev() {
        let after = &source[used..];
        let agree = after
            .iter()
            .take(AGREE)
            .take_while(|b| !matches!(b, b'&' | b'\r'))
            .count();
        if agree == 0 {
            // Nothing after it to agree (the end, or another reference): it gives one
            // character, as all but a few references do, or the rest at the end.
            let one = bstr::decode_utf8(value).1.max(1);
            return Some((used, if after.is_empty() { value.len() } else { one }));
        }
        for decoded in 1..=MAX_DECODED.min(value.len()) {
            if value[decoded..].starts_with(&after[..agree]) {
                return Some((used, decoded));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::places;

    #[test]
    fn references_and_line_endings() {
        let source = b"a &amp; b\r\nhttp://one/ &lt;x&gt; &notit; http://two/";
        let value = "a & b\nhttp://one/ <x> \u{ac}it; http://two/".as_bytes();
        let places = places(value, source, 100);
        let at = |s: &str| {
            let i = memchr::memmem::find(value, s.as_bytes()).unwrap();
            places.offset(i) - 100
        };
        let find = |s: &str| memchr::memmem::find(source, s.as_bytes()).unwrap();
        assert_eq!(at("http://one/"), find("http://one/"));
        assert_eq!(at("http://two/"), find("http://two/"));
        assert_eq!(at("<x"), find("&lt;x"));
        assert_eq!(at("x>"), find("x&gt;"));
        assert_eq!(at("it;"), find("&notit;"));
    }

    /// A literal `&` before a URL, in a value that has a reference too: the URL is at its own
    /// place, not a byte early.
    #[test]
    fn a_literal_ampersand_is_no_reference() {
        let source = b"&amp; x&http://a.example/";
        let value = b"& x&http://a.example/";
        let places = places(value, source, 0);
        let i = memchr::memmem::find(value, b"http").unwrap();
        assert_eq!(
            places.offset(i),
            memchr::memmem::find(source, b"http").unwrap()
        );
    }

    #[test]
    fn parted_values_are_at_their_start() {
        let places = places(
            b"xyz",
            b"&#0000000000000000000000000000000000000000000120;yz",
            7,
        );
        assert_eq!(places.offset(2), 7);
    }
}
