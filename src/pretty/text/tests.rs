#[cfg(target_arch = "x86_64")]
use super::avx2::{ATTENTION_NIBBLES, PUNCTUATION, unlisted_punctuation};
use super::*;
use crate::visible::safe_to_display;
use proptest::prelude::*;

/// The rule written out a character at a time, as `show_text` was before its blocks: the run
/// ends at `%`, a C0 control or DEL; every character beyond ASCII is decoded (`utf8_chunks`
/// splits well-formed UTF-8 from the maximal subparts of none), and [`show_raw`] applied to
/// each that is not safe to display and to each byte of no well-formed UTF-8.
fn by_the_rule(
    input: &[u8],
    p: usize,
    limit: usize,
    written: &mut usize,
    out: &mut Vec<u8>,
) -> usize {
    let end = input[p..limit]
        .iter()
        .position(|&b| b == b'%' || b < 0x20 || b == 0x7F)
        .map_or(limit, |n| p + n);
    let mut q = p;
    for chunk in input[p..end].utf8_chunks() {
        for (k, c) in chunk.valid().char_indices() {
            if !c.is_ascii() && !safe_to_display(c) {
                show_raw(input, q + k, written, out);
            }
        }
        q += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            q = show_raw(input, q, written, out);
        }
    }
    q
}

/// What each way shows of `input` from `p` while before `limit`, and where it stops.
fn shown(input: &[u8], p: usize, limit: usize, blocks: Option<Blocks>) -> (usize, Vec<u8>) {
    let (mut written, mut out) = (p, Vec::new());
    let end = match blocks {
        Some(blocks) => show_text(input, p, limit, &mut written, &mut out, blocks),
        None => by_the_rule(input, p, limit, &mut written, &mut out),
    };
    out.extend_from_slice(&input[written..end]);
    (end, out)
}

/// Each loop of this CPU shows `input` as the rule does, from `p` to each limit given.
fn agree(input: &[u8], p: usize, limits: &[usize]) {
    for &limit in limits
        .iter()
        .filter(|&&limit| p <= limit && limit <= input.len())
    {
        let expected = shown(input, p, limit, None);
        for blocks in Blocks::available() {
            assert_eq!(
                shown(input, p, limit, Some(blocks)),
                expected,
                "{blocks:?} {p} {limit} {input:02X?}"
            );
        }
    }
}

/// Text in a script with no listed first byte, and one with some (full-width forms, CJK
/// punctuation, Arabic), so that blocks of both kinds hold what is tested.
const FILLERS: [&str; 2] = ["中文字符串測試", "，。「」（）：ـا"];

/// `bytes` at `at` of each filler, 130 bytes of it (over two blocks), at every limit near it.
fn agree_within(bytes: &[u8], at: usize) {
    for filler in FILLERS {
        let mut input: Vec<u8> = filler.bytes().cycle().take(at).collect();
        input.extend_from_slice(bytes);
        input.extend(filler.bytes().cycle().take(130 - at.min(130)));
        let end = at + bytes.len();
        let limits = [at, at + 1, end - 1, end, end + 1, end + 5, input.len()];
        agree(&input, 0, &limits);
        agree(&input, at.min(3), &[input.len()]);
    }
}

/// Every character the lists refuse, at places in and across blocks.
#[test]
fn every_refused_character() {
    let refused = (0x80..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|&c| !safe_to_display(c));
    for (n, c) in refused.enumerate() {
        let utf8 = c.encode_utf8(&mut [0; 4]).as_bytes().to_vec();
        agree_within(&utf8, [0, 1, 31, 62, 63, 64, 65, 100][n % 8]);
        agree_within(&utf8, n % 67);
    }
}

/// Every pair of bytes that begins beyond ASCII, every three that begin with E0–EF and a
/// continuation byte, and four that begin with F0–F4 and one (each ill-formed form of Unicode
/// Table 3-7 among them, and each well-formed one), at places in and across blocks.
#[test]
fn every_ill_formed_sequence() {
    let mut n = 0;
    let mut place = || {
        n += 1;
        [n % 67, 64 - (n % 5)][n % 2]
    };
    for first in 0x80..=0xFF {
        for second in 0..=0xFF {
            agree_within(&[first, second], place());
        }
    }
    for first in 0xE0..=0xEF {
        for second in 0x80..=0xBF {
            for third in (0..=0xFF).step_by(3) {
                agree_within(&[first, second, third], place());
            }
        }
    }
    for first in 0xF0..=0xF4 {
        for second in (0x80..=0xBF).step_by(3) {
            for third in [0x80, 0xBF, b'a', 0xC3] {
                for fourth in (0..=0xFF).step_by(5) {
                    agree_within(&[first, second, third, fourth], place());
                }
            }
        }
    }
}

/// A character cut by the limit of a run is finished past it, as the rule does, at each
/// place in a block; and the run ends at each byte that ends it.
#[test]
fn characters_across_the_limit_and_the_ends_of_runs() {
    for c in [
        'é',
        '中',
        '，',
        '\u{202E}',
        '\u{1F600}',
        '\u{E0001}',
        '\u{85}',
    ] {
        let utf8 = c.encode_utf8(&mut [0; 4]).as_bytes().to_vec();
        for at in 0..140 {
            let mut input: Vec<u8> = "文".bytes().cycle().take(at).collect();
            input.extend_from_slice(&utf8);
            input.extend_from_slice("字".as_bytes());
            let limits: Vec<usize> = (at..=at + utf8.len()).collect();
            agree(&input, 0, &limits);
        }
    }
    for stop in [b'%', 0, b'\t', b'\n', 0x1B, 0x7F] {
        for at in 0..140 {
            let mut input: Vec<u8> = "文".bytes().cycle().take(at).collect();
            input.push(stop);
            input.extend_from_slice("字\u{202E}".as_bytes());
            agree(&input, 0, &[input.len(), at, at + 1]);
        }
    }
}

/// Bytes of text: characters of the fillers, refused ones, ASCII, the bytes that end a run,
/// UTF-8 cut short, and anything.
fn text_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => prop::sample::select(vec!["中", "文", "，", "。", "д", "é", "ـ", "\u{1F600}"])
            .prop_map(|s| s.as_bytes().to_vec()),
        2 => prop::sample::select(vec!["\u{202E}", "\u{3002}", "\u{FF1A}", "\u{85}", "\u{E0020}"])
            .prop_map(|s| s.as_bytes().to_vec()),
        2 => prop::sample::select(b"a %\t\n\x1B\x7F".to_vec()).prop_map(|b| vec![b]),
        1 => prop::sample::select(vec![0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF])
            .prop_map(|b| vec![b]),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..120).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn the_blocks_agree_with_the_rule(
        input in text_bytes(),
        p in 0..8usize,
        cut in 0..16usize,
    ) {
        let limit = input.len().saturating_sub(cut);
        agree(&input, p.min(limit), &[limit, input.len()]);
    }
}

/// The two tables of 16 say what [`ATTENTION`] says, for every byte.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_nibble_tables_are_the_attention_table() {
    let (high, low) = ATTENTION_NIBBLES;
    for b in 0..=255u8 {
        let both = high[usize::from(b >> 4)] & low[usize::from(b & 15)];
        assert_eq!(both != 0, ATTENTION[usize::from(b)], "{b:02X}");
    }
}

/// The third bytes of the punctuation tell its listed characters as the table does: each
/// character of [`PUNCTUATION`] at each place of 64 bytes of other text.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_punctuation_by_its_third_byte_is_the_table() {
    if Blocks::new(Level::Avx2).is_none() {
        return;
    }
    for (lead, second) in PUNCTUATION {
        for third in 0x80..=0xBF {
            let c = [lead, second, third];
            let listed = !std::str::from_utf8(&c)
                .expect("well-formed")
                .chars()
                .all(safe_to_display);
            for at in 0..62 {
                let mut block: Vec<u8> = "中文字".bytes().cycle().take(at).collect();
                block.extend_from_slice(&c);
                block.extend("文字".bytes().cycle().take(64 - block.len()));
                assert_eq!(block.len(), 64);
                // SAFETY: this CPU has AVX2, as `Blocks::new` found.
                let third = unsafe { unlisted_in_block(&block) };
                let k = at + 2;
                assert_eq!(third >> k & 1 == 0, listed, "{c:02X?} {at}");
                assert_eq!(third & !(1 << k), 0, "{c:02X?} {at}");
            }
        }
    }
}

/// [`unlisted_punctuation`] of a block of 64 bytes, as the loop takes it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn unlisted_in_block(block: &[u8]) -> u64 {
    use std::arch::x86_64::*;

    // SAFETY: reads 32 bytes of each half of a block of 64; unaligned is allowed.
    let (a, b) = unsafe {
        (
            _mm256_loadu_si256(block.as_ptr().cast()),
            _mm256_loadu_si256(block[32..].as_ptr().cast()),
        )
    };
    u64::from(unlisted_punctuation(a, _mm256_setzero_si256()))
        | u64::from(unlisted_punctuation(b, a)) << 32
}
