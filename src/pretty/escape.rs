//! The decision for each escape that `pretty-print` meets outside a host: shown decoded, or
//! as it came (the rules are listed in the doc of [`super`]: RFC 3986 §2.2–§2.4, the URL
//! Standard's basic URL parser, the browsers' lists of characters never shown). A decision
//! reads a few bytes around its escape and nothing else, so the same bytes give the same
//! display whether a record comes whole, in a batch or in pieces.

use super::lookalike::Runs;
use super::scan::first_stop;
use super::text::{show_raw, show_text};
use crate::cpu::Blocks;
use crate::sets::{ByteSet, pct_encoded, rfc3986};
use crate::visible::safe_to_display;

/// The ASCII bytes an escape may be decoded to (`|` is not: a browser reads `C|` as the drive
/// `C:` in a file URL, the URL Standard's Windows drive letter).
pub(super) const DECODABLE: ByteSet = rfc3986::UNRESERVED.union(ByteSet::of(b" \"<>^`{}"));

/// Pretty-prints `input` from `start` while before `limit`, and returns where it stopped (at
/// `limit`, or past it to finish an escape begun before it). The two bytes before `start` and
/// the [`LOOKAHEAD`] bytes after `limit` are read, when there, to decide.
pub(super) fn decode_from(input: &[u8], start: usize, limit: usize, out: &mut Vec<u8>) -> usize {
    decode_with(input, start, limit, &DECODABLE, out)
}

/// [`decode_from`], decoding to the ASCII of `decodable` only. Each escape is decided where it
/// stands; what comes before an escape shown decoded is written with it, and an escape shown
/// as it came is written with the bytes around it. Each raw byte that is not printable ASCII
/// is shown by [`show_raw`]: percent-encoded unless it begins a character safe to display.
pub(super) fn decode_with(
    input: &[u8],
    start: usize,
    limit: usize,
    decodable: &ByteSet,
    out: &mut Vec<u8>,
) -> usize {
    let (mut written, mut i) = (start, start);
    let blocks = Blocks::selected();
    let mut runs = Runs::default();
    while i < limit {
        // Escapes come in runs (UTF-8, encoded text): look at the next byte before searching.
        let p = match input[i] {
            b'%' => i,
            _ => match first_stop::<true>(&input[i..limit], b' ', blocks) {
                Some(n) => i + n,
                None => {
                    i = limit;
                    break;
                }
            },
        };
        i = match input[p] {
            b'%' => show_escape(input, p, &mut written, decodable, &mut runs, out),
            0x80.. => show_text(input, p, limit, &mut written, out, blocks),
            _ => show_raw(input, p, &mut written, out),
        };
    }
    out.extend_from_slice(&input[written..i]);
    i
}

/// Shows the `%` at `p` of `input` ([`shown_at`]): what is decoded is written, with the bytes
/// from `written` before it; what stays as it came is left to be written with the bytes
/// around it. Returns where the next byte is.
#[inline(always)]
pub(super) fn show_escape(
    input: &[u8],
    p: usize,
    written: &mut usize,
    decodable: &ByteSet,
    runs: &mut Runs,
    out: &mut Vec<u8>,
) -> usize {
    match shown_at(input, p, decodable, runs) {
        Shown::Decoded(c, width) => {
            out.extend_from_slice(&input[*written..p]);
            if c.is_ascii() {
                out.push(c as u8);
            } else {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            }
            *written = p + width;
            p + width
        }
        Shown::AsItCame(width) => p + width,
    }
}

/// Writes `input` from `start` while before `limit` as it came, no escape decoded, but for
/// each raw byte that is not printable ASCII ([`show_raw`]); returns where it stopped (past
/// `limit` to finish a character begun before it).
pub(super) fn as_it_came(input: &[u8], start: usize, limit: usize, out: &mut Vec<u8>) -> usize {
    let (mut written, mut i) = (start, start);
    let blocks = Blocks::selected();
    while i < limit {
        match first_stop::<false>(&input[i..limit], b' ', blocks) {
            Some(n) => i = show_raw(input, i + n, &mut written, out),
            None => i = limit,
        }
    }
    out.extend_from_slice(&input[written..i]);
    i
}

/// How the `%` at a place of the input is shown, and how many bytes of the input that takes.
enum Shown {
    /// As the character its escapes spell.
    Decoded(char, usize),
    /// As it came: a bare `%`, or an escape that stays encoded.
    AsItCame(usize),
}

/// How the `%` at `i` of `input` is shown, with the escape it begins: decoded only to the
/// ASCII of `decodable` or a character safe to display.
#[inline]
fn shown_at(input: &[u8], i: usize, decodable: &ByteSet, runs: &mut Runs) -> Shown {
    let Some(b) = pct_encoded(input, i) else {
        return Shown::AsItCame(1);
    };
    if b.is_ascii() {
        return match decodable.contains(b) && ascii_decodes(input, i, b) {
            true => Shown::Decoded(char::from(b), 3),
            false => Shown::AsItCame(3),
        };
    }
    shown_utf8(input, i, runs)
}

/// [`shown_at`] of an escape of a byte beyond ASCII: the rarer case, kept out of the loops.
#[inline(never)]
fn shown_utf8(input: &[u8], i: usize, runs: &mut Runs) -> Shown {
    match utf8_escapes_at(input, i) {
        Some((c, width)) if safe_to_display(c) && !runs.kept_encoded(input, i) => {
            Shown::Decoded(c, width)
        }
        _ => Shown::AsItCame(3),
    }
}

/// How far past a `%20` [`ascii_decodes`] looks for the end of a run of spaces, and past an
/// escape of a scheme character for the end of a run of them.
const RUN: usize = 48;

/// The most bytes past an escape's start that one decision reads: the text around an escape
/// that decodes beyond ASCII, to tell whether it is a domain (`lookalike.rs`), and the unit
/// after it. (A run of [`RUN`] bytes and an escape, or a four-byte UTF-8 sequence's twelve,
/// are fewer.)
pub(super) const LOOKAHEAD: usize = super::lookalike::WINDOW + 3 + 1;

/// The most bytes before an escape's start that one decision reads: the text around it, as for
/// [`LOOKAHEAD`], and the byte before.
pub(super) const LOOKBEHIND: usize = super::lookalike::WINDOW + 1;

/// Whether the escape of the ASCII `b` at `i` may be shown decoded where it is (see the list
/// in [`super`]).
fn ascii_decodes(input: &[u8], i: usize, b: u8) -> bool {
    if b.is_ascii_hexdigit() {
        let bare_percent = i >= 1 && input[i - 1] == b'%'
            || i >= 2 && input[i - 2] == b'%' && input[i - 1].is_ascii_hexdigit();
        if bare_percent {
            return false;
        }
    }
    if rfc3986::SCHEME.contains(b) {
        return !may_end_a_scheme(input, i + 3);
    }
    if b == b' ' {
        // Something other than spaces and C0 controls must follow, within RUN bytes and
        // before the end of the record (a terminator, `\n` or NUL, ends it in a batch).
        let mut j = i + 3;
        let end = input.len().min(i + 3 + RUN);
        while j < end {
            match input[j] {
                b'\n' | 0 => return false,
                b'%' if input[j..].starts_with(b"%20") => j += 3,
                0..=0x20 => j += 1,
                _ => return true,
            }
        }
        return false;
    }
    true
}

/// Whether a `:` may come at the end of the run of scheme characters and escapes that starts
/// at `j`, within [`RUN`] bytes: then a scheme character decoded before it could make a scheme
/// of text that has none (`jav%61script:` would be shown as `javascript:`; RFC 3986 §3.1, the
/// URL Standard's scheme state), and stays encoded. The end of the record ends the run.
fn may_end_a_scheme(input: &[u8], j: usize) -> bool {
    let window = &input[j.min(input.len())..input.len().min(j + RUN)];
    match window
        .iter()
        .position(|&b| !(rfc3986::SCHEME.contains(b) || b == b'%'))
    {
        Some(n) => window[n] == b':',
        None => window.len() == RUN,
    }
}

/// The non-ASCII character that the escapes at `i` spell in UTF-8, and how many input bytes
/// they take.
fn utf8_escapes_at(input: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = pct_encoded(input, i)?;
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    for (k, byte) in bytes[1..len].iter_mut().enumerate() {
        *byte = pct_encoded(input, i + 3 * (k + 1))?;
    }
    // Which sequences are well-formed (Unicode Table 3-7: no overlong form, no surrogate,
    // nothing past U+10FFFF) is `bstr`'s to say.
    match bstr::decode_utf8(&bytes[..len]) {
        (Some(c), n) if n == len => Some((c, 3 * len)),
        _ => None,
    }
}
