//! URI references as RFC 3986 defines them. This module owns:
//!
//! * the one splitter of the project: [`Parts`] by the regular expression of Appendix B, over
//!   the one head scanner ([`Head`], [`HeadScanner`], in `head.rs`: the scheme, with whether
//!   §3.1 allows it, and the authority, for a whole record or one that comes in pieces), and
//!   [`Authority`] (§3.2);
//! * the owned reference ([`Reference`], in `reference.rs`): the components as bytes, set one
//!   at a time, put back together by §5.3;
//! * reference resolution ([`resolve`], §5.2, in `resolve.rs`) and normalization
//!   ([`normalize_syntax`], §6.2.2, and [`normalize_scheme`], §6.2.3, in `normalize.rs`).
//!
//! `check`, `clean` and `pretty-print` all split with it.
//!
//! Every function here takes any byte string and never fails: the splitter splits what is not
//! a URI too, and what to make of the parts is the caller's business (`check` validates them,
//! `clean` mends them, `pretty-print` reads a host only after a scheme that §3.1 allows).

mod head;
mod normalize;
mod reference;
mod resolve;

use std::ops::Range;

pub use head::{Head, HeadScanner};
pub use normalize::*;
pub use reference::{Reference, path_apart};
pub use resolve::*;

/// The five components of a URI reference, as byte ranges of it, by the regular expression of
/// RFC 3986 Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. It splits
/// any string, valid or not, and is the one splitter of the project: `check` validates the
/// parts, `clean` mends them. A component that is absent is `None`, which RFC 3986 §5.3 tells
/// apart from an empty one (`http://h/?` has an empty query, `http://h/` none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// Without its `:`.
    pub scheme: Option<Range<usize>>,
    /// Without its `//`.
    pub authority: Option<Range<usize>>,
    /// Always present, and possibly empty.
    pub path: Range<usize>,
    /// Without its `?`.
    pub query: Option<Range<usize>>,
    /// Without its `#`.
    pub fragment: Option<Range<usize>>,
}

impl Parts {
    /// Splits `s` by Appendix B.
    ///
    /// ```
    /// use uriesc::uri::Parts;
    ///
    /// // RFC 3986 Appendix B's own example.
    /// let uri = b"http://www.ics.uci.edu/pub/ietf/uri/#Related";
    /// let parts = Parts::split(uri);
    /// assert_eq!(&uri[parts.scheme.unwrap()], b"http");
    /// assert_eq!(&uri[parts.authority.unwrap()], b"www.ics.uci.edu");
    /// assert_eq!(&uri[parts.path], b"/pub/ietf/uri/");
    /// assert_eq!(parts.query, None);
    /// assert_eq!(&uri[parts.fragment.unwrap()], b"Related");
    /// ```
    pub fn split(s: &[u8]) -> Parts {
        Parts::split_after(s, Head::of(s))
    }

    /// Splits `s` as a relative reference: no scheme, whatever its first segment holds.
    ///
    /// ```
    /// use uriesc::uri::Parts;
    ///
    /// // RFC 3986 §4.2: "this:that" read as a relative path, as after "./".
    /// let parts = Parts::split_relative(b"this:that");
    /// assert_eq!((parts.scheme, parts.path), (None, 0..9));
    /// ```
    pub fn split_relative(s: &[u8]) -> Parts {
        Parts::split_after(s, Head::of_relative(s))
    }

    /// The rest of the split, after the head: no `?` or `#` comes before its end.
    fn split_after(s: &[u8], head: Head) -> Parts {
        let len = s.len();
        let path_start = match (&head.authority, &head.scheme) {
            (Some(authority), _) => authority.end,
            (None, Some(scheme)) => scheme.end + 1,
            (None, None) => 0,
        };
        let path_end = memchr::memchr2(b'?', b'#', &s[head.end..]).map_or(len, |p| head.end + p);
        let mut i = path_end;
        let query = (s.get(i) == Some(&b'?')).then(|| {
            let end = memchr::memchr(b'#', &s[i + 1..]).map_or(len, |p| i + 1 + p);
            let range = i + 1..end;
            i = end;
            range
        });
        let fragment = (s.get(i) == Some(&b'#')).then(|| i + 1..len);
        Parts {
            scheme: head.scheme,
            authority: head.authority,
            path: path_start..path_end,
            query,
            fragment,
        }
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`, split into ranges of the authority: the
/// one place that knows where its parts end. The last '@' ends the user info (neither it nor the
/// host may hold one, so an earlier '@' is data of the user info that should have been
/// encoded); an IP-literal host runs through its ']'; the first ':' after the host begins the
/// port (a reg-name holds none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    /// Without its '@'.
    pub userinfo: Option<Range<usize>>,
    /// Always present, and possibly empty (`file:///etc`); an IP-literal with its brackets.
    pub host: Range<usize>,
    /// Without its ':'.
    pub port: Option<Range<usize>>,
}

impl Authority {
    /// Writes `[ userinfo "@" ] host [ ":" port ]` (§3.2) to `out`, each part as it is given.
    ///
    /// ```
    /// use uriesc::uri::Authority;
    ///
    /// let mut out = Vec::new();
    /// Authority::write(Some(b"user"), b"[2001:db8::7]", Some(b"8080"), &mut out);
    /// assert_eq!(out, b"user@[2001:db8::7]:8080");
    /// ```
    pub fn write(userinfo: Option<&[u8]>, host: &[u8], port: Option<&[u8]>, out: &mut Vec<u8>) {
        if let Some(userinfo) = userinfo {
            out.extend_from_slice(userinfo);
            out.push(b'@');
        }
        out.extend_from_slice(host);
        if let Some(port) = port {
            out.push(b':');
            out.extend_from_slice(port);
        }
    }

    /// Splits the authority `a` (without its `//`).
    ///
    /// ```
    /// use uriesc::uri::Authority;
    ///
    /// // RFC 3986 §3.2: user information, an IP-literal host (§3.2.2), a port.
    /// let a = b"user@[2001:db8::7]:8080";
    /// let split = Authority::split(a);
    /// assert_eq!(&a[split.userinfo.unwrap()], b"user");
    /// assert_eq!(&a[split.host], b"[2001:db8::7]");
    /// assert_eq!(&a[split.port.unwrap()], b"8080");
    ///
    /// // §7.6's example: the host is what follows the last "@".
    /// let a = b"cnn.example.com&story=breaking_news@10.0.0.1";
    /// assert_eq!(&a[Authority::split(a).host], b"10.0.0.1");
    /// ```
    pub fn split(a: &[u8]) -> Authority {
        let (userinfo, host_start) = match memchr::memrchr(b'@', a) {
            Some(at) => (Some(0..at), at + 1),
            None => (None, 0),
        };
        let after_literal = match a.get(host_start) {
            Some(b'[') => {
                memchr::memchr(b']', &a[host_start..]).map_or(host_start, |p| host_start + p + 1)
            }
            _ => host_start,
        };
        let host_end =
            memchr::memchr(b':', &a[after_literal..]).map_or(a.len(), |p| after_literal + p);
        Authority {
            userinfo,
            host: host_start..host_end,
            port: (host_end < a.len()).then(|| host_end + 1..a.len()),
        }
    }
}
