//! What `check` validates a record as: a whole URI, by RFC 3986's rule `URI` or
//! `URI-reference` (§3, §4.1) or each standard's counterpart, or one [`Component`] by its rule.

use crate::sets::Component;

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
