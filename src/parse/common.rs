//! The URL Standard's reading without the parser, for the shape most URLs have (a special
//! scheme but `file`, `://`, a domain of letters, digits and `-`, an optional port, then a
//! path, query and fragment that RFC 3986 allows, with no dot segment: what
//! [`crate::check::whatwg`]'s fast path accepts). The serialization of such a URL is the URL
//! with its scheme and host lowercased, a default port dropped and an empty path written `/`
//! (`clean --whatwg`'s fast path writes it, tested against the parser); every getter of url.bs
//! "API" is then a slice of it, as the serializer lays a URL out (url.bs "URL serializing"):
//! the scheme and `:`, `//`, the host, `:` and the port, the path, `?` and the query, `#` and
//! the fragment. No credentials: the fast path takes none.

use std::ops::Range;

/// A common URL's serialization (its `href`) and where each part of it is.
///
/// ```
/// use uriesc::parse::Common;
///
/// let mut scratch = Vec::new();
/// let url = Common::read(b"HTTP://Example.COM:80/a?b#c", &mut scratch).unwrap();
/// assert_eq!(url.getter(0), b"http://example.com/a?b#c"); // href: the default port dropped
/// assert_eq!(url.getter(6), b"example.com"); // hostname
/// assert_eq!(url.getter(9), b"?b"); // search
/// // A dot segment is the parser's to remove: not common.
/// assert!(Common::read(b"http://example.com/a/../b", &mut scratch).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Common<'a> {
    href: &'a [u8],
    /// `href` and [`Common::PADDING`] zeros after it, so that a copy may read whole chunks
    /// past the end of any part.
    padded: &'a [u8],
    /// Where each getter's value is in `href`, in the order of url.bs "API" (`Getter`'s):
    /// found once, as every getter is asked for.
    getters: [Range<usize>; 11],
    host: Range<usize>,
    path: Range<usize>,
    /// Without its `?`.
    query: Option<Range<usize>>,
}

impl<'a> Common<'a> {
    /// How many bytes [`Common::padded`] holds after `href`.
    pub(crate) const PADDING: usize = 32;

    /// The serialization of `record` written to `scratch` and read back, where `record` is a
    /// common URL; `None` (and `scratch` as it was) where it is not.
    pub fn read(record: &[u8], scratch: &'a mut Vec<u8>) -> Option<Common<'a>> {
        scratch.clear();
        let crate::clean::Serialized {
            colon,
            host,
            port,
            path,
            query,
            fragment,
        } = crate::clean::serialize_common(record, scratch)?;
        let len = scratch.len();
        scratch.extend_from_slice(&[0; Common::PADDING]);
        let padded: &[u8] = scratch;
        let href = &padded[..len];
        let authority_end = port.as_ref().map_or(host.end, |p| p.end);
        // `?` and the query, `#` and the fragment, where not empty (url.bs "search getter",
        // "hash getter").
        let with_mark = |part: &Option<Range<usize>>| match part {
            Some(range) if !range.is_empty() => range.start - 1..range.end,
            _ => 0..0,
        };
        let getters = [
            0..href.len(),
            // A tuple origin (url.bs "origin"), serialized: the scheme, "://", the host and
            // the port, which is where the URL begins.
            0..authority_end,
            0..colon + 1,
            // username, password: none.
            0..0,
            0..0,
            host.start..authority_end,
            host.clone(),
            port.unwrap_or(0..0),
            path.clone(),
            with_mark(&query),
            with_mark(&fragment),
        ];
        Some(Common {
            href,
            padded,
            getters,
            host,
            path,
            query,
        })
    }

    /// The getter at `index` of url.bs "API", in its order (`href` 0, ..., `hash` 10).
    pub fn getter(&self, index: usize) -> &'a [u8] {
        self.getters
            .get(index)
            .map_or(&b""[..], |range| &self.href[range.clone()])
    }

    /// The path, which begins with `/`.
    pub fn path(&self) -> &'a [u8] {
        &self.href[self.path.clone()]
    }

    /// The query without its `?`, if there is one.
    pub fn query(&self) -> Option<&'a [u8]> {
        self.query.clone().map(|q| &self.href[q])
    }

    /// The serialization, and where its host is.
    pub fn host_in_href(&self) -> (&'a [u8], Range<usize>) {
        (self.href, self.host.clone())
    }

    /// The host: a domain.
    pub fn hostname(&self) -> &'a [u8] {
        &self.href[self.host.clone()]
    }

    /// The serialization with [`Common::PADDING`] bytes after it.
    pub(crate) fn padded(&self) -> &'a [u8] {
        self.padded
    }

    /// Where the getter at `index` of url.bs "API" is in `href` (empty past the last).
    pub(crate) fn getter_range(&self, index: usize) -> Range<usize> {
        self.getters.get(index).cloned().unwrap_or(0..0)
    }

    /// Where the host, the path and the query (without its `?`) are in `href`.
    pub(crate) fn ranges(&self) -> (Range<usize>, Range<usize>, Option<Range<usize>>) {
        (self.host.clone(), self.path.clone(), self.query.clone())
    }
}
