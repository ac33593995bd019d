//! `uriesc pretty-print`: shows a URI as a person wants to read it, decoding only what is safe
//! to decode (the IRI-like display of RFC 3987 §3.2, within RFC 3986's rules).
//!
//! A `%XX` is decoded only where the result is an unreserved character (decoding it changes
//! nothing, RFC 3986 §2.3), a space or one of `" < > \ ^ ` { | }` (illegal, so `clean` writes
//! them back as they were), or part of a valid UTF-8 sequence of a non-ASCII character that is
//! safe to display ([`safe_to_display`]). Reserved characters, `%25`, controls, DEL and invalid
//! UTF-8 stay encoded: decoding them would change what the URI means or hide what it holds.
//! Everything not an escape is written as it came.

use anstyle::{AnsiColor, Style};

use crate::sets::{ByteSet, pct_encoded, rfc3986};
use crate::stream::{Filter, Framing, Place, RecordError};
use crate::uri::{Authority, Parts};

/// The ASCII bytes an escape may be decoded to.
const DECODABLE: ByteSet = rfc3986::UNRESERVED.union(ByteSet::of(b" \"<>\\^`{|}"));

/// Whether a non-ASCII character may be shown decoded: not one that can hide or reorder text or
/// pass for a delimiter. The list follows Mozilla's `network.IDN.blacklist_chars` (Firefox's
/// default list of characters never shown in a host, which Chromium's and WebKit's IDN spoof
/// checkers cite and extend), and adds every Unicode Default_Ignorable_Code_Point
/// (DerivedCoreProperties.txt), the bidirectional controls, all space and line/paragraph
/// separators (categories Zs, Zl, Zp), and the full-width look-alikes of `# ? @ :`.
pub fn safe_to_display(c: char) -> bool {
    let n = c as u32;
    let mozilla = matches!(n,
        0x0020 | 0x00A0 | 0x00BC | 0x00BD | 0x00BE | 0x01C3 | 0x02D0 | 0x0337 | 0x0338
        | 0x0589 | 0x058A | 0x05C3 | 0x05F4 | 0x0609 | 0x060A | 0x066A | 0x06D4
        | 0x0701..=0x0704 | 0x115F | 0x1160 | 0x1735 | 0x2000..=0x200B | 0x200E | 0x200F
        | 0x2010 | 0x2019 | 0x2024 | 0x2027..=0x2029 | 0x202A..=0x202F | 0x2039 | 0x203A
        | 0x2041 | 0x2044 | 0x2052 | 0x205F | 0x2153..=0x215F | 0x2215 | 0x2236 | 0x23AE
        | 0x2571 | 0x29F6 | 0x29F8 | 0x2AFB | 0x2AFD | 0x2FF0..=0x2FFB | 0x3000 | 0x3002
        | 0x3014 | 0x3015 | 0x3033 | 0x30A0 | 0x3164 | 0x321D | 0x321E | 0x33AE | 0x33AF
        | 0x33C6 | 0x33DF | 0xA789 | 0xFE14 | 0xFE15 | 0xFE3F | 0xFE5D | 0xFE5E | 0xFEFF
        | 0xFF0E | 0xFF0F | 0xFF61 | 0xFFA0 | 0xFFF9..=0xFFFD);
    let default_ignorable = matches!(n,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF);
    let separator = matches!(
        n,
        0x0085 | 0x00A0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
    );
    let lookalike = matches!(n, 0xFF03 | 0xFF1A | 0xFF1F | 0xFF20);
    !(c.is_control() || mozilla || default_ignorable || separator || lookalike)
}

/// Appends `input` as pretty-printed to `out`.
///
/// ```
/// use uriesc::pretty::pretty_print;
///
/// let mut out = Vec::new();
/// // %C3%A9 is é in UTF-8 and %7E the unreserved `~` (RFC 3986 §2.3): both shown decoded;
/// // %2F is a reserved `/` (§2.2): decoding it would change the path, so it stays.
/// pretty_print(b"http://example.com/caf%C3%A9/%7Euser%2Fx", &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "http://example.com/café/~user%2Fx");
/// ```
pub fn pretty_print(input: &[u8], out: &mut Vec<u8>) {
    pretty_print_until(input, input.len(), out);
}

/// Pretty-prints `input` from its start while before `limit`, and returns where it stopped
/// (at `limit`, or past it to finish an escape begun before it).
fn pretty_print_until(input: &[u8], limit: usize, out: &mut Vec<u8>) -> usize {
    let mut i = 0;
    while i < limit {
        let Some(p) = memchr::memchr(b'%', &input[i..limit]) else {
            out.extend_from_slice(&input[i..limit]);
            return limit;
        };
        out.extend_from_slice(&input[i..i + p]);
        i += p;
        let Some(b) = pct_encoded(input, i) else {
            out.push(b'%');
            i += 1;
            continue;
        };
        if DECODABLE.contains(b) {
            out.push(b);
            i += 3;
        } else if let Some((c, width)) =
            utf8_escapes_at(input, i).filter(|&(c, _)| safe_to_display(c))
        {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            i += width;
        } else {
            out.extend_from_slice(&input[i..i + 3]);
            i += 3;
        }
    }
    i
}

/// The longest run of escapes one decision reads: a four-byte UTF-8 sequence.
const LOOKAHEAD: usize = 12;

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
    for (k, byte) in bytes.iter_mut().enumerate().take(len).skip(1) {
        *byte = pct_encoded(input, i + 3 * k)?;
    }
    let c = std::str::from_utf8(&bytes[..len]).ok()?.chars().next()?;
    Some((c, 3 * len))
}

/// How to show a URI besides the decoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Show an ASCII (`xn--`) host in Unicode where that is safe (UTS #46 ToUnicode).
    pub idna: bool,
    /// Colour each component, and dim the escapes left encoded.
    pub color: bool,
}

/// The `pretty-print` filter. Without `--idna` or colour it streams: all of a piece is written
/// but its last few bytes, which wait for the next piece in case they begin a run of escapes
/// that continues there. With them, it needs the structure of the URI, so it holds the record.
#[derive(Default)]
pub struct PrettyPrinter {
    options: Options,
    pending: Vec<u8>,
    /// The record as shown, before `--idna` and colour; kept to be reused.
    shown: Vec<u8>,
}

impl PrettyPrinter {
    /// The filter that pretty-prints as `options` say.
    pub fn new(options: Options) -> PrettyPrinter {
        PrettyPrinter {
            options,
            pending: Vec::new(),
            shown: Vec::new(),
        }
    }

    fn buffers_records(&self) -> bool {
        self.options.idna || self.options.color
    }
}

impl Filter for PrettyPrinter {
    /// Without `--idna` or colour no decision needs the record: each reads a run of escapes,
    /// which a terminator (neither `%` nor a hex digit) always ends.
    fn records(
        &mut self,
        records: &[u8],
        _: Framing,
        _: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        if self.buffers_records() || !self.pending.is_empty() {
            return Ok(false);
        }
        pretty_print(records, out);
        Ok(true)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.pending.extend_from_slice(piece);
        if !self.buffers_records() {
            // Every decision that starts before `limit` has all the bytes it may read.
            let limit = self.pending.len().saturating_sub(LOOKAHEAD - 1);
            let done = pretty_print_until(&self.pending, limit, out);
            self.pending.drain(..done);
        }
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError> {
        if self.buffers_records() {
            let mut shown = std::mem::take(&mut self.shown);
            shown.clear();
            pretty_print(&self.pending, &mut shown);
            if self.options.idna {
                unicode_host(&mut shown);
            }
            if self.options.color {
                paint(&shown, out);
            } else {
                out.extend_from_slice(&shown);
            }
            self.shown = shown;
        } else {
            pretty_print(&self.pending, out);
        }
        self.pending.clear();
        Ok(true)
    }
}

/// Shows the ASCII host of `uri` in Unicode, in place, where UTS #46 ToUnicode gives a name
/// without errors that cannot pass for another ([`label_is_safe`]).
fn unicode_host(uri: &mut Vec<u8>) {
    let Some((start, end)) = host_span(uri) else {
        return;
    };
    let Ok(host) = std::str::from_utf8(&uri[start..end]) else {
        return;
    };
    let punycode = |label: &str| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    };
    if !host.split('.').any(punycode) {
        return;
    }
    let (unicode, result) = idna::domain_to_unicode(host);
    if result.is_ok() && unicode.split('.').all(label_is_safe) {
        uri.splice(start..end, unicode.bytes());
    }
}

/// Whether a Unicode label can be shown without passing for another: every character safe to
/// display, no Latin letter beside a Cyrillic or Greek one (a mixed-script confusable), and not
/// made only of the Cyrillic letters that look Latin (a whole-script confusable such as
/// `аррӏе`). The letters are those of Chromium's IDN spoof checker (`idn_spoof_checker.cc`,
/// "cyrillic letters latin alike").
fn label_is_safe(label: &str) -> bool {
    const LATIN_ALIKE: &str = "асԁеһіјӏорԛѕԝхуъЬҽпгѵѡ";
    // Greek and Coptic (U+0370–U+03FF), Cyrillic and its Supplement (U+0400–U+052F).
    let cyrillic_or_greek = |c: char| matches!(c as u32, 0x0370..=0x052F);
    let latin = label.chars().any(|c| c.is_ascii_alphabetic());
    let other = label.chars().any(cyrillic_or_greek);
    let only_latin_alike = other
        && label
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || LATIN_ALIKE.contains(c));
    label.chars().all(|c| c.is_ascii() || safe_to_display(c))
        && !(latin && other)
        && !only_latin_alike
}

/// Where the host is: RFC 3986 Appendix B's authority, split by [`Authority`].
fn host_span(uri: &[u8]) -> Option<(usize, usize)> {
    let authority = Parts::split(uri).authority?;
    let host = Authority::split(&uri[authority.clone()]).host;
    Some((authority.start + host.start, authority.start + host.end))
}

/// The colour of each component, in the order they are written.
const SCHEME: Style = AnsiColor::Magenta.on_default();
const USERINFO: Style = AnsiColor::Yellow.on_default();
const HOST: Style = AnsiColor::Green.on_default().bold();
const PORT: Style = AnsiColor::Green.on_default();
const PATH: Style = AnsiColor::Blue.on_default();
const QUERY: Style = AnsiColor::Cyan.on_default();
const FRAGMENT: Style = AnsiColor::Magenta.on_default();
/// An escape that stays encoded, within its component's colour.
const ESCAPE: Style = Style::new().dimmed();

/// Writes `uri` with each component in its colour, the delimiters plain and the escapes that
/// stay encoded dimmed. Decoding never touched a delimiter, so Appendix B splits the shown
/// URI as it split the original.
fn paint(uri: &[u8], out: &mut Vec<u8>) {
    use std::io::Write as _;
    let parts = Parts::split(uri);
    // Writing to a Vec cannot fail.
    let colour = |range: std::ops::Range<usize>, style: Style, out: &mut Vec<u8>| {
        if range.is_empty() {
            return;
        }
        let _ = write!(out, "{style}");
        let text = &uri[range];
        let mut i = 0;
        while i < text.len() {
            if pct_encoded(text, i).is_some() {
                // A reset ends the dimming, then the component's colour starts again.
                let _ = write!(out, "{ESCAPE}");
                out.extend_from_slice(&text[i..i + 3]);
                let _ = write!(out, "{ESCAPE:#}{style}");
                i += 3;
            } else {
                out.push(text[i]);
                i += 1;
            }
        }
        let _ = write!(out, "{style:#}");
    };
    if let Some(scheme) = parts.scheme.clone() {
        colour(scheme.clone(), SCHEME, out);
        out.push(b':');
    }
    if let Some(authority) = parts.authority.clone() {
        out.extend_from_slice(b"//");
        let (host_start, host_end) = host_span(uri).unwrap_or((authority.start, authority.end));
        if host_start > authority.start {
            colour(authority.start..host_start - 1, USERINFO, out);
            out.push(b'@');
        }
        colour(host_start..host_end, HOST, out);
        if host_end < authority.end {
            out.push(b':');
            colour(host_end + 1..authority.end, PORT, out);
        }
    }
    colour(parts.path.clone(), PATH, out);
    if let Some(query) = parts.query.clone() {
        out.push(b'?');
        colour(query, QUERY, out);
    }
    if let Some(fragment) = parts.fragment.clone() {
        out.push(b'#');
        colour(fragment, FRAGMENT, out);
    }
}
