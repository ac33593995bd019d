//! Percent-decoding back to the bytes, as the WHATWG URL Standard's "percent-decode" (url.bs
//! §1.3 "Percent-encoded bytes") does it.
//!
//! This module owns the reading side of percent-encoding:
//!
//! * [`percent_decode`] and [`percent_decode_str`], the library functions, in the style of
//!   rust-url's `percent_encoding`: lenient, and borrowing the input when it holds no `%`.
//! * [`Decoder`], the engine of `uriesc decode`: fed records in pieces, with `--plus`,
//!   `--strict` and a UTF-8 check ([`Utf8`]; `utf8.rs`), and SIMD fast paths for raw output
//!   (`avx2.rs`, `avx512.rs` beside this file; the portable loop here).
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
//!
//! ```
//! use uriesc::decode::percent_decode;
//!
//! // RFC 3986 §2.5: "%C3%80" is the UTF-8 of "À"; url.bs: a "%" not followed by two hex
//! // digits stays as it is.
//! assert_eq!(percent_decode(b"%C3%80 100%"), "À 100%".as_bytes());
//! ```

use std::borrow::Cow;

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::excerpt::count_chars;
use crate::sets::PartialEscape;
use crate::sets::ascii::{HEX_VALUE, HEXDIG};
use crate::stream::{Batch, Filter, Place, RecordError, Records, Taken, Written};

mod escape;
mod stream;
mod utf8;
use escape::{Escape, hex_pair};
pub use stream::DecodeStream;
pub use utf8::Utf8;
use utf8::Utf8Check;

/// Percent-decodes `input`, leniently, as url.bs's "percent-decode" does: each `%` followed by
/// two hex digits (either case) becomes the byte they name, and everything else, a `%` not
/// followed by two hex digits too, stays as it is. The result is bytes, borrowed from `input`
/// when it holds no `%`; whether they are UTF-8 is a separate question (see
/// [`String::from_utf8`], or [`Decoder`] with [`Utf8`]).
///
/// ```
/// use std::borrow::Cow;
/// use uriesc::decode::percent_decode;
///
/// // RFC 3986 §2.1: "%20" is the space character; the hex digits are case-insensitive.
/// assert_eq!(percent_decode(b"a%20b%2fc"), &b"a b/c"[..]);
/// // url.bs, percent-decode: "%zz" is not an escape and passes through, and in "%%41" the
/// // second "%" still begins one.
/// assert_eq!(percent_decode(b"%zz%%41"), &b"%zz%A"[..]);
/// // Nothing to decode: the input itself, borrowed.
/// assert!(matches!(percent_decode(b"a+b"), Cow::Borrowed(b"a+b")));
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'%', input).is_none() {
        return Cow::Borrowed(input);
    }
    // With `decode_raw`'s room for its wide stores: no second allocation.
    let mut out = Vec::with_capacity(input.len() + ROOM);
    let done = decode_raw(input, false, false, Blocks::selected(), &mut out);
    // Lenient, it stops only at a `%` less than two bytes from the end: not an escape.
    out.extend_from_slice(&input[done..]);
    Cow::Owned(out)
}

/// [`percent_decode`] of the UTF-8 bytes of `input` (url.bs "string percent-decode").
///
/// ```
/// use uriesc::decode::percent_decode_str;
///
/// // RFC 3986 §2.5: "%E3%82%A2" is the UTF-8 of KATAKANA LETTER A.
/// let decoded = percent_decode_str("%E3%82%A2");
/// assert_eq!(std::str::from_utf8(&decoded), Ok("ア"));
/// ```
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// How to decode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `+` stands for a space (form data, WHATWG URL §5.1 "urlencoded parsing").
    pub plus: bool,
    /// A `%` not followed by two hex digits is an error.
    pub strict: bool,
    /// What to do with decoded bytes that are not UTF-8.
    pub utf8: Utf8,
}

/// Where a byte came from: an offset in the current piece, or a place already worked out
/// (for what began in an earlier piece).
#[derive(Clone, Copy, Debug)]
enum Pos {
    Offset(usize),
    At(At),
}

/// A place in the record: its byte offset, and its column (in characters, from 1) for the
/// report, counted here since a streamed record's earlier pieces are gone when an error needs
/// it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct At {
    offset: u64,
    column: u64,
}

/// Counts bytes and columns (characters) of the current record, but only when an error may
/// need them.
#[derive(Clone, Debug, Default)]
struct Columns {
    tracking: bool,
    before_piece: u64,
    /// The bytes of the record before the current piece.
    bytes_before_piece: u64,
    /// The last offset in the current piece whose column was asked, and the characters before
    /// it: a piece with many problems is counted through once, not once for each.
    counted: std::cell::Cell<(usize, u64)>,
}

impl Columns {
    fn at(&self, piece: &[u8], pos: Pos) -> At {
        match pos {
            Pos::At(at) => at,
            Pos::Offset(_) if !self.tracking => At::default(),
            Pos::Offset(o) => {
                let (at, chars) = match self.counted.get() {
                    (at, chars) if at <= o => (at, chars),
                    _ => (0, 0),
                };
                let chars = chars + count_chars(&piece[at..o]);
                self.counted.set((o, chars));
                At {
                    offset: self.bytes_before_piece + o as u64,
                    column: self.before_piece + chars + 1,
                }
            }
        }
    }

    /// A piece begins or ends: offsets start again.
    fn new_piece(&mut self) {
        self.counted.set((0, 0));
    }

    /// A record ends.
    fn new_record(&mut self) {
        self.before_piece = 0;
        self.bytes_before_piece = 0;
        self.new_piece();
    }
}

/// A percent-decoder, fed a record at a time in pieces: the engine of `uriesc decode`.
///
/// A record goes in as one or more pieces ([`Decoder::decode`]) and ends with
/// [`Decoder::finish`]; [`Decoder::decode_to_vec`] does both for a record held whole. An error
/// ([`RecordError`], with the column where the trouble starts) comes only from the strict
/// options.
#[derive(Clone, Debug)]
pub struct Decoder {
    /// Whether to take [`decode_raw`] where it applies.
    fast: bool,
    /// The SIMD fast path [`decode_raw`] runs (its level).
    blocks: Blocks,
    plus: bool,
    strict: bool,
    escape: Escape,
    utf8: Option<Utf8Check>,
    columns: Columns,
    /// The strict options judge without stopping ([`DecodeStream`]): a problem is kept in
    /// `problems` and the record decoded on as lenient decoding does (raw bytes where UTF-8
    /// is wanting).
    judging: bool,
    problems: Vec<RecordError>,
    /// Judging: a malformed escape (its column, and its text so far) whose message waits for
    /// the bytes after it in the next piece.
    pending: Option<(At, [u8; 3], usize)>,
}

impl Decoder {
    /// A decoder that decodes as `options` say, with the SIMD fast path this CPU runs
    /// ([`Blocks::selected`]).
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
                ..Columns::default()
            },
            judging: false,
            problems: Vec::new(),
            pending: None,
        }
    }

    /// For the crate's tests, not part of the API: the same decoder without its fast path,
    /// the plain loop that the fast paths are held to.
    #[cfg(any(test, feature = "internals"))]
    #[doc(hidden)]
    pub fn reference(mut self) -> Decoder {
        self.fast = false;
        self
    }

    /// For the crate's tests, not part of the API: the same decoder with the fast path of
    /// `blocks` (one of [`Blocks::available`]) in place of [`Blocks::selected`]'s, so that each
    /// is held to [`Decoder::reference`].
    #[cfg(any(test, feature = "internals"))]
    #[doc(hidden)]
    pub fn with_blocks(mut self, blocks: Blocks) -> Decoder {
        self.blocks = blocks;
        self
    }

    /// Decodes one whole record; after an error, the decoder is ready for the next record.
    ///
    /// ```
    /// use uriesc::decode::{Decoder, Options, Utf8};
    ///
    /// // Form data (WHATWG URL §5.1): "+" is a space.
    /// let mut form = Decoder::new(Options { plus: true, ..Options::default() });
    /// assert_eq!(form.decode_to_vec(b"a+b%2Bc").unwrap(), b"a b+c");
    ///
    /// // Strict: a "%" that begins no escape is an error, at its column.
    /// let mut strict = Decoder::new(Options { strict: true, ..Options::default() });
    /// assert_eq!(strict.decode_to_vec(b"ab%zz").unwrap_err().column, 3);
    ///
    /// // "%FF" is no UTF-8: U+FFFD in its place.
    /// let mut lossy = Decoder::new(Options { utf8: Utf8::Lossy, ..Options::default() });
    /// assert_eq!(lossy.decode_to_vec(b"%FFa").unwrap(), "\u{FFFD}a".as_bytes());
    /// ```
    pub fn decode_to_vec(&mut self, input: &[u8]) -> Result<Vec<u8>, RecordError> {
        let mut out = Vec::with_capacity(input.len() + ROOM);
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
        self.columns.new_record();
        self.pending = None;
        if let Some(check) = &mut self.utf8 {
            let judging = check.judging;
            *check = Utf8Check::new(check.lossy);
            check.judging = judging;
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
}

/// The fast path of [`Decoder`] for raw output: decodes `piece` from its start into `out` in
/// one tight loop, as long as nothing needs the general path (a malformed escape when strict,
/// or an escape cut off by the end of the piece). Returns how far it got. Long pieces go
/// through the block loop `blocks` first. The general loop in [`Filter::piece`] is the
/// reference they must agree with (tested on random input, with each block loop).
fn decode_raw(piece: &[u8], plus: bool, strict: bool, blocks: Blocks, out: &mut Vec<u8>) -> usize {
    let start = out.len();
    out.resize(start + piece.len() + ROOM, 0);
    let (i, o) = decode_raw_into(piece, plus, strict, blocks, &mut out[start..]);
    out.truncate(start + o);
    i
}

/// [`decode_raw`] into `dst`, which has room for `piece` and [`ROOM`] more: how far it got in
/// each.
fn decode_raw_into(
    piece: &[u8],
    plus: bool,
    strict: bool,
    blocks: Blocks,
    dst: &mut [u8],
) -> (usize, usize) {
    let (mut i, mut o) = match blocks.level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2 and
        // POPCNT on this CPU.
        Level::Avx2 => unsafe { avx2::decode(piece, plus, strict, dst) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
        // features on this CPU, all that `avx512::decode` enables among them.
        Level::Avx512 => unsafe { avx512::decode(piece, plus, strict, dst) },
        // SSSE3: no fast path of its own.
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
    (i, o)
}

/// Room `decode_raw` leaves beyond one byte per input byte, for the SIMD fast paths' wide stores.
const ROOM: usize = 64;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod end_to_end;
mod pieces;

impl Filter for Decoder {
    /// A strict decoder's status says whether every record decoded (`--strict`, `--utf8
    /// strict`: exactly where columns are tracked, for the error).
    fn status_pending(&self) -> bool {
        self.columns.tracking
    }

    /// Lenient raw decoding knows no records: a terminator is neither `%`, `+` nor a hex
    /// digit, so no escape spans two records, and `decode_raw` does them all in one pass.
    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        let records = batch.bytes;
        if !self.fast || self.strict || self.utf8.is_some() || self.escape != Escape::None {
            return Ok(Batch::Declined);
        }
        let done = decode_raw(records, self.plus, false, self.blocks, out);
        // It stops only at a `%` too near the end, here the one right before the last
        // terminator (`%` then `\n` or NUL): a stray `%`, copied as it is.
        out.extend_from_slice(&records[done..]);
        Ok(Batch::Taken)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.columns.new_piece();
        self.complete_pending(piece);
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
                    self.escape = Escape::Open(
                        self.columns.at(piece, Pos::Offset(j)),
                        PartialEscape::Percent,
                    );
                    i = piece.len();
                }
                (Some(&h), None) if HEXDIG.contains(h) => {
                    let at = self.columns.at(piece, Pos::Offset(j));
                    self.escape = Escape::Open(at, PartialEscape::PercentHex(h));
                    i = piece.len();
                }
                _ => {
                    // As WHATWG's percent-decode: the `%` is copied and scanning goes on right
                    // after it, so in `%%41` the second `%` still starts an escape.
                    let text = &piece[j..piece.len().min(j + 3)];
                    self.malformed(Pos::Offset(j), text, false, piece, out)?;
                    i = if self.strict && !self.judging {
                        piece.len()
                    } else {
                        j + 1
                    };
                }
            }
        }
        if let Some(check) = &mut self.utf8 {
            check.end_piece(piece, &self.columns);
        }
        if self.columns.tracking {
            self.columns.before_piece += count_chars(piece);
            self.columns.bytes_before_piece += piece.len() as u64;
        }
        self.columns.new_piece();
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Written {
        self.finish(out).map(|()| true)
    }
}
