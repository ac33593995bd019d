//! `parse --whatwg --format json` for a common URL ([`Common`]), the shape of nearly every
//! record: the object laid out in a buffer kept from record to record, by copies of whole
//! chunks of sixteen bytes, then appended to the output in one copy.
//!
//! Every member of a common URL's object is a constant (a key, a quote, a section's name) or a
//! part of its serialization that needs no escaping (RFC 8259 §7: a common URL is letters,
//! digits and RFC 3986's delimiters, none of them `"` or `\`). The parts are a few dozen bytes
//! at most in a real URL, and appending them one by one (`extend_from_slice`: a capacity test,
//! a call of `memcpy`, a new length; about forty a record) was a third of the command's
//! instructions (cachegrind). Here a part is copied a chunk at a time, the last chunk running
//! past the part's end into padding that both buffers have, which the next copy writes over.
//! Where a segment or a pair would need decoding (a `%` in the path or the query, a `+` in the
//! query), the general writer takes the record instead.

use std::ops::Range;

use crate::parse::Common;
use crate::parse::Site;

/// The size of one copy.
const CHUNK: usize = 16;

/// The longest serialization laid out here: a longer one goes through the general writer, so
/// that the buffer stays a few pages (see [`Layout::object`] for how much it needs).
const LONGEST: usize = 4096;

/// A constant, with zeros after it to a whole number of chunks.
struct Constant {
    bytes: [u8; 2 * CHUNK],
    len: usize,
}

impl Constant {
    const fn new(text: &str) -> Constant {
        let mut bytes = [0; 2 * CHUNK];
        let text = text.as_bytes();
        assert!(text.len() <= bytes.len());
        let mut i = 0;
        while i < text.len() {
            bytes[i] = text[i];
            i += 1;
        }
        Constant {
            bytes,
            len: text.len(),
        }
    }
}

/// The members' openings, in the order of [`super::COMMON_OPENINGS`] (which a test holds to
/// the fields' names), then the derived members'.
const OPENINGS: [Constant; 11] = {
    let mut openings = [const { Constant::new("") }; 11];
    let mut i = 0;
    while i < openings.len() {
        openings[i] = Constant::new(super::COMMON_OPENINGS[i]);
        i += 1;
    }
    openings
};
const SEGMENTS: Constant = Constant::new(r#"","segments":[""#);
const PARAMS: Constant = Constant::new(r#"],"params":"#);
const NULL: Constant = Constant::new("null");
const SUFFIX: Constant = Constant::new(r#","public_suffix":"#);
const SECTION: Constant = Constant::new(r#","public_suffix_section":"#);
const DOMAIN: Constant = Constant::new(r#","registrable_domain":"#);
const DISPLAY: Constant = Constant::new(r#","display_host":""#);
const END: Constant = Constant::new("\"}");

/// The buffer a common URL's object is laid out in: zeros, grown to what a record may need and
/// kept.
#[derive(Default)]
pub(crate) struct Layout {
    buf: Vec<u8>,
}

impl Layout {
    /// Appends `url`'s object (no newline) to `out`, with `site` what the Public Suffix List
    /// says of its host; false, and nothing written, where the general writer must take it:
    /// a segment or a pair needs decoding, or the URL is longer than [`LONGEST`].
    pub(crate) fn object(&mut self, url: &Common, site: Option<&Site>, out: &mut Vec<u8>) -> bool {
        let src = url.padded();
        let href_len = url.getter_range(0).len();
        let (host, path, query) = url.ranges();
        let query_range = query.clone().unwrap_or(0..0);
        if href_len > LONGEST
            || memchr::memchr(b'%', &src[path.start..query_range.end.max(path.end)]).is_some()
            || memchr::memchr(b'+', &src[query_range]).is_some()
        {
            return false;
        }
        // What the object can take, as a multiple of the serialization's length H: the
        // getters are parts of it, at most H each and eleven of them; the segments 3 bytes
        // more than the path, at most (`"`, `"` and `,` for each `/`); the pairs 4.5 times the
        // query, at most (`["a",""],` for each `a&`); the public suffix, the registrable domain
        // and the host shown H each. So 17H, 26H with the constants and the last chunk's
        // overrun well inside the 1,024.
        let need = 32 * href_len + 1024;
        if self.buf.len() < need {
            self.buf.resize(need, 0);
        }
        let mut cursor = Cursor {
            buf: &mut self.buf,
            at: 0,
        };
        for (i, opening) in OPENINGS.iter().enumerate() {
            cursor.constant(opening);
            cursor.part(src, url.getter_range(i));
        }
        cursor.constant(&SEGMENTS);
        cursor.segments(src, path);
        cursor.constant(&PARAMS);
        match query {
            Some(query) => cursor.pairs(src, query),
            None => cursor.constant(&NULL),
        }
        cursor.site(src, host.clone(), site);
        cursor.constant(&DISPLAY);
        cursor.part(src, host);
        cursor.constant(&END);
        let end = cursor.at;
        out.extend_from_slice(&self.buf[..end]);
        true
    }
}

/// Where the object is being written in the buffer, which has room for what is left of it and
/// [`CHUNK`] bytes more.
struct Cursor<'b> {
    buf: &'b mut [u8],
    at: usize,
}

impl Cursor<'_> {
    /// Copies `src[range]`, `src` having at least [`CHUNK`] bytes after the range.
    #[inline(always)]
    fn part(&mut self, src: &[u8], range: Range<usize>) {
        let mut from = range.start;
        let mut to = self.at;
        loop {
            self.buf[to..to + CHUNK].copy_from_slice(&src[from..from + CHUNK]);
            from += CHUNK;
            to += CHUNK;
            if from >= range.end {
                break;
            }
        }
        self.at += range.len();
    }

    /// `src[range]` in quotes.
    #[inline(always)]
    fn quoted(&mut self, src: &[u8], range: Range<usize>) {
        self.byte(b'"');
        self.part(src, range);
        self.byte(b'"');
    }

    #[inline(always)]
    fn constant(&mut self, constant: &Constant) {
        self.buf[self.at..self.at + constant.bytes.len()].copy_from_slice(&constant.bytes);
        self.at += constant.len;
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.buf[self.at] = b;
        self.at += 1;
    }

    /// The segments of the path `src[path]` (which begins with `/`), each in quotes, then `]`:
    /// what lies between its `/`s, as [`crate::parse::segments`] gives them.
    fn segments(&mut self, src: &[u8], path: Range<usize>) {
        let mut start = path.start + 1;
        for i in path.start + 1..path.end {
            if src[i] == b'/' {
                self.part(src, start..i);
                self.constant(&COMMA);
                start = i + 1;
            }
        }
        self.part(src, start..path.end);
        self.byte(b'"');
    }

    /// The pairs of `src[query]` as `[["name","value"],...]`: split as
    /// [`crate::parse::params`] splits them, none needing decoding.
    fn pairs(&mut self, src: &[u8], query: Range<usize>) {
        self.byte(b'[');
        let mut first = true;
        let mut start = query.start;
        for i in query.start..=query.end {
            if i < query.end && src[i] != b'&' {
                continue;
            }
            if start < i {
                if !first {
                    self.byte(b',');
                }
                first = false;
                let equals = memchr::memchr(b'=', &src[start..i]).map_or(i, |at| start + at);
                self.constant(&PAIR_OPEN);
                self.part(src, start..equals);
                self.constant(&COMMA);
                self.part(src, (equals + 1).min(i)..i);
                self.constant(&PAIR_CLOSE);
            }
            start = i + 1;
        }
        self.byte(b']');
    }

    /// The members of `site`, the public suffix and the registrable domain being suffixes of
    /// the host `src[host]` ([`crate::psl::Domain`] gives slices of the domain looked up).
    fn site(&mut self, src: &[u8], host: Range<usize>, site: Option<&Site>) {
        let Some(site) = site else {
            for key in [&SUFFIX, &SECTION, &DOMAIN] {
                self.constant(key);
                self.constant(&NULL);
            }
            return;
        };
        let suffix = |len: usize| host.end - len..host.end;
        self.constant(&SUFFIX);
        self.quoted(src, suffix(site.public_suffix.len()));
        self.constant(&SECTION);
        self.byte(b'"');
        let section = site.section.as_bytes();
        self.buf[self.at..self.at + section.len()].copy_from_slice(section);
        self.at += section.len();
        self.byte(b'"');
        self.constant(&DOMAIN);
        match &site.registrable_domain {
            Some(domain) => self.quoted(src, suffix(domain.len())),
            None => self.constant(&NULL),
        }
    }
}

/// `","`: between two segments, and between a name and its value.
const COMMA: Constant = Constant::new(r#"",""#);
const PAIR_OPEN: Constant = Constant::new(r#"[""#);
const PAIR_CLOSE: Constant = Constant::new(r#""]"#);
