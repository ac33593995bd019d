//! `uriesc decode`: percent-decoding back to the bytes, as the WHATWG URL Standard's
//! "percent-decode" (§1.3) does it.
//!
//! `%` and two hex digits (either case, RFC 3986 §2.1) become the byte they name; with `--plus`
//! or for form data, `+` becomes a space (the urlencoded parser, WHATWG URL §5.1). A `%` not
//! followed by two hex digits is copied as it is, as the standard says, unless `--strict` makes
//! it an error. The result is bytes; checking them as UTF-8 is a separate, named step
//! ([`Utf8`]), reported or replaced (U+FFFD for each maximal invalid subpart, as the Encoding
//! Standard's "UTF-8 decode" does) only when asked.
//!
//! Records arrive in pieces (see [`crate::stream`]), so an escape or a UTF-8 sequence may be
//! split between two pieces: the decoder carries what it has seen of it to the next.

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::sets::ascii::{HEX_VALUE, HEXDIG};
use crate::stream::{Filter, Framing, Place, RecordError, count_chars};

mod utf8;
use utf8::Utf8Check;

/// What to do with decoded bytes that are not UTF-8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Utf8 {
    /// Write the decoded bytes as they are
    #[default]
    Raw,
    /// Stop at the first invalid UTF-8 sequence, with its position (status 1)
    Strict,
    /// Write U+FFFD for each invalid sequence
    Lossy,
}

/// How to decode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `+` stands for a space.
    pub plus: bool,
    /// A `%` not followed by two hex digits is an error.
    pub strict: bool,
    pub utf8: Utf8,
}

/// Where a byte came from: an offset in the current piece, or a column already worked out
/// (for what began in an earlier piece).
#[derive(Clone, Copy, Debug)]
enum Pos {
    Offset(usize),
    Column(u64),
}

/// Counts columns (characters) of the current record, but only when an error may need them.
#[derive(Clone, Debug, Default)]
struct Columns {
    tracking: bool,
    before_piece: u64,
}

impl Columns {
    fn column(&self, piece: &[u8], pos: Pos) -> u64 {
        match pos {
            Pos::Column(c) => c,
            Pos::Offset(_) if !self.tracking => 0,
            Pos::Offset(o) => self.before_piece + count_chars(&piece[..o]) + 1,
        }
    }
}

/// How much of an escape the previous piece ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    None,
    /// `%`, at this column.
    Percent(u64),
    /// `%` and one hex digit.
    PercentHex(u64, u8),
    /// A malformed escape, strict, waiting for the bytes its message shows.
    Malformed(u64, [u8; 3], usize),
}

/// A percent-decoder, fed a record at a time in pieces.
#[derive(Clone, Debug)]
pub struct Decoder {
    /// Whether to take [`decode_raw`] where it applies.
    fast: bool,
    /// The block loop [`decode_raw`] runs.
    blocks: Blocks,
    plus: bool,
    strict: bool,
    escape: Escape,
    utf8: Option<Utf8Check>,
    columns: Columns,
}

impl Decoder {
    pub fn new(options: Options) -> Decoder {
        Decoder {
            fast: true,
            blocks: Blocks::selected(),
            plus: options.plus,
            strict: options.strict,
            escape: Escape::None,
            utf8: match options.utf8 {
                Utf8::Raw => None,
                Utf8::Strict => Some(Utf8Check::new(false)),
                Utf8::Lossy => Some(Utf8Check::new(true)),
            },
            columns: Columns {
                tracking: options.strict || options.utf8 == Utf8::Strict,
                before_piece: 0,
            },
        }
    }

    /// The same decoder without its fast path: the plain reference the fast path is tested
    /// against.
    pub fn reference(mut self) -> Decoder {
        self.fast = false;
        self
    }

    /// The same decoder with the block loop of `blocks` (one of [`Blocks::available`]) in
    /// place of [`Blocks::selected`], for tests that hold each to the reference.
    pub fn with_blocks(mut self, blocks: Blocks) -> Decoder {
        self.blocks = blocks;
        self
    }

    /// Decodes one whole record.
    pub fn decode_to_vec(&mut self, input: &[u8]) -> Result<Vec<u8>, RecordError> {
        let mut out = Vec::with_capacity(input.len());
        let result = match input.is_empty() {
            true => Ok(()),
            false => self.piece(input, &mut out),
        };
        match result.and_then(|()| self.finish(&mut out)) {
            Ok(()) => Ok(out),
            Err(e) => {
                self.reset();
                Err(e)
            }
        }
    }

    /// Forgets the record in progress.
    fn reset(&mut self) {
        self.escape = Escape::None;
        self.columns.before_piece = 0;
        if let Some(check) = &mut self.utf8 {
            *check = Utf8Check::new(check.lossy);
        }
    }

    fn emit_run(
        &mut self,
        run: &[u8],
        offset: usize,
        piece: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        match &mut self.utf8 {
            None => {
                out.extend_from_slice(run);
                Ok(())
            }
            Some(check) => check.run(run, offset, piece, &self.columns, out),
        }
    }

    /// One byte of output, `escaped` if an escape stood for it.
    fn emit_byte(
        &mut self,
        b: u8,
        escaped: bool,
        pos: Pos,
        piece: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        match &mut self.utf8 {
            None => {
                out.push(b);
                Ok(())
            }
            Some(check) => check.byte(b, escaped, pos, piece, &self.columns, out),
        }
    }

    /// A `%` that does not start an escape, seen with `text` (the `%` and up to two bytes
    /// after it). Lenient, the `%` is copied as it is. Strict, it is an error, reported once the
    /// message can show three bytes (or the record has ended), so that the message does not
    /// depend on where a read happened to end; until then it waits in [`Escape::Malformed`].
    fn malformed(
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
    fn continue_escape(
        &mut self,
        piece: &[u8],
        i: usize,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        let b = piece[i];
        match std::mem::replace(&mut self.escape, Escape::None) {
            Escape::None => Ok(false),
            Escape::Percent(at) if HEXDIG.contains(b) => {
                self.escape = Escape::PercentHex(at, b);
                Ok(true)
            }
            Escape::PercentHex(at, high) if HEXDIG.contains(b) => {
                self.emit_byte(hex_pair(high, b), true, Pos::Column(at), piece, out)?;
                Ok(true)
            }
            Escape::Percent(at) => {
                self.malformed(Pos::Column(at), &[b'%', b], false, piece, out)?;
                Ok(self.strict)
            }
            Escape::PercentHex(at, high) => {
                self.malformed(Pos::Column(at), &[b'%', high, b], false, piece, out)?;
                self.emit_byte(high, false, Pos::Column(at), piece, out)?;
                Ok(false)
            }
            Escape::Malformed(at, mut seen, len) => {
                seen[len] = b;
                self.malformed(Pos::Column(at), &seen[..=len], false, piece, out)?;
                Ok(true)
            }
        }
    }
}

/// The byte that two hex digits name.
fn hex_pair(high: u8, low: u8) -> u8 {
    HEX_VALUE[usize::from(high)] << 4 | HEX_VALUE[usize::from(low)]
}

/// The fast path of [`Decoder`] for raw output: decodes `piece` from its start into `out` in
/// one tight loop, as long as nothing needs the general path (a malformed escape when strict,
/// or an escape cut off by the end of the piece). Returns how far it got. Long pieces go
/// through the block loop `blocks` first. The general loop in [`Filter::piece`] is the
/// reference they must agree with (tested on random input, with each block loop).
fn decode_raw(piece: &[u8], plus: bool, strict: bool, blocks: Blocks, out: &mut Vec<u8>) -> usize {
    let start = out.len();
    out.resize(start + piece.len() + ROOM, 0);
    let dst = &mut out[start..];
    let (mut i, mut o) = match blocks.level() {
        // SAFETY (both arms): a `Blocks` of a level exists only where `Blocks::new` found that
        // level's features on this CPU.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { avx2::decode(piece, plus, strict, dst) },
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => unsafe { avx512::decode(piece, plus, strict, dst) },
        // SSSE3: no block loop of its own.
        _ => (0, 0),
    };
    while i < piece.len() {
        let b = piece[i];
        let mut byte = b;
        let mut width = 1;
        if b == b'%' {
            match piece.get(i + 1..i + 3) {
                Some(&[h, l]) => {
                    let (h, l) = (HEX_VALUE[usize::from(h)], HEX_VALUE[usize::from(l)]);
                    if h | l < 16 {
                        byte = h << 4 | l;
                        width = 3;
                    } else if strict {
                        break;
                    }
                }
                _ => break,
            }
        } else if plus && b == b'+' {
            byte = b' ';
        }
        dst[o] = byte;
        o += 1;
        i += width;
    }
    out.truncate(start + o);
    i
}

/// Room `decode_raw` leaves beyond one byte per input byte, for the block loops' wide stores.
const ROOM: usize = 64;

/// The block fast path of [`decode_raw`], for AVX2.
#[cfg(target_arch = "x86_64")]
mod avx2;

/// The block fast path of [`decode_raw`], for AVX-512 (with VBMI and VBMI2): 64 bytes a step,
/// with no branch on what they hold.
#[cfg(target_arch = "x86_64")]
mod avx512;

impl Filter for Decoder {
    /// A strict decoder's status says whether every record decoded (`--strict`, `--utf8
    /// strict`: exactly where columns are tracked, for the error).
    fn status_pending(&self) -> bool {
        self.columns.tracking
    }

    /// Lenient raw decoding knows no records: a terminator is neither `%`, `+` nor a hex
    /// digit, so no escape spans two records, and `decode_raw` does them all in one pass.
    fn records(
        &mut self,
        records: &[u8],
        _: Framing,
        _: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        if !self.fast || self.strict || self.utf8.is_some() || self.escape != Escape::None {
            return Ok(false);
        }
        let done = decode_raw(records, self.plus, false, self.blocks, out);
        // It stops only at a `%` too near the end, here the one right before the last
        // terminator (`%` then `\n` or NUL): a stray `%`, copied as it is.
        out.extend_from_slice(&records[done..]);
        Ok(true)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        let mut i = 0;
        while i < piece.len() && self.escape != Escape::None {
            if self.continue_escape(piece, i, out)? {
                i += 1;
            }
        }
        if self.utf8.is_none() && self.fast {
            i += decode_raw(&piece[i..], self.plus, self.strict, self.blocks, out);
        }
        while i < piece.len() {
            let rest = &piece[i..];
            // Escapes often follow each other (encoded non-ASCII text): no search for those.
            let found = if rest[0] == b'%' {
                Some(0)
            } else if self.plus {
                memchr::memchr2(b'%', b'+', rest)
            } else {
                memchr::memchr(b'%', rest)
            };
            let Some(k) = found else {
                self.emit_run(rest, i, piece, out)?;
                break;
            };
            if k > 0 {
                self.emit_run(&rest[..k], i, piece, out)?;
            }
            let j = i + k;
            if piece[j] == b'+' {
                self.emit_byte(b' ', false, Pos::Offset(j), piece, out)?;
                i = j + 1;
                continue;
            }
            match (piece.get(j + 1), piece.get(j + 2)) {
                (Some(&h), Some(&l)) if HEXDIG.contains(h) && HEXDIG.contains(l) => {
                    self.emit_byte(hex_pair(h, l), true, Pos::Offset(j), piece, out)?;
                    i = j + 3;
                }
                (None, _) => {
                    self.escape = Escape::Percent(self.columns.column(piece, Pos::Offset(j)));
                    i = piece.len();
                }
                (Some(&h), None) if HEXDIG.contains(h) => {
                    let at = self.columns.column(piece, Pos::Offset(j));
                    self.escape = Escape::PercentHex(at, h);
                    i = piece.len();
                }
                _ => {
                    // As WHATWG's percent-decode: the `%` is copied and scanning goes on right
                    // after it, so in `%%41` the second `%` still starts an escape.
                    let text = &piece[j..piece.len().min(j + 3)];
                    self.malformed(Pos::Offset(j), text, false, piece, out)?;
                    i = if self.strict { piece.len() } else { j + 1 };
                }
            }
        }
        if let Some(check) = &mut self.utf8 {
            check.end_piece(piece, &self.columns);
        }
        if self.columns.tracking {
            self.columns.before_piece += count_chars(piece);
        }
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError> {
        self.finish(out).map(|()| true)
    }
}

impl Decoder {
    /// Ends the record: what an escape or a UTF-8 sequence left open becomes.
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        let escape = std::mem::replace(&mut self.escape, Escape::None);
        self.columns.before_piece = 0;
        match escape {
            Escape::None => {}
            Escape::Percent(at) => self.malformed(Pos::Column(at), b"%", true, &[], out)?,
            Escape::PercentHex(at, high) => {
                self.malformed(Pos::Column(at), &[b'%', high], true, &[], out)?;
                self.emit_byte(high, false, Pos::Column(at), &[], out)?;
            }
            Escape::Malformed(at, seen, len) => {
                self.malformed(Pos::Column(at), &seen[..len], true, &[], out)?;
            }
        }
        match &mut self.utf8 {
            Some(check) => check.end_record(out),
            None => Ok(()),
        }
    }
}
