//! Raw text beyond ASCII, as `pretty-print` shows it: each character as it came, but for the
//! ones a terminal would act on or that would hide or reorder text, and the bytes of no
//! well-formed UTF-8, which [`show_raw`] percent-encodes.
//!
//! Decoding every character costs eight times a copy, and text in most scripts has nothing to
//! encode. So a run of text is first checked a block at a time for what may need it: a byte
//! that ends the run (`%`, a C0 control, DEL), a first byte that begins a character of the
//! lists ([`LISTED_LEADS`]: CJK ideographs, Cyrillic, Greek and the Indic scripts begin with
//! none), and UTF-8 that is not well-formed (RFC 3629; Unicode Table 3-7). Only where a block
//! has one is a character decoded, and [`show_raw`] applied where the block says nothing
//! certain.

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use crate::visible::{LISTED_LEADS, is_listed, safe_to_display};

/// Shows the raw (not percent-encoded) byte at `p` of `input`, one that is not printable
/// ASCII: a character beyond ASCII that is safe to display ([`safe_to_display`]) is left to be
/// written with the bytes around it, as it came; a C0 control, DEL, a C1 control, a character
/// that is not safe to display, or a byte of no well-formed UTF-8 (Unicode Table 3-7, `bstr`
/// says) is written percent-encoded (RFC 3986 §2.1, upper-case hex, as a URL carries it), with
/// the bytes from `written` before it: a terminal acts on a control (ECMA-48), and RFC 3987
/// §4.1 does not let a bidirectional formatting character be shown as text. Returns where the
/// next byte is (past a character begun before a limit, as [`decode_from`](super::escape::decode_from) says).
///
/// An ASCII tab or newline is not written at all: the URL Standard's basic URL parser removes
/// each from its input before reading it (and RFC 3986 Appendix C says the whitespace that
/// breaks a URI across lines is not part of it), so shown as `%09` it would make a URL that is
/// not the one given. [`encode_raw`] writes them percent-encoded too.
pub(crate) fn show_raw(input: &[u8], p: usize, written: &mut usize, out: &mut Vec<u8>) -> usize {
    if matches!(input[p], b'\t' | b'\n' | b'\r') {
        out.extend_from_slice(&input[*written..p]);
        *written = p + 1;
        return p + 1;
    }
    encode_raw(input, p, written, out)
}

/// [`show_raw`], but an ASCII tab or newline percent-encoded like the other controls (RFC 3987
/// §3.2's conversion to an IRI keeps every octet, re-encoding what may not be shown).
pub(crate) fn encode_raw(input: &[u8], p: usize, written: &mut usize, out: &mut Vec<u8>) -> usize {
    let (c, len) = match input[p] {
        b if b.is_ascii() => (None, 1),
        _ => bstr::decode_utf8(&input[p..]),
    };
    // C1 controls are among the characters not safe to display.
    if c.is_some_and(safe_to_display) {
        return p + len;
    }
    out.extend_from_slice(&input[*written..p]);
    for &b in &input[p..p + len] {
        out.extend_from_slice(crate::percent::percent_encode_byte(b).as_bytes());
    }
    *written = p + len;
    p + len
}

/// Shows the text at `p` of `input` up to the next `%`, C0 control or DEL, each character that
/// starts before `limit` as [`show_raw`] does (a character safe to display is left to be
/// written with the bytes around it). Returns where the next byte is: the `%` or control, or
/// `limit`, or past it to finish a character begun before it.
pub(super) fn show_text(
    input: &[u8],
    p: usize,
    limit: usize,
    written: &mut usize,
    out: &mut Vec<u8>,
    blocks: Blocks,
) -> usize {
    let mut i = p;
    while i < limit {
        let from = i;
        let encode = |k: usize, len: usize| encode_listed(input, from + k, len, written, out);
        let Some(unclear) = unclear_in(&input[from..limit], blocks, encode) else {
            return limit;
        };
        let through = from + unclear.through;
        i = from + unclear.at;
        // The rule itself, a character at a time.
        while i < through {
            match input[i] {
                b'%' | ..0x20 | 0x7F => return i,
                ..0x80 => i += 1,
                _ => i = show_raw(input, i, written, out),
            }
        }
    }
    i
}

/// Writes the well-formed UTF-8 of `len` bytes at `k` of `input`, a listed character, with the
/// bytes from `written` before it, percent-encoded as [`show_raw`] writes it.
#[inline]
fn encode_listed(input: &[u8], k: usize, len: usize, written: &mut usize, out: &mut Vec<u8>) {
    let mut escapes = [0; 12];
    for (escape, &b) in escapes.chunks_exact_mut(3).zip(&input[k..k + len]) {
        escape.copy_from_slice(crate::percent::percent_encode_byte(b).as_bytes());
    }
    out.extend_from_slice(&input[*written..k]);
    out.extend_from_slice(&escapes[..3 * len]);
    *written = k + len;
}

/// Where in a run of text the rule must be applied a character at a time: from `at`, where a
/// character starts and before which all is well-formed and safe to display, to `through`.
#[derive(Debug, PartialEq, Eq)]
struct Unclear {
    at: usize,
    through: usize,
}

/// The first place in `text` (which starts where a character does) that may need more than to
/// be written as it came, in the loop of `blocks`; none where it all is well-formed UTF-8 of
/// characters safe to display or printable ASCII but `%`. Each listed character met before it
/// (well-formed, at `k`, of `len` bytes) is handed to `listed(k, len)`.
#[inline]
fn unclear_in(text: &[u8], blocks: Blocks, listed: impl FnMut(usize, usize)) -> Option<Unclear> {
    #[cfg(target_arch = "x86_64")]
    if blocks.level() >= Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new` found its
        // features on this CPU, AVX2 among them.
        return unsafe { avx2::unclear_avx2(text, listed) };
    }
    let _ = blocks;
    unclear_portable(text, listed)
}

/// For each byte, whether a block holding it needs a closer look: `%`, a C0 control and DEL,
/// which end a run of text, and the first bytes of [`LISTED_LEADS`].
static ATTENTION: [bool; 256] = {
    let mut attention = LISTED_LEADS;
    let mut b = 0;
    while b < 0x20 {
        attention[b] = true;
        b += 1;
    }
    attention[b'%' as usize] = true;
    attention[0x7F] = true;
    attention
};

/// The code point at `k` of `text`, whose first byte is one of [`ATTENTION`], and its length,
/// read as well-formed UTF-8; where it is not, the answer is only a guess, which the check of
/// well-formedness overrules. None where the rule must decide: at an ASCII byte (which ends
/// the run) or a character that runs past `text`.
#[inline(always)]
fn code_point_at(text: &[u8], k: usize) -> Option<(u32, usize)> {
    let lead = u32::from(text[k]);
    let next = |j: usize| text.get(k + j).map(|&b| u32::from(b) & 0x3F);
    match lead {
        // A `%`, C0 control or DEL: the end of the run.
        0..0x80 => None,
        0x80..0xE0 => Some(((lead & 0x1F) << 6 | next(1)?, 2)),
        0xE0..0xF0 => Some(((lead & 0x0F) << 12 | next(1)? << 6 | next(2)?, 3)),
        _ => Some((
            (lead & 0x07) << 18 | next(1)? << 12 | next(2)? << 6 | next(3)?,
            4,
        )),
    }
}

/// The length of the well-formed UTF-8 that starts with the byte `lead`.
#[inline]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0..0xE0 => 2,
        0xE0..0xF0 => 3,
        _ => 4,
    }
}

/// [`unclear_in`] on any CPU: the standard library's check of UTF-8 (word by word over
/// ASCII), then a table lookup a byte. A window at a time, as the caller comes back after each
/// place found.
fn unclear_portable(text: &[u8], mut listed: impl FnMut(usize, usize)) -> Option<Unclear> {
    const WINDOW: usize = 4096;
    let mut from = 0;
    while from < text.len() {
        let window = &text[from..text.len().min(from + WINDOW)];
        // A character cut by the window's end is left to the rule: rare, and always right.
        let valid = std::str::from_utf8(window).map_or_else(|e| e.valid_up_to(), str::len);
        for (k, &b) in window[..valid].iter().enumerate() {
            let k = from + k;
            if !ATTENTION[usize::from(b)] {
                continue;
            }
            // Well-formed and whole: the window's first `valid` bytes are.
            match code_point_at(text, k) {
                Some((n, len)) if is_listed(n) => listed(k, len),
                Some(_) => {}
                None => {
                    return Some(Unclear {
                        at: k,
                        through: k + 1,
                    });
                }
            }
        }
        if valid < window.len() {
            let at = from + valid;
            return Some(Unclear {
                at,
                through: at + 1,
            });
        }
        from += window.len();
    }
    None
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(test)]
mod tests;
