//! The `--component` choices of each command: exactly the components it takes, each with its
//! help, and what they are in the library's terms ([`Context`], [`Target`]); the names a
//! command accepts only to refuse them, with the reason.

use clap::ValueEnum;

use uriesc::check::Target;
use uriesc::sets::{Component, Context, Standard};

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

/// Why `encode` and `decode` refuse a part that takes no data: its `-c` name, and the reason.
struct NotData {
    name: &'static str,
    reason: &'static str,
}

/// The parts of a URI that take no data, as `encode` and `decode` accept their names: a scheme
/// and a port allow no escapes (RFC 3986 §3.1, §3.2.3), and a whole URI is no data.
fn not_data(name: &'static str) -> NotData {
    let reason = match name {
        "scheme" => {
            "a scheme allows no escapes (letters, digits, '+', '-', '.'); use `uriesc check -c scheme`"
        }
        "port" => "a port is digits only and allows no escapes; use `uriesc check -c port`",
        _ => {
            "a whole URI is not data: encode each component on its own, or use `uriesc clean` to make a typed URI valid"
        }
    };
    NotData { name, reason }
}

/// A `-c` value of `encode` or `decode`: the context it names, or why it names none.
fn data(c: DataComponent) -> Result<Context, NotData> {
    Ok(match c {
        DataComponent::Any => Context::Any,
        DataComponent::Userinfo => Context::Userinfo,
        DataComponent::Host => Context::Host,
        DataComponent::Path => Context::Path,
        DataComponent::Segment => Context::Segment,
        DataComponent::Query => Context::Query,
        DataComponent::Param => Context::Param,
        DataComponent::Form => Context::Form,
        DataComponent::Fragment => Context::Fragment,
        DataComponent::Scheme => return Err(not_data("scheme")),
        DataComponent::Port => return Err(not_data("port")),
        DataComponent::Uri => return Err(not_data("uri")),
        DataComponent::Reference => return Err(not_data("reference")),
    })
}

impl DataComponent {
    /// The context `encode` encodes for, or the usage error of a part that takes no data.
    pub fn context(self, standard: Standard) -> anyhow::Result<Context> {
        data(self).map_err(|no| {
            anyhow::anyhow!(
                "--component {} does not take data under {standard}: {}",
                no.name,
                no.reason
            )
        })
    }
}

impl DecodeComponent {
    /// The context `decode` decodes from, or the usage error of a part that takes no escapes,
    /// so has none to decode. The same under every standard, so the message names none.
    pub fn context(self) -> anyhow::Result<Context> {
        let same = match self {
            DecodeComponent::Any => DataComponent::Any,
            DecodeComponent::Userinfo => DataComponent::Userinfo,
            DecodeComponent::Host => DataComponent::Host,
            DecodeComponent::Path => DataComponent::Path,
            DecodeComponent::Segment => DataComponent::Segment,
            DecodeComponent::Query => DataComponent::Query,
            DecodeComponent::Param => DataComponent::Param,
            DecodeComponent::Form => DataComponent::Form,
            DecodeComponent::Fragment => DataComponent::Fragment,
            DecodeComponent::Scheme => DataComponent::Scheme,
            DecodeComponent::Port => DataComponent::Port,
            DecodeComponent::Uri => DataComponent::Uri,
            DecodeComponent::Reference => DataComponent::Reference,
        };
        data(same).map_err(|no| {
            anyhow::anyhow!(
                "decode -c {}: there is nothing to decode: {}",
                no.name,
                no.reason
            )
        })
    }
}

impl CheckComponent {
    /// The name of this value on the command line.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |value| value.get_name().to_owned())
    }

    /// What `check` validates, or why a choice for encoding data is none.
    pub fn target(self) -> Result<Target, String> {
        Ok(match self {
            CheckComponent::Uri => Target::Uri,
            CheckComponent::Reference => Target::Reference,
            CheckComponent::Scheme => Component::Scheme.into(),
            CheckComponent::Userinfo => Component::Userinfo.into(),
            CheckComponent::Host => Component::Host.into(),
            CheckComponent::Port => Component::Port.into(),
            CheckComponent::Path => Component::Path.into(),
            CheckComponent::Segment => Component::Segment.into(),
            CheckComponent::Query => Component::Query.into(),
            CheckComponent::Fragment => Component::Fragment.into(),
            CheckComponent::Any | CheckComponent::Param | CheckComponent::Form => {
                return Err(format!(
                    "check validates URIs and their components; -c {} is a choice for encoding \
                     data (use uri, reference, scheme, userinfo, host, port, path, segment, \
                     query or fragment)",
                    self.name()
                ));
            }
        })
    }
}

impl From<CleanComponent> for Target {
    fn from(c: CleanComponent) -> Target {
        match c {
            CleanComponent::Uri => Target::Uri,
            CleanComponent::Reference => Target::Reference,
        }
    }
}
