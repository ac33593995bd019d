//! The block way of each instruction set, one directory an architecture (as `memchr` lays its
//! own out): where an architecture has none, every answer is `None`, "left to the bytewise
//! way". What the block way does with its bits is the same on every set (`bits`, `uri`).

#[cfg(not(target_arch = "x86_64"))]
use crate::cpu::Blocks;

#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
pub(super) use x86_64::{url_parts, url_run};

#[cfg(target_arch = "x86_64")]
pub(super) use x86_64::uri_by;

/// No block way on this architecture.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn uri_by(_: &[u8], _: Blocks) -> Option<bool> {
    None
}

/// No block way on this architecture.
#[cfg(all(not(target_arch = "x86_64"), feature = "whatwg"))]
#[inline(always)]
pub(super) fn url_parts<const PARTS: bool>(
    _: &[u8],
    _: Blocks,
) -> Option<Option<super::url::Parts>> {
    None
}

/// No block way on this architecture.
#[cfg(all(not(target_arch = "x86_64"), feature = "whatwg"))]
#[inline(always)]
pub(super) fn url_run<const PARTS: bool>(
    _: &[u8],
    _: u8,
    _: impl Fn(&super::url::Parts) -> bool,
    _: impl Fn(&[u8]) -> Option<super::url::Parts>,
    _: Blocks,
) -> Option<(usize, u64)> {
    None
}
