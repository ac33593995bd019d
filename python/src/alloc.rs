//! The module's allocator: the system's, with the kernel asked to back each large block with
//! huge pages (Linux's transparent huge pages, `madvise(MADV_HUGEPAGE)`).
//!
//! A column function hands back a new column: tens of megabytes for a million URLs, written
//! once into memory the process has never touched. Where the kernel backs memory with huge
//! pages only on request (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, as
//! on many distributions), each 4 KiB page is then a fault of its own, some 15,000 for 60 MB:
//! measured, the faults took as long as percent-encoding the column did. With the request, a
//! fault makes 2 MiB. The request changes no byte of the block and is only advice: a kernel
//! without transparent huge pages, or set to `never`, leaves the block as it was, and where
//! they are `always` it asks for what is already done. Elsewhere than Linux, this is the
//! system's allocator unchanged.

use std::alloc::{GlobalAlloc, Layout, System};

/// The system's allocator, advising huge pages for blocks of [`LARGE`] bytes or more.
pub struct HugePages;

/// The size from which a block is worth huge pages: two of them at the least.
const LARGE: usize = 4 << 20;

// SAFETY: every block comes from `System` and goes back to it with the layout it was made
// with; `advise` changes neither a block's address, size nor contents.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller keeps `GlobalAlloc::alloc`'s contract, which is `System`'s.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` was made by `System` with `layout` (above), as the caller promises.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `block` was made by `System` with `layout` (above); the caller keeps the rest
        // of `GlobalAlloc::realloc`'s contract.
        let block = unsafe { System.realloc(block, layout, new_size) };
        advise(block, new_size);
        block
    }
}

/// Asks the kernel for huge pages under the whole huge pages that `size` bytes from `block`
/// cover, where the block is [`LARGE`].
#[cfg(target_os = "linux")]
fn advise(block: *mut u8, size: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    if block.is_null() || size < LARGE {
        return;
    }
    let start = (block as usize).next_multiple_of(HUGE_PAGE);
    let end = (block as usize + size) / HUGE_PAGE * HUGE_PAGE;
    if start < end {
        // SAFETY: the range lies inside the block just made, which this process owns; the
        // advice changes no byte of it and no mapping's protection, and where the kernel
        // refuses (no transparent huge pages), the error leaves the block as it was, and is
        // of no consequence.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_: *mut u8, _: usize) {}
