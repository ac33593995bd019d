//! The IRI path of [`Encoder`]: RFC 3987 characters rather than bytes.
//!
//! Under RFC 3987 a non-ASCII character stands literally if it is a `ucschar`, or an
//! `iprivate` in a query (§2.2); every other one is written as the percent-encoding of its
//! UTF-8 bytes, which is §3.1 step 2's mapping of an IRI to a URI applied to what the IRI
//! grammar does not allow. A byte that begins no UTF-8 character is encoded on its own. ASCII
//! goes through the encoder's table as under RFC 3986. This is one plain loop: the SIMD paths
//! of the other standards classify bytes, and cannot keep a character whose bytes they would
//! encode one by one.

use super::Encoder;
use crate::sets::rfc3987::literal_char;
use crate::sets::{Context, Standard};

/// What makes an encoder walk characters: whether `iprivate` is kept too (in a query).
#[derive(Clone, Copy, Debug)]
pub(super) struct Iri {
    pub(super) in_query: bool,
}

/// The IRI rule of data in `context` under `standard`: none but under RFC 3987.
pub(super) fn rule(standard: Standard, context: Context) -> Option<Iri> {
    let in_query = matches!(context, Context::Query | Context::Param | Context::Form);
    (standard == Standard::Rfc3987).then_some(Iri { in_query })
}

/// Appends the encoding of `input` by `encoder`, whose IRI rule is `iri`.
pub(super) fn encode(encoder: &Encoder, iri: Iri, input: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < input.len() {
        let len = match input[i] {
            0..0x80 => 1,
            _ => match char_at(&input[i..]) {
                Some(c) if literal_char(c, iri.in_query) => {
                    out.extend_from_slice(&input[i..i + c.len_utf8()]);
                    i += c.len_utf8();
                    continue;
                }
                Some(c) => c.len_utf8(),
                None => 1,
            },
        };
        for &b in &input[i..i + len] {
            let e = &encoder.output[usize::from(b)];
            out.extend_from_slice(&e.bytes[..usize::from(e.len)]);
        }
        i += len;
    }
}

/// The UTF-8 character that `s` begins with, if it begins with one.
fn char_at(s: &[u8]) -> Option<char> {
    let text = match std::str::from_utf8(&s[..s.len().min(4)]) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&s[..e.valid_up_to()]).ok()?,
    };
    text.chars().next()
}

/// Encodes a piece of a long record, up to the start of a character it ends in the middle
/// of; that waits in `encoder.pending` for the next piece, or the record's end.
pub(super) fn piece(encoder: &mut Encoder, piece: &[u8], out: &mut Vec<u8>) {
    let mut text = std::mem::take(&mut encoder.pending);
    text.extend_from_slice(piece);
    let end = incomplete_tail(&text);
    encoder.encode(&text[..end], out);
    encoder.pending = text.split_off(end);
}

/// Encodes what waits at the end of a record: a character left incomplete is not one, and
/// its bytes are encoded one by one.
pub(super) fn finish(encoder: &mut Encoder, out: &mut Vec<u8>) {
    let pending = std::mem::take(&mut encoder.pending);
    encoder.encode(&pending, out);
}

/// Where the last UTF-8 character of `s` begins if `s` ends before its last byte: a piece
/// of a long record is encoded up to there, and the rest waits for the next piece (whether
/// a character is kept depends on all of it).
fn incomplete_tail(s: &[u8]) -> usize {
    for k in 1..=s.len().min(3) {
        let b = s[s.len() - k];
        let need = match b {
            0xF0.. => 4,
            0xE0.. => 3,
            0xC0.. => 2,
            0x80.. => continue,
            _ => return s.len(),
        };
        return if need > k { s.len() - k } else { s.len() };
    }
    s.len()
}
