//! A common URL read as the URL Standard's API reads a URL (url.bs "API"), without the parser:
//! its serialization written once ([`super::serialize`]), every getter a slice of it, as the
//! serializer lays a URL out (url.bs "URL serializing"): the scheme and `:`, `//`, the host,
//! `:` and the port, the path, `?` and the query, `#` and the fragment. No credentials: a common
//! URL has none.

use std::ops::Range;

use super::serialize::{Serialized, serialize};

/// A common URL's serialization (its `href`) and each of url.bs "API"'s getters of it, read
/// without the parser: a special scheme but `file`, `://`, a domain of ASCII letters, digits
/// and `-`, an optional port, and a path, query and fragment that RFC 3986 allows, with no dot
/// segment. [`Common::read`] of any other URL is `None`: the parser's to read.
///
/// ```
/// use uriesc::parse::Common;
///
/// let mut scratch = Vec::new();
/// let url = Common::read(b"HTTP://Example.COM:80/a?b#c", &mut scratch).unwrap();
/// assert_eq!(url.href(), b"http://example.com/a?b#c"); // the default port dropped
/// assert_eq!(url.hostname(), b"example.com");
/// assert_eq!(url.search(), b"?b");
/// // A dot segment is the parser's to remove: not common.
/// assert!(Common::read(b"http://example.com/a/../b", &mut scratch).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Common<'a> {
    href: &'a [u8],
    /// `href` and [`Common::PADDING`] zeros after it, so that a copy may read whole chunks
    /// past the end of any part.
    padded: &'a [u8],
    ranges: Ranges,
}

/// Where each getter's value is in a [`Common`]'s `href`, found once, as every getter is asked
/// for: the names are url.bs "API"'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ranges {
    pub origin: Range<usize>,
    pub protocol: Range<usize>,
    pub host: Range<usize>,
    pub hostname: Range<usize>,
    /// Empty where the port is the scheme's default, or absent.
    pub port: Range<usize>,
    /// Never empty: `/` at least.
    pub pathname: Range<usize>,
    /// With its `?`, where the query is not empty (url.bs "search getter").
    pub search: Range<usize>,
    /// With its `#`, where the fragment is not empty (url.bs "hash getter").
    pub hash: Range<usize>,
    /// The query without its `?`, where there is one, empty or not.
    pub query: Option<Range<usize>>,
}

/// A getter for each name: the slice of `href` its range in [`Ranges`] gives.
macro_rules! getters {
    ($($(#[$doc:meta])* $name:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self) -> &'a [u8] {
                &self.href[self.ranges.$name.clone()]
            }
        )*
    };
}

impl<'a> Common<'a> {
    /// How many bytes [`Common::padded`] holds after `href`.
    pub(crate) const PADDING: usize = 32;

    /// The serialization of `record` written to `scratch` and read back, where `record` is a
    /// common URL; `None` (and `scratch` empty) where it is not.
    pub fn read(record: &[u8], scratch: &'a mut Vec<u8>) -> Option<Common<'a>> {
        scratch.clear();
        let Serialized {
            colon,
            host,
            port,
            path,
            query,
            fragment,
        } = serialize(record, scratch)?;
        let len = scratch.len();
        scratch.extend_from_slice(&[0; Common::PADDING]);
        let padded: &[u8] = scratch;
        let authority_end = port.as_ref().map_or(host.end, |p| p.end);
        // `?` and the query, `#` and the fragment, where not empty (url.bs "search getter",
        // "hash getter").
        let with_mark = |part: &Option<Range<usize>>| match part {
            Some(range) if !range.is_empty() => range.start - 1..range.end,
            _ => 0..0,
        };
        let ranges = Ranges {
            // A tuple origin (url.bs "origin"), serialized: the scheme, "://", the host and the
            // port, which is where the URL begins.
            origin: 0..authority_end,
            protocol: 0..colon + 1,
            host: host.start..authority_end,
            hostname: host,
            port: port.unwrap_or(0..0),
            search: with_mark(&query),
            hash: with_mark(&fragment),
            pathname: path,
            query,
        };
        Some(Common {
            href: &padded[..len],
            padded,
            ranges,
        })
    }

    /// The serialization (url.bs "href getter").
    pub fn href(&self) -> &'a [u8] {
        self.href
    }

    getters! {
        /// The origin, serialized (url.bs "origin getter"): the scheme, `://`, the host and
        /// the port.
        origin;
        /// The scheme and `:` (url.bs "protocol getter").
        protocol;
        /// The host and, where it is not the default, `:` and the port (url.bs "host
        /// getter").
        host;
        /// The host: a domain (url.bs "hostname getter").
        hostname;
        /// The port, empty where it is the scheme's default or absent (url.bs "port getter").
        port;
        /// The path, which begins with `/` (url.bs "pathname getter").
        pathname;
        /// `?` and the query, or empty where the query is empty or absent (url.bs "search
        /// getter").
        search;
        /// `#` and the fragment, or empty where it is empty or absent (url.bs "hash getter").
        hash;
    }

    /// The query without its `?`, if there is one, empty or not.
    pub fn query(&self) -> Option<&'a [u8]> {
        self.ranges.query.clone().map(|q| &self.href[q])
    }

    /// The serialization, and where its host is.
    pub fn host_in_href(&self) -> (&'a [u8], Range<usize>) {
        (self.href, self.ranges.hostname.clone())
    }

    /// The serialization with [`Common::PADDING`] bytes after it.
    pub(crate) fn padded(&self) -> &'a [u8] {
        self.padded
    }

    /// Where each getter's value is in the serialization.
    pub(crate) fn ranges(&self) -> &Ranges {
        &self.ranges
    }
}
