//! The memory of the table of digests: zeroed slots that, once the table is 2 MiB or more, sit
//! on 2 MiB boundaries with the kernel asked to back them with huge pages (Linux's
//! transparent huge pages, `madvise(MADV_HUGEPAGE)`; a hint, which the kernel may not take).
//!
//! Why: a probe lands on a random slot, so with 4 KiB pages a table of a few MiB needs more
//! page translations than the TLB holds, and each probe's prefetch waits on a page walk (two
//! levels of them in a virtual machine). With 2 MiB pages, a 4 MiB table is two translations.

use std::alloc::{Layout, alloc, alloc_zeroed, dealloc, handle_alloc_error};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// The size of a huge page on x86-64 and on ARMv8 with 4 KiB pages.
const HUGE_PAGE: usize = 2 << 20;

/// A zeroed array of slots on the heap, like a `Box<[u128]>`, aligned to [`HUGE_PAGE`] once
/// that big.
#[derive(Debug)]
pub(super) struct Slots {
    slots: NonNull<u128>,
    len: usize,
}

// SAFETY: `Slots` owns its array as a `Box<[u128]>` would, with no shared state.
unsafe impl Send for Slots {}
// SAFETY: as above: `&Slots` gives only `&[u128]`.
unsafe impl Sync for Slots {}

impl Slots {
    /// `len` zeroed slots (`len` a power of two, or 0).
    pub(super) fn zeroed(len: usize) -> Slots {
        if len == 0 {
            return Slots {
                slots: NonNull::dangling(),
                len,
            };
        }
        let layout = Slots::layout(len);
        let huge = layout.align() == HUGE_PAGE;
        // SAFETY: the layout's size is nonzero (`len` ≥ 1 slot of 16 bytes).
        let memory = unsafe {
            if huge {
                alloc(layout)
            } else {
                alloc_zeroed(layout)
            }
        };
        let Some(slots) = NonNull::new(memory.cast::<u128>()) else {
            handle_alloc_error(layout)
        };
        if huge {
            advise_huge_pages(memory, layout.size());
            // SAFETY: `memory` is a fresh allocation of `layout.size()` bytes, written here
            // before it is read; zeroed after the advice so that the first touch of each page
            // finds it.
            unsafe { std::ptr::write_bytes(memory, 0, layout.size()) };
        }
        Slots { slots, len }
    }

    fn layout(len: usize) -> Layout {
        let size = len
            .checked_mul(16)
            .expect("a table of digests fits in memory");
        let align = if size >= HUGE_PAGE { HUGE_PAGE } else { 16 };
        Layout::from_size_align(size, align).expect("a power of two, size under isize::MAX")
    }
}

/// Asks Linux to back `len` bytes from `memory` with huge pages (nothing elsewhere).
fn advise_huge_pages(memory: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: `memory` and `len` are one allocation of ours, aligned to a page; MADV_HUGEPAGE
    // changes how the kernel backs the pages, never their contents. A failure (a kernel
    // without transparent huge pages) leaves the pages as they were, so it is not checked.
    unsafe {
        libc::madvise(memory.cast(), len, libc::MADV_HUGEPAGE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (memory, len);
}

impl Deref for Slots {
    type Target = [u128];

    fn deref(&self) -> &[u128] {
        // SAFETY: `slots` points to `len` initialized (zeroed, then written) slots that this
        // value owns (or, for none, is dangling and aligned, as an empty slice may be).
        unsafe { std::slice::from_raw_parts(self.slots.as_ptr(), self.len) }
    }
}

impl DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [u128] {
        // SAFETY: as in `deref`, and `&mut self` makes this borrow the only one.
        unsafe { std::slice::from_raw_parts_mut(self.slots.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        // SAFETY: `slots` was allocated in `zeroed` with this same layout.
        unsafe { dealloc(self.slots.as_ptr().cast(), Slots::layout(self.len)) }
    }
}

#[cfg(test)]
mod tests {
    use super::{HUGE_PAGE, Slots};

    /// Each size from none to past a huge page: zeroed, every slot written and read back, the
    /// big ones on a huge page's boundary.
    #[test]
    fn zeroed_writable_and_aligned() {
        for len in [
            0,
            1,
            1024,
            HUGE_PAGE / 16 / 2,
            HUGE_PAGE / 16,
            HUGE_PAGE / 16 * 4,
        ] {
            let mut slots = Slots::zeroed(len);
            assert_eq!(slots.len(), len);
            assert!(slots.iter().all(|&slot| slot == 0), "{len} slots zeroed");
            for (i, slot) in slots.iter_mut().enumerate() {
                *slot = i as u128 + 1;
            }
            assert!(
                slots
                    .iter()
                    .enumerate()
                    .all(|(i, &slot)| slot == i as u128 + 1)
            );
            if len * 16 >= HUGE_PAGE {
                assert_eq!(
                    slots.as_ptr() as usize % HUGE_PAGE,
                    0,
                    "{len} slots aligned"
                );
            }
        }
    }
}
