//! What a `--unique` has seen (`key`'s keys, `extract`'s URLs), each held as a 128-bit digest
//! rather than itself, so that memory grows by a fixed amount per distinct one however long
//! each is.
//!
//! The digest is POLYVAL (RFC 8452 §3) of the key and its length under a hash key drawn for
//! the run from std's `RandomState` (random, once a process): 16 bytes a key. Two distinct
//! keys share a digest with odds of at most n² · s / 2¹²⁹ among n keys of at most s − 1
//! 16-byte blocks (`digest` gives the proof): for a billion distinct keys of up to 256 bytes,
//! about 2.5 × 10⁻²⁰. The hash key is secret and new each run, so a list cannot be made to
//! collide on purpose. A collision would drop a record (or URL) that was new.
//!
//! The digests live in a table of their own ([`Digests`]) rather than a `HashSet`: a digest is
//! already a keyed hash whose low bits are spread (`digest` says why), so it is its own slot
//! number, and a slot is the digest itself (0 marks an empty one), so that a probe reads one
//! cache line where hashbrown's layout reads two (its control bytes, then the bucket). With
//! many distinct keys the table outgrows the cache and a probe would wait on memory: `key`
//! prefetches each record's line a few records ahead (`key::keyer::unique`), and the table sits on
//! huge pages (`slots`).

#[cfg(target_arch = "x86_64")]
mod clmul;
mod digest;
mod slots;

use std::hash::{BuildHasher, RandomState};

use self::digest::Polyval;
use self::slots::Slots;
use crate::cpu::Blocks;

/// The digests of the keys seen so far.
#[derive(Debug)]
pub struct Seen {
    polyval: Polyval,
    digests: Digests,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen::new()
    }
}

impl Seen {
    /// None seen.
    pub fn new() -> Seen {
        // Two words of std's per-process random key, drawn through its own SipHash: secret,
        // and new each run.
        let random = RandomState::new();
        let h = u128::from(random.hash_one(0u8)) << 64 | u128::from(random.hash_one(1u8));
        Seen {
            polyval: Polyval::new(h, Blocks::selected()),
            digests: Digests::default(),
        }
    }

    /// Adds `key`; whether it was new.
    pub fn insert(&mut self, key: &[u8]) -> bool {
        self.digests.insert(self.digest(key))
    }

    /// The digest `key` is held as.
    #[inline]
    pub fn digest(&self, key: &[u8]) -> u128 {
        self.polyval.digest(key)
    }

    /// Adds the key whose digest is `digest`; whether it was new.
    #[cfg(feature = "key")]
    #[inline]
    pub fn insert_digest(&mut self, digest: u128) -> bool {
        self.digests.insert(digest)
    }

    /// This set, holding beside each digest a number given at its insertion
    /// ([`Seen::insert_digest_numbered`]): 8 more bytes a slot, so 32 to 64 bytes a distinct key
    /// where the digest alone takes 21.3 to 42.7.
    #[cfg(feature = "key")]
    pub fn numbered(mut self) -> Seen {
        self.digests.numbers = Some(Vec::new());
        self.digests.grow();
        self
    }

    /// Adds the key whose digest is `digest`, with `number` beside it, where it is new; where
    /// it was seen before, the number given with it then. (Each number is 0 in a set not made
    /// [`Seen::numbered`].)
    #[cfg(feature = "key")]
    #[inline]
    pub fn insert_digest_numbered(&mut self, digest: u128, number: u64) -> Result<(), u64> {
        let (slot, new) = self.digests.probe(digest);
        let numbers = self
            .digests
            .numbers
            .as_mut()
            .map_or(&mut [][..], |n| &mut n[..]);
        match (new, numbers.get_mut(slot)) {
            (true, Some(held)) => {
                *held = number;
                Ok(())
            }
            (true, None) => Ok(()),
            (false, held) => Err(held.map_or(0, |n| *n)),
        }
    }

    /// Starts loading the table's line where `digest` would be found, so that the
    /// [`Seen::insert_digest`] of it a few records later does not wait on memory. A hint: it
    /// changes nothing that can be seen.
    #[cfg(feature = "key")]
    #[inline]
    pub fn prefetch(&self, digest: u128) {
        self.digests.prefetch(digest)
    }

    /// How many distinct keys were seen.
    #[cfg(feature = "key")]
    pub fn len(&self) -> usize {
        self.digests.len
    }

    /// Whether none was.
    #[cfg(feature = "key")]
    pub fn is_empty(&self) -> bool {
        self.digests.len == 0
    }
}

/// A set of 128-bit digests by open addressing with linear probing: slot `d mod capacity` or
/// the next free one after it, the capacity a power of two, at most 3/4 full (so 16 bytes a
/// slot is 21.3 to 42.7 bytes a digest, between two doublings). Linear probing keeps a probe
/// in one or two adjacent cache lines: at 3/4 full a digest found is about 2.5 slots from its
/// home, one not found about 8.5 (Knuth, TAOCP vol. 3, §6.4, Algorithm L).
#[derive(Debug)]
struct Digests {
    /// Each slot a digest, or 0 for none.
    slots: Slots,
    /// Where asked for, a number beside each slot's digest (moved with it when the table grows).
    numbers: Option<Vec<u64>>,
    len: usize,
}

impl Default for Digests {
    fn default() -> Digests {
        Digests {
            slots: Slots::zeroed(0),
            numbers: None,
            len: 0,
        }
    }
}

/// The capacity of a first table: 1,024 slots, 16 KiB.
const FIRST_CAPACITY: usize = 1024;

impl Digests {
    /// Adds `digest`; whether it was new. A digest of 0 is taken as 1 (0 marks an empty
    /// slot), which makes one value of 2¹²⁸ stand for two: the odds above are unchanged.
    #[inline]
    fn insert(&mut self, digest: u128) -> bool {
        self.probe(digest).1
    }

    /// [`Digests::insert`], and the slot where `digest` is.
    #[inline]
    fn probe(&mut self, digest: u128) -> (usize, bool) {
        let digest = digest.max(1);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = digest as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == digest {
                return (i, false);
            }
            if slot == 0 {
                self.slots[i] = digest;
                self.len += 1;
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    #[cfg(feature = "key")]
    #[inline]
    fn prefetch(&self, digest: u128) {
        let Some(slot) = self
            .slots
            .get(digest.max(1) as usize & self.slots.len().wrapping_sub(1))
        else {
            return;
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: PREFETCHT0 is in SSE, which every x86_64 CPU has (it is in the target's
        // baseline), and it reads nothing a program can see and never faults; the address is
        // that of a slot of the table, which is alive for this borrow.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>((slot as *const u128).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Doubles the table (or makes the first), each digest put in its new slot.
    #[cold]
    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(FIRST_CAPACITY);
        let old = std::mem::replace(&mut self.slots, Slots::zeroed(capacity));
        let old_numbers = self
            .numbers
            .as_mut()
            .map(|n| std::mem::replace(n, vec![0; capacity]));
        let mask = capacity - 1;
        for (at, &digest) in old.iter().enumerate().filter(|(_, d)| **d != 0) {
            let mut i = digest as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = digest;
            if let (Some(numbers), Some(old)) = (self.numbers.as_mut(), old_numbers.as_ref()) {
                numbers[i] = old[at];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Digests, FIRST_CAPACITY};

    #[test]
    fn each_key_once() {
        let mut seen = super::Seen::new();
        assert!(seen.insert(b"a"));
        assert!(seen.insert(b"b"));
        assert!(!seen.insert(b"a"));
        assert!(seen.insert(b""));
        #[cfg(feature = "key")]
        assert_eq!(seen.len(), 3);
    }

    /// Digests that share a home slot, digests that wrap round the end of the table, the
    /// digest 0, and every one still found after the table has doubled many times.
    #[test]
    fn digests_collide_wrap_and_survive_growth() {
        let mut digests = Digests::default();
        let last = FIRST_CAPACITY as u128 - 1;
        // Home slot `last` for each: they wrap to slots 0, 1, ...
        let colliding: Vec<u128> = (1..=8u128).map(|k| k << 64 | last).collect();
        for &d in &colliding {
            assert!(digests.insert(d));
        }
        assert!(digests.insert(0), "0 is a digest like another");
        assert!(!digests.insert(1), "0 is taken as 1");
        for n in 2..100_000u128 {
            assert!(digests.insert(n.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)));
        }
        assert_eq!(digests.len, 8 + 1 + 99_998);
        assert!(digests.slots.len() >= digests.len * 4 / 3);
        for &d in &colliding {
            assert!(!digests.insert(d));
        }
        for n in 2..100_000u128 {
            assert!(!digests.insert(n.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)));
        }
    }
}
