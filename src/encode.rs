//! `uriesc encode`: percent-encoding of raw data for one URI component.
//!
//! Each byte in the component's encode set (from [`crate::sets`]) is written as `%` and two
//! hex digits, uppercase by default as RFC 3986 §2.1 says producers should; every other byte is
//! written as it is. For form data (`application/x-www-form-urlencoded`, WHATWG URL §5.2) and
//! with `--plus`, space is written as `+` and a data `+` is encoded. Any byte string can be
//! encoded, and decoding the result gives it back.

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::sets::{self, ByteSet, Component, NoDataSet, Standard};
use crate::stream::{Filter, Framing, Place, RecordError};

/// How to write what must be encoded, beyond the choice of set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Space is written as `+` (implied by the `form` component).
    pub plus: bool,
    /// Lowercase hex digits.
    pub lower: bool,
    /// Bytes left literal although the set encodes them.
    pub keep: Vec<u8>,
    /// Bytes encoded although the set leaves them literal.
    pub also: Vec<u8>,
}

/// A choice of options that cannot give back the data on decoding, or that contradicts itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    Component(NoDataSet),
    KeepPercent,
    KeepPlus,
    KeepSpace,
    KeepAndAlso(u8),
    /// `--keep` was given a character that is not ASCII (the characters given).
    KeepNonAscii(String),
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionsError::Component(e) => e.fmt(f),
            OptionsError::KeepPercent => f.write_str(
                "--keep cannot keep '%': it starts every escape, so a literal '%' could not be decoded back",
            ),
            OptionsError::KeepPlus => f.write_str(
                "--keep cannot keep '+' when space is written as '+' (--plus or -c form): the two could not be told apart",
            ),
            OptionsError::KeepSpace => f.write_str(
                "--keep ' ' contradicts --plus / -c form, which write space as '+'",
            ),
            OptionsError::KeepNonAscii(chars) => write!(
                f,
                "--keep takes ASCII characters only, not {chars:?}: a URI holds a non-ASCII \
                 character only as the percent-encoded bytes of its UTF-8 (RFC 3986 §2.5), so \
                 keeping its bytes would write text that is not a URI, nor even UTF-8"
            ),
            OptionsError::KeepAndAlso(b) => write!(
                f,
                "{:?} is given to both --keep and --also",
                bstr::BStr::new(std::slice::from_ref(b))
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

/// How many bytes [`Encoder::encode`] takes through the table after a run of literal bytes:
/// the one that ended it where runs are long (URLs), a block where runs are short (non-ASCII
/// text is all escapes, and a branch per byte would mispredict there).
const fn burst_after(run: usize) -> usize {
    if run < 4 { 64 } else { 1 }
}

/// The block of [`Encoder::encode_blocks`].
const BLOCK: usize = 32;

/// What one byte becomes: itself, `+`, or a three-byte escape (padded to four bytes, which
/// are stored at once).
#[derive(Clone, Copy, Debug)]
struct Output {
    bytes: [u8; 4],
    len: u8,
}

/// A percent-encoder for one set of bytes to encode.
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
    /// The block loop [`Encoder::encode`] runs.
    blocks: Blocks,
    /// This encoder with a record terminator written as it is, for [`Filter::records`]; made
    /// on first use.
    framed: Option<(u8, Box<Encoder>)>,
}

impl Encoder {
    /// An encoder for data in `component` under `standard`, with `options`.
    pub fn for_component(
        standard: Standard,
        component: Component,
        options: &Options,
    ) -> Result<Encoder, OptionsError> {
        let set = sets::data_set(standard, component).map_err(OptionsError::Component)?;
        let plus = options.plus || component == Component::Form;
        if let Some(&b) = options.keep.iter().find(|b| options.also.contains(b)) {
            return Err(OptionsError::KeepAndAlso(b));
        }
        // Sets are of bytes, and every set encodes every non-ASCII byte: `--also` a non-ASCII
        // character changes nothing, `--keep` one would keep bytes of a character, not it.
        if !options.keep.is_ascii() {
            let chars = String::from_utf8_lossy(&options.keep).into_owned();
            return Err(OptionsError::KeepNonAscii(chars));
        }
        if options.keep.contains(&b'%') {
            return Err(OptionsError::KeepPercent);
        }
        if plus && options.keep.contains(&b'+') {
            return Err(OptionsError::KeepPlus);
        }
        if plus && options.keep.contains(&b' ') {
            return Err(OptionsError::KeepSpace);
        }
        let set = set
            .minus(ByteSet::of(&options.keep))
            .union(ByteSet::of(&options.also));
        Ok(Encoder::new(&set, plus, options.lower))
    }

    /// An encoder that writes the bytes of `set` as `%XX`; with `plus`, space as `+` (and then
    /// `+` is always encoded, so that the two stay apart).
    pub fn new(set: &ByteSet, plus: bool, lower: bool) -> Encoder {
        let digits: &[u8; 16] = if lower {
            b"0123456789abcdef"
        } else {
            b"0123456789ABCDEF"
        };
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
                let hex = |n: u8| digits[usize::from(n)];
                Output {
                    bytes: [b'%', hex(b >> 4), hex(b & 0xF), 0],
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
            digits: *digits,
            plus,
            blocks: Blocks::selected(),
            framed: None,
        }
    }

    /// The same encoder with the block loops of `blocks` (one of [`Blocks::available`]) in
    /// place of [`Blocks::selected`], for tests that hold each to the reference.
    pub fn with_blocks(mut self, blocks: Blocks) -> Encoder {
        self.blocks = blocks;
        self.framed = None;
        self
    }

    /// Appends the encoding of `input` to `out`.
    ///
    /// Output is written into room for the worst case (three bytes each, and a block more for
    /// the wide stores below) and truncated after. Long inputs go through the encoder's block
    /// loop, `encode_avx512` or `encode_blocks` (AVX2); the rest, and
    /// all of it at lower levels, in runs: runs of literal bytes are found by
    /// [`ByteSet::prefix_len_by`] at the same level and copied in one call, then bytes go through the table, which
    /// writes each as it must be without a branch on which it is (`burst_after`).
    /// [`Encoder::encode_reference`] is the plain loop all of them are tested against.
    pub fn encode(&self, input: &[u8], out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + 3 * input.len() + 2 * BLOCK, 0);
        let dst = &mut out[start..];
        let (mut i, mut o) = (0, 0);
        // SAFETY (each arm): a `Blocks` of a level exists only where `Blocks::new` found that
        // level's features on this CPU, and each level has those of the levels below.
        #[cfg(target_arch = "x86_64")]
        match self.blocks.level() {
            Level::Avx512 => (i, o) = unsafe { self.encode_avx512(input, dst) },
            // The classifier of `encode_blocks` knows ASCII sets only.
            Level::Avx2 if self.literal.is_ascii() => {
                (i, o) = unsafe { self.encode_blocks(input, dst) }
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
        out.truncate(start + o);
    }

    /// The fast path: encodes whole blocks of [`BLOCK`] bytes from the start of `input` while
    /// a block more follows, and returns how far it got in `input` and in `dst`, which must
    /// have room for three bytes per input byte and [`BLOCK`] more.
    ///
    /// One classifier call finds the bytes of a block to encode. Where there are few, each is
    /// reached by its bit: the literal bytes before it are copied with one fixed-size store
    /// from the input (it may write past them, into room the next store overwrites), then its
    /// escape with another. Where there are many (non-ASCII text), every byte goes through
    /// the table.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    fn encode_blocks(&self, input: &[u8], dst: &mut [u8]) -> (usize, usize) {
        let (mut i, mut o) = (0, 0);
        while let Some(window) = input.get(i..i + 2 * BLOCK) {
            let Some(block) = window.first_chunk::<BLOCK>() else {
                break;
            };
            let mut escapes = self.literal.outside_avx2(block);
            if escapes.count_ones() > 8 {
                for &b in block {
                    o += self.escape(b, &mut dst[o..]);
                }
            } else {
                let mut from = 0;
                while escapes != 0 {
                    let j = escapes.trailing_zeros() as usize;
                    dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
                    o += j - from;
                    o += self.escape(block[j], &mut dst[o..]);
                    from = j + 1;
                    escapes &= escapes - 1;
                }
                dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
                o += BLOCK - from;
            }
            i += BLOCK;
        }
        (i, o)
    }

    /// The fast path with AVX-512 (VBMI, VBMI2): encodes from the start of `input` while a
    /// 64-byte block follows, into `dst` as [`Encoder::encode_blocks`] does, and returns how far
    /// it got in each.
    ///
    /// A block with nothing to change is copied in one store. Otherwise its first 63 bytes go
    /// 21 at a time: each laid out three times over 63 bytes (`vpermb`), as `%` and two hex
    /// digits, or as the byte (`+` for a space) and two more that `vpcompressb` drops; no
    /// branch on which.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    fn encode_avx512(&self, input: &[u8], dst: &mut [u8]) -> (usize, usize) {
        use std::arch::x86_64::*;
        const STEP: usize = 21;
        /// For each step, which byte each of its 63 slots holds: `step * 21 + slot / 3`.
        const THRICE: [[u8; 64]; 3] = {
            let mut at = [[0; 64]; 3];
            let mut s = 0;
            while s < 63 {
                at[0][s] = (s / 3) as u8;
                at[1][s] = (STEP + s / 3) as u8;
                at[2][s] = (2 * STEP + s / 3) as u8;
                s += 1;
            }
            at
        };
        /// The first slot of each three.
        const FIRST: u64 = 0x1249_2492_4924_9249 & ((1 << 63) - 1);
        const SECOND: u64 = FIRST << 1;
        let load = |bytes: &[u8; 64]| {
            // SAFETY: reads 64 bytes of a 64-byte array; unaligned is allowed.
            unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
        };
        let set1 = |b: u8| _mm512_set1_epi8(b as i8);
        let tables = self.escaped.each_ref().map(load);
        let thrice = THRICE.each_ref().map(load);
        let mut digits = [0; 64];
        digits[..16].copy_from_slice(&self.digits);
        let digits = load(&digits);
        let (mut i, mut o) = (0, 0);
        while let Some(block) = input.get(i..i + 64).and_then(|b| b.first_chunk::<64>()) {
            let bytes = load(block);
            // A bit for each byte to escape: its table entry's sign bit, from the tables of
            // bytes below 0x80 or the ones above, by the byte's own sign bit.
            let escaped = _mm512_movepi8_mask(_mm512_mask_blend_epi8(
                _mm512_movepi8_mask(bytes),
                _mm512_permutex2var_epi8(tables[0], bytes, tables[1]),
                _mm512_permutex2var_epi8(tables[2], bytes, tables[3]),
            ));
            let spaces = match self.plus {
                true => _mm512_cmpeq_epi8_mask(bytes, set1(b' ')),
                false => 0,
            };
            if escaped | spaces == 0 {
                let Some(out) = dst.get_mut(o..o + 64) else {
                    unreachable!("dst has room for three bytes per input byte and a block")
                };
                // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
                unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), bytes) };
                (i, o) = (i + 64, o + 64);
                continue;
            }
            for (step, thrice) in thrice.iter().enumerate() {
                // The step's bits, each spread over its three slots (the first slot, times 7).
                let spread = |bits: u64| _pdep_u64(bits >> (step * STEP), FIRST);
                let escapes = spread(escaped) * 7;
                let slots = _mm512_permutexvar_epi8(*thrice, bytes);
                let nibbles = _mm512_and_si512(
                    _mm512_mask_blend_epi8(SECOND, slots, _mm512_srli_epi16(slots, 4)),
                    set1(0x0F),
                );
                let first = _mm512_mask_blend_epi8(escapes, slots, set1(b'%'));
                let first = _mm512_mask_mov_epi8(first, spread(spaces), set1(b'+'));
                let written =
                    _mm512_mask_blend_epi8(FIRST, _mm512_permutexvar_epi8(nibbles, digits), first);
                let keep = FIRST | escapes;
                let Some(out) = dst.get_mut(o..o + 64) else {
                    unreachable!("dst has room for three bytes per input byte and a block")
                };
                let kept = _mm512_maskz_compress_epi8(keep, written);
                // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
                unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), kept) };
                o += keep.count_ones() as usize;
            }
            i += 3 * STEP;
        }
        (i, o)
    }

    /// Writes what `b` becomes at the start of `dst` (which has room for four bytes) and
    /// returns its length.
    #[inline(always)]
    fn escape(&self, b: u8, dst: &mut [u8]) -> usize {
        let e = &self.output[usize::from(b)];
        dst[..4].copy_from_slice(&e.bytes);
        usize::from(e.len)
    }

    /// The plain loop: each byte's output, one after the other.
    pub fn encode_reference(&self, input: &[u8], out: &mut Vec<u8>) {
        for &b in input {
            let e = &self.output[usize::from(b)];
            out.extend_from_slice(&e.bytes[..usize::from(e.len)]);
        }
    }

    /// The encoding of `input`.
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
    fn records(
        &mut self,
        records: &[u8],
        framing: Framing,
        _: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        let Some(end) = framing.end() else {
            return Ok(false);
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
        Ok(true)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.encode(piece, out);
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, _: &mut Vec<u8>) -> Result<bool, RecordError> {
        Ok(true)
    }
}
