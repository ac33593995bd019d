//! Records laid end to end: one buffer of values with no terminator between them, and the
//! offsets where each begins and ends. This is how Apache Arrow lays out a column of strings
//! or binary values (its "variable-size binary layout": a values buffer and `n + 1` offsets),
//! and so Polars, DuckDB, Spark and pandas hand one over. A filter that works byte by byte can
//! take the whole buffer in one pass where its records allow (`encode`, lenient `decode`), as
//! [`super::Filter::records`] takes a read of lines, and say where each record's answer ends.

use std::fmt;

/// A column of records laid end to end: record `i` is `values[offsets[i]..offsets[i + 1]]`.
///
/// Made by [`EndToEnd::new`], which holds the offsets to what Arrow's layout promises (none
/// negative, none before the one before it, the last within the values), so that nothing
/// after it can cut outside the buffer, whatever a foreign producer handed over.
///
/// ```
/// use uriesc::stream::EndToEnd;
///
/// // Arrow's offsets of ["a b", "", "ü"]: each record from its offset to the next one's.
/// let column = EndToEnd::new("a bü".as_bytes(), &[0i32, 3, 3, 5])?;
/// let records: Vec<&[u8]> = column.records().collect();
/// assert_eq!(records, [&b"a b"[..], b"", "ü".as_bytes()]);
/// # Ok::<(), uriesc::stream::BadOffsets>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EndToEnd<'a, O> {
    values: &'a [u8],
    offsets: &'a [O],
}

/// Offsets that do not lay records out in their values: one negative, one before the one
/// before it, or one past the values' end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadOffsets {
    /// Which offset (from 0).
    pub index: usize,
}

impl fmt::Display for BadOffsets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "offset {} is negative, before the one before it, or past the end of the values",
            self.index
        )
    }
}

impl std::error::Error for BadOffsets {}

impl<'a, O: Copy + Into<i64>> EndToEnd<'a, O> {
    /// The records of `values` that `offsets` lay out (Arrow's `i32` or `i64` offsets, the
    /// first where the first record begins); [`BadOffsets`] where they do not. No offsets at
    /// all, or one, is no record.
    pub fn new(values: &'a [u8], offsets: &'a [O]) -> Result<EndToEnd<'a, O>, BadOffsets> {
        let mut before = 0;
        for (index, &offset) in offsets.iter().enumerate() {
            let offset: i64 = offset.into();
            let within = usize::try_from(offset).is_ok_and(|at| at <= values.len());
            if !within || offset < before {
                return Err(BadOffsets { index });
            }
            before = offset;
        }
        Ok(EndToEnd { values, offsets })
    }

    /// How many records.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each record, in order.
    pub fn records(&self) -> impl Iterator<Item = &'a [u8]> + '_ {
        self.offsets
            .windows(2)
            .map(|pair| &self.values[at(pair[0])..at(pair[1])])
    }

    /// The bytes of all the records, from where the first begins to where the last ends.
    pub fn span(&self) -> &'a [u8] {
        match (self.offsets.first(), self.offsets.last()) {
            (Some(&first), Some(&last)) => &self.values[at(first)..at(last)],
            _ => &[],
        }
    }

    /// Where each record ends, counted from the start of [`EndToEnd::span`].
    pub fn ends(&self) -> impl Iterator<Item = usize> + '_ {
        let first = self.offsets.first().map_or(0, |&first| at(first));
        self.offsets.iter().skip(1).map(move |&end| at(end) - first)
    }
}

/// How much of a column a pass of the fast path takes at most: well within a core's cache,
/// with what it writes, so that the pass reads what marking just brought there.
const CHUNK: usize = 64 * 1024;

/// Walks `span`, the records of a column that end at `ends` (in order, the last at its end),
/// for a filter that writes each byte or escape on its own: `mark` gives a mask of the
/// 64-byte block at an offset (0 past the end), each block marked once; `ended(from, end,
/// marks)` is told of each record, with how many bits of the masks fall in it; and `pass`
/// is given the span in pieces that end at a record's end, each after the records in it
/// were told of, and no longer than a chunk but for a long record, or cut sooner after a
/// record where `cut_after` says. One read of the column from memory, where marking it all
/// and then passing over it all would make two.
#[inline(always)]
pub(crate) fn walk(
    span: &[u8],
    ends: impl Iterator<Item = usize>,
    mark: impl Fn(usize) -> u64,
    cut_after: impl Fn(&[u8]) -> bool,
    mut pass: impl FnMut(&[u8]),
    mut ended: impl FnMut(usize, usize, usize),
) {
    let (mut passed, mut from, mut before_from) = (0, 0, 0);
    // The block at `at`, and how many marks the blocks before it hold.
    let (mut at, mut before) = (0, 0);
    let mut block = mark(0);
    for end in ends {
        while end >= at + 64 {
            before += block.count_ones() as usize;
            at += 64;
            #[cfg(target_arch = "x86_64")]
            if let Some(ahead) = span.get(at + 1024) {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                // SAFETY: SSE, all that `_mm_prefetch` needs, is in every x86-64 CPU; a
                // prefetch reads nothing into the program and faults on nothing.
                unsafe { _mm_prefetch::<_MM_HINT_T0>((ahead as *const u8).cast()) };
            }
            block = mark(at);
        }
        let below = (1u64 << (end - at)) - 1;
        let before_end = before + (block & below).count_ones() as usize;
        ended(from, end, before_end - before_from);
        if end - passed >= CHUNK || cut_after(&span[from..end]) {
            pass(&span[passed..end]);
            passed = end;
        }
        (from, before_from) = (end, before_end);
    }
    if passed < span.len() {
        pass(&span[passed..]);
    }
}

/// Makes `out` `len` bytes long, the new ones zero: a writer's room. An empty vector with no
/// room yet gets a zeroed allocation, which the system hands over as zero pages, each made
/// only when first written; `resize` would write every byte first, for a column hundreds of
/// megabytes of room that a writer then mostly leaves alone.
pub(crate) fn zeroed_to(out: &mut Vec<u8>, len: usize) {
    match out.capacity() {
        0 => *out = vec![0; len],
        _ => out.resize(len, 0),
    }
}

/// An offset as an index; [`EndToEnd::new`] held each to be one.
#[inline]
fn at<O: Into<i64>>(offset: O) -> usize {
    offset.into() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_out_of_order_negative_or_past_the_end_are_refused() {
        let values = b"abcdef";
        assert_eq!(EndToEnd::new(values, &[0i32, 4, 3]).unwrap_err().index, 2);
        assert_eq!(EndToEnd::new(values, &[-1i64, 2]).unwrap_err().index, 0);
        assert_eq!(EndToEnd::new(values, &[0i32, 7]).unwrap_err().index, 1);
        assert!(EndToEnd::new(values, &[0i32, 6]).is_ok());
    }

    #[test]
    fn a_slice_of_a_column_starts_at_its_first_offset() {
        // Arrow's slice of ["xx", "ab", "c"] from row 1: its offsets start at 2.
        let column = EndToEnd::new(b"xxabc", &[2i32, 4, 5]).unwrap();
        assert_eq!(column.span(), b"abc");
        assert_eq!(column.ends().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(column.len(), 2);
    }

    #[test]
    fn no_offsets_is_no_record() {
        let empty: [i32; 0] = [];
        for offsets in [&empty[..], &[0]] {
            let column = EndToEnd::new(b"", offsets).unwrap();
            assert!(column.is_empty());
            assert_eq!(column.span(), b"");
            assert_eq!(column.records().count(), 0);
        }
    }
}
