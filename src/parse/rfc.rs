//! The RFC reading of a URI reference: its components as they stand in it, by the regular
//! expression of RFC 3986 Appendix B and the authority's parts (§3.2), with what kind of host
//! it names (§3.2.2). The record has passed the standard's grammar before it is read so (RFC
//! 3986 Appendix A, RFC 3987 §2.2, RFC 2396 Appendix A, RFC 1738 §5), so each part is what
//! the grammar calls it.

use std::borrow::Cow;
use std::ops::Range;

use crate::check::rfc3986::ipv4address;
use crate::uri::{Authority, Parts};

/// What a host is, by RFC 3986 §3.2.2: `host = IP-literal / IPv4address / reg-name`, an
/// IP-literal holding an `IPv6address` or an `IPvFuture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostType {
    /// A registered name (`reg-name`): a DNS name or another registry's.
    RegName,
    /// `IPv4address`, dotted-decimal (a name of this form is read as an address, §3.2.2).
    Ipv4,
    /// `IPv6address`, in brackets.
    Ipv6,
    /// `IPvFuture`, in brackets: `v`, a version, `.`, and the address.
    IpvFuture,
}

impl HostType {
    /// The type of `host` (an IP-literal with its brackets).
    pub fn of(host: &[u8]) -> HostType {
        match host {
            [b'[', b'v' | b'V', ..] => HostType::IpvFuture,
            [b'[', ..] => HostType::Ipv6,
            _ if ipv4address(host) => HostType::Ipv4,
            _ => HostType::RegName,
        }
    }

    /// Its name in RFC 3986's ABNF: `reg-name`, `IPv4`, `IPv6`, `IPvFuture`.
    pub fn name(self) -> &'static str {
        match self {
            HostType::RegName => "reg-name",
            HostType::Ipv4 => "IPv4",
            HostType::Ipv6 => "IPv6",
            HostType::IpvFuture => "IPvFuture",
        }
    }
}

/// The components of a URI reference (RFC 3986 §3) as ranges of it: `None` for one that is
/// absent, which §5.3 tells apart from one that is empty.
///
/// ```
/// use uriesc::parse::Components;
///
/// // RFC 3986 §3's example.
/// let uri = Components::of(&b"foo://example.com:8042/over/there?name=ferret#nose"[..]);
/// assert_eq!(uri.scheme(), Some(&b"foo"[..]));
/// assert_eq!(uri.userinfo(), None);
/// assert_eq!(uri.host(), Some(&b"example.com"[..]));
/// assert_eq!(uri.port(), Some(&b"8042"[..]));
/// assert_eq!(uri.path(), b"/over/there");
/// assert_eq!(uri.query(), Some(&b"name=ferret"[..]));
/// assert_eq!(uri.fragment(), Some(&b"nose"[..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components<'a> {
    uri: Cow<'a, [u8]>,
    scheme: Option<Range<usize>>,
    userinfo: Option<Range<usize>>,
    host: Option<Range<usize>>,
    port: Option<Range<usize>>,
    path: Range<usize>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

impl<'a> Components<'a> {
    /// Splits `uri` (Appendix B, then §3.2's `[ userinfo "@" ] host [ ":" port ]`).
    pub fn of(uri: impl Into<Cow<'a, [u8]>>) -> Components<'a> {
        let uri = uri.into();
        let parts = Parts::split(&uri);
        let (userinfo, host, port) = match &parts.authority {
            Some(a) => {
                let split = Authority::split(&uri[a.clone()]);
                let shift = |r: Range<usize>| a.start + r.start..a.start + r.end;
                (
                    split.userinfo.map(shift),
                    Some(shift(split.host)),
                    split.port.map(shift),
                )
            }
            None => (None, None, None),
        };
        Components {
            scheme: parts.scheme,
            userinfo,
            host,
            port,
            path: parts.path,
            query: parts.query,
            fragment: parts.fragment,
            uri,
        }
    }

    /// The URI reference itself.
    pub fn uri(&self) -> &[u8] {
        &self.uri
    }

    fn at(&self, range: &Option<Range<usize>>) -> Option<&[u8]> {
        range.clone().map(|r| &self.uri[r])
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> Option<&[u8]> {
        self.at(&self.scheme)
    }

    /// The user information, without its `@`.
    pub fn userinfo(&self) -> Option<&[u8]> {
        self.at(&self.userinfo)
    }

    /// The host, present (and possibly empty) wherever there is an authority; an IP-literal
    /// with its brackets.
    pub fn host(&self) -> Option<&[u8]> {
        self.at(&self.host)
    }

    /// Where the host is in the URI.
    pub fn host_span(&self) -> Option<Range<usize>> {
        self.host.clone()
    }

    /// The type of the host (§3.2.2).
    pub fn host_type(&self) -> Option<HostType> {
        self.host().map(HostType::of)
    }

    /// The port, without its `:` (possibly empty: §3.2.3 allows `http://h:/`).
    pub fn port(&self) -> Option<&[u8]> {
        self.at(&self.port)
    }

    /// The path, always present, possibly empty.
    pub fn path(&self) -> &[u8] {
        &self.uri[self.path.clone()]
    }

    /// The query, without its `?`.
    pub fn query(&self) -> Option<&[u8]> {
        self.at(&self.query)
    }

    /// The fragment, without its `#`.
    pub fn fragment(&self) -> Option<&[u8]> {
        self.at(&self.fragment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_types_are_told_apart_as_rfc_3986_section_3_2_2_writes_them() {
        assert_eq!(HostType::of(b"example.com"), HostType::RegName);
        assert_eq!(HostType::of(b""), HostType::RegName);
        assert_eq!(HostType::of(b"192.0.2.16"), HostType::Ipv4);
        // Not a dec-octet: a reg-name (§3.2.2's rule for what looks like an address).
        assert_eq!(HostType::of(b"192.0.2.256"), HostType::RegName);
        assert_eq!(HostType::of(b"[2001:db8::7]"), HostType::Ipv6);
        assert_eq!(HostType::of(b"[v7.fe80::a+en1]"), HostType::IpvFuture);
    }

    #[test]
    fn an_empty_authority_has_an_empty_host_and_no_authority_none() {
        let file = Components::of(&b"file:///etc/hosts"[..]);
        assert_eq!(file.host(), Some(&b""[..]));
        let mailto = Components::of(&b"mailto:a@example.com"[..]);
        assert_eq!(
            (mailto.host(), mailto.path()),
            (None, &b"a@example.com"[..])
        );
    }
}
