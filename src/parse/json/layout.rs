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
use crate::parse::fields::{self, FIELDS, Kind};
use crate::psl::{Section, Starts};
use crate::sets::Standard;

/// The size of one copy.
const CHUNK: usize = 16;

// A part's first copy, two chunks, reads within the padding after the serialization.
const _: () = assert!(Common::PADDING >= 2 * CHUNK);

/// The longest serialization laid out here: a longer one goes through the general writer, so
/// that every object fits the buffer's [`SPAN`] (see [`Layout::object`] for how much one
/// needs).
const LONGEST: usize = 4096;

/// The fields laid out here, in the layout's order, with their kinds: the first fields of the
/// table under the URL Standard, in its order, which the compiler checks below. A field the
/// table has after these is written by the general writer's member, after the object laid out
/// here ([`Layout::TAIL`]); a field put among them fails the build here.
const LAID_OUT: [(&str, Kind); 17] = [
    ("href", Kind::Single),
    ("origin", Kind::Single),
    ("protocol", Kind::Single),
    ("username", Kind::Single),
    ("password", Kind::Single),
    ("host", Kind::Single),
    ("hostname", Kind::Single),
    ("port", Kind::Single),
    ("pathname", Kind::Single),
    ("search", Kind::Single),
    ("hash", Kind::Single),
    ("segments", Kind::List),
    ("params", Kind::Pairs),
    ("public_suffix", Kind::Single),
    ("public_suffix_section", Kind::Single),
    ("registrable_domain", Kind::Single),
    ("display_host", Kind::Single),
];

const _: () = {
    assert!(fields::count(Standard::Whatwg) >= LAID_OUT.len());
    let (mut i, mut row) = (0, 0);
    while i < LAID_OUT.len() {
        // The table's next row under the URL Standard.
        while !FIELDS[row].readings.under(Standard::Whatwg) {
            row += 1;
        }
        let (name, kind) = LAID_OUT[i];
        assert!(
            same(FIELDS[row].name, name) && FIELDS[row].kind as u8 == kind as u8,
            "the common URL's layout lays out the table's first fields under the URL Standard: \
             add a field after them, or teach the layout (src/parse/json/layout.rs)"
        );
        (i, row) = (i + 1, row + 1);
    }
};

/// Whether `a` and `b` are the same text (`==` is no `const fn` for `str`).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() && a[i] == b[i] {
        i += 1;
    }
    i == a.len()
}

/// The most bytes the object of a serialization of `h` bytes takes in the window, from
/// [`LAID_OUT`]: for each field its key (its name and `,"":`) and at most 16 bytes of quotes,
/// brackets, `null` or a section's name, and its value: a single value is a part of the
/// serialization or of its host (url.bs "API": each getter is; the public suffix, the
/// registrable domain and the host shown are parts of the host), at most `h`; a list at most
/// `3h` (`"`, `"` and `,` for each `/`); pairs at most `5h` (`["a",""],` for each `a&`, 4.5
/// times). Then the overrun of the last copy, four chunks at most.
const fn most(h: usize) -> usize {
    let mut total = 4 * CHUNK;
    let mut i = 0;
    while i < LAID_OUT.len() {
        let (name, kind) = LAID_OUT[i];
        let value = match kind {
            Kind::Single => h,
            Kind::List => 3 * h,
            Kind::Pairs => 5 * h,
        };
        total += name.len() + 4 + 16 + value;
        i += 1;
    }
    total
}

// Every object fits the span: none wraps, and `set_len`'s proof below holds.
const _: () = assert!(most(LONGEST) <= SPAN);

/// A constant, with zeros after it to a whole number of chunks.
struct Constant {
    bytes: [u8; 4 * CHUNK],
    len: usize,
}

impl Constant {
    const fn new(text: &str) -> Constant {
        Constant {
            bytes: [0; 4 * CHUNK],
            len: 0,
        }
        .then(text)
    }

    /// This constant, then `text`.
    const fn then(mut self, text: &str) -> Constant {
        let text = text.as_bytes();
        let mut i = 0;
        while i < text.len() {
            self.bytes[self.len] = text[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// This constant, then the key of the laid out field `i`: `,"NAME":`.
    const fn key(self, i: usize) -> Constant {
        self.then(",\"").then(LAID_OUT[i].0).then("\":")
    }

    /// This constant, then the opening of the getter `i`'s member: the quote that closes the
    /// value before it, its key, the quote that opens its own.
    const fn opening(self, i: usize) -> Constant {
        self.then("\"").key(i).then("\"")
    }
}

/// Runs of members whose values are empty, as one constant each: a common URL has no
/// credentials (url.bs "username", "password": empty), and most have no port, query or
/// fragment. The copies they save were a fifth of the layout's.
const HREF: Constant = Constant::new("{\"").then(LAID_OUT[0].0).then("\":\"");
const ORIGIN: Constant = Constant::new("").opening(1);
const PROTOCOL: Constant = Constant::new("").opening(2);
const NO_CREDENTIALS_HOST: Constant = Constant::new("").opening(3).opening(4).opening(5);
const HOSTNAME: Constant = Constant::new("").opening(6);
const PORT: Constant = Constant::new("").opening(7);
const PATHNAME: Constant = Constant::new("").opening(8);
const NO_PORT_PATHNAME: Constant = Constant::new("").opening(7).opening(8);
const SEARCH: Constant = Constant::new("").opening(9);
const HASH: Constant = Constant::new("").opening(10);
/// Closes the last getter and opens the list of segments and its first one (a common URL's
/// path begins with `/`: there is one).
const SEGMENTS: Constant = Constant::new("\"").key(11).then("[\"");
const NO_SEARCH_HASH_SEGMENTS: Constant = Constant::new("")
    .opening(9)
    .opening(10)
    .then("\"")
    .key(11)
    .then("[\"");
const PARAMS: Constant = Constant::new("]").key(12);
const PARAMS_NULL: Constant = Constant::new("]").key(12).then("null");
const NULL: Constant = Constant::new("null");
const SUFFIX: Constant = Constant::new("").key(13);
const SUFFIX_OPEN: Constant = Constant::new("").key(13).then("\"");
const SECTION: Constant = Constant::new("").key(14);
const DOMAIN: Constant = Constant::new("").key(15);
const DISPLAY: Constant = Constant::new("").key(16).then("\"");
const QUOTED_DISPLAY: Constant = Constant::new("\"").key(16).then("\"");
/// Closes the host shown, and the object unless fields follow it ([`Layout::TAIL`]).
const END: Constant = match Layout::TAIL {
    true => Constant::new("\""),
    false => Constant::new("\"}"),
};
/// The sections, as `public_suffix_section` names them, in quotes.
const ICANN_TEXT: &str = r#""icann""#;
const PRIVATE_TEXT: &str = r#""private""#;
const NOT_LISTED_TEXT: &str = r#""not_listed""#;
const ICANN: Constant = Constant::new(ICANN_TEXT);
const PRIVATE: Constant = Constant::new(PRIVATE_TEXT);
const NOT_LISTED: Constant = Constant::new(NOT_LISTED_TEXT);
/// From the end of the public suffix to the opening of the registrable domain, by section.
const fn section_domain(section: &str) -> Constant {
    Constant::new("\"").key(14).then(section).key(15).then("\"")
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
    /// How many fields the layout writes: the table's first under the URL Standard.
    pub(crate) const ROWS: usize = LAID_OUT.len();

    /// Whether the table has fields under the URL Standard after those: the layout leaves
    /// its object open for them.
    pub(crate) const TAIL: bool = fields::count(Standard::Whatwg) > Layout::ROWS;

    /// Whether [`Layout::object`] takes `url`: no segment or pair needs decoding, and it is no
    /// longer than [`LONGEST`]. The general writer takes the others.
    pub(crate) fn takes(url: &Common) -> bool {
        let href = url.href();
        let ranges = url.ranges();
        let (path, query) = (&ranges.pathname, ranges.query.clone().unwrap_or(0..0));
        href.len() <= LONGEST
            && memchr::memchr(b'%', &href[path.start..query.end.max(path.end)]).is_none()
            && memchr::memchr(b'+', &href[query]).is_none()
    }

    /// Appends `url`'s object (no newline) to `out`, with `site` what the Public Suffix List
    /// says of its host; `url` one that [`Layout::takes`].
    pub(crate) fn object(url: &Common, site: Option<Starts>, out: &mut Vec<u8>) {
        debug_assert!(Layout::takes(url));
        let src = url.padded();
        let href_len = url.href().len();
        let ranges = url.ranges();
        // What the object can take is `most` of the serialization's length, at most
        // `most(LONGEST)`, which the span holds (the compiler checks it, above).
        // Laid out where it will stay, rather than in a buffer of its own and then copied:
        // the copy was 5% of the command's time (the objects are some 600 bytes, thirteen
        // times their URLs).
        let len = out.len();
        out.reserve(WINDOW);
        let window: &mut [MaybeUninit<u8>; WINDOW] = (&mut out.spare_capacity_mut()[..WINDOW])
            .try_into()
            .unwrap_or_else(|_| unreachable!("the length is the array's"));
        let mut cursor = Cursor { buf: window, at: 0 };
        // No credentials: a common URL has none.
        for (opening, range) in [
            (&HREF, 0..href_len),
            (&ORIGIN, ranges.origin.clone()),
            (&PROTOCOL, ranges.protocol.clone()),
            (&NO_CREDENTIALS_HOST, ranges.host.clone()),
        ] {
            cursor.constant(opening);
            cursor.part(src, range);
        }
        cursor.constant(&HOSTNAME);
        cursor.part(src, ranges.hostname.clone());
        match ranges.port.clone() {
            port if port.is_empty() => cursor.constant(&NO_PORT_PATHNAME),
            port => {
                cursor.constant(&PORT);
                cursor.part(src, port);
                cursor.constant(&PATHNAME);
            }
        }
        cursor.part(src, ranges.pathname.clone());
        match (ranges.search.clone(), ranges.hash.clone()) {
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
        cursor.segments(src, ranges.pathname.clone());
        match ranges.query.clone() {
            Some(query) => {
                cursor.constant(&PARAMS);
                cursor.pairs(src, query);
            }
            None => cursor.constant(&PARAMS_NULL),
        }
        cursor.site(src, ranges.hostname.clone(), site);
        cursor.part(src, ranges.hostname.clone());
        cursor.constant(&END);
        let end = cursor.at;
        debug_assert!(end <= most(href_len));
        // SAFETY: `out` has `WINDOW` bytes of capacity after `len` (reserved above), and the
        // first `end` of them are initialized: each write of the cursor begins where the
        // object so far ends and reaches at least as far as the object then does (a part's
        // copies cover its range, a constant's its length, a byte itself), so the object's
        // bytes are written with no gap. Were the object to pass the span (it cannot: `end`
        // is at most `most(href_len)`, at most `most(LONGEST)`, which the compiler has checked
        // is at most `SPAN`), its first `SPAN` bytes would still all have been written.
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
mod tests;
