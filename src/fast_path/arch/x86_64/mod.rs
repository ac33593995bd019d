//! The block way on x86-64: AVX-512 (F, BW) classifies 64 bytes a step (`avx512`), AVX2 32
//! (`avx2`). The [`Blocks`] level chosen for this CPU (`crate::cpu`) says which runs; below
//! AVX2 there is no block way, and the records go the bytewise way.

mod avx2;
mod avx512;

use crate::cpu::{Blocks, Level};
#[cfg(feature = "whatwg")]
use crate::fast_path::url::Parts;

/// The common URI (`fast_path::is_uri`) the block way `blocks` names: `None` where it has none (a
/// record over 64 bytes, or a level below AVX2).
#[inline(always)]
pub(in crate::fast_path) fn uri_by(s: &[u8], blocks: Blocks) -> Option<bool> {
    if s.len() > 64 {
        return None;
    }
    // Tested one by one rather than matched: the layout the compiler gives a `match` here costs
    // a jump a record more (measured: 1.5% more instructions for `check`).
    let level = blocks.level();
    if level == Level::Avx512 {
        // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
        // features on this CPU, AVX-512 F and BW among them.
        return Some(unsafe { avx512::uri(s) });
    }
    if level == Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2 on this
        // CPU.
        return Some(unsafe { avx2::uri(s) });
    }
    None
}

/// The answer of the block way `blocks` names on whether `s` is a common URL, and its parts:
/// `Some(parts)` or `Some(None)` where it decides, `None` where it leaves the record to the
/// bytewise way (a record over 128 bytes or a domain over 63, or a level below AVX2). With
/// `PARTS` false, only whether there are parts is meant: the fields past the shape are 0 and
/// false.
#[cfg(feature = "whatwg")]
#[inline(always)]
pub(in crate::fast_path) fn url_parts<const PARTS: bool>(
    s: &[u8],
    blocks: Blocks,
) -> Option<Option<Parts>> {
    if s.len() > 128 {
        return None;
    }
    match blocks.level() {
        // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
        // features on this CPU, AVX-512 F and BW among them.
        Level::Avx512 => unsafe { avx512::url_parts::<PARTS>(s) },
        // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2 on this
        // CPU.
        Level::Avx2 => unsafe { avx2::url_parts::<PARTS>(s) },
        Level::Ssse3 | Level::Portable => None,
    }
}

/// The run of common URLs at the start of `records` (each followed by its terminator `end`, or
/// `\r\n`) whose parts `accept` takes, the block way `blocks` names: how many bytes and
/// records. With AVX-512, each record is classified with its terminator in one load of 64
/// bytes; with AVX2, the terminator is found first and only the blocks of 32 the record is in
/// are classified. A record over 128 bytes is found by `memchr` and left to `bytewise`, as is
/// one the block way leaves undecided (a domain over 63 bytes). `None` below AVX2.
#[cfg(feature = "whatwg")]
#[inline(always)]
pub(in crate::fast_path) fn url_run<const PARTS: bool>(
    records: &[u8],
    end: u8,
    accept: impl Fn(&Parts) -> bool,
    bytewise: impl Fn(&[u8]) -> Option<Parts>,
    blocks: Blocks,
) -> Option<(usize, u64)> {
    match blocks.level() {
        // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found its
        // features on this CPU, AVX-512 F and BW among them.
        Level::Avx512 => Some(unsafe { avx512::url_run::<PARTS>(records, end, accept, bytewise) }),
        // SAFETY: a `Blocks` of level AVX2 exists only where `Blocks::new` found AVX2 on this
        // CPU.
        Level::Avx2 => Some(unsafe { avx2::url_run::<PARTS>(records, end, accept, bytewise) }),
        Level::Ssse3 | Level::Portable => None,
    }
}
