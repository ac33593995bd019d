//! The AVX2 fast path of [`Encoder::encode`]: 32 bytes a step, classified at once by the
//! literal set's shufti classifier ([`crate::sets::ByteSet::outside_avx2`]).

use super::{BLOCK, Encoder};

/// Encodes whole blocks of [`BLOCK`] bytes from the start of `input` while a block more
/// follows, and returns how far it got in `input` and in `dst`, which must have room for three
/// bytes per input byte and [`BLOCK`] more. The encoder's literal set must be ASCII (the
/// classifier's condition).
///
/// One classifier call finds the bytes of a block to encode. Where there are few, each is
/// reached by its bit: the literal bytes before it are copied with one fixed-size store from
/// the input (it may write past them, into room the next store overwrites), then its escape
/// with another. Where there are many (non-ASCII text), every byte goes through the table.
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn encode(encoder: &Encoder, input: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while let Some(window) = input.get(i..i + 2 * BLOCK) {
        let Some(block) = window.first_chunk::<BLOCK>() else {
            break;
        };
        let mut escapes = encoder.literal.outside_avx2(block);
        if escapes.count_ones() > 8 {
            for &b in block {
                o += encoder.escape(b, &mut dst[o..]);
            }
        } else {
            let mut from = 0;
            while escapes != 0 {
                let j = escapes.trailing_zeros() as usize;
                dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
                o += j - from;
                o += encoder.escape(block[j], &mut dst[o..]);
                from = j + 1;
                escapes &= escapes - 1;
            }
            dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
            o += BLOCK - from;
        }
        i += BLOCK;
    }
    (i, o)
}
