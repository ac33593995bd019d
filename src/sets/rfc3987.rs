//! RFC 3987 §2.2: the character rules of IRIs, `ucschar` and `iprivate`, which stand beside
//! RFC 3986's sets.
//!
//! An IRI's ASCII characters follow RFC 3986 to the letter (§2.2: every `i`-rule is its RFC 3986
//! rule with `iunreserved` in place of `unreserved`, and `iquery` adds `iprivate`), so this
//! standard's byte sets are RFC 3986's. What differs is above ASCII, and there bytes are not
//! the unit: a byte ≥ 0x80 is part of the UTF-8 of a character, and whether that character may
//! stand literally is decided by [`ucschar`](crate::sets::rfc3987::ucschar) (everywhere
//! `iunreserved` is allowed) and [`iprivate`](crate::sets::rfc3987::iprivate) (in `iquery`
//! only), never by a [`ByteSet`](crate::sets::ByteSet). The byte sets below
//! therefore encode every byte ≥ 0x80, which is right for what is *not* one of those
//! characters; `encode` and `clean` under this standard walk UTF-8 and keep the characters
//! these functions allow.

use super::rfc3986;
use super::{DataSets, StandardSets};

/// `ucschar` (§2.2):
///
/// ```text
/// ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///                / %xD0000-DFFFD / %xE1000-EFFFD
/// ```
///
/// Left out: the C1 controls, surrogates, the private use areas (see [`iprivate`]), the
/// non-characters U+FDD0–U+FDEF and the last two code points of each plane, and plane 14's
/// first 4096 (tags).
///
/// ```
/// use uriesc::sets::rfc3987::ucschar;
///
/// assert!(ucschar('ü') && ucschar('\u{A0}') && ucschar('\u{1FFFD}'));
/// assert!(!ucschar('\u{9F}') && !ucschar('\u{FDD0}') && !ucschar('\u{FFFE}'));
/// assert!(!ucschar('\u{E0001}') && !ucschar('\u{E000}') && !ucschar('a'));
/// ```
pub const fn ucschar(c: char) -> bool {
    let c = c as u32;
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        0xE1000..=0xEFFFD => true,
        // %x10000-1FFFD through %xD0000-DFFFD: planes 1 to 13, each but its last two.
        0x10000..=0xDFFFF => c & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD` (§2.2), allowed in `iquery`
/// only.
///
/// ```
/// use uriesc::sets::rfc3987::iprivate;
///
/// assert!(iprivate('\u{E000}') && iprivate('\u{F8FF}') && iprivate('\u{10FFFD}'));
/// assert!(!iprivate('\u{F900}') && !iprivate('\u{FFFFE}') && !iprivate('ü'));
/// ```
pub const fn iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Whether a non-ASCII character stands literally in `component` of an IRI: `ucschar`
/// wherever `iunreserved` is allowed (every component that takes data), and `iprivate` in a
/// query (`iquery`; `param` and `form` are parts of a query).
pub const fn literal_char(c: char, in_query: bool) -> bool {
    ucschar(c) || (in_query && iprivate(c))
}

/// The length of the character `s` begins with if it is one that stands literally (see
/// [`literal_char`]); `None` for ASCII, a character that may not, or bytes that are no UTF-8.
///
/// ```
/// use uriesc::sets::rfc3987::literal_char_at;
///
/// assert_eq!(literal_char_at("üx".as_bytes(), false), Some(2));
/// assert_eq!(literal_char_at("\u{E000}".as_bytes(), false), None);
/// assert_eq!(literal_char_at("\u{E000}".as_bytes(), true), Some(3));
/// assert_eq!(literal_char_at(b"\xC3", false), None);
/// ```
pub fn literal_char_at(s: &[u8], in_query: bool) -> Option<usize> {
    let text = match std::str::from_utf8(&s[..s.len().min(4)]) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&s[..e.valid_up_to()]).ok()?,
    };
    let c = text.chars().next()?;
    (!c.is_ascii() && literal_char(c, in_query)).then_some(c.len_utf8())
}

/// The class of a non-ASCII character in §2.2's words, as `uriesc table` explains it.
///
/// ```
/// use uriesc::sets::rfc3987::char_class;
///
/// assert_eq!(char_class('ü'), "ucschar");
/// assert_eq!(char_class('\u{E000}'), "iprivate");
/// assert_eq!(char_class('\u{FFFE}'), "not ucschar");
/// ```
pub const fn char_class(c: char) -> &'static str {
    if ucschar(c) {
        "ucschar"
    } else if iprivate(c) {
        "iprivate"
    } else {
        "not ucschar"
    }
}

/// RFC 3987's tables, registered in [`Standard::sets`](super::Standard::sets): RFC 3986's
/// for every byte (see the module documentation for the bytes ≥ 0x80).
pub const SETS: StandardSets = StandardSets {
    data: DataSets {
        ..rfc3986::SETS.data
    },
    class,
    literal: rfc3986::SETS.literal,
};

/// The class of a byte in §2.2's words: RFC 3986's for ASCII; a byte ≥ 0x80 is part of a
/// character, which `ucschar` or `iprivate` decides.
fn class(b: u8) -> &'static str {
    match b {
        // The bytes of a character: whether it is kept is the character's rule, not the
        // byte's (see `char_class`).
        0x80.. => "by character",
        _ => (rfc3986::SETS.class)(b),
    }
}
