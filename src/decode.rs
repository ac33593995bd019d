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
use crate::stream::{Filter, Framing, Place, RecordError, count_chars};
use crate::table::ascii::{HEX_VALUE, HEXDIG};

/// What to do with decoded bytes that are not UTF-8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
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

/// An incremental UTF-8 check of decoded bytes (RFC 3629 §4; maximal subparts as in the
/// Unicode Standard §3.9, "U+FFFD Substitution of Maximal Subparts").
#[derive(Clone, Debug)]
struct Utf8Check {
    lossy: bool,
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
    fn new(lossy: bool) -> Self {
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
    fn run(
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
    fn byte(
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

    fn invalid(
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
    fn end_piece(&mut self, piece: &[u8], columns: &Columns) {
        if self.need > 0 {
            self.start = Pos::Column(columns.column(piece, self.start));
        }
    }

    fn end_record(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
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

/// `bytes` as `%XX` escapes, the way the user wrote them (or would have).
fn hex_escapes(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("%{b:02X}")).collect()
}

/// `bytes` as `0xC3 0x28`.
fn hex_bytes(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
    hex.join(" ")
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
mod avx2 {
    use super::HEX_VALUE;
    use std::arch::x86_64::*;

    /// Bytes looked at in one step: 32 escapes, or a block with the store of a literal run
    /// that starts in it and the two digits of an escape that starts at its end.
    const BLOCK: usize = 32;
    const WINDOW: usize = 3 * BLOCK;

    /// Decodes from the start of `input` into `dst` (one byte per input byte and
    /// [`super::ROOM`] more) while a window of bytes follows, stopping before a malformed
    /// escape if `strict`; returns how far it got in each.
    ///
    /// Text that is mostly escapes (non-ASCII, encoded) goes 32 escapes at a time through
    /// [`escapes32`], and a literal run between them is copied up to the next `%`. Elsewhere
    /// a block's `%` (and `+`) are found at once and reached by their bits: the literal bytes
    /// before each are copied with one fixed-size store from the input (it may write past
    /// them, into room the next store overwrites), then the escape is decoded through the
    /// table.
    #[target_feature(enable = "avx2,popcnt")]
    pub fn decode(input: &[u8], plus: bool, strict: bool, dst: &mut [u8]) -> (usize, usize) {
        let (mut i, mut o) = (0, 0);
        // In text of escapes: whether to try 32 at once, and whether the last try ended
        // at a byte that begins none.
        let (mut dense, mut stopped) = (false, false);
        while let Some(window) = input.get(i..i + WINDOW) {
            let Some(block) = window.first_chunk::<BLOCK>() else {
                break;
            };
            if let (true, false, Some(escapes), Some(out)) = (
                dense,
                stopped,
                window.first_chunk::<96>(),
                dst[o..].first_chunk_mut::<32>(),
            ) {
                let n = escapes32(escapes, out);
                (i, o) = (i + 3 * n, o + n);
                stopped = n < 32;
                continue;
            }
            if stopped {
                stopped = false;
                // Literal text between escapes: copied up to the next `%`, and escapes again.
                let run = marks(block, plus).trailing_zeros() as usize;
                if run > 0 {
                    dst[o..o + BLOCK].copy_from_slice(block);
                    (i, o) = (i + run, o + run);
                    dense = run < BLOCK;
                    continue;
                }
            }
            let mut marks = marks(block, plus);
            dense = marks.count_ones() >= 8 && window[0] == b'%';
            let mut from = 0;
            while marks != 0 {
                let j = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
                o += j - from;
                if window[j] == b'+' {
                    dst[o] = b' ';
                    from = j + 1;
                } else {
                    let high = HEX_VALUE[usize::from(window[j + 1])];
                    let low = HEX_VALUE[usize::from(window[j + 2])];
                    if high | low < 16 {
                        dst[o] = high << 4 | low;
                        from = j + 3;
                    } else if strict {
                        return (i + j, o);
                    } else {
                        dst[o] = b'%';
                        from = j + 1;
                    }
                }
                o += 1;
            }
            if from < BLOCK {
                dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
                o += BLOCK - from;
                from = BLOCK;
            }
            i += from;
        }
        (i, o)
    }

    /// A bit for each `%` of `block`, and each `+` if `plus`.
    #[target_feature(enable = "avx2")]
    fn marks(block: &[u8; BLOCK], plus: bool) -> u32 {
        // SAFETY: reads 32 bytes of a 32-byte array; unaligned is allowed.
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
        let mut found = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'%' as i8));
        if plus {
            found = _mm256_or_si256(found, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'+' as i8)));
        }
        _mm256_movemask_epi8(found) as u32
    }

    /// For each of sixteen escapes, where its `%`, high or low digit (`offset` 0, 1, 2) is in
    /// 48 bytes, as `pshufb` masks for each third of them (0x80 where the byte is in another
    /// third); the same in both 16-byte lanes.
    const fn gather(offset: usize) -> [[u8; 32]; 3] {
        let mut masks = [[0x80; 32]; 3];
        let mut k = 0;
        while k < 16 {
            let at = 3 * k + offset;
            masks[at / 16][k] = (at % 16) as u8;
            masks[at / 16][16 + k] = (at % 16) as u8;
            k += 1;
        }
        masks
    }
    const PERCENTS: [[u8; 32]; 3] = gather(0);
    const HIGHS: [[u8; 32]; 3] = gather(1);
    const LOWS: [[u8; 32]; 3] = gather(2);

    /// Writes the bytes that 96 bytes taken as 32 escapes (`%` and two hex digits each) name,
    /// and returns how many of them, from the first, are escapes.
    ///
    /// `pshufb` gathers within a 16-byte lane only, so the first lane works on the first 48
    /// bytes and the second on the next 48, each as three thirds of 16.
    #[target_feature(enable = "avx2")]
    fn escapes32(bytes: &[u8; 96], out: &mut [u8; 32]) -> usize {
        // SAFETY: each load reads 16 bytes at `at` and at `at + 48`, inside the 96 (`at` is at
        // most 32), or 32 bytes of a 32-byte array; unaligned is allowed.
        let third = |at: usize| unsafe {
            let p = bytes[at..].as_ptr();
            _mm256_loadu2_m128i(p.add(48).cast(), p.cast())
        };
        let mask = |mask: &[u8; 32]| unsafe { _mm256_loadu_si256(mask.as_ptr().cast()) };
        let thirds = [third(0), third(16), third(32)];
        let gathered = |masks: &[[u8; 32]; 3]| {
            let mut v = _mm256_setzero_si256();
            for (third, m) in thirds.iter().zip(masks) {
                v = _mm256_or_si256(v, _mm256_shuffle_epi8(*third, mask(m)));
            }
            v
        };
        // A hex digit's value, with 0xFF in the mask where a byte is no hex digit: `x` is in
        // `lo..lo + n` when `x - lo` (wrapping) is at most `n - 1`.
        let digits = |c: __m256i| {
            let in_range = |d: __m256i, max: i8| {
                _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(max)), d)
            };
            let decimal = _mm256_sub_epi8(c, _mm256_set1_epi8(b'0' as i8));
            let letter = _mm256_sub_epi8(
                _mm256_or_si256(c, _mm256_set1_epi8(0x20)),
                _mm256_set1_epi8(b'a' as i8),
            );
            let (is_decimal, is_letter) = (in_range(decimal, 9), in_range(letter, 5));
            let letter = _mm256_add_epi8(letter, _mm256_set1_epi8(10));
            let value = _mm256_or_si256(
                _mm256_and_si256(is_decimal, decimal),
                _mm256_and_si256(is_letter, letter),
            );
            (value, _mm256_or_si256(is_decimal, is_letter))
        };
        let percent = _mm256_cmpeq_epi8(gathered(&PERCENTS), _mm256_set1_epi8(b'%' as i8));
        let (high, high_ok) = digits(gathered(&HIGHS));
        let (low, low_ok) = digits(gathered(&LOWS));
        let ok = _mm256_and_si256(percent, _mm256_and_si256(high_ok, low_ok));
        let escapes = (!_mm256_movemask_epi8(ok)).trailing_zeros().min(32) as usize;
        // Each value is at most 15, so the 16-bit shift moves no bit into the next byte.
        let value = _mm256_or_si256(_mm256_slli_epi16(high, 4), low);
        // SAFETY: writes 32 bytes into a 32-byte array; unaligned is allowed.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), value) };
        escapes
    }
}

/// The block fast path of [`decode_raw`], for AVX-512 (with VBMI and VBMI2): 64 bytes a step,
/// with no branch on what they hold.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::HEX_VALUE;
    use std::arch::x86_64::*;

    const BLOCK: usize = 64;

    /// [`HEX_VALUE`] for the 128 ASCII bytes, in two halves of 64 (the two tables of one
    /// `vpermi2b`), with 0x80 for no hex digit.
    const DIGITS: [[u8; 64]; 2] = {
        let mut table = [[0x80; 64]; 2];
        let mut b = 0;
        while b < 128 {
            if HEX_VALUE[b] < 16 {
                table[b / 64][b % 64] = HEX_VALUE[b];
            }
            b += 1;
        }
        table
    };

    /// Decodes from the start of `input` into `dst` (one byte per input byte and
    /// [`super::ROOM`] more) while a block and two bytes follow, stopping before a malformed
    /// escape if `strict`; returns how far it got in each.
    ///
    /// Each step reads the block three times, from its start and one and two bytes on, so
    /// that every byte is seen with the two after it. A `%` whose next two bytes are hex digits
    /// begins an escape: it takes the value they name, the two digits are dropped (in the next
    /// block, for an escape at the end of this one), `+` becomes a space if `plus`, and
    /// `vpcompressb` closes up what is kept into one 64-byte store.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
    pub fn decode(input: &[u8], plus: bool, strict: bool, dst: &mut [u8]) -> (usize, usize) {
        let load = |bytes: &[u8; BLOCK]| {
            // SAFETY: reads 64 bytes of a 64-byte array; unaligned is allowed.
            unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
        };
        let (low_half, high_half) = (load(&DIGITS[0]), load(&DIGITS[1]));
        let sign = _mm512_set1_epi8(0x80u8 as i8);
        // Each byte's digit value, and whether it is none: the table sees the low seven bits
        // only, so a byte of 0x80 or more adds its own sign bit (`value | byte & 0x80`).
        let digits = |bytes: __m512i| {
            let value = _mm512_permutex2var_epi8(low_half, bytes, high_half);
            let none = _mm512_ternarylogic_epi32::<0xF8>(value, bytes, sign);
            (value, none)
        };
        let (mut i, mut o) = (0, 0);
        // The digits of an escape that began at the end of the block before: bits 0 and 1.
        let mut carried = 0u64;
        while let Some(window) = input.get(i..i + BLOCK + 2) {
            let at = |offset: usize| match window[offset..].first_chunk::<BLOCK>() {
                Some(bytes) => load(bytes),
                None => unreachable!("the window has a block and two bytes"),
            };
            let bytes = at(0);
            let (high, high_none) = digits(at(1));
            let (low, low_none) = digits(at(2));
            let no_pair = _mm512_movepi8_mask(_mm512_or_si512(high_none, low_none));
            let percents = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'%' as i8));
            let escapes = percents & !no_pair;
            let mut keep = !(escapes << 1 | escapes << 2 | carried);
            let stray = percents & !escapes;
            let stop = if strict && stray != 0 {
                let stop = stray.trailing_zeros();
                keep &= (1 << stop) - 1;
                Some(stop as usize)
            } else {
                None
            };
            // high << 4 | low; the 16-bit shift moves bits across bytes, so the `& 0xF0`.
            let value = _mm512_ternarylogic_epi32::<0xEA>(
                _mm512_slli_epi16(high, 4),
                _mm512_set1_epi8(0xF0u8 as i8),
                low,
            );
            let mut decoded = _mm512_mask_blend_epi8(escapes, bytes, value);
            if plus {
                let pluses = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'+' as i8));
                decoded = _mm512_mask_mov_epi8(decoded, pluses, _mm512_set1_epi8(b' ' as i8));
            }
            let kept = _mm512_maskz_compress_epi8(keep, decoded);
            let Some(out) = dst.get_mut(o..o + BLOCK) else {
                unreachable!("dst has room for a block past each input byte")
            };
            // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), kept) };
            o += keep.count_ones() as usize;
            if let Some(stop) = stop {
                return (i + stop, o);
            }
            carried = escapes >> 62 | escapes >> 63;
            i += BLOCK;
        }
        (i + carried.count_ones() as usize, o)
    }
}

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
