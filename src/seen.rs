//! What a `--unique` has seen (`key`'s keys, `extract`'s URLs), each held as a 128-bit digest
//! rather than itself, so that memory grows by a fixed amount per distinct one however long
//! each is.
//!
//! The digest is two 64-bit SipHash-1-3 values (std's `DefaultHasher`) under the keys of two
//! `RandomState`s of the run (std draws a random key once a thread, and gives each later
//! `RandomState` of the thread that key with its first half counted up by one: two different
//! keys, secret to the run): 16 bytes a key, in a `HashSet` that holds about 19.4 bytes per
//! entry at its fullest ((16 + 1) / (7/8)) and up to twice that after it grows (hashbrown: one
//! control byte per slot, at most 7/8 of the slots full, doubling). Two distinct keys share a
//! digest with a chance of about n² / 2¹²⁹ among n keys (the birthday bound): for a billion
//! distinct keys, about 1.5 × 10⁻²¹. The hash keys are secret and new each run, so a list
//! cannot be made to collide on purpose. A collision would drop a record (or URL) that was new.

use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};

/// The digests of the keys seen so far.
#[derive(Debug)]
pub struct Seen {
    hashers: [RandomState; 2],
    digests: HashSet<u128, BuildHasherDefault<Identity>>,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen::new()
    }
}

impl Seen {
    /// None seen.
    pub fn new() -> Seen {
        Seen {
            hashers: [RandomState::new(), RandomState::new()],
            digests: HashSet::default(),
        }
    }

    /// Adds `key`; whether it was new.
    pub fn insert(&mut self, key: &[u8]) -> bool {
        let [high, low] = &self.hashers;
        let digest = u128::from(high.hash_one(key)) << 64 | u128::from(low.hash_one(key));
        self.digests.insert(digest)
    }

    /// How many distinct keys were seen.
    #[cfg(feature = "key")]
    pub fn len(&self) -> usize {
        self.digests.len()
    }

    /// Whether none was.
    #[cfg(feature = "key")]
    pub fn is_empty(&self) -> bool {
        self.digests.is_empty()
    }
}

/// The digest is already a keyed hash: the set takes its low 64 bits as they are.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

#[cfg(test)]
mod tests {
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
}
