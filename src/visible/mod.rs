//! Bytes as a person may be shown them: the one notation every message, report, caret line,
//! `--explain` line and table of `uriesc` writes user-controlled text in.
//!
//! A terminal acts on some characters instead of showing them, and some characters change how
//! the rest of a line reads; text that came from a record, a value, a file name or an option
//! is written with each of those replaced by a visible name of it:
//!
//! - the C0 controls (U+0000–U+001F, TAB, CR and LF among them), DEL and the C1 controls
//!   (U+0080–U+009F): ECMA-48 §5 (and §8.3.27, CSI) makes of them, and of the ESC sequences
//!   they start, functions of the terminal (moving the cursor, erasing, setting a title);
//! - the bidirectional formatting characters: RFC 3987 §4.1 says they are not to be shown as
//!   text (U+202E RIGHT-TO-LEFT OVERRIDE makes the rest of a line read backwards);
//! - the invisibles, the non-ASCII spaces and the look-alikes of a delimiter: UTS #39 §3.1
//!   (Default_Ignorable_Code_Point, the separators), the list of
//!   [`safe_to_display`], which `pretty-print` follows too;
//! - a byte that is not part of well-formed UTF-8 (Unicode §3.9, Table 3-7): a terminal
//!   would show it as U+FFFD or act on it as a C1 control.
//!
//! Such a character is written `<U+202E>` (its code point, upper-case hex, at least four
//! digits), such a byte `<0xFF>`; everything else as it is.

use std::borrow::Cow;
use std::fmt::Write as _;

mod never;

pub use never::safe_to_display;
#[cfg(feature = "pretty")]
pub(crate) use never::{LISTED_IN_BMP, LISTED_LEADS, is_listed};

/// `bytes` in the visible notation: each C0 control, DEL, C1 control and non-ASCII character
/// that [`safe_to_display`] refuses as `<U+XXXX>`, each byte not part of well-formed UTF-8 as
/// `<0xXX>`, everything else as it is (see the module's list and its standards). Borrowed
/// where nothing is replaced and the bytes are UTF-8.
///
/// ```
/// use uriesc::visible::visible;
///
/// // ESC (ECMA-48's escape), RIGHT-TO-LEFT OVERRIDE (RFC 3987 §4.1) and a byte of no UTF-8.
/// assert_eq!(visible(b"a\x1b[31mb"), "a<U+001B>[31mb");
/// assert_eq!(visible("x\u{202E}y".as_bytes()), "x<U+202E>y");
/// assert_eq!(visible(b"caf\xe9 \xc3\xa9"), "caf<0xE9> é");
/// ```
pub fn visible(bytes: &[u8]) -> Cow<'_, str> {
    // The common case, printable ASCII only, is borrowed as it is.
    if printable_ascii(bytes)
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut rest = bytes;
    while !rest.is_empty() {
        let (c, len) = bstr::decode_utf8(rest);
        match c {
            Some(c) if shown_as_it_is(c) => out.push(c),
            // Writing to a String cannot fail.
            Some(c) => {
                let _ = write!(out, "<U+{:04X}>", c as u32);
            }
            // `bstr` gives the longest prefix that no well-formed sequence starts with (at
            // least one byte): each of its bytes is named.
            None => {
                for b in &rest[..len] {
                    let _ = write!(out, "<0x{b:02X}>");
                }
            }
        }
        rest = &rest[len..];
    }
    Cow::Owned(out)
}

/// Whether every byte of `bytes` is printable ASCII (0x20-0x7E): sixteen bytes at a time with
/// no branch among them, which the compiler makes one vector comparison, where a test that
/// stops at the first other byte goes a byte at a time (every report's message and suggestion
/// passes here).
pub(crate) fn printable_ascii(bytes: &[u8]) -> bool {
    let printable = |all: bool, b: &u8| all & matches!(b, 0x20..=0x7E);
    let mut blocks = bytes.chunks_exact(16);
    blocks
        .by_ref()
        .all(|block| block.iter().fold(true, printable))
        && blocks.remainder().iter().fold(true, printable)
}

/// Whether `c` is written as it is: printable ASCII (U+0020–U+007E), or a non-ASCII
/// character that is no C1 control and that [`safe_to_display`] allows. (The JSON reports
/// escape the others, `crate::report::json`.)
pub(crate) fn shown_as_it_is(c: char) -> bool {
    match c {
        ' '..='~' => true,
        '\0'..='\u{9F}' => false,
        _ => safe_to_display(c),
    }
}

#[cfg(test)]
mod tests {
    use super::{printable_ascii, visible};

    /// The sixteen-at-a-time test against one byte at a time: each length to 40, with one byte
    /// just outside the range (0x1F, 0x7F, 0x80) or none, at each place.
    #[test]
    fn printable_ascii_in_blocks_as_byte_by_byte() {
        for len in 0..=40 {
            for at in 0..=len {
                for odd in [0x1F, 0x7F, 0x80, 0xFF, b'~', b' '] {
                    let mut bytes = vec![b'a'; len];
                    if at < len {
                        bytes[at] = odd;
                    }
                    let expected = bytes.iter().all(|&b| (0x20..=0x7E).contains(&b));
                    assert_eq!(printable_ascii(&bytes), expected, "{bytes:?}");
                }
            }
        }
    }

    /// Expected values written from the rule: C0, DEL and C1 by code point, four digits.
    #[test]
    fn controls_are_named() {
        assert_eq!(visible(b"\0"), "<U+0000>");
        assert_eq!(visible(b"\t\r\n"), "<U+0009><U+000D><U+000A>");
        assert_eq!(visible(b"\x08\x1f\x7f"), "<U+0008><U+001F><U+007F>");
        assert_eq!(visible(b"\x1b]0;pwned\x07"), "<U+001B>]0;pwned<U+0007>");
        // U+009B (CSI) in UTF-8, and U+0080 and U+009F, the ends of C1.
        assert_eq!(
            visible(b"\xc2\x9b\xc2\x80\xc2\x9f"),
            "<U+009B><U+0080><U+009F>"
        );
    }

    /// Bidi controls, invisibles, non-ASCII spaces and look-alikes, upper-case hex, and more
    /// than four digits where the code point needs them.
    #[test]
    fn refused_characters_are_named() {
        let cases = [
            ("\u{202E}", "<U+202E>"),
            (
                "\u{2066}\u{2067}\u{2068}\u{2069}",
                "<U+2066><U+2067><U+2068><U+2069>",
            ),
            ("\u{200F}\u{200B}\u{FEFF}", "<U+200F><U+200B><U+FEFF>"),
            ("\u{A0}\u{3000}", "<U+00A0><U+3000>"),
            ("a\u{2215}b", "a<U+2215>b"),
            ("\u{E0001}", "<U+E0001>"),
        ];
        for (text, expected) in cases {
            assert_eq!(visible(text.as_bytes()), expected);
        }
    }

    /// A byte of no well-formed sequence is named alone, each of a truncated sequence too.
    #[test]
    fn bytes_of_no_utf8_are_named() {
        assert_eq!(visible(b"\xff"), "<0xFF>");
        assert_eq!(visible(b"\x9b"), "<0x9B>");
        assert_eq!(visible(b"a\xe2\x80b"), "a<0xE2><0x80>b");
        // An overlong `/` (C0 AF) and a surrogate (ED A0 80): not well-formed.
        assert_eq!(visible(b"\xc0\xaf"), "<0xC0><0xAF>");
        assert_eq!(visible(b"\xed\xa0\x80"), "<0xED><0xA0><0x80>");
    }

    /// Printable ASCII and the characters safe to show stay as they are.
    #[test]
    fn the_rest_is_as_it_is() {
        assert_eq!(visible(b"http://a.example/%1B x"), "http://a.example/%1B x");
        assert_eq!(
            visible("caf\u{E9} \u{4E2D} \u{1F600}".as_bytes()),
            "caf\u{E9} \u{4E2D} \u{1F600}"
        );
        assert!(matches!(
            visible(b"plain"),
            std::borrow::Cow::Borrowed("plain")
        ));
    }
}
