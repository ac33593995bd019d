//! Escapes that span two pieces of a record, and what becomes of a `%` that begins none:
//! copied as it is (url.bs "percent-decode"), or, with `--strict`, an error whose message shows
//! the same bytes wherever the reads happened to cut the input.

use super::{Decoder, Pos};
use crate::sets::ascii::HEX_VALUE;
use crate::sets::{EscapeStep, PartialEscape};
use crate::stream::RecordError;

/// How much of an escape the previous piece ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Escape {
    None,
    /// An escape begun at this column: `%`, or `%` and one hex digit.
    Open(u64, PartialEscape),
    /// A malformed escape, strict, waiting for the bytes its message shows.
    Malformed(u64, [u8; 3], usize),
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
        let column = self.columns.column(piece, pos);
        if text.len() < 3 && !record_ended {
            let mut seen = [0; 3];
            seen[..text.len()].copy_from_slice(text);
            self.escape = Escape::Malformed(column, seen, text.len());
            return Ok(());
        }
        Err(RecordError {
            column,
            message: format!(
                "malformed percent-escape {:?}: '%' begins two hex digits; write a literal '%' \
                 as %25, or leave out --strict to keep it as it is",
                bstr::BStr::new(text)
            ),
        })
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
                    self.emit_byte(hex_pair(high, low), true, Pos::Column(at), piece, out)?;
                    Ok(true)
                }
                EscapeStep::NotEscape => match partial {
                    PartialEscape::PercentHex(high) => {
                        self.malformed(Pos::Column(at), &[b'%', high, b], false, piece, out)?;
                        self.emit_byte(high, false, Pos::Column(at), piece, out)?;
                        Ok(false)
                    }
                    _ => {
                        self.malformed(Pos::Column(at), &[b'%', b], false, piece, out)?;
                        Ok(self.strict)
                    }
                },
            },
            Escape::Malformed(at, mut seen, len) => {
                seen[len] = b;
                self.malformed(Pos::Column(at), &seen[..=len], false, piece, out)?;
                Ok(true)
            }
        }
    }

    /// The record ends: what an escape the last piece left open becomes.
    pub(super) fn finish_escape(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        match std::mem::replace(&mut self.escape, Escape::None) {
            Escape::None | Escape::Open(_, PartialEscape::None) => {}
            Escape::Open(at, PartialEscape::Percent) => {
                self.malformed(Pos::Column(at), b"%", true, &[], out)?;
            }
            Escape::Open(at, PartialEscape::PercentHex(high)) => {
                self.malformed(Pos::Column(at), &[b'%', high], true, &[], out)?;
                self.emit_byte(high, false, Pos::Column(at), &[], out)?;
            }
            Escape::Malformed(at, seen, len) => {
                self.malformed(Pos::Column(at), &seen[..len], true, &[], out)?;
            }
        }
        Ok(())
    }
}
