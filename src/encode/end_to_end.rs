//! [`Encoder::encode_end_to_end`]: a column's records laid end to end ([`EndToEnd`], Arrow's
//! layout) encoded by the fast path many records a pass, as `uriesc encode` takes a read of
//! lines ([`Filter::records`](crate::stream::Filter::records)), and where each record's
//! encoding ends found by counting its escapes.

#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::sets::ByteSet;
use crate::stream::{EndToEnd, walk, zeroed_to};

use super::{Encoder, room};

impl Encoder {
    /// Appends the encoding of each record of `column` to `out`, one after the other, and
    /// calls `ended` with the length of `out` where each one's ends, in order: a column of
    /// encoded values, laid out as the column was.
    ///
    /// Percent-encoding (RFC 3986 §2.1) writes each byte on its own, so the records are
    /// encoded together, a chunk of them a pass of the fast path; a record's encoding is then
    /// its length plus two bytes for each byte it escapes. An RFC 3987
    /// encoder ([`Encoder::for_context`] with `Standard::Rfc3987`) judges whole UTF-8
    /// sequences, which may run from one binary record into the next: it takes each record
    /// alone.
    ///
    /// ```
    /// use uriesc::encode::{Encoder, Options};
    /// use uriesc::sets::{Context, Standard};
    /// use uriesc::stream::EndToEnd;
    ///
    /// // Arrow's layout of ["a b", "ü", ""].
    /// let column = EndToEnd::new("a bü".as_bytes(), &[0i32, 3, 5, 5])?;
    /// let path = Encoder::for_context(Standard::Rfc3986, Context::Path, &Options::default())?;
    /// let (mut out, mut ends) = (Vec::new(), vec![0]);
    /// path.encode_end_to_end(&column, &mut out, |end| ends.push(end));
    /// assert_eq!(out, b"a%20b%C3%BC");
    /// assert_eq!(ends, [0, 5, 11, 11]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode_end_to_end<O: Copy + Into<i64>>(
        &self,
        column: &EndToEnd<'_, O>,
        out: &mut Vec<u8>,
        mut ended: impl FnMut(usize),
    ) {
        if self.iri.is_some() {
            for record in column.records() {
                self.encode(record, out);
                ended(out.len());
            }
            return;
        }
        let span = column.span();
        let start = out.len();
        zeroed_to(out, start + room(span.len()));
        let dst = &mut out[start..];
        let mut written = 0;
        let pass = |piece: &[u8]| written += self.encode_into(piece, &mut dst[written..]);
        let mut end_out = start;
        self.walk(span, column.ends(), pass, |from, end, escapes| {
            // Each escape writes two bytes more than it takes.
            end_out += end - from + 2 * escapes;
            ended(end_out);
        });
        debug_assert_eq!(start + written, end_out);
        out.truncate(start + written);
    }

    /// [`walk`] over `span`, marking the bytes this encoder escapes: a 64-byte block at a
    /// time with the CPU's classifier where the set allows (ASCII), else through the table.
    fn walk(
        &self,
        span: &[u8],
        ends: impl Iterator<Item = usize>,
        pass: impl FnMut(&[u8]),
        ended: impl FnMut(usize, usize, usize),
    ) {
        // The bytes written as one byte: the literal ones, and a space written as `+`.
        let one_byte = match self.plus {
            true => self.literal.add(b' '),
            false => self.literal,
        };
        #[cfg(target_arch = "x86_64")]
        if one_byte.is_ascii() {
            match self.blocks.level() {
                // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found
                // its features on this CPU, AVX-512 F and BW and POPCNT among them.
                Level::Avx512 => return unsafe { walk_avx512(&one_byte, span, ends, pass, ended) },
                // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2
                // and POPCNT on this CPU.
                Level::Avx2 => return unsafe { walk_avx2(&one_byte, span, ends, pass, ended) },
                _ => {}
            }
        }
        let escaped = |at: usize| {
            let block = span.get(at..).unwrap_or_default().iter().take(64);
            block.enumerate().fold(0u64, |mask, (i, &b)| {
                mask | u64::from(self.output[usize::from(b)].len == 3) << i
            })
        };
        walk(span, ends, escaped, |_| false, pass, ended);
    }
}

/// [`walk`] marking the bytes not in `set` (ASCII), classified with AVX-512.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
fn walk_avx512(
    set: &ByteSet,
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    pass: impl FnMut(&[u8]),
    ended: impl FnMut(usize, usize, usize),
) {
    let mark = |at: usize| ByteSet::outside64([set], span.get(at..).unwrap_or_default()).0[0];
    walk(span, ends, mark, |_| false, pass, ended);
}

/// [`walk`] marking the bytes not in `set` (ASCII), classified with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn walk_avx2(
    set: &ByteSet,
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    pass: impl FnMut(&[u8]),
    ended: impl FnMut(usize, usize, usize),
) {
    let mark = |at: usize| ByteSet::outside64_avx2([set], span.get(at..).unwrap_or_default()).0[0];
    walk(span, ends, mark, |_| false, pass, ended);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::Blocks;
    use crate::encode::{Options, Style};
    use crate::sets::{Context, Standard};

    /// Every way of laying out `records`, through every fast path: the same bytes and ends as
    /// encoding each alone.
    fn agrees(encoder: &Encoder, records: &[&[u8]]) {
        let values = records.concat();
        let mut offsets = vec![0i64];
        for record in records {
            offsets.push(offsets[offsets.len() - 1] + record.len() as i64);
        }
        let column = EndToEnd::new(&values, &offsets).unwrap();
        for blocks in Blocks::available() {
            let encoder = encoder.clone().with_blocks(blocks);
            let (mut expected, mut expected_ends) = (b"before".to_vec(), vec![]);
            for record in records {
                encoder.encode_reference(record, &mut expected);
                expected_ends.push(expected.len());
            }
            let (mut out, mut ends) = (b"before".to_vec(), vec![]);
            encoder.encode_end_to_end(&column, &mut out, |end| ends.push(end));
            assert_eq!(out, expected, "{blocks:?}");
            assert_eq!(ends, expected_ends, "{blocks:?}");
        }
    }

    #[test]
    fn each_record_ends_where_encoding_it_alone_would() {
        let long = "é a/b?c".repeat(40);
        let records: [&[u8]; 7] = [
            b"/a b",
            b"",
            "ü+ ".as_bytes(),
            long.as_bytes(),
            b"\xff\xe4",
            b"\xb8\xad",
            b"plain",
        ];
        let contexts = [Context::Path, Context::Query, Context::Form, Context::Any];
        for standard in [Standard::Rfc3986, Standard::Whatwg, Standard::Rfc3987] {
            for context in contexts {
                for options in [
                    Options::default(),
                    Options {
                        plus: true,
                        lower: true,
                        ..Options::default()
                    },
                ] {
                    if let Ok(encoder) = Encoder::for_context(standard, context, &options) {
                        agrees(&encoder, &records);
                    }
                }
            }
        }
        // A set with a non-ASCII byte written as it is: counted through the table.
        let keep_ff = ByteSet::range(0x00, 0x20).union(ByteSet::range(0x80, 0xFE));
        agrees(&Encoder::styled(&keep_ff, Style::default()), &records);
    }

    #[test]
    fn a_column_longer_than_a_chunk_is_encoded_a_chunk_at_a_time() {
        // Records of every length from 0 to 199 bytes, some escapes in each, over 2 chunks.
        let text = "a/é b?".repeat(40);
        let records: Vec<&[u8]> = (0..1500).map(|n| &text.as_bytes()[..n % 200]).collect();
        assert!(records.concat().len() > 2 * 64 * 1024);
        for plus in [false, true] {
            let options = Options {
                plus,
                ..Options::default()
            };
            agrees(
                &Encoder::for_context(Standard::Rfc3986, Context::Query, &options).unwrap(),
                &records,
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Any records, through any context's encoder: as each encoded alone.
        #[test]
        fn any_column_is_encoded_as_its_records_are(
            records in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(b"a %+/\xc3\xa9\xff\n".to_vec()), 0..150),
                0..40,
            ),
            context in proptest::sample::select(vec![Context::Path, Context::Form, Context::Any]),
            plus: bool,
        ) {
            let records: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
            let options = Options { plus, ..Options::default() };
            agrees(&Encoder::for_context(Standard::Rfc3986, context, &options).unwrap(), &records);
        }
    }

    #[test]
    fn a_column_of_no_record_writes_nothing() {
        let encoder = Encoder::new(&ByteSet::of(b" "));
        let column = EndToEnd::new(b"", &[0i32]).unwrap();
        let mut out = Vec::new();
        encoder.encode_end_to_end(&column, &mut out, |_| unreachable!("no record"));
        assert!(out.is_empty());
    }
}
