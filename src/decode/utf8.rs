//! The incremental UTF-8 check of `decode --utf8 strict|lossy`: decoded bytes are checked as
//! they come, a sequence may span escapes and reads, and a maximal subpart of an ill-formed
//! sequence is one error or one U+FFFD (Unicode §3.9, "U+FFFD Substitution of Maximal
//! Subparts"), as the standard library's `from_utf8_lossy` does.

use super::{Columns, Pos};
use crate::encode::percent_encode_byte;
use crate::stream::RecordError;

/// An incremental UTF-8 check of decoded bytes (RFC 3629 §4; maximal subparts as in the
/// Unicode Standard §3.9, "U+FFFD Substitution of Maximal Subparts").
#[derive(Clone, Debug)]
pub(super) struct Utf8Check {
    pub(super) lossy: bool,
    /// The sequence begun so far, and how many continuation bytes it still needs.
    seq: [u8; 4],
    len: usize,
    need: u8,
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    lo: u8,
    hi: u8,
    start: Pos,
    /// The sequence began with a byte decoded from an escape (`%E9`), not a raw one.
    escaped: bool,
}

const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

impl Utf8Check {
    pub(super) fn new(lossy: bool) -> Self {
        Utf8Check {
            lossy,
            seq: [0; 4],
            len: 0,
            need: 0,
            lo: 0x80,
            hi: 0xBF,
            start: Pos::Column(0),
            escaped: false,
        }
    }

    /// Decoded bytes taken as they are from `piece[offset..]`.
    pub(super) fn run(
        &mut self,
        run: &[u8],
        offset: usize,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        let mut i = 0;
        while i < run.len() {
            if self.need == 0 {
                let rest = &run[i..];
                let valid = match std::str::from_utf8(rest) {
                    Ok(_) => rest.len(),
                    Err(e) => e.valid_up_to(),
                };
                out.extend_from_slice(&rest[..valid]);
                i += valid;
                if i == run.len() {
                    break;
                }
            }
            self.byte(run[i], false, Pos::Offset(offset + i), piece, columns, out)?;
            i += 1;
        }
        Ok(())
    }

    /// One byte, `escaped` if it was decoded from an escape (not taken as it came).
    pub(super) fn byte(
        &mut self,
        b: u8,
        escaped: bool,
        pos: Pos,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        if self.need == 0 {
            let (need, lo, hi) = match b {
                0x00..=0x7F => {
                    out.push(b);
                    return Ok(());
                }
                0xC2..=0xDF => (1, 0x80, 0xBF),
                0xE0 => (2, 0xA0, 0xBF),
                0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF),
                0xED => (2, 0x80, 0x9F),
                0xF0 => (3, 0x90, 0xBF),
                0xF1..=0xF3 => (3, 0x80, 0xBF),
                0xF4 => (3, 0x80, 0x8F),
                _ => return self.invalid(&[b], escaped, pos, piece, columns, out),
            };
            self.escaped = escaped;
            self.seq[0] = b;
            self.len = 1;
            (self.need, self.lo, self.hi) = (need, lo, hi);
            self.start = pos;
        } else if (self.lo..=self.hi).contains(&b) {
            self.seq[self.len] = b;
            self.len += 1;
            self.need -= 1;
            (self.lo, self.hi) = (0x80, 0xBF);
            if self.need == 0 {
                out.extend_from_slice(&self.seq[..self.len]);
            }
        } else {
            // The sequence so far is a maximal subpart; `b` may begin the next character.
            let seq = self.seq;
            let len = std::mem::take(&mut self.len);
            self.need = 0;
            self.invalid(&seq[..len], self.escaped, self.start, piece, columns, out)?;
            self.byte(b, escaped, pos, piece, columns, out)?;
        }
        Ok(())
    }

    pub(super) fn invalid(
        &mut self,
        bytes: &[u8],
        escaped: bool,
        pos: Pos,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        if self.lossy {
            out.extend_from_slice(REPLACEMENT);
            return Ok(());
        }
        // A raw byte is named as a byte, not as an escape the user never wrote.
        let what = match (escaped, bytes) {
            (true, _) => format!("decoded bytes {} are", hex_escapes(bytes)),
            (_, [b]) => format!("byte 0x{b:02X} is"),
            _ => format!("bytes {} are", hex_bytes(bytes)),
        };
        Err(RecordError {
            column: columns.column(piece, pos),
            message: format!(
                "{what} not UTF-8; use --utf8 lossy to write U+FFFD in their place, or --utf8 \
                 raw to keep them"
            ),
        })
    }

    /// The piece ends: a sequence begun in it keeps its column, not its offset.
    pub(super) fn end_piece(&mut self, piece: &[u8], columns: &Columns) {
        if self.need > 0 {
            self.start = Pos::Column(columns.column(piece, self.start));
        }
    }

    pub(super) fn end_record(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        if self.need > 0 {
            let seq = self.seq;
            let len = std::mem::take(&mut self.len);
            self.need = 0;
            let (escaped, start) = (self.escaped, self.start);
            self.invalid(&seq[..len], escaped, start, &[], &Columns::default(), out)?;
        }
        Ok(())
    }
}

/// `bytes` as `%XX` escapes, the way the user wrote them (or would have).
fn hex_escapes(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| percent_encode_byte(b)).collect()
}

/// `bytes` as `0xC3 0x28`.
fn hex_bytes(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
    hex.join(" ")
}
