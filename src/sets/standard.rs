//! What the tables are indexed by: the standards (RFC 3986, RFC 2396 with RFC 2732, RFC 1738,
//! the WHATWG URL Standard, RFC 3987) and the URI components a value can be meant for.

use std::fmt;

use super::StandardSets;

/// A standard whose rules say what to encode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standard {
    /// RFC 3986 (2005), the current URI standard.
    Rfc3986,
    /// RFC 2396 (1998) with RFC 2732's IPv6 brackets.
    Rfc2396,
    /// RFC 1738 (1994), the first URL standard.
    Rfc1738,
    /// The WHATWG URL Standard, as browsers implement it.
    Whatwg,
    /// RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal.
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

    /// Where the standard is in [`Standard::ALL`], for tables indexed by standard.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Every standard, in the order of their declaration (see [`Standard::index`]): the URI
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

// `Standard::ALL` is every variant, each at its index: a variant added to the enum and not to
// `ALL` fails the exhaustive match below, and one out of place fails the assertion, both at
// compile time.
const _: () = {
    const fn listed(standard: Standard) -> bool {
        match standard {
            Standard::Rfc3986
            | Standard::Rfc2396
            | Standard::Rfc1738
            | Standard::Whatwg
            | Standard::Rfc3987 => true,
        }
    }
    let mut i = 0;
    while i < Standard::ALL.len() {
        assert!(Standard::ALL[i].index() == i && listed(Standard::ALL[i]));
        i += 1;
    }
};

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

/// What a value is: which part of a URI it is meant for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// Safe in any component: everything but unreserved characters is encoded
    Any,
    /// The scheme (takes no escapes)
    Scheme,
    /// User name and password, before '@'
    Userinfo,
    /// A registered name (domain)
    Host,
    /// The port (digits only, takes no escapes)
    Port,
    /// A path of several segments: '/' is kept
    Path,
    /// One path segment: '/' is data
    Segment,
    /// The query after '?'
    Query,
    /// A key or value inside k=v&k=v: also encodes & = + ;
    Param,
    /// application/x-www-form-urlencoded: space is '+'
    Form,
    /// The fragment after '#'
    Fragment,
    /// A whole URI
    Uri,
    /// A URI reference: a URI or a relative reference
    Reference,
}

impl Component {
    /// The components that take data, in the order of the CLI table.
    pub const DATA: [Component; 9] = [
        Component::Any,
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Segment,
        Component::Query,
        Component::Param,
        Component::Form,
        Component::Fragment,
    ];

    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            Component::Any => "any",
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Segment => "segment",
            Component::Query => "query",
            Component::Param => "param",
            Component::Form => "form",
            Component::Fragment => "fragment",
            Component::Uri => "uri",
            Component::Reference => "reference",
        }
    }
}
