//! `parse --whatwg --format json` for a common URL ([`Common`]), the shape of nearly every
//! record: the object laid out in the output's spare capacity, by copies of whole chunks of
//! sixteen bytes.
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

use std::mem::MaybeUninit;
use std::ops::Range;

use crate::parse::Common;
use crate::psl::{Section, Starts};

/// The size of one copy.
const CHUNK: usize = 16;

// A part's first copy, two chunks, reads within the padding after the serialization.
const _: () = assert!(Common::PADDING >= 2 * CHUNK);

/// The longest serialization laid out here: a longer one goes through the general writer, so
/// that every object fits the buffer's [`SPAN`] (see [`Layout::object`] for how much one
/// needs).
const LONGEST: usize = 4096;

/// A constant, with zeros after it to a whole number of chunks.
struct Constant {
    bytes: [u8; 4 * CHUNK],
    len: usize,
}

impl Constant {
    const fn new(text: &str) -> Constant {
        Constant::joined(&[text])
    }

    /// `texts` one after another.
    const fn joined(texts: &[&str]) -> Constant {
        let mut bytes = [0; 4 * CHUNK];
        let mut len = 0;
        let mut t = 0;
        while t < texts.len() {
            let text = texts[t].as_bytes();
            let mut i = 0;
            while i < text.len() {
                bytes[len] = text[i];
                len += 1;
                i += 1;
            }
            t += 1;
        }
        Constant { bytes, len }
    }
}

/// Each getter's opening, from [`super::COMMON_OPENINGS`] (which a test holds to the fields'
/// names): the quote that closes the value before it, the name, the quote that opens its own.
const fn opening(getter: usize) -> &'static str {
    super::COMMON_OPENINGS[getter]
}

/// Runs of members whose values are empty, as one constant each: a common URL has no
/// credentials (url.bs "username", "password": empty), and most have no port, query or
/// fragment. The copies they save were a fifth of the layout's.
const HREF: Constant = Constant::new(opening(0));
const ORIGIN: Constant = Constant::new(opening(1));
const PROTOCOL: Constant = Constant::new(opening(2));
const NO_CREDENTIALS_HOST: Constant = Constant::joined(&[opening(3), opening(4), opening(5)]);
const HOSTNAME: Constant = Constant::new(opening(6));
const PORT: Constant = Constant::new(opening(7));
const PATHNAME: Constant = Constant::new(opening(8));
const NO_PORT_PATHNAME: Constant = Constant::joined(&[opening(7), opening(8)]);
const SEARCH: Constant = Constant::new(opening(9));
const HASH: Constant = Constant::new(opening(10));
/// Closes the last getter and opens the list of segments and its first one (a common URL's
/// path begins with `/`: there is one).
const SEGMENTS_TEXT: &str = r#"","segments":[""#;
const SEGMENTS: Constant = Constant::new(SEGMENTS_TEXT);
const NO_SEARCH_HASH_SEGMENTS: Constant =
    Constant::joined(&[opening(9), opening(10), SEGMENTS_TEXT]);
const PARAMS_TEXT: &str = r#"],"params":"#;
const PARAMS: Constant = Constant::new(PARAMS_TEXT);
const PARAMS_NULL: Constant = Constant::joined(&[PARAMS_TEXT, "null"]);
const NULL: Constant = Constant::new("null");
const SUFFIX_TEXT: &str = r#","public_suffix":"#;
const SUFFIX: Constant = Constant::new(SUFFIX_TEXT);
const SUFFIX_OPEN: Constant = Constant::joined(&[SUFFIX_TEXT, "\""]);
const SECTION_TEXT: &str = r#","public_suffix_section":"#;
const SECTION: Constant = Constant::new(SECTION_TEXT);
const DOMAIN_TEXT: &str = r#","registrable_domain":"#;
const DOMAIN: Constant = Constant::new(DOMAIN_TEXT);
const DISPLAY_TEXT: &str = r#","display_host":""#;
const DISPLAY: Constant = Constant::new(DISPLAY_TEXT);
const QUOTED_DISPLAY: Constant = Constant::joined(&["\"", DISPLAY_TEXT]);
const END: Constant = Constant::new("\"}");
/// The sections, as `public_suffix_section` names them, in quotes.
const ICANN_TEXT: &str = r#""icann""#;
const PRIVATE_TEXT: &str = r#""private""#;
const NOT_LISTED_TEXT: &str = r#""not_listed""#;
const ICANN: Constant = Constant::new(ICANN_TEXT);
const PRIVATE: Constant = Constant::new(PRIVATE_TEXT);
const NOT_LISTED: Constant = Constant::new(NOT_LISTED_TEXT);
/// From the end of the public suffix to the opening of the registrable domain, by section.
const fn section_domain(section: &str) -> Constant {
    Constant::joined(&["\"", SECTION_TEXT, section, DOMAIN_TEXT, "\""])
}
const ICANN_DOMAIN: Constant = section_domain(ICANN_TEXT);
const PRIVATE_DOMAIN: Constant = section_domain(PRIVATE_TEXT);
const NOT_LISTED_DOMAIN: Constant = section_domain(NOT_LISTED_TEXT);

/// Where in the output's spare capacity an object may be: every offset is taken modulo this
/// (a power of two), so that the compiler sees each copy land inside the window and checks no
/// bound (the bounds checks were a sixth of the layout's instructions). No object comes near
/// it ([`Layout::object`]), so none wraps.
const SPAN: usize = 1 << 17;

/// The window of the output's spare capacity an object is laid out in: the span, and room
/// for the four chunks of a constant written at its end.
const WINDOW: usize = SPAN + 4 * CHUNK;

/// Lays out a common URL's object.
pub(crate) struct Layout;

impl Layout {
    /// Whether [`Layout::object`] takes `url`: no segment or pair needs decoding, and it is no
    /// longer than [`LONGEST`]. The general writer takes the others.
    pub(crate) fn takes(url: &Common) -> bool {
        let href = url.getter(0);
        let (_, path, query) = url.ranges();
        let query = query.unwrap_or(0..0);
        href.len() <= LONGEST
            && memchr::memchr(b'%', &href[path.start..query.end.max(path.end)]).is_none()
            && memchr::memchr(b'+', &href[query]).is_none()
    }

    /// Appends `url`'s object (no newline) to `out`, with `site` what the Public Suffix List
    /// says of its host; `url` one that [`Layout::takes`].
    pub(crate) fn object(url: &Common, site: Option<Starts>, out: &mut Vec<u8>) {
        debug_assert!(Layout::takes(url));
        let src = url.padded();
        let href_len = url.getter_range(0).len();
        let (host, path, query) = url.ranges();
        // What the object can take, with H the serialization's length: the getters are
        // parts of it, at most H each and nine of them; the segments at most 3H (`"`, `"` and
        // `,` for each `/`); the pairs at most 4.5H (`["a",""],` for each `a&`); the public
        // suffix, the registrable domain and the host shown at most H each. So at most 20H,
        // and the constants (under 400 bytes) and the last copy's overrun (under 64) well
        // inside 1,024 more: 24H + 1,024 at most, which the span holds.
        const _: () = assert!(24 * LONGEST + 1024 <= SPAN);
        // Laid out where it will stay, rather than in a buffer of its own and then copied:
        // the copy was 5% of the command's time (the objects are some 600 bytes, thirteen
        // times their URLs).
        let len = out.len();
        out.reserve(WINDOW);
        let window: &mut [MaybeUninit<u8>; WINDOW] = (&mut out.spare_capacity_mut()[..WINDOW])
            .try_into()
            .unwrap_or_else(|_| unreachable!("the length is the array's"));
        let mut cursor = Cursor { buf: window, at: 0 };
        let getter = |i: usize| url.getter_range(i);
        debug_assert!(getter(3).is_empty() && getter(4).is_empty());
        for (opening, i) in [
            (&HREF, 0),
            (&ORIGIN, 1),
            (&PROTOCOL, 2),
            (&NO_CREDENTIALS_HOST, 5),
        ] {
            cursor.constant(opening);
            cursor.part(src, getter(i));
        }
        cursor.constant(&HOSTNAME);
        cursor.part(src, getter(6));
        match getter(7) {
            port if port.is_empty() => cursor.constant(&NO_PORT_PATHNAME),
            port => {
                cursor.constant(&PORT);
                cursor.part(src, port);
                cursor.constant(&PATHNAME);
            }
        }
        cursor.part(src, getter(8));
        match (getter(9), getter(10)) {
            (search, hash) if search.is_empty() && hash.is_empty() => {
                cursor.constant(&NO_SEARCH_HASH_SEGMENTS)
            }
            (search, hash) => {
                cursor.constant(&SEARCH);
                cursor.part(src, search);
                cursor.constant(&HASH);
                cursor.part(src, hash);
                cursor.constant(&SEGMENTS);
            }
        }
        cursor.segments(src, path);
        match query {
            Some(query) => {
                cursor.constant(&PARAMS);
                cursor.pairs(src, query);
            }
            None => cursor.constant(&PARAMS_NULL),
        }
        cursor.site(src, host.clone(), site);
        cursor.part(src, host);
        cursor.constant(&END);
        let end = cursor.at;
        debug_assert!(end <= 24 * href_len + 1024);
        // SAFETY: `out` has `WINDOW` bytes of capacity after `len` (reserved above), and the
        // first `end` of them are initialized: each write of the cursor begins where the
        // object so far ends and reaches at least as far as the object then does (a part's
        // copies cover its range, a constant's its length, a byte itself), so the object's
        // bytes are written with no gap. Were the object to pass the span (it cannot, by the
        // bound above), its first `SPAN` bytes would still all have been written.
        unsafe { out.set_len(len + end.min(SPAN)) };
    }
}

/// Where the object is being written in the window, which has room for what is left of it and
/// the four chunks of a constant more.
struct Cursor<'b> {
    buf: &'b mut [MaybeUninit<u8>; WINDOW],
    at: usize,
}

/// `bytes` as bytes that may be uninitialized, to be copied into the window.
#[inline(always)]
fn uninit(bytes: &[u8]) -> &[MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has the size and alignment of `u8`, and an initialized byte is
    // a valid `MaybeUninit<u8>`; the slice is only read.
    unsafe { &*(bytes as *const [u8] as *const [MaybeUninit<u8>]) }
}

impl Cursor<'_> {
    /// Copies `src[range]`, `src` having at least [`Common::PADDING`] bytes after the range:
    /// two chunks whatever the length, so that the loop's branch is taken only by a part
    /// longer than they are (a few URLs' `href` and `pathname`), rather than mispredicted at
    /// the end of nearly every part.
    #[inline(always)]
    fn part(&mut self, src: &[u8], range: Range<usize>) {
        const FIRST: usize = 2 * CHUNK;
        let (mut from, mut to) = (range.start, self.at);
        let at = to % SPAN;
        self.buf[at..at + FIRST].copy_from_slice(uninit(&src[from..from + FIRST]));
        from += FIRST;
        to += FIRST;
        while from < range.end {
            let at = to % SPAN;
            self.buf[at..at + CHUNK].copy_from_slice(uninit(&src[from..from + CHUNK]));
            from += CHUNK;
            to += CHUNK;
        }
        self.at += range.len();
    }

    #[inline(always)]
    fn constant(&mut self, constant: &Constant) {
        let at = self.at % SPAN;
        self.buf[at..at + constant.bytes.len()].copy_from_slice(uninit(&constant.bytes));
        self.at += constant.len;
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.buf[self.at % SPAN] = MaybeUninit::new(b);
        self.at += 1;
    }

    /// The segments of the path `src[path]` (which begins with `/`), each in quotes, then `]`:
    /// what lies between its `/`s, as [`crate::parse::segments`] gives them. The `/`s are found
    /// eight bytes at a time, `src` having at least eight bytes after the path.
    fn segments(&mut self, src: &[u8], path: Range<usize>) {
        let mut start = path.start + 1;
        let mut at = start;
        while at < path.end {
            let word = src[at..at + 8].try_into().map_or(0, u64::from_le_bytes);
            let mut slashes =
                crate::swar::eq_bits(word, b'/') & (u64::MAX >> (64 - (path.end - at).min(8)));
            while slashes != 0 {
                let slash = at + slashes.trailing_zeros() as usize;
                self.part(src, start..slash);
                self.constant(&COMMA);
                start = slash + 1;
                slashes &= slashes - 1;
            }
            at += 8;
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

    /// The members of `site`, where the public suffix and the registrable domain start in
    /// the host `src[host]`, then the opening of the host shown.
    fn site(&mut self, src: &[u8], host: Range<usize>, site: Option<Starts>) {
        match site {
            Some(Starts {
                public_suffix,
                registrable_domain: Some(domain),
                section,
            }) => {
                // Nearly every host: two parts between three constants.
                self.constant(&SUFFIX_OPEN);
                self.part(src, host.start + public_suffix..host.end);
                self.constant(match section {
                    Section::Icann => &ICANN_DOMAIN,
                    Section::Private => &PRIVATE_DOMAIN,
                    Section::NotListed => &NOT_LISTED_DOMAIN,
                });
                self.part(src, host.start + domain..host.end);
                self.constant(&QUOTED_DISPLAY);
            }
            Some(site) => {
                self.constant(&SUFFIX_OPEN);
                self.part(src, host.start + site.public_suffix..host.end);
                self.byte(b'"');
                self.constant(&SECTION);
                self.constant(match site.section {
                    Section::Icann => &ICANN,
                    Section::Private => &PRIVATE,
                    Section::NotListed => &NOT_LISTED,
                });
                self.constant(&DOMAIN);
                self.constant(&NULL);
                self.constant(&DISPLAY);
            }
            None => {
                for key in [&SUFFIX, &SECTION, &DOMAIN] {
                    self.constant(key);
                    self.constant(&NULL);
                }
                self.constant(&DISPLAY);
            }
        }
    }
}

/// `","`: between two segments, and between a name and its value.
const COMMA: Constant = Constant::new(r#"",""#);
const PAIR_OPEN: Constant = Constant::new(r#"[""#);
const PAIR_CLOSE: Constant = Constant::new(r#""]"#);

#[cfg(test)]
mod tests {
    use super::*;

    /// The sections' constants are the names `public_suffix_section` gives.
    #[test]
    fn sections_are_named_as_elsewhere() {
        for (constant, section) in [
            (&ICANN, Section::Icann),
            (&PRIVATE, Section::Private),
            (&NOT_LISTED, Section::NotListed),
        ] {
            let name = format!("\"{}\"", crate::parse::section_name(section));
            assert_eq!(&constant.bytes[..constant.len], name.as_bytes());
        }
    }

    /// The object goes after what the output already holds, whatever its capacity, and is the
    /// one url.bs's getters and the Public Suffix List give (written out by hand here).
    #[test]
    fn an_object_follows_what_the_output_holds() {
        let url = b"https://www.Example.co.uk:8080/a/b?c=d&e#f";
        let mut scratch = Vec::new();
        let common = Common::read(url, &mut scratch).expect("a common URL");
        assert!(Layout::takes(&common));
        // co.uk is the public suffix and example.co.uk the registrable domain (ICANN).
        let site = Some(Starts {
            public_suffix: 12,
            registrable_domain: Some(4),
            section: Section::Icann,
        });
        let expected = concat!(
            r##"{"href":"https://www.example.co.uk:8080/a/b?c=d&e#f","##,
            r##""origin":"https://www.example.co.uk:8080","protocol":"https:","##,
            r##""username":"","password":"","host":"www.example.co.uk:8080","##,
            r##""hostname":"www.example.co.uk","port":"8080","pathname":"/a/b","##,
            r##""search":"?c=d&e","hash":"#f","segments":["a","b"],"##,
            r##""params":[["c","d"],["e",""]],"public_suffix":"co.uk","##,
            r##""public_suffix_section":"icann","registrable_domain":"example.co.uk","##,
            r##""display_host":"www.example.co.uk"}"##,
        );
        for before in [&b""[..], b"{}\n"] {
            let mut out = before.to_vec();
            out.shrink_to_fit();
            for _ in 0..2 {
                Layout::object(&common, site, &mut out);
            }
            let object = String::from_utf8_lossy(&out[before.len()..]).into_owned();
            assert_eq!(object, expected.repeat(2));
            assert_eq!(&out[..before.len()], before);
        }
    }
}
