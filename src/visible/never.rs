//! The characters `pretty-print` never shows decoded, in a host or anywhere else: those that
//! can hide text, reorder it, or pass for a delimiter of a URL.
//!
//! The list joins the browsers' lists and the Unicode properties they start from:
//!
//! - Mozilla's `network.IDN.blacklist_chars`, Firefox's default list of characters never
//!   shown decoded in a host (`modules/libpref/init/all.js`), which Chromium's and WebKit's
//!   spoof checkers cite;
//! - Chromium's IDN spoof checker (`components/url_formatter/spoof_checks/
//!   idn_spoof_checker.cc`), which refuses every character outside the UTS #39
//!   identifier profile, and so all of the look-alikes of `/ ? # . @ : %` below;
//! - UTS #39 §3.1 (General Security Profile): Default_Ignorable_Code_Point
//!   (DerivedCoreProperties.txt), the bidirectional controls (UAX #9), and the separators
//!   (general categories Zs, Zl, Zp).
//!
//! RFC 3987 §4.1 asks the same of an IRI's display: bidirectional formatting characters are not
//! to be shown as text.

/// Whether a non-ASCII character may be shown decoded: not a control, an invisible, a space or
/// a look-alike of a delimiter (see the module's sources).
///
/// ```
/// use uriesc::visible::safe_to_display;
///
/// assert!(safe_to_display('é'));
/// assert!(!safe_to_display('\u{202E}')); // RIGHT-TO-LEFT OVERRIDE
/// assert!(!safe_to_display('\u{2215}')); // DIVISION SLASH, a look-alike of `/`
/// ```
pub fn safe_to_display(c: char) -> bool {
    !is_listed(c as u32)
}

/// [`listed`], for the code point `n`: one bit of a table in the Basic Multilingual Plane,
/// where the lists take dozens of comparisons (text is decided a character at a time).
#[inline]
pub(crate) fn is_listed(n: u32) -> bool {
    match LISTED_IN_BMP.get(n as usize / 64) {
        Some(word) => word >> (n % 64) & 1 == 1,
        None => listed(n),
    }
}

/// For each byte, whether it begins the UTF-8 (RFC 3629) of a character beyond ASCII that is
/// [`listed`]: only these need a character decoded in text that is well-formed UTF-8, and
/// text in most scripts has none of them (CJK ideographs, Cyrillic, Greek, the Indic
/// scripts). Bytes that begin no well-formed character (continuation bytes, C0, C1, F5–FF)
/// and ASCII are not set. (`pretty-print`'s text scan, the `pretty` feature's.)
#[cfg(feature = "pretty")]
pub(crate) static LISTED_LEADS: [bool; 256] = {
    let mut leads = [false; 256];
    // A word of the table is 64 code points, which share their first byte (a two-byte form
    // takes its first from the code point's bits above the sixth, a three-byte form above the
    // twelfth); from U+0080 on.
    let mut word = 2;
    while word < LISTED_IN_BMP.len() {
        if LISTED_IN_BMP[word] != 0 {
            leads[utf8_lead(word as u32 * 64) as usize] = true;
        }
        word += 1;
    }
    let mut range = 0;
    while range < LISTED_BEYOND_BMP.len() {
        let (first, last) = LISTED_BEYOND_BMP[range];
        let mut lead = utf8_lead(first);
        while lead <= utf8_lead(last) {
            leads[lead as usize] = true;
            lead += 1;
        }
        range += 1;
    }
    leads
};

/// The ranges of code points past the Basic Multilingual Plane that [`listed`] lists (default
/// ignorables): [`LISTED_LEADS`] is built from them, as a pass over the million code points
/// costs the compiler half a minute. Its test holds them to the lists.
#[cfg(feature = "pretty")]
const LISTED_BEYOND_BMP: [(u32, u32); 3] =
    [(0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)];

/// The first byte of the UTF-8 form of the code point `n`, beyond ASCII.
#[cfg(feature = "pretty")]
const fn utf8_lead(n: u32) -> u8 {
    if n < 0x800 {
        0xC0 | (n >> 6) as u8
    } else if n < 0x10000 {
        0xE0 | (n >> 12) as u8
    } else {
        0xF0 | (n >> 18) as u8
    }
}

/// One bit for each code point of the Basic Multilingual Plane, set where [`listed`] is true.
pub(crate) static LISTED_IN_BMP: [u64; 1024] = {
    let mut table = [0; 1024];
    let mut n = 0;
    while n < 0x10000 {
        if listed(n) {
            table[n as usize / 64] |= 1 << (n % 64);
        }
        n += 1;
    }
    table
};

/// Whether the code point `n` is one of the lists: a control (general category Cc), an
/// invisible, a space or a look-alike of a delimiter.
const fn listed(n: u32) -> bool {
    let control = matches!(n, 0x00..=0x1F | 0x7F..=0x9F);
    let mozilla = matches!(n,
        0x0020 | 0x00A0 | 0x00BC | 0x00BD | 0x00BE | 0x01C3 | 0x02D0 | 0x0337 | 0x0338
        | 0x0589 | 0x058A | 0x05C3 | 0x05F4 | 0x0609 | 0x060A | 0x066A | 0x06D4
        | 0x0701..=0x0704 | 0x115F | 0x1160 | 0x1735 | 0x2000..=0x200B | 0x200E | 0x200F
        | 0x2010 | 0x2019 | 0x2024 | 0x2027..=0x2029 | 0x202A..=0x202F | 0x2039 | 0x203A
        | 0x2041 | 0x2044 | 0x2052 | 0x205F | 0x2153..=0x215F | 0x2215 | 0x2236 | 0x23AE
        | 0x2571 | 0x29F6 | 0x29F8 | 0x2AFB | 0x2AFD | 0x2FF0..=0x2FFB | 0x3000 | 0x3002
        | 0x3014 | 0x3015 | 0x3033 | 0x30A0 | 0x3164 | 0x321D | 0x321E | 0x33AE | 0x33AF
        | 0x33C6 | 0x33DF | 0xA789 | 0xFE14 | 0xFE15 | 0xFE3F | 0xFE5D | 0xFE5E | 0xFEFF
        | 0xFF0E | 0xFF0F | 0xFF61 | 0xFFA0 | 0xFFF9..=0xFFFD);
    let default_ignorable = matches!(n,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF);
    let separator = matches!(
        n,
        0x0085 | 0x00A0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
    );
    // Look-alikes of the delimiters and of `%` and `\` that the lists above leave out: the
    // small forms (U+FE50–U+FE6B) and the full-width forms (U+FF01–U+FF5E).
    let delimiter_lookalike = matches!(
        n,
        0xFE50
            | 0xFE52
            | 0xFE54
            | 0xFE55
            | 0xFE56
            | 0xFE5F
            | 0xFE68
            | 0xFE6A
            | 0xFE6B
            | 0xFF03
            | 0xFF05
            | 0xFF1A
            | 0xFF1F
            | 0xFF20
            | 0xFF3C
            | 0x2216
            | 0x29F5
    );
    control || mozilla || default_ignorable || separator || delimiter_lookalike
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A first byte is set exactly where a listed character beyond ASCII begins with it.
    #[cfg(feature = "pretty")]
    #[test]
    fn the_listed_leads_are_the_lists() {
        let mut expected = [false; 256];
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut utf8 = [0; 4];
            let lead = c.encode_utf8(&mut utf8).as_bytes()[0];
            assert_eq!(lead, utf8_lead(c as u32), "U+{:04X}", c as u32);
            expected[usize::from(lead)] |= listed(c as u32);
        }
        assert_eq!(LISTED_LEADS, expected);
    }

    /// The table says what the lists say, for every character.
    #[test]
    fn the_table_is_the_lists() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(safe_to_display(c), !listed(c as u32), "U+{:04X}", c as u32);
            assert!(!c.is_control() || !safe_to_display(c), "U+{:04X}", c as u32);
        }
    }
}
