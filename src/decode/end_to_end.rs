//! [`Decoder::decode_end_to_end`]: a column's records laid end to end ([`EndToEnd`], Arrow's
//! layout) decoded by the fast path many records a pass, as `uriesc decode` takes a read of
//! lines ([`Filter::records`](crate::stream::Filter::records)), and where each record's
//! decoding ends found by counting its escapes.

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
#[cfg(target_arch = "x86_64")]
use crate::sets::ByteSet;
#[cfg(target_arch = "x86_64")]
use crate::sets::ascii::HEXDIG;
use crate::sets::pct_encoded;
use crate::stream::{EndToEnd, RecordError, walk, zeroed_to};

use super::{Decoder, Escape, HEX_VALUE, ROOM, decode_raw_into};

impl Decoder {
    /// Appends the decoding of each record of `column` to `out`, one after the other, and
    /// calls `ended` for each, in order: with the length of `out` where its decoding ends, or
    /// with the error of a strict decoder (and then `out` is as it was before the record). A
    /// record in progress ([`Decoder::decode`] without [`Decoder::finish`]) is forgotten
    /// first.
    ///
    /// Lenient decoding that keeps raw bytes (the default options, and `plus`) takes the
    /// records together, a chunk of them a pass of the fast path: an escape is `%` and two
    /// hex digits (RFC 3986 §2.1), so it can reach into the next record only from the last two
    /// bytes of one, and a pass is cut after each record whose last two bytes hold a `%`. A
    /// record's decoding is then its length less two bytes for each escape in it. The other
    /// options take each record alone.
    ///
    /// ```
    /// use uriesc::decode::{Decoder, Options};
    /// use uriesc::stream::EndToEnd;
    ///
    /// // Arrow's layout of ["a%20b", "%4", "1%41"]: "%4" ends its record, and "%41" is not
    /// // an escape of the first two.
    /// let column = EndToEnd::new(b"a%20b%41%41", &[0i32, 5, 7, 11])?;
    /// let (mut out, mut ends) = (Vec::new(), vec![0]);
    /// let mut decoder = Decoder::new(Options::default());
    /// decoder.decode_end_to_end(&column, &mut out, |end| ends.push(end.unwrap()));
    /// assert_eq!(out, b"a b%41A");
    /// assert_eq!(ends, [0, 3, 5, 7]);
    /// # Ok::<(), uriesc::stream::BadOffsets>(())
    /// ```
    pub fn decode_end_to_end<O: Copy + Into<i64>>(
        &mut self,
        column: &EndToEnd<'_, O>,
        out: &mut Vec<u8>,
        mut ended: impl FnMut(Result<usize, RecordError>),
    ) {
        self.reset();
        if !self.fast || self.strict || self.utf8.is_some() {
            for record in column.records() {
                let start = out.len();
                match self.decode(record, out).and_then(|()| self.finish(out)) {
                    Ok(()) => ended(Ok(out.len())),
                    Err(error) => {
                        out.truncate(start);
                        self.reset();
                        ended(Err(error));
                    }
                }
            }
            return;
        }
        debug_assert!(self.escape == Escape::None);
        let span = column.span();
        let start = out.len();
        zeroed_to(out, start + span.len() + ROOM);
        let dst = &mut out[start..];
        let mut written = 0;
        let pass = |records: &[u8]| written += self.pass(records, &mut dst[written..]);
        let mut end_out = start;
        let told = |from: usize, end: usize, starts: usize| {
            // An escape start in the last two bytes takes its digits from the next record:
            // none in this one.
            let last_two = end.saturating_sub(2).max(from);
            let reaching = (last_two..end).filter(|&at| escape_at(span, at)).count();
            end_out += end - from - 2 * (starts - reaching);
            ended(Ok(end_out));
        };
        walk_escapes(self.blocks, span, column.ends(), pass, told);
        debug_assert_eq!(start + written, end_out);
        out.truncate(start + written);
    }

    /// Decodes `records`, which end where a record does, into `dst` (room for them and
    /// [`ROOM`] more), as [`Filter::records`] does a read; returns how much it wrote.
    fn pass(&self, records: &[u8], dst: &mut [u8]) -> usize {
        let (done, written) = decode_raw_into(records, self.plus, false, self.blocks, dst);
        // It stops only at a `%` too near the end to begin an escape: that `%` as it is, and
        // the byte after it, if any, as any byte outside an escape (a `+` a space with
        // `plus`).
        let rest = &records[done..];
        for (at, &b) in rest.iter().enumerate() {
            dst[written + at] = match b {
                b'+' if self.plus => b' ',
                _ => b,
            };
        }
        written + rest.len()
    }
}

/// Whether an escape starts at `at` in `span` ([`pct_encoded`], RFC 3986 §2.1).
fn escape_at(span: &[u8], at: usize) -> bool {
    pct_encoded(span, at).is_some()
}

/// [`walk`] over `span`, marking where an escape starts, 64 bytes a step with the CPU's
/// classifier where it has one, else byte by byte. A hex digit is never a `%`, so no two
/// escapes overlap and each `%` is judged on its own; a pass is cut after each record whose
/// last two bytes hold a `%`, whose escape would otherwise reach into the next record.
fn walk_escapes(
    blocks: Blocks,
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    pass: impl FnMut(&[u8]),
    told: impl FnMut(usize, usize, usize),
) {
    #[cfg(target_arch = "x86_64")]
    match blocks.level() {
        // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
        // features on this CPU, AVX-512 F and BW and POPCNT among them.
        Level::Avx512 => return unsafe { walk_avx512(span, ends, pass, told) },
        // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2 and
        // POPCNT on this CPU.
        Level::Avx2 => return unsafe { walk_avx2(span, ends, pass, told) },
        _ => {}
    }
    let _ = blocks;
    let starts = |at: usize| {
        (0..64).fold(0u64, |mask, i| {
            mask | u64::from(escape_at(span, at + i)) << i
        })
    };
    walk(span, ends, starts, ends_near_percent, pass, told);
}

/// Whether a `%` is in the last two bytes of `record`.
#[inline(always)]
fn ends_near_percent(record: &[u8]) -> bool {
    record[record.len().saturating_sub(2)..].contains(&b'%')
}

/// The escapes that start in the 64 bytes from `at`: the bytes that are `%` there, with a hex
/// digit one and two bytes on (`classify`: the masks of a slice's first 64 bytes that are not
/// `%` and not a hex digit, and how many bytes it saw; the two bytes after the block are
/// looked up).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn starts(span: &[u8], at: usize, classify: impl Fn(&[u8]) -> ([u64; 2], usize)) -> u64 {
    let ([not_percent, not_hex], n) = classify(span.get(at..).unwrap_or_default());
    let within = u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
    let (percent, hex) = (!not_percent & within, !not_hex & within);
    let after = |k: usize| {
        let hex = span
            .get(at + 64 + k)
            .is_some_and(|&b| HEX_VALUE[usize::from(b)] < 16);
        u64::from(hex)
    };
    let hex_1 = hex >> 1 | after(0) << 63;
    let hex_2 = hex >> 2 | after(0) << 62 | after(1) << 63;
    percent & hex_1 & hex_2
}

/// `%`, as a set the classifiers take.
#[cfg(target_arch = "x86_64")]
const PERCENT: ByteSet = ByteSet::of(b"%");

/// [`walk_escapes`] with AVX-512.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
fn walk_avx512(
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    pass: impl FnMut(&[u8]),
    told: impl FnMut(usize, usize, usize),
) {
    let classify = |bytes: &[u8]| ByteSet::outside64([&PERCENT, &HEXDIG], bytes);
    let mark = |at: usize| starts(span, at, classify);
    walk(span, ends, mark, ends_near_percent, pass, told);
}

/// [`walk_escapes`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn walk_avx2(
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    pass: impl FnMut(&[u8]),
    told: impl FnMut(usize, usize, usize),
) {
    let classify = |bytes: &[u8]| ByteSet::outside64_avx2([&PERCENT, &HEXDIG], bytes);
    let mark = |at: usize| starts(span, at, classify);
    walk(span, ends, mark, ends_near_percent, pass, told);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::Blocks;
    use crate::decode::{Options, Utf8};

    /// Every fast path against the reference decoder on each record alone.
    fn agrees(options: Options, records: &[&[u8]]) {
        let values = records.concat();
        let mut offsets = vec![0i32];
        for record in records {
            offsets.push(offsets[offsets.len() - 1] + record.len() as i32);
        }
        let column = EndToEnd::new(&values, &offsets).unwrap();
        for blocks in Blocks::available() {
            let mut reference = Decoder::new(options).reference();
            let (mut expected, mut expected_ends) = (b"before".to_vec(), vec![]);
            for record in records {
                match reference.decode_to_vec(record) {
                    Ok(decoded) => {
                        expected.extend_from_slice(&decoded);
                        expected_ends.push(Ok(expected.len()));
                    }
                    Err(error) => expected_ends.push(Err(error.column)),
                }
            }
            let mut decoder = Decoder::new(options).with_blocks(blocks);
            let (mut out, mut ends) = (b"before".to_vec(), vec![]);
            decoder.decode_end_to_end(&column, &mut out, |end| {
                ends.push(end.map_err(|error| error.column))
            });
            assert_eq!(out, expected, "{options:?} {blocks:?}");
            assert_eq!(ends, expected_ends, "{options:?} {blocks:?}");
        }
    }

    #[test]
    fn no_escape_reaches_from_one_record_into_the_next() {
        let long = "%E4%B8%AD a+b ".repeat(30);
        let records: [&[u8]; 14] = [
            b"a%20b",
            b"%4",
            b"1%41",
            b"%",
            b"41",
            b"",
            b"x%",
            b"%%41",
            long.as_bytes(),
            b"%zz%FF",
            b"%e4%b8",
            b"%ad+",
            b"%+",
            b"+%",
        ];
        for plus in [false, true] {
            for strict in [false, true] {
                for utf8 in [Utf8::Raw, Utf8::Strict, Utf8::Lossy] {
                    agrees(Options { plus, strict, utf8 }, &records);
                }
            }
        }
    }

    #[test]
    fn a_column_longer_than_a_chunk_is_decoded_in_passes() {
        let text = "%E4%B8%AD a+b%".repeat(20);
        let records: Vec<&[u8]> = (0..2000).map(|n| &text.as_bytes()[..n % 280]).collect();
        assert!(records.concat().len() > 2 * 64 * 1024);
        agrees(Options::default(), &records);
        agrees(
            Options {
                plus: true,
                ..Options::default()
            },
            &records,
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Any records of escapes, cut escapes and hex digits: as each decoded alone.
        #[test]
        fn any_column_is_decoded_as_its_records_are(
            records in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(b"%%%4aFz+ \xff".to_vec()), 0..150),
                0..40,
            ),
            plus: bool,
        ) {
            let records: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
            agrees(Options { plus, ..Options::default() }, &records);
        }
    }

    #[test]
    fn a_record_in_progress_is_forgotten() {
        let mut decoder = Decoder::new(Options::default());
        let mut out = Vec::new();
        decoder.decode(b"%4", &mut out).unwrap();
        out.clear();
        let column = EndToEnd::new(b"1", &[0i64, 1]).unwrap();
        decoder.decode_end_to_end(&column, &mut out, |end| assert_eq!(end.unwrap(), 1));
        assert_eq!(out, b"1");
    }
}
