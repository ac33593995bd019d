//! What `check` validates a record as: a whole URI, by RFC 3986's rule `URI` or
//! `URI-reference` (§3, §4.1) or each standard's counterpart, or one [`Component`] by its rule;
//! and [`Unsupported`], why a standard has no rule for one (RFC 1738 has no fragment).

use std::fmt;

use crate::sets::{Component, Standard};

/// What a record is checked as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// `URI` (RFC 3986 §3): absolute, with a scheme (§4.3), and an optional fragment.
    Uri,
    /// `URI-reference` (RFC 3986 §4.1): a `URI` or a `relative-ref` (§4.2).
    Reference,
    /// One component on its own, by its rule (`host`, `path`, `query`).
    Component(Component),
}

impl Target {
    /// Every target: the whole URI, the reference, then each of [`Component::ALL`].
    pub const ALL: [Target; 2 + Component::ALL.len()] = {
        let mut all = [Target::Uri; 2 + Component::ALL.len()];
        all[1] = Target::Reference;
        let mut i = 0;
        while i < Component::ALL.len() {
            all[2 + i] = Target::Component(Component::ALL[i]);
            i += 1;
        }
        all
    };

    /// The name the command line uses: `uri`, `reference`, or the component's.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Uri => "uri",
            Target::Reference => "reference",
            Target::Component(component) => component.name(),
        }
    }

    /// What the record is, in one line (the command line's help).
    pub const fn description(self) -> &'static str {
        match self {
            Target::Uri => "A whole URI (absolute)",
            Target::Reference => "A URI reference: a URI or a relative reference",
            Target::Component(component) => component.description(),
        }
    }
}

impl From<Component> for Target {
    fn from(component: Component) -> Target {
        Target::Component(component)
    }
}

/// Why `check` cannot validate a target under a standard ([`super::supported`]): the standard
/// has no rule for it (RFC 1738 has no fragment, and no relative reference: they came with RFC
/// 1808), or the library was built without the parser it needs (the `whatwg` feature).
///
/// ```
/// use uriesc::check::{Target, supported};
/// use uriesc::sets::{Component, Standard};
///
/// let why = supported(Standard::Rfc1738, Component::Fragment.into()).unwrap_err();
/// assert_eq!(why.target, Target::Component(Component::Fragment));
/// assert_eq!(why.to_string(), why.reason());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The standard asked.
    pub standard: Standard,
    /// What it was asked to check.
    pub target: Target,
    /// Why, for a person.
    pub(super) reason: &'static str,
}

impl Unsupported {
    /// Why, for a person, with what to check instead where there is something: the message
    /// `uriesc` ends with.
    pub fn reason(&self) -> &'static str {
        self.reason
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason)
    }
}

impl std::error::Error for Unsupported {}
