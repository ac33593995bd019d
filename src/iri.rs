//! RFC 3987 §3.2, "Converting URIs to IRIs": the escapes of a URI that can be shown as the
//! characters they stand for, shown so, and every other escape left as it is written.
//!
//! The steps of §3.2, in order:
//!
//! 1. the URI as octets (it is ASCII; other bytes are left alone);
//! 2. percent-encodings decoded, except those of `%`, of `reserved` characters and of ASCII
//!    characters not allowed in URIs (so of ASCII only `unreserved` is decoded);
//! 3. octets not part of a strictly legal UTF-8 sequence re-encoded;
//! 4. octets of characters "not appropriate" re-encoded: not a `ucschar` (nor an `iprivate`
//!    in the query, §2.2), or a bidirectional formatting character, which §4.1 says IRIs
//!    MUST NOT contain;
//! 5. the result read as UTF-8.
//!
//! A re-encoded escape is written as it came (its hex case kept), so a URI with nothing to
//! convert comes back byte for byte. `pretty-print --rfc 3987` is [`IriPrinter`].

use crate::pretty::encode_raw;
use crate::sets::rfc3987::literal_char;
use crate::sets::{pct_encoded, rfc3986};
use crate::stream::{Place, RecordFilter, Written};
use crate::uri::Parts;

/// The `pretty-print --rfc 3987` work: each record converted by [`uri_to_iri`] (run it as
/// [`crate::stream::WholeRecords`]: the query's place decides what may be shown).
#[derive(Default)]
pub struct IriPrinter;

impl RecordFilter for IriPrinter {
    fn record(&mut self, record: &[u8], _: Place<'_>, out: &mut Vec<u8>) -> Written {
        out.extend_from_slice(&uri_to_iri(record));
        Ok(true)
    }
}

/// The IRI that shows URI `uri` (RFC 3987 §3.2).
///
/// ```
/// use uriesc::iri::uri_to_iri;
///
/// // §3.2's examples: "D%C3%BCrst" is "Dürst"; "%FC" is no UTF-8, so it stays;
/// // U+202E (RLO, "%e2%80%ae") is a bidi formatting character, which stays encoded.
/// assert_eq!(uri_to_iri(b"http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst".as_bytes());
/// assert_eq!(uri_to_iri(b"http://www.example.org/D%FCrst"), b"http://www.example.org/D%FCrst");
/// assert_eq!(
///     uri_to_iri(b"http://xn--99zt52a.example.org/%e2%80%ae"),
///     b"http://xn--99zt52a.example.org/%e2%80%ae"
/// );
/// ```
pub fn uri_to_iri(uri: &[u8]) -> Vec<u8> {
    let query = Parts::split(uri).query;
    // Text with no scheme whose first run of scheme characters and escapes ends in `:`: an
    // escape of a scheme character in that run stays, or decoded it would make a scheme
    // (`jav%61script:` is no URI, and must not be shown as `javascript:`; RFC 3986 §3.1).
    let run = uri
        .iter()
        .position(|&b| !(rfc3986::SCHEME.contains(b) || b == b'%'))
        .unwrap_or(uri.len());
    let guarded = match uri.get(run) == Some(&b':') && uri[..run].contains(&b'%') {
        true => run,
        false => 0,
    };
    let mut out = Vec::with_capacity(uri.len());
    let mut i = 0;
    while i < uri.len() {
        if pct_encoded(uri, i).is_none() {
            // A raw control, DEL, character not safe to display or byte of no UTF-8 is
            // percent-encoded, as `pretty-print` shows it (§4.1: nothing that would reorder or
            // hide text is shown as text; ECMA-48: a terminal acts on a control).
            let mut written = i;
            let next = match uri[i] {
                0x20..=0x7E => i + 1,
                _ => encode_raw(uri, i, &mut written, &mut out),
            };
            out.extend_from_slice(&uri[written..next]);
            i = next;
            continue;
        }
        // A run of escapes, decoded (step 2), then shown character by character.
        let start = i;
        let mut octets = Vec::new();
        while let Some(b) = pct_encoded(uri, i) {
            octets.push(b);
            i += 3;
        }
        let in_query = query.as_ref().is_some_and(|q| q.contains(&start));
        let in_run = guarded.saturating_sub(start).div_ceil(3);
        show(&octets, &uri[start..i], in_query, in_run, &mut out);
    }
    out
}

/// Writes the characters of `octets` (the escapes `written`, three bytes each) that §3.2
/// decodes, and the escapes of the others as written; of the first `in_run`, no scheme
/// character is decoded.
fn show(octets: &[u8], written: &[u8], in_query: bool, in_run: usize, out: &mut Vec<u8>) {
    let mut k = 0;
    while k < octets.len() {
        let b = octets[k];
        let len = if b.is_ascii() {
            let makes_scheme = k < in_run && rfc3986::SCHEME.contains(b);
            if rfc3986::UNRESERVED.contains(b) && !makes_scheme {
                out.push(b);
                k += 1;
                continue;
            }
            1
        } else {
            match char_at(&octets[k..]) {
                Some(c) if appropriate(c, in_query) => {
                    out.extend_from_slice(&octets[k..k + c.len_utf8()]);
                    k += c.len_utf8();
                    continue;
                }
                Some(c) => c.len_utf8(),
                None => 1,
            }
        };
        out.extend_from_slice(&written[3 * k..3 * (k + len)]);
        k += len;
    }
}

/// Step 4: a character an IRI may hold (§2.2) and that is no bidirectional formatting
/// character (§4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO).
fn appropriate(c: char, in_query: bool) -> bool {
    let bidi_formatting = matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}');
    literal_char(c, in_query) && !bidi_formatting
}

/// The UTF-8 character `s` begins with, if it is one (step 3; well-formed as Unicode's Table
/// 3-7 says, which is `bstr`'s to tell, as for `pretty-print`).
fn char_at(s: &[u8]) -> Option<char> {
    bstr::decode_utf8(s).0
}

#[cfg(test)]
mod tests {
    use super::uri_to_iri;

    /// An escape that would make a scheme of text that has none stays (RFC 3986 §3.1): the
    /// text before the first `:` is a scheme only if it holds scheme characters alone.
    #[test]
    fn no_scheme_is_made() {
        for kept in [
            &b"jav%61script:alert(1)"[..],
            b"%6Aavascript:x",
            b"a%2D%41:b",
        ] {
            assert_eq!(uri_to_iri(kept), kept);
        }
        assert_eq!(uri_to_iri(b"%41bc/d:e"), b"Abc/d:e");
        assert_eq!(uri_to_iri(b"jav%61script%3Ax"), b"javascript%3Ax");
        assert_eq!(uri_to_iri(b"mailto:%41b@x"), b"mailto:Ab@x");
    }

    /// §3.2 step 2: `%`, reserved and disallowed ASCII stay encoded; unreserved is decoded.
    #[test]
    fn ascii_escapes() {
        assert_eq!(
            uri_to_iri(b"http://a/%41%2F%25%20%7E"),
            b"http://a/A%2F%25%20~"
        );
    }

    /// §2.2: iprivate (U+E000, EE 80 80) is shown in the query only.
    #[test]
    fn iprivate_in_the_query_only() {
        assert_eq!(
            uri_to_iri(b"http://a/%EE%80%80?%EE%80%80#%EE%80%80"),
            "http://a/%EE%80%80?\u{E000}#%EE%80%80".as_bytes()
        );
    }
}
