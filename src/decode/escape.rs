//! Escapes that span two pieces of a record, and what becomes of a `%` that begins none:
//! copied as it is (url.bs "percent-decode"), or, with `--strict`, an error whose message shows
//! the same bytes wherever the reads happened to cut the input.

use super::{At, Decoder, Pos};
use crate::sets::ascii::HEX_VALUE;
use crate::sets::{EscapeStep, PartialEscape};
use crate::stream::RecordError;

/// How much of an escape the previous piece ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Escape {
    None,
    /// An escape begun at this place: `%`, or `%` and one hex digit.
    Open(At, PartialEscape),
    /// A malformed escape, strict, waiting for the bytes its message shows.
    Malformed(At, [u8; 3], usize),
}

/// The byte that two hex digits name.
pub(super) fn hex_pair(high: u8, low: u8) -> u8 {
    HEX_VALUE[usize::from(high)] << 4 | HEX_VALUE[usize::from(low)]
}

impl Decoder {
    /// A `%` that does not start an escape, seen with `text` (the `%` and up to two bytes
    /// after it). Lenient, the `%` is copied as it is. Strict, it is an error, reported once the
    /// message can show three bytes (or the record has ended), so that the message does not
    /// depend on where a read happened to end; until then it waits in [`Escape::Malformed`].
    /// Judging, the `%` is copied as lenient decoding copies it and the problem is kept in
    /// `problems`, once its text is known (until then in `pending`).
    pub(super) fn malformed(
        &mut self,
        pos: Pos,
        text: &[u8],
        record_ended: bool,
        piece: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        if !self.strict {
            return self.emit_byte(b'%', false, pos, piece, out);
        }
        let at = self.columns.at(piece, pos);
        if self.judging {
            // Reported, once its text is known, and copied as lenient decoding copies it.
            self.report_pending();
            let mut seen = [0; 3];
            seen[..text.len()].copy_from_slice(text);
            self.pending = Some((at, seen, text.len()));
            if text.len() == 3 || record_ended {
                self.report_pending();
            }
            return self.emit_byte(b'%', false, pos, piece, out);
        }
        if text.len() < 3 && !record_ended {
            let mut seen = [0; 3];
            seen[..text.len()].copy_from_slice(text);
            self.escape = Escape::Malformed(at, seen, text.len());
            return Ok(());
        }
        Err(malformed_escape(at, text))
    }

    /// Judging: the bytes at the start of `piece` that the text of a malformed escape the
    /// last piece ended in still waits for, and its report once they are all there.
    pub(super) fn complete_pending(&mut self, piece: &[u8]) {
        if let Some((_, seen, len)) = &mut self.pending {
            let more = (3 - *len).min(piece.len());
            seen[*len..*len + more].copy_from_slice(&piece[..more]);
            *len += more;
            if *len == 3 {
                self.report_pending();
            }
        }
    }

    /// Judging: the malformed escape waiting for its text is reported with what it has.
    pub(super) fn report_pending(&mut self) {
        if let Some((at, seen, len)) = self.pending.take() {
            self.problems.push(malformed_escape(at, &seen[..len]));
        }
    }

    /// Feeds `piece[i]` to an escape the previous piece began; returns whether it was used.
    pub(super) fn continue_escape(
        &mut self,
        piece: &[u8],
        i: usize,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        let b = piece[i];
        match std::mem::replace(&mut self.escape, Escape::None) {
            Escape::None => Ok(false),
            Escape::Open(at, partial) => match partial.push(b) {
                EscapeStep::Partial(next) => {
                    self.escape = Escape::Open(at, next);
                    Ok(true)
                }
                EscapeStep::Complete([_, high, low]) => {
                    self.emit_byte(hex_pair(high, low), true, Pos::At(at), piece, out)?;
                    Ok(true)
                }
                EscapeStep::NotEscape => match partial {
                    PartialEscape::PercentHex(high) => {
                        self.malformed(Pos::At(at), &[b'%', high, b], false, piece, out)?;
                        self.emit_byte(high, false, Pos::At(at), piece, out)?;
                        Ok(false)
                    }
                    // Judging goes on after the `%`, as lenient decoding does: `b` may
                    // begin an escape (`%%41`).
                    _ if self.judging => {
                        let text = [b'%', b, piece.get(i + 1).copied().unwrap_or(0)];
                        let len = if i + 1 < piece.len() { 3 } else { 2 };
                        self.malformed(Pos::At(at), &text[..len], false, piece, out)?;
                        Ok(false)
                    }
                    _ => {
                        self.malformed(Pos::At(at), &[b'%', b], false, piece, out)?;
                        Ok(self.strict)
                    }
                },
            },
            Escape::Malformed(at, mut seen, len) => {
                seen[len] = b;
                self.malformed(Pos::At(at), &seen[..=len], false, piece, out)?;
                Ok(true)
            }
        }
    }

    /// The record ends: what an escape the last piece left open becomes.
    pub(super) fn finish_escape(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        match std::mem::replace(&mut self.escape, Escape::None) {
            Escape::None | Escape::Open(_, PartialEscape::None) => {}
            Escape::Open(at, PartialEscape::Percent) => {
                self.malformed(Pos::At(at), b"%", true, &[], out)?;
            }
            Escape::Open(at, PartialEscape::PercentHex(high)) => {
                self.malformed(Pos::At(at), &[b'%', high], true, &[], out)?;
                self.emit_byte(high, false, Pos::At(at), &[], out)?;
            }
            Escape::Malformed(at, seen, len) => {
                self.malformed(Pos::At(at), &seen[..len], true, &[], out)?;
            }
        }
        Ok(())
    }
}

/// The problem of a `%` that begins no escape, at `at`, quoting `text` (the `%` and up to two
/// bytes after it).
fn malformed_escape(at: At, text: &[u8]) -> RecordError {
    RecordError {
        offset: at.offset,
        column: at.column,
        // RFC 3986 §2.1: a '%' begins a percent-encoded octet, "%" HEXDIG HEXDIG.
        rule: "pct-encoded",
        quote: text.to_vec(),
        message: format!(
            "malformed percent-escape {:?}: '%' begins two hex digits; write a literal '%' as \
             %25, or leave out --strict to keep it as it is",
            bstr::BStr::new(text)
        ),
    }
}
