//! What the tables are indexed by: the standards (RFC 3986, RFC 2396 with RFC 2732, RFC 1738,
//! the WHATWG URL Standard, RFC 3987), the contexts data is encoded for ([`Context`]), and the
//! parts of a URI ([`Component`], RFC 3986 §3) that `check` validates one at a time.

use std::fmt;

use super::StandardSets;

/// A standard whose rules say what to encode (each described by [`Standard::description`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standard {
    /// RFC 3986.
    Rfc3986,
    /// RFC 2396 with RFC 2732.
    Rfc2396,
    /// RFC 1738.
    Rfc1738,
    /// The WHATWG URL Standard.
    Whatwg,
    /// RFC 3987.
    Rfc3987,
}

impl Standard {
    /// This standard's byte tables. Registering a standard's sets is this one arm.
    pub const fn sets(self) -> &'static StandardSets {
        match self {
            Standard::Rfc3986 => &super::rfc3986::SETS,
            Standard::Rfc2396 => &super::rfc2396::SETS,
            Standard::Rfc1738 => &super::rfc1738::SETS,
            Standard::Whatwg => &super::whatwg::SETS,
            Standard::Rfc3987 => &super::rfc3987::SETS,
        }
    }

    /// The standard's short name, as a column heading: `RFC 3986`, `WHATWG`.
    pub const fn short_name(self) -> &'static str {
        match self {
            Standard::Rfc3986 => "RFC 3986",
            Standard::Rfc2396 => "RFC 2396",
            Standard::Rfc1738 => "RFC 1738",
            Standard::Whatwg => "WHATWG",
            Standard::Rfc3987 => "RFC 3987",
        }
    }

    /// The RFC's number, as `--rfc` takes it (`"3986"`); none for the WHATWG URL Standard.
    ///
    /// ```
    /// use uriesc::sets::Standard;
    ///
    /// assert_eq!(Standard::Rfc2396.rfc(), Some("2396"));
    /// assert_eq!(Standard::Whatwg.rfc(), None);
    /// ```
    pub const fn rfc(self) -> Option<&'static str> {
        match self {
            Standard::Rfc3986 => Some("3986"),
            Standard::Rfc2396 => Some("2396"),
            Standard::Rfc1738 => Some("1738"),
            Standard::Whatwg => None,
            Standard::Rfc3987 => Some("3987"),
        }
    }

    /// What the standard is, in a line (the command line's help for `--rfc`).
    pub const fn description(self) -> &'static str {
        match self {
            Standard::Rfc3986 => "RFC 3986 (2005), the current URI standard",
            Standard::Rfc2396 => "RFC 2396 (1998) with RFC 2732's IPv6 brackets",
            Standard::Rfc1738 => "RFC 1738 (1994), the first URL standard",
            Standard::Whatwg => "The WHATWG URL Standard, as browsers implement it",
            Standard::Rfc3987 => "RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal",
        }
    }

    /// Where the standard is in [`Standard::ALL`], for tables indexed by standard.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Every standard, in the order of their declaration (a standard's place is its discriminant): the URI
    /// RFCs newest first, the WHATWG URL Standard, then RFC 3987 (IRIs), added last so that
    /// the earlier columns of every table keep their place.
    pub const ALL: [Standard; 5] = [
        Standard::Rfc3986,
        Standard::Rfc2396,
        Standard::Rfc1738,
        Standard::Whatwg,
        Standard::Rfc3987,
    ];
}

every_variant_in_all!(Standard: Rfc3986, Rfc2396, Rfc1738, Whatwg, Rfc3987);

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Standard::Rfc3986 => "RFC 3986",
            Standard::Rfc2396 => "RFC 2396",
            Standard::Rfc1738 => "RFC 1738",
            Standard::Whatwg => "the WHATWG URL Standard",
            Standard::Rfc3987 => "RFC 3987",
        })
    }
}

/// A part of a URI: a component of RFC 3986 §3 or a subcomponent of its authority (§3.2), or
/// one segment of a path (§3.3). What [`check`](crate::check) validates a record as, besides a
/// whole URI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `scheme` (RFC 3986 §3.1).
    Scheme,
    /// `userinfo` (RFC 3986 §3.2.1).
    Userinfo,
    /// `host` (RFC 3986 §3.2.2).
    Host,
    /// `port` (RFC 3986 §3.2.3).
    Port,
    /// `path` (RFC 3986 §3.3).
    Path,
    /// `segment` (RFC 3986 §3.3): one segment of a path.
    Segment,
    /// `query` (RFC 3986 §3.4).
    Query,
    /// `fragment` (RFC 3986 §3.5).
    Fragment,
}

impl Component {
    /// Every component, in the order they are written in a URI (RFC 3986 §3), a segment after
    /// the path it is part of.
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Segment,
        Component::Query,
        Component::Fragment,
    ];

    /// The name the command line uses: `scheme`, `userinfo`.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Segment => "segment",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// What the component is, in one line (the command line's help).
    pub const fn description(self) -> &'static str {
        match self {
            Component::Scheme => "The scheme",
            Component::Userinfo => "User name and password, before '@'",
            Component::Host => "The host",
            Component::Port => "The port",
            Component::Path => "A path of several segments",
            Component::Segment => "One path segment",
            Component::Query => "The query after '?'",
            Component::Fragment => "The fragment after '#'",
        }
    }
}

/// What data is encoded for: the component it will sit in, or one of the ways data is written
/// inside a query. Each takes a set of bytes to encode ([`data_set`](super::data_set)); a
/// scheme and a port take no escapes (RFC 3986 §3.1, §3.2.3), so they are none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Data safe in any component (RFC 3986 §2.3: all but `unreserved` encoded).
    Any,
    /// Data in a [`Component::Userinfo`].
    Userinfo,
    /// Data in a [`Component::Host`]: a registered name (RFC 3986 §3.2.2 `reg-name`).
    Host,
    /// Data in a [`Component::Path`]: `/` separates its segments.
    Path,
    /// Data in a [`Component::Segment`]: `/` is data.
    Segment,
    /// Data in a [`Component::Query`].
    Query,
    /// A name or value of a query's `name=value&name=value` (url.bs "component percent-encode
    /// set").
    Param,
    /// `application/x-www-form-urlencoded` (url.bs): a space is written `+`.
    Form,
    /// Data in a [`Component::Fragment`].
    Fragment,
}

impl Context {
    /// Every context, in the order of the columns of the `table` chart.
    pub const ALL: [Context; 9] = [
        Context::Any,
        Context::Userinfo,
        Context::Host,
        Context::Path,
        Context::Segment,
        Context::Query,
        Context::Param,
        Context::Form,
        Context::Fragment,
    ];

    /// The name the command line uses: `any`, `form`.
    pub const fn name(self) -> &'static str {
        match self {
            Context::Any => "any",
            Context::Userinfo => "userinfo",
            Context::Host => "host",
            Context::Path => "path",
            Context::Segment => "segment",
            Context::Query => "query",
            Context::Param => "param",
            Context::Form => "form",
            Context::Fragment => "fragment",
        }
    }

    /// What the data is for, and what encoding for it does, in one line (the command line's
    /// help).
    pub const fn description(self) -> &'static str {
        match self {
            Context::Any => {
                "Safe in any component: everything but unreserved characters is encoded"
            }
            Context::Userinfo => "User name and password, before '@'",
            Context::Host => "A registered name (domain)",
            Context::Path => "A path of several segments: '/' is kept",
            Context::Segment => "One path segment: '/' is data",
            Context::Query => "The query after '?'",
            Context::Param => "A key or value inside k=v&k=v: also encodes & = + ;",
            Context::Form => "application/x-www-form-urlencoded: space is '+'",
            Context::Fragment => "The fragment after '#'",
        }
    }
}

every_variant_in_all!(Component: Scheme, Userinfo, Host, Port, Path, Segment, Query, Fragment);
every_variant_in_all!(Context: Any, Userinfo, Host, Path, Segment, Query, Param, Form, Fragment);
