//! Percent-encoding, RFC 3986 §2.1: a byte written as `%` and two hex digits.
//!
//! This module owns the writing side of percent-encoding:
//!
//! * [`percent_encode`] and [`percent_encode_byte`], the library functions, in the style of
//!   rust-url's `percent_encoding`: the result borrows the input when nothing is encoded.
//! * [`Encoder`], the engine of `uriesc encode`: a table of what each byte becomes, and
//!   SIMD fast paths for long inputs (`avx2.rs`, `avx512.rs` beside this file; the portable
//!   loop here), for any byte string and any set of the 256 bytes.
//!
//! Which bytes each context needs encoded is [`crate::sets`]'s business; this module writes
//! them. Hex digits are uppercase by default, as RFC 3986 §2.1 says producers should. For form
//! data (`application/x-www-form-urlencoded`, WHATWG URL §5.2 "urlencoded serializing") and
//! with `--plus`, space is written as `+` and a data `+` is encoded. Any byte string can be
//! encoded, and decoding the result gives it back.
//!
//! ```
//! use uriesc::encode::{percent_encode, percent_encode_byte};
//! use uriesc::sets::ByteSet;
//!
//! // RFC 3986 §2.3: unreserved characters need no encoding; here, everything else is encoded.
//! const UNRESERVED: ByteSet = ByteSet::range(b'A', b'Z')
//!     .union(ByteSet::range(b'a', b'z'))
//!     .union(ByteSet::range(b'0', b'9'))
//!     .union(ByteSet::of(b"-._~"));
//! const NOT_UNRESERVED: ByteSet = UNRESERVED.complement();
//!
//! // RFC 3986 §2.5: "A" stays "A", "À" becomes "%C3%80", "ア" becomes "%E3%82%A2".
//! let encoded = percent_encode("AÀア".as_bytes(), &NOT_UNRESERVED).to_string();
//! assert_eq!(encoded, "A%C3%80%E3%82%A2");
//! // RFC 3986 §2.1: "%20" is the percent-encoding of the space character.
//! assert_eq!(percent_encode_byte(b' '), "%20");
//! ```

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::sets::{self, ByteSet, Context, Standard};
use crate::stream::{Batch, Filter, Framing, Place, RecordError, Records, Taken, Written};

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod end_to_end;
mod iri;
mod options;

pub use crate::percent::{PercentEncode, percent_encode, percent_encode_byte};
pub use options::{Options, OptionsError, Style};

/// How many bytes [`Encoder::encode`] takes through the table after a run of literal bytes:
/// the one that ended it where runs are long (URLs), a block where runs are short (non-ASCII
/// text is all escapes, and a branch per byte would mispredict there).
const fn burst_after(run: usize) -> usize {
    if run < 4 { 64 } else { 1 }
}

/// The block of the AVX2 fast path (`avx2.rs`).
const BLOCK: usize = 32;

/// The room [`Encoder::encode`] writes `len` bytes' encoding into: three bytes each, and a
/// block more for the wide stores of the fast paths.
const fn room(len: usize) -> usize {
    3 * len + 2 * BLOCK
}

/// What one byte becomes: itself, `+`, or a three-byte escape (padded to four bytes, which
/// are stored at once).
#[derive(Clone, Copy, Debug)]
struct Output {
    bytes: [u8; 4],
    len: u8,
}

/// A percent-encoder for one set of bytes to encode: the engine of `uriesc encode`.
///
/// Made once for a set ([`Encoder::new`]) or for a standard's context with the command's
/// options ([`Encoder::for_context`]), it holds what each of the 256 bytes becomes, so that
/// encoding is a table lookup per byte; long inputs take the SIMD fast path that this CPU runs
/// ([`Blocks::selected`]). It writes bytes, and leaves a non-ASCII byte as it is where the set
/// says so.
///
/// ```
/// use uriesc::encode::{Encoder, Style};
/// use uriesc::sets::ByteSet;
///
/// // The WHATWG URL Standard's C0 control percent-encode set: C0 controls and bytes above
/// // 0x7E. With `plus`, space is written as `+` and `+` itself is encoded.
/// let c0_control = ByteSet::range(0x00, 0x1F).union(ByteSet::range(0x7F, 0xFF));
/// let encoder = Encoder::styled(&c0_control, Style { plus: true, ..Style::default() });
/// assert_eq!(encoder.encode_to_vec("a b+\u{7}é".as_bytes()), b"a+b%2B%07%C3%A9");
/// ```
#[derive(Clone)]
pub struct Encoder {
    /// The bytes written as they are.
    literal: ByteSet,
    output: [Output; 256],
    /// 0x80 for each byte written as an escape, in four tables of 64 for `vpermi2b`.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    escaped: [[u8; 64]; 4],
    /// The hex digits of the escapes.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    digits: [u8; 16],
    /// Space is written as `+`.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    plus: bool,
    /// The SIMD fast path [`Encoder::encode`] runs (its level).
    blocks: Blocks,
    /// This encoder with a record terminator written as it is, for [`Filter::records`]; made
    /// on first use.
    framed: Option<(u8, Box<Encoder>)>,
    /// RFC 3987's characters (`iri.rs`), and a character a piece ended inside of.
    iri: Option<iri::Iri>,
    pending: Vec<u8>,
}

impl Encoder {
    /// An encoder for data in `context` under `standard`: the context's set
    /// ([`sets::data_set`]) changed by `options`, as `uriesc encode` takes them. An error for
    /// a context the standard has no data in, and for options that would write what cannot be
    /// decoded back.
    ///
    /// ```
    /// use uriesc::encode::{Encoder, Options};
    /// use uriesc::sets::{Context, Standard};
    ///
    /// // RFC 3986 §3.3: a path keeps "/" and the sub-delims, and encodes a space.
    /// let path = Encoder::for_context(Standard::Rfc3986, Context::Path, &Options::default())?;
    /// assert_eq!(path.encode_to_vec(b"/a b/c;d=1"), b"/a%20b/c;d=1");
    ///
    /// // Form data (WHATWG URL §5.2): space becomes "+", and a "+" of data is encoded.
    /// let form = Encoder::for_context(Standard::Whatwg, Context::Form, &Options::default())?;
    /// assert_eq!(form.encode_to_vec(b"a b+c"), b"a+b%2Bc");
    /// # Ok::<(), uriesc::encode::OptionsError>(())
    /// ```
    pub fn for_context(
        standard: Standard,
        context: Context,
        options: &Options,
    ) -> Result<Encoder, OptionsError> {
        let set = sets::data_set(standard, context).map_err(OptionsError::Context)?;
        let plus = options.plus || context == Context::Form;
        let set = options.apply(*set, plus)?;
        let style = Style {
            plus,
            lower: options.lower,
        };
        let mut encoder = Encoder::styled(&set, style);
        encoder.iri = iri::rule(standard, context);
        Ok(encoder)
    }

    /// An encoder that writes the bytes of `set` as `%XX` ([`percent_encode_byte`]).
    pub fn new(set: &ByteSet) -> Encoder {
        Encoder::styled(set, Style::default())
    }

    /// An encoder that writes the bytes of `set` as `%XX`, in the `style` given.
    pub fn styled(set: &ByteSet, Style { plus, lower }: Style) -> Encoder {
        let case = |digit: u8| match lower {
            true => digit.to_ascii_lowercase(),
            false => digit,
        };
        let escape = |b: u8| percent_encode_byte(b).as_bytes();
        let set = if plus { set.add(b'+').add(b' ') } else { *set };
        let mut output = [Output {
            bytes: [0; 4],
            len: 1,
        }; 256];
        for b in 0..=255u8 {
            let i = usize::from(b);
            output[i] = if plus && b == b' ' {
                Output {
                    bytes: [b'+', 0, 0, 0],
                    len: 1,
                }
            } else if set.contains(b) {
                Output {
                    bytes: [b'%', case(escape(b)[1]), case(escape(b)[2]), 0],
                    len: 3,
                }
            } else {
                Output {
                    bytes: [b, 0, 0, 0],
                    len: 1,
                }
            };
        }
        Encoder {
            literal: set.complement(),
            escaped: escaped(&output),
            output,
            // The escapes of 0 to 15 end in the sixteen hex digits.
            digits: std::array::from_fn(|n| case(escape(n as u8)[2])),
            plus,
            blocks: Blocks::selected(),
            framed: None,
            iri: None,
            pending: Vec::new(),
        }
    }

    /// For the crate's tests: the encoder with the fast path of `blocks` (one of
    /// [`Blocks::available`]), held to [`Encoder::encode_reference`].
    #[cfg(any(test, feature = "internals"))]
    #[doc(hidden)]
    pub fn with_blocks(mut self, blocks: Blocks) -> Encoder {
        self.blocks = blocks;
        self.framed = None;
        self
    }

    /// Appends the encoding of `input` to `out`.
    ///
    /// Output is written into room for the worst case (three bytes each, and a block more for
    /// the wide stores of the fast paths) and truncated after. Long inputs go through the SIMD
    /// fast path of the encoder's level (`avx512.rs`, or `avx2.rs` for an ASCII literal set);
    /// the rest, and all of it at lower levels, in runs: a run of literal bytes is found by
    /// [`ByteSet::prefix_len`] (at the encoder's level) and copied in one call, then bytes go
    /// through the table, which writes each as it must be without a branch on which it is
    /// (`burst_after`). `Encoder::encode_reference` is the plain loop all of them are tested
    /// against.
    ///
    /// ```
    /// use uriesc::encode::{Encoder, Style};
    /// use uriesc::sets::ByteSet;
    ///
    /// let encoder = Encoder::styled(&ByteSet::of(b" %"), Style { lower: true, ..Style::default() });
    /// let mut out = b"x=".to_vec();
    /// encoder.encode(b"100% sure", &mut out);
    /// assert_eq!(out, b"x=100%25%20sure");
    /// ```
    pub fn encode(&self, input: &[u8], out: &mut Vec<u8>) {
        if let Some(rule) = self.iri {
            return iri::encode(self, rule, input, out);
        }
        let start = out.len();
        out.resize(start + room(input.len()), 0);
        let written = self.encode_into(input, &mut out[start..]);
        out.truncate(start + written);
    }

    /// Writes the encoding of `input` at the start of `dst`, which has [`room`] for it, and
    /// returns its length: [`Encoder::encode`] without the IRI rule, into memory made ready.
    fn encode_into(&self, input: &[u8], dst: &mut [u8]) -> usize {
        let (mut i, mut o) = (0, 0);
        #[cfg(target_arch = "x86_64")]
        match self.blocks.level() {
            // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
            // features on this CPU, all that `avx512::encode` enables among them.
            Level::Avx512 => (i, o) = unsafe { avx512::encode(self, input, dst) },
            // The AVX2 classifier knows ASCII sets only.
            Level::Avx2 if self.literal.is_ascii() => {
                // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2
                // and POPCNT on this CPU.
                (i, o) = unsafe { avx2::encode(self, input, dst) }
            }
            _ => {}
        }
        while i < input.len() {
            let run = self.literal.prefix_len_by(&input[i..], self.blocks);
            dst[o..o + run].copy_from_slice(&input[i..i + run]);
            o += run;
            i += run;
            let block = &input[i..input.len().min(i + burst_after(run))];
            for &b in block {
                o += self.escape(b, &mut dst[o..]);
            }
            i += block.len();
        }
        o
    }

    /// Writes what `b` becomes at the start of `dst` (which has room for four bytes) and
    /// returns its length.
    #[inline(always)]
    fn escape(&self, b: u8, dst: &mut [u8]) -> usize {
        let e = &self.output[usize::from(b)];
        dst[..4].copy_from_slice(&e.bytes);
        usize::from(e.len)
    }

    /// For the crate's tests: the plain loop that every fast path is held to.
    #[cfg(any(test, feature = "internals"))]
    #[doc(hidden)]
    pub fn encode_reference(&self, input: &[u8], out: &mut Vec<u8>) {
        if let Some(rule) = self.iri {
            return iri::encode(self, rule, input, out);
        }
        for &b in input {
            let e = &self.output[usize::from(b)];
            out.extend_from_slice(&e.bytes[..usize::from(e.len)]);
        }
    }

    /// The encoding of `input`, in a new vector.
    ///
    /// ```
    /// use uriesc::encode::{Encoder, Style};
    /// use uriesc::sets::ByteSet;
    ///
    /// // RFC 3986 §2.1: uppercase hex digits by default; lowercase on request.
    /// let set = ByteSet::range(0x80, 0xFF);
    /// assert_eq!(Encoder::new(&set).encode_to_vec("é".as_bytes()), b"%C3%A9");
    /// let lower = Style { lower: true, ..Style::default() };
    /// assert_eq!(Encoder::styled(&set, lower).encode_to_vec("é".as_bytes()), b"%c3%a9");
    /// ```
    pub fn encode_to_vec(&self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len());
        self.encode(input, &mut out);
        out
    }
}

/// The `escaped` tables of an encoder that writes each byte as `output` says.
fn escaped(output: &[Output; 256]) -> [[u8; 64]; 4] {
    let mut tables = [[0; 64]; 4];
    for (b, o) in output.iter().enumerate() {
        if o.len == 3 {
            tables[b / 64][b % 64] = 0x80;
        }
    }
    tables
}

impl Encoder {
    /// This encoder with `end` written as it is.
    fn framed(&mut self, end: u8) -> &Encoder {
        if self.framed.as_ref().is_none_or(|(b, _)| *b != end) {
            let mut framed = self.clone();
            framed.framed = None;
            framed.literal = framed.literal.add(end);
            framed.output[usize::from(end)] = Output {
                bytes: [end, 0, 0, 0],
                len: 1,
            };
            framed.escaped = escaped(&framed.output);
            self.framed = Some((end, Box::new(framed)));
        }
        match &self.framed {
            Some((_, framed)) => framed,
            None => unreachable!("made just above"),
        }
    }
}

impl Filter for Encoder {
    /// All the records in one pass, with the terminator a literal byte; only a `\r` needs a
    /// look at what follows (data alone, but half of a terminator before `\n`).
    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        let Records {
            bytes: records,
            framing,
            first: _,
        } = batch;
        let Some(end) = framing.end() else {
            return Ok(Batch::Declined);
        };
        let encoder = self.framed(end);
        let mut rest = records;
        if framing == Framing::Lines {
            while let Some(cr) = memchr::memchr(b'\r', rest) {
                encoder.encode(&rest[..cr], out);
                match rest.get(cr + 1) {
                    Some(b'\n') => out.push(b'\r'),
                    _ => encoder.encode(b"\r", out),
                }
                rest = &rest[cr + 1..];
            }
        }
        encoder.encode(rest, out);
        Ok(Batch::Taken)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        match self.iri {
            Some(_) => iri::piece(self, piece, out),
            None => self.encode(piece, out),
        }
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Written {
        iri::finish(self, out);
        Ok(true)
    }
}
