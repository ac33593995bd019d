//! The block way with AVX2: 32 bytes classified a step. AVX2 has no masked byte load, so a
//! record is classified by loads within it (`ByteSet::outside64_avx2`), or, in a run of
//! records, only the blocks of 32 its terminator shows it in.

#[cfg(feature = "whatwg")]
use crate::fast_path::bits::{Mask, decide, run_by, wide, with_terminator};
use crate::fast_path::uri;
#[cfg(feature = "whatwg")]
use crate::fast_path::url::{BLOCK_BYTES, BLOCK_SETS, Parts};
use crate::sets::ByteSet;
#[cfg(feature = "whatwg")]
use crate::stream::value_len;

/// The common URI (`fast_path::is_uri`) of a record of at most 64 bytes, from one classification.
#[target_feature(enable = "avx2")]
pub(super) fn uri(s: &[u8]) -> bool {
    let (outside, n) = ByteSet::outside64_avx2(uri::BLOCK_SETS, s);
    uri::on_the_bits(s, outside, n)
}

/// The common URL's parts (`arch::url_parts`) of a record of at most 128 bytes, classified 32
/// bytes at a time.
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx2")]
pub(super) fn url_parts<const PARTS: bool>(s: &[u8]) -> Option<Option<Parts>> {
    let (outside, equal, _) = ByteSet::outside64_and_equal_avx2(BLOCK_SETS, BLOCK_BYTES, s);
    match s.get(64..) {
        Some(high) if !high.is_empty() => {
            let (high_outside, high_equal, _) =
                ByteSet::outside64_and_equal_avx2(BLOCK_SETS, BLOCK_BYTES, high);
            decide::<u128, PARTS>(s, wide(outside, high_outside), wide(equal, high_equal))
        }
        _ => decide::<u64, PARTS>(s, outside, equal),
    }
}

/// The run of common URLs (`arch::url_run`), classified 32 bytes at a time. The terminator is found first, a
/// block of 32 at a time, and only the blocks it shows the record in are classified: one for a
/// record under 32 bytes (near half of a real list's), two under 64, four under 128. The last
/// records, where fewer than 32 bytes are left after them, go the way of whole loads
/// (`bits::run_by`).
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx2")]
pub(super) fn url_run<const PARTS: bool>(
    records: &[u8],
    end: u8,
    accept: impl Fn(&Parts) -> bool,
    bytewise: impl Fn(&[u8]) -> Option<Parts>,
) -> (usize, u64) {
    let classifier = ByteSet::classify32_avx2(BLOCK_SETS, BLOCK_BYTES);
    fn block(rest: &[u8], k: usize) -> Option<&[u8; 32]> {
        rest.get(32 * k..).and_then(|r| r.first_chunk::<32>())
    }
    // The classification of the first two blocks of `rest` (the second only if `two`), a bit
    // per byte below `n`.
    let classify = |rest: &[u8], two: bool, n: usize| {
        let zero = ([0; BLOCK_SETS.len()], [0; BLOCK_BYTES.len()]);
        let (outside, equal) = block(rest, 0).map_or(zero, |b| classifier.classify(b));
        let (high_outside, high_equal) = match two {
            true => block(rest, 1).map_or(zero, |b| classifier.classify(b)),
            false => zero,
        };
        let within = u64::below(n);
        let place = |low: u32, high: u32| (u64::from(low) | u64::from(high) << 32) & within;
        (
            std::array::from_fn(|k| place(outside[k], high_outside[k])),
            std::array::from_fn(|k| place(equal[k], high_equal[k])),
        )
    };
    let (mut at, mut count) = (0, 0);
    loop {
        let rest = &records[at..];
        // The terminator in the first four blocks, or `Err` with whether a block was missing.
        let mut found = Err(false);
        for k in 0..4 {
            let Some(b) = block(rest, k) else {
                found = Err(true);
                break;
            };
            let terminators = crate::sets::equal32(b, end);
            if terminators != 0 {
                found = Ok(32 * k + terminators.trailing_zeros() as usize);
                break;
            }
        }
        let (i, decided) = match found {
            Ok(i) => {
                let n = value_len(rest, i, end);
                let decided = match i {
                    0..64 => {
                        let (outside, equal) = classify(rest, i >= 32, n);
                        decide::<u64, PARTS>(&rest[..n], outside, equal)
                    }
                    _ => {
                        let (outside, equal) = classify(rest, true, n);
                        let (high_outside, high_equal) =
                            classify(&rest[64..], i >= 96, n.saturating_sub(64));
                        let (outside, equal) =
                            (wide(outside, high_outside), wide(equal, high_equal));
                        decide::<u128, PARTS>(&rest[..n], outside, equal)
                    }
                };
                (i, decided)
            }
            // Over 128 bytes: the bytewise way.
            Err(false) => match memchr::memchr(end, rest) {
                Some(i) => (i, None),
                None => break,
            },
            // Fewer than 32 bytes left in a block: the rest by whole loads.
            Err(true) => {
                let singles = with_terminator(end);
                let (len, records) = run_by::<PARTS>(
                    rest,
                    end,
                    |rest| ByteSet::outside64_and_equal_avx2(BLOCK_SETS, singles, rest),
                    accept,
                    bytewise,
                );
                return (at + len, count + records);
            }
        };
        let parts = match decided {
            Some(parts) => parts,
            None => bytewise(&rest[..value_len(rest, i, end)]),
        };
        if !parts.is_some_and(|parts| accept(&parts)) {
            break;
        }
        at += i + 1;
        count += 1;
    }
    (at, count)
}
