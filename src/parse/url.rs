//! One URL as a reading makes it: [`Url`], with the components of RFC 3986 §3 or the getters
//! of url.bs "API" (its fields by name are [`super::fields`]'s, [`Url::field`]), and the reading of a record
//! ([`read`]).

use std::borrow::Cow;
use std::ops::Range;

#[cfg(feature = "whatwg")]
use super::Common;
use super::Options;
use super::derived::ascii_domain;
use super::rfc::{Components, HostType};
use crate::check::{self, Problem, Target};
use crate::sets::Standard;

/// The getters of the URL Standard's API (url.bs "API"), in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Getter {
    Href,
    Origin,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// A URL taken apart by one reading.
pub enum Url<'a> {
    /// An RFC's reading: the components as they stand in the URI reference.
    Rfc(Components<'a>),
    /// The URL Standard's: the parser's URL record, through its API's getters.
    #[cfg(feature = "whatwg")]
    Whatwg(Record),
    /// The URL Standard's, of a URL whose serialization needs no parser ([`Common`]).
    #[cfg(feature = "whatwg")]
    Common(Common<'a>),
}

/// The URL Standard's URL record, as its parser made it (url.bs "URL record"): read through
/// [`Url`]'s getters. Its parser is ada's, which stays out of the API.
#[cfg(feature = "whatwg")]
pub struct Record(pub(crate) ada_url::Url);

impl Url<'_> {
    /// Whether this is a common URL, read without the parser (`Common`).
    pub(crate) fn is_common(&self) -> bool {
        #[cfg(feature = "whatwg")]
        return matches!(self, Url::Common(_));
        #[cfg(not(feature = "whatwg"))]
        return false;
    }

    /// Whether this is the URL Standard's reading.
    pub fn is_whatwg(&self) -> bool {
        !matches!(self, Url::Rfc(_))
    }

    /// The components of the RFC reading; `None` under the URL Standard's.
    pub fn rfc(&self) -> Option<&Components<'_>> {
        match self {
            Url::Rfc(c) => Some(c),
            #[cfg(feature = "whatwg")]
            _ => None,
        }
    }

    /// What `getter` of the URL Standard's API gives (url.bs "API"); `None` under an RFC's
    /// reading, which has no such getter.
    pub(crate) fn getter(&self, getter: Getter) -> Option<Cow<'_, [u8]>> {
        match self {
            Url::Rfc(_) => {
                let _ = getter;
                None
            }
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => Some(match getter {
                Getter::Href => Cow::Borrowed(url.href().as_bytes()),
                Getter::Origin => origin(url),
                Getter::Protocol => Cow::Borrowed(url.protocol().as_bytes()),
                Getter::Username => Cow::Borrowed(url.username().as_bytes()),
                Getter::Password => Cow::Borrowed(url.password().as_bytes()),
                Getter::Host => Cow::Borrowed(url.host().as_bytes()),
                Getter::Hostname => Cow::Borrowed(url.hostname().as_bytes()),
                Getter::Port => Cow::Borrowed(url.port().as_bytes()),
                Getter::Pathname => Cow::Borrowed(url.pathname().as_bytes()),
                Getter::Search => Cow::Borrowed(url.search().as_bytes()),
                Getter::Hash => Cow::Borrowed(url.hash().as_bytes()),
            }),
            #[cfg(feature = "whatwg")]
            Url::Common(url) => Some(Cow::Borrowed(match getter {
                Getter::Href => url.href(),
                Getter::Origin => url.origin(),
                Getter::Protocol => url.protocol(),
                // A common URL has no credentials.
                Getter::Username | Getter::Password => b"",
                Getter::Host => url.host(),
                Getter::Hostname => url.hostname(),
                Getter::Port => url.port(),
                Getter::Pathname => url.pathname(),
                Getter::Search => url.search(),
                Getter::Hash => url.hash(),
            })),
        }
    }

    /// The path as a list of segments, if it is one: under the URL Standard a URL with an
    /// opaque path (`mailto:x`) has none (url.bs "URL": "a URL path segment" rather than a
    /// list); under an RFC every path is `segment`s between `/`s (RFC 3986 §3.3).
    pub fn path_of_segments(&self) -> Option<&[u8]> {
        match self {
            Url::Rfc(c) => Some(c.path()),
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => {
                let path = url.pathname().as_bytes();
                (path.first() == Some(&b'/')).then_some(path)
            }
            #[cfg(feature = "whatwg")]
            Url::Common(url) => Some(url.pathname()),
        }
    }

    /// The query without its `?`, if the URL has one, empty or not (the URL Standard's
    /// `search` getter gives "" for both: url.bs "search getter").
    pub fn query(&self) -> Option<&[u8]> {
        match self {
            Url::Rfc(c) => c.query(),
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => match url.has_search() {
                true => Some(url.search().as_bytes().get(1..).unwrap_or_default()),
                false => None,
            },
            #[cfg(feature = "whatwg")]
            Url::Common(url) => url.query(),
        }
    }

    /// The URI as a string and where its host is in it, if it has one: what the display
    /// policy reads (the scheme tells whether the host is a domain).
    pub(crate) fn host_in_uri(&self) -> Option<(&[u8], Range<usize>)> {
        match self {
            Url::Rfc(c) => c.host_span().map(|span| (c.uri(), span)),
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => {
                // url.bs "URL serializing": the scheme and ":", then, where the host is not
                // null, "//", the credentials and "@" where there are any, and the host.
                let href = url.href().as_bytes();
                let mut start = url.protocol().len();
                if !href[start..].starts_with(b"//") {
                    return None;
                }
                start += 2;
                if url.has_credentials() {
                    start += memchr::memchr(b'@', &href[start..])? + 1;
                }
                Some((href, start..start + url.hostname().len()))
            }
            #[cfg(feature = "whatwg")]
            Url::Common(url) => Some(url.host_in_href()),
        }
    }

    /// The URL as a string: the URI reference (its RFC reading), or the serialization.
    pub fn string(&self) -> &[u8] {
        match self {
            Url::Rfc(c) => c.uri(),
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => url.href().as_bytes(),
            #[cfg(feature = "whatwg")]
            Url::Common(url) => url.href(),
        }
    }

    /// The host's domain in ASCII, the form the Public Suffix List is matched against
    /// (UTS #46 ToASCII): as it is for a special URL's domain, which the URL Standard's host
    /// parser has made so already (url.bs "domain to ASCII").
    pub fn ascii_domain(&self) -> Option<Cow<'_, str>> {
        let domain = self.domain()?;
        let ascii = match self {
            #[cfg(feature = "whatwg")]
            Url::Common(_) => true,
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => url.scheme_type() != ada_url::SchemeType::NotSpecial,
            Url::Rfc(_) => false,
        };
        match ascii {
            // The parser's output is ASCII.
            true => std::str::from_utf8(domain).ok().map(Cow::Borrowed),
            false => ascii_domain(domain),
        }
    }

    /// The host if it is a name the Public Suffix List may know: an RFC `reg-name` that is
    /// not empty, or a URL Standard domain (not an IP address, url.bs "host"); as it stands.
    pub fn domain(&self) -> Option<&[u8]> {
        match self {
            Url::Rfc(c) => c
                .host()
                .filter(|h| !h.is_empty() && c.host_type() == Some(HostType::RegName)),
            #[cfg(feature = "whatwg")]
            Url::Whatwg(Record(url)) => {
                let kind = url.host_type();
                let name = url.hostname().as_bytes();
                (kind == ada_url::HostType::Domain && !name.is_empty()).then_some(name)
            }
            #[cfg(feature = "whatwg")]
            Url::Common(url) => Some(url.hostname()),
        }
    }
}

/// The origin of `url`, serialized (url.bs "origin" of a URL, and "serialization of an
/// origin"): a tuple origin for the special schemes but `file` (the scheme, "://", the host
/// and a port that is not the default, which is what the `host` getter gives), an opaque one,
/// "null", for `file` and the schemes that are not special; `blob` URLs (whose origin is their
/// path's) are left to the parser. Computed here, as the parser's own getter would cost a
/// string from C++ for each URL.
#[cfg(feature = "whatwg")]
fn origin(url: &ada_url::Url) -> Cow<'_, [u8]> {
    use ada_url::SchemeType;
    match url.scheme_type() {
        SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss
        | SchemeType::Ftp => {
            let mut origin = Vec::with_capacity(url.protocol().len() + 2 + url.host().len());
            origin.extend_from_slice(url.protocol().as_bytes());
            origin.extend_from_slice(b"//");
            origin.extend_from_slice(url.host().as_bytes());
            Cow::Owned(origin)
        }
        SchemeType::NotSpecial if url.protocol() == "blob:" => {
            Cow::Owned(url.origin().into_bytes())
        }
        _ => Cow::Borrowed(b"null"),
    }
}

/// `record` read as `options` say: resolved against the base first, if there is one; the
/// problem where the record is not a URI reference under an RFC's grammar, or the URL
/// Standard's parser refuses it.
///
/// `scratch` holds what the reading writes (the serialization of a common URL, [`Common`]),
/// kept from record to record.
pub fn read<'a>(
    record: &'a [u8],
    options: &Options,
    scratch: &'a mut Vec<u8>,
) -> Result<Url<'a>, Problem> {
    match options.standard {
        #[cfg(feature = "whatwg")]
        Standard::Whatwg if options.base.is_none() => match Common::read(record, scratch) {
            Some(common) => Ok(Url::Common(common)),
            None => read_whatwg(record, None),
        },
        #[cfg(feature = "whatwg")]
        Standard::Whatwg => read_whatwg(record, options.base.as_deref()),
        #[cfg(not(feature = "whatwg"))]
        Standard::Whatwg => Err(Problem {
            offset: 0,
            rule: "whatwg-feature",
            message: crate::check::without_whatwg!("to parse under the URL Standard").into(),
        }),
        standard => {
            let _ = scratch;
            check::check(record, standard, target(standard))?;
            Ok(Url::Rfc(match &options.base {
                Some(base) => Components::of(crate::uri::resolve(base, record)),
                None => Components::of(record),
            }))
        }
    }
}

/// What a record is under `standard`: a URI reference (RFC 3986 §4.1), or a URL where the
/// standard has no relative references (RFC 1738: they came with RFC 1808).
pub fn target(standard: Standard) -> Target {
    match check::supported(standard, Target::Reference) {
        Ok(()) => Target::Reference,
        Err(_) => Target::Uri,
    }
}

/// The URL Standard's reading: the basic URL parser (url.bs "URL parsing"), through ada.
#[cfg(feature = "whatwg")]
fn read_whatwg<'a>(record: &'a [u8], base: Option<&[u8]>) -> Result<Url<'a>, Problem> {
    parse_whatwg(record, base).map(|url| Url::Whatwg(Record(url)))
}

/// The URL record of `record` (url.bs "URL parsing", through ada), against `base` where there
/// is one (a URL, as [`super::prepared_base`] made it); or why the parser refuses it, for a
/// person: the first byte that is not UTF-8, or the grammar's reason where it has one.
#[cfg(feature = "whatwg")]
pub(crate) fn parse_whatwg(record: &[u8], base: Option<&[u8]>) -> Result<ada_url::Url, Problem> {
    let text = std::str::from_utf8(record).map_err(|e| Problem {
        offset: e.valid_up_to(),
        rule: "failure",
        message: "a URL is text, and this byte is not UTF-8; percent-encode it".into(),
    })?;
    let base = base.and_then(|b| std::str::from_utf8(b).ok());
    match ada_url::Url::parse(text, base) {
        Ok(url) => Ok(url),
        Err(_) => Err(match base {
            Some(base) => Problem {
                offset: 0,
                rule: "failure",
                message: format!(
                    "the URL parser refuses this URL against the base '{}'",
                    crate::visible::visible(base.as_bytes())
                ),
            },
            None => crate::clean::parse_failure(record),
        }),
    }
}
