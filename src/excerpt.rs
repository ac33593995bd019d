//! Excerpts: what a message, a report or its caret line quotes of a long record, or of a long
//! part of one.
//!
//! A record held whole (by `check`, `clean` with most options, `pretty-print --idna`) may be a
//! line of 100 MiB, and a message about it must not quote 100 MiB, nor a caret line pad as
//! many columns: memory would grow by a copy of the record for each, and no one reads it. A
//! record up to [`WHOLE`] bytes is quoted whole, as it always was; a longer one by an
//! [`Excerpt`] around the problem, [`CONTEXT`] bytes either side, each cut marked `…` and the
//! excerpt's place in the record said. A part of a record that a message quotes (a host, a
//! port, a result) is cut the same way by [`quote`]. Line, column and offset numbers always
//! count in the whole record, and a column in characters ([`count_chars`]).
//!
//! Cuts fall between characters (before a byte that does not continue a UTF-8 sequence,
//! Unicode §3.9 Table 3-7), so that an excerpt of text is text; what it quotes is shown in the
//! visible notation ([`crate::visible`]) as any quote is.

use std::borrow::Cow;

use unicode_width::UnicodeWidthStr;

use crate::visible::visible;

/// The longest record, or quoted part of one, that is quoted whole.
pub const WHOLE: usize = 4096;

/// The bytes an excerpt keeps on each side of the problem (a little less where a cut would
/// split a character).
pub const CONTEXT: usize = 128;

/// The part of a record that a report quotes: the whole record up to [`WHOLE`] bytes, else
/// the bytes around a problem.
///
/// ```
/// use uriesc::excerpt::{CONTEXT, Excerpt};
///
/// // A short record is quoted whole.
/// let short = Excerpt::around(b"http://a b/", 8);
/// assert!(short.is_whole());
/// assert_eq!(short.shown(), "http://a b/");
///
/// // A long one by the bytes around the problem, each cut marked.
/// let mut long = b"http://example.com/".to_vec();
/// long.resize(10_000, b'a');
/// long.extend_from_slice(b" b");
/// let excerpt = Excerpt::around(&long, 10_000);
/// assert_eq!((excerpt.start, excerpt.end), (10_000 - CONTEXT, 10_002));
/// assert_eq!(excerpt.shown(), format!("…{} b", "a".repeat(CONTEXT)));
/// // The caret goes under the space: after the mark and the context before it.
/// assert_eq!(excerpt.width_before(10_000), 1 + CONTEXT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Excerpt<'a> {
    /// The bytes quoted: `record[start..end]`.
    pub bytes: &'a [u8],
    /// Where they begin in the record.
    pub start: usize,
    /// Where they end in the record.
    pub end: usize,
    /// The length of the whole record.
    pub record_len: usize,
}

impl<'a> Excerpt<'a> {
    /// The excerpt of `record` that quotes the problem at byte `offset`: all of it up to
    /// [`WHOLE`] bytes, else [`CONTEXT`] bytes before `offset` and as many from it.
    pub fn around(record: &'a [u8], offset: usize) -> Excerpt<'a> {
        let len = record.len();
        let (start, end) = match len <= WHOLE {
            true => (0, len),
            false => {
                let offset = offset.min(len);
                let start = char_start(record, offset.saturating_sub(CONTEXT));
                let end = char_start(record, offset.saturating_add(CONTEXT).min(len));
                (start, end.max(offset))
            }
        };
        Excerpt {
            bytes: &record[start..end],
            start,
            end,
            record_len: len,
        }
    }

    /// Whether the excerpt is the whole record.
    pub fn is_whole(&self) -> bool {
        self.start == 0 && self.end == self.record_len
    }

    /// The excerpt as a person is shown it: in the visible notation, with `…` where the
    /// record goes on before or after it.
    pub fn shown(&self) -> String {
        let mut shown = String::with_capacity(self.bytes.len() + 8);
        if self.start > 0 {
            shown.push('…');
        }
        shown.push_str(&visible(self.bytes));
        if self.end < self.record_len {
            shown.push('…');
        }
        shown
    }

    /// The display width of [`Excerpt::shown`] before the record's byte `offset` (which the
    /// excerpt holds): how far a caret under that byte is indented.
    pub fn width_before(&self, offset: usize) -> usize {
        let at = offset.clamp(self.start, self.end) - self.start;
        let mark = usize::from(self.start > 0);
        mark + visible(&self.bytes[..at]).width()
    }

    /// What a person is told of the cut, or `None` for a whole record: where the excerpt is
    /// in the record, in byte offsets as the JSON reports count them (from 0, the end not
    /// included).
    pub fn note(&self) -> Option<String> {
        (!self.is_whole()).then(|| {
            format!(
                "(an excerpt: bytes {} to {} of {})",
                self.start, self.end, self.record_len
            )
        })
    }
}

/// `bytes` as a message quotes them: as text (each byte of no UTF-8 as U+FFFD, as
/// `String::from_utf8_lossy` does), whole up to [`WHOLE`] bytes, else the first `2 *`
/// [`CONTEXT`] and the last [`CONTEXT`] bytes with what is cut between them said.
///
/// ```
/// use uriesc::excerpt::quote;
///
/// assert_eq!(quote(b"example.com"), "example.com");
/// let host = "a".repeat(100_000);
/// let quoted = quote(host.as_bytes());
/// assert_eq!(quoted, format!("{}…(99616 bytes cut)…{}", "a".repeat(256), "a".repeat(128)));
/// ```
pub fn quote(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.len() <= WHOLE {
        return String::from_utf8_lossy(bytes);
    }
    let head = char_start(bytes, 2 * CONTEXT);
    let tail = char_start(bytes, bytes.len() - CONTEXT);
    Cow::Owned(format!(
        "{}…({} bytes cut)…{}",
        String::from_utf8_lossy(&bytes[..head]),
        tail - head,
        String::from_utf8_lossy(&bytes[tail..])
    ))
}

/// `i`, or the start of the character that the byte at `i` continues (at most three bytes
/// back: a UTF-8 sequence is at most four bytes long).
fn char_start(bytes: &[u8], i: usize) -> usize {
    let mut at = i;
    while at > 0 && i - at < 3 && bytes.get(at).is_some_and(|&b| (0x80..=0xBF).contains(&b)) {
        at -= 1;
    }
    at
}

/// The number of characters in `bytes`, as UTF-8: every byte that does not continue a
/// multi-byte sequence (0x80–0xBF) starts one. Used for error columns only.
///
/// Not `bstr`'s `chars().count()`: that counts an incomplete sequence at the end of `bytes`
/// as a character of its own, so a column summed over the pieces of a record would depend on
/// where the reads happened to split a sequence; counting lead bytes does not.
///
/// ```
/// use uriesc::excerpt::count_chars;
///
/// assert_eq!(count_chars("aé中".as_bytes()), 3);
/// // "é" split between two reads: its continuation byte starts no character.
/// assert_eq!(count_chars(&"aé".as_bytes()[..2]) + count_chars(&"aé".as_bytes()[2..]), 2);
/// ```
#[inline]
pub fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| !(0x80..=0xBF).contains(&b))
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cut never splits a character: "é" is C3 A9, "中" E4 B8 AD.
    #[test]
    fn cuts_fall_between_characters() {
        let record = "é中".repeat(2000);
        let bytes = record.as_bytes();
        for offset in [0, 1, 2, 3, 4, 1000, 5000, bytes.len() - 1, bytes.len()] {
            let excerpt = Excerpt::around(bytes, offset);
            assert!(std::str::from_utf8(excerpt.bytes).is_ok(), "{offset}");
            assert!(excerpt.start <= offset && offset <= excerpt.end, "{offset}");
            assert!(excerpt.end - excerpt.start <= 2 * CONTEXT, "{offset}");
        }
        assert!(std::str::from_utf8(quote(bytes).as_bytes()).is_ok());
        assert!(!quote(bytes).contains('\u{FFFD}'));
    }

    /// Up to WHOLE bytes, the record is the excerpt; one byte more, and it is cut.
    #[test]
    fn whole_up_to_the_limit() {
        let record = vec![b'a'; WHOLE];
        assert!(Excerpt::around(&record, 10).is_whole());
        assert_eq!(Excerpt::around(&record, 10).note(), None);
        let record = vec![b'a'; WHOLE + 1];
        let excerpt = Excerpt::around(&record, 10);
        assert_eq!((excerpt.start, excerpt.end), (0, 10 + CONTEXT));
        assert_eq!(excerpt.shown(), format!("{}…", "a".repeat(10 + CONTEXT)));
        assert_eq!(
            excerpt.note().as_deref(),
            Some("(an excerpt: bytes 0 to 138 of 4097)")
        );
        assert_eq!(quote(&record[..WHOLE]).len(), WHOLE);
        assert!(quote(&record).len() < 2 * WHOLE / 5);
    }

    /// Controls in an excerpt are named, and the caret counts the names' widths.
    #[test]
    fn excerpts_are_shown_in_the_visible_notation() {
        let mut record = vec![b'a'; 5000];
        record[4990] = 0x1b;
        let excerpt = Excerpt::around(&record, 4995);
        assert!(excerpt.shown().contains("<U+001B>"));
        assert_eq!(
            excerpt.width_before(4995),
            1 + CONTEXT + "<U+001B>".len() - 1
        );
    }
}
