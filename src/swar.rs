//! Eight bytes compared at once in a `u64` ("SIMD within a register"), where the strings are
//! too short for vector instructions to pay and a branch on each byte would mispredict.

/// The bytes of `word` (little-endian: byte `i` is `word >> 8 * i`) that are `b`, as bits: bit
/// `i` for byte `i`. The "haszero" of Sean Anderson's Bit Twiddling Hacks in its exact form
/// (no byte borrows from the next), then the bits gathered by one multiplication, in which no
/// two products overlap.
#[inline]
pub(crate) fn eq_bits(word: u64, b: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = word ^ (u64::from(b) * 0x0101_0101_0101_0101);
    let zero = !(((x & LOW7) + LOW7) | x) & !LOW7;
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The bytes of `s` (at most 64) that are `b`, as bits: bit `i` for byte `i`.
#[inline]
pub(crate) fn eq_mask(s: &[u8], b: u8) -> u64 {
    let [mask] = eq_masks(s, [b]);
    mask
}

/// [`eq_mask`] of each of `bytes`, in one pass over `s` (at most 64 bytes). A string of eight
/// bytes or more is read as whole words, the last one the string's last eight bytes (which
/// overlap the word before), so that no branch depends on where it ends.
#[inline]
pub(crate) fn eq_masks<const N: usize>(s: &[u8], bytes: [u8; N]) -> [u64; N] {
    debug_assert!(s.len() <= 64);
    let mut masks = [0; N];
    let (words, tail) = s.as_chunks::<8>();
    for (i, word) in words.iter().enumerate() {
        let word = u64::from_le_bytes(*word);
        for (mask, &b) in masks.iter_mut().zip(&bytes) {
            *mask |= eq_bits(word, b) << (8 * i);
        }
    }
    if tail.is_empty() {
        return masks;
    }
    let at = 8 * words.len();
    match s.last_chunk::<8>() {
        Some(last) => {
            // Bytes `len - 8..len`: the tail is its last `tail.len()` bytes.
            let word = u64::from_le_bytes(*last);
            let overlap = 8 - tail.len();
            for (mask, &b) in masks.iter_mut().zip(&bytes) {
                *mask |= (eq_bits(word, b) >> overlap) << at;
            }
        }
        None => {
            for (i, &byte) in tail.iter().enumerate() {
                for (mask, &b) in masks.iter_mut().zip(&bytes) {
                    *mask |= u64::from(byte == b) << (at + i);
                }
            }
        }
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each byte value at each place of a word, against a comparison of each byte.
    #[test]
    fn eq_bits_are_the_bytes_equal() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let mut bytes = *b"/a/b/c/d";
                bytes[at] = b;
                let want = (0..8)
                    .filter(|&i| bytes[i] == b'/')
                    .fold(0, |mask, i| mask | 1 << i);
                assert_eq!(
                    eq_bits(u64::from_le_bytes(bytes), b'/'),
                    want,
                    "{b:#04x} at {at}"
                );
            }
        }
    }

    /// Strings of every length up to 64, words and tail.
    #[test]
    fn eq_mask_is_each_byte_compared() {
        for len in 0..=64 {
            let s: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 1 { b'.' } else { 0x2F })
                .collect();
            let want = (0..len)
                .filter(|&i| s[i] == b'.')
                .fold(0u64, |mask, i| mask | 1 << i);
            assert_eq!(eq_mask(&s, b'.'), want, "{len}");
        }
    }
}
