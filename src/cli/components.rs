//! The `--component` choices of each command: exactly the components it takes, each with its
//! help, and what they are in the library's terms ([`Component`]).

use clap::ValueEnum;

use uriesc::sets::Component;

/// The components that take data: what `encode` works on (in the encoder's words; `decode`
/// has [`DecodeComponent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataComponent {
    /// Safe in any component: everything but unreserved characters is encoded
    Any,
    /// User name and password, before '@'
    Userinfo,
    /// A registered name (domain)
    Host,
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
    // Parts that take no data: accepted, then refused with the reason, and not listed.
    #[value(hide = true)]
    Scheme,
    #[value(hide = true)]
    Port,
    #[value(hide = true)]
    Uri,
    #[value(hide = true)]
    Reference,
}

/// What `decode`'s data came from: the same components as [`DataComponent`], said in the
/// decoder's words. Percent-decoding is the same in each (RFC 3986 §2.1: `%` and two hex
/// digits name a byte wherever they are); only form data decodes `+` as well (url.bs
/// "application/x-www-form-urlencoded parsing").
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DecodeComponent {
    /// Any component: every %XX becomes the byte it names; '+' stays '+'
    Any,
    /// User name and password, before '@': as any
    Userinfo,
    /// A registered name (domain): as any
    Host,
    /// A path of several segments: as any (%2F becomes '/' too)
    Path,
    /// One path segment: as any
    Segment,
    /// The query after '?': as any ('+' stays '+'; see form)
    Query,
    /// A key or value inside k=v&k=v: as any ('+' stays '+'; see form)
    Param,
    /// application/x-www-form-urlencoded: '+' is a space too (as --plus)
    Form,
    /// The fragment after '#': as any
    Fragment,
    // Parts that take no data: accepted, then refused with the reason, and not listed.
    #[value(hide = true)]
    Scheme,
    #[value(hide = true)]
    Port,
    #[value(hide = true)]
    Uri,
    #[value(hide = true)]
    Reference,
}

impl From<DecodeComponent> for Component {
    fn from(c: DecodeComponent) -> Component {
        match c {
            DecodeComponent::Any => Component::Any,
            DecodeComponent::Userinfo => Component::Userinfo,
            DecodeComponent::Host => Component::Host,
            DecodeComponent::Path => Component::Path,
            DecodeComponent::Segment => Component::Segment,
            DecodeComponent::Query => Component::Query,
            DecodeComponent::Param => Component::Param,
            DecodeComponent::Form => Component::Form,
            DecodeComponent::Fragment => Component::Fragment,
            DecodeComponent::Scheme => Component::Scheme,
            DecodeComponent::Port => Component::Port,
            DecodeComponent::Uri => Component::Uri,
            DecodeComponent::Reference => Component::Reference,
        }
    }
}

/// What `check` validates: a whole URI or one component of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckComponent {
    /// A whole URI (absolute)
    Uri,
    /// A URI reference: a URI or a relative reference
    Reference,
    /// The scheme
    Scheme,
    /// User name and password, before '@'
    Userinfo,
    /// The host
    Host,
    /// The port
    Port,
    /// A path of several segments
    Path,
    /// One path segment
    Segment,
    /// The query after '?'
    Query,
    /// The fragment after '#'
    Fragment,
    // Choices for encoding data, not parts of a URI: refused with the reason, and not listed.
    #[value(hide = true)]
    Any,
    #[value(hide = true)]
    Param,
    #[value(hide = true)]
    Form,
}

/// What `clean` cleans: whole URIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CleanComponent {
    /// A whole URI (absolute)
    Uri,
    /// A URI reference: a URI or a relative reference
    Reference,
}

impl From<DataComponent> for Component {
    fn from(c: DataComponent) -> Component {
        match c {
            DataComponent::Any => Component::Any,
            DataComponent::Userinfo => Component::Userinfo,
            DataComponent::Host => Component::Host,
            DataComponent::Path => Component::Path,
            DataComponent::Segment => Component::Segment,
            DataComponent::Query => Component::Query,
            DataComponent::Param => Component::Param,
            DataComponent::Form => Component::Form,
            DataComponent::Fragment => Component::Fragment,
            DataComponent::Scheme => Component::Scheme,
            DataComponent::Port => Component::Port,
            DataComponent::Uri => Component::Uri,
            DataComponent::Reference => Component::Reference,
        }
    }
}

impl From<CheckComponent> for Component {
    fn from(c: CheckComponent) -> Component {
        match c {
            CheckComponent::Uri => Component::Uri,
            CheckComponent::Reference => Component::Reference,
            CheckComponent::Scheme => Component::Scheme,
            CheckComponent::Userinfo => Component::Userinfo,
            CheckComponent::Host => Component::Host,
            CheckComponent::Port => Component::Port,
            CheckComponent::Path => Component::Path,
            CheckComponent::Segment => Component::Segment,
            CheckComponent::Query => Component::Query,
            CheckComponent::Fragment => Component::Fragment,
            CheckComponent::Any => Component::Any,
            CheckComponent::Param => Component::Param,
            CheckComponent::Form => Component::Form,
        }
    }
}

impl From<CleanComponent> for Component {
    fn from(c: CleanComponent) -> Component {
        match c {
            CleanComponent::Uri => Component::Uri,
            CleanComponent::Reference => Component::Reference,
        }
    }
}
