//! The `--component` choices of each command: the library's values the command takes, each
//! named and described by the library ([`Context::ALL`], [`Target::ALL`]), and the names a
//! command accepts only to refuse them with the reason, hidden from its listing.

use std::sync::LazyLock;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use uriesc::check::Target;
use uriesc::sets::{Component, Context, Standard};

/// A `-c` value of one command: a value it takes, or a name it accepts only to refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<T> {
    /// A value the command takes.
    Takes(T),
    /// A name the command refuses, and why.
    Refused {
        name: &'static str,
        reason: &'static str,
    },
}

impl<T: Copy> Choice<T> {
    /// What clap lists: a value with the name and help `describe` gives it, or a refused
    /// name, hidden.
    fn possible_value(self, describe: fn(T) -> (&'static str, &'static str)) -> PossibleValue {
        match self {
            Choice::Takes(value) => {
                let (name, help) = describe(value);
                PossibleValue::new(name).help(help)
            }
            Choice::Refused { name, .. } => PossibleValue::new(name).hide(true),
        }
    }
}

/// Why a whole URI is refused as data, by `encode` and `decode`.
const WHOLE_URI: &str = "a whole URI is not data: encode each component on its own, or use `uriesc clean` to make a typed URI valid";

/// The parts of a URI that take no data, whose names `encode` and `decode` accept only to
/// refuse them: a scheme and a port allow no escapes (RFC 3986 §3.1, §3.2.3), and a whole URI
/// is no data.
const NOT_DATA: [Choice<Context>; 4] = [
    Choice::Refused {
        name: Component::Scheme.name(),
        reason: "a scheme allows no escapes (letters, digits, '+', '-', '.'); use `uriesc check -c scheme`",
    },
    Choice::Refused {
        name: Component::Port.name(),
        reason: "a port is digits only and allows no escapes; use `uriesc check -c port`",
    },
    Choice::Refused {
        name: Target::Uri.name(),
        reason: WHOLE_URI,
    },
    Choice::Refused {
        name: Target::Reference.name(),
        reason: WHOLE_URI,
    },
];

/// The values of `encode -c` and `decode -c`: every context, then the names refused.
fn data_choices() -> impl Iterator<Item = Choice<Context>> {
    Context::ALL.into_iter().map(Choice::Takes).chain(NOT_DATA)
}

/// `encode -c`: the context the data is for, in the library's words ([`Context::description`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataComponent(Choice<Context>);

impl From<Context> for DataComponent {
    fn from(context: Context) -> DataComponent {
        DataComponent(Choice::Takes(context))
    }
}

impl ValueEnum for DataComponent {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: LazyLock<Vec<DataComponent>> =
            LazyLock::new(|| data_choices().map(DataComponent).collect());
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(self.0.possible_value(|c| (c.name(), c.description())))
    }
}

impl DataComponent {
    /// The context `encode` encodes for, or the usage error of a part that takes no data.
    pub fn context(self, standard: Standard) -> anyhow::Result<Context> {
        match self.0 {
            Choice::Takes(context) => Ok(context),
            Choice::Refused { name, reason } => Err(anyhow::anyhow!(
                "--component {name} does not take data under {standard}: {reason}"
            )),
        }
    }
}

/// `decode -c`: what the data came from, the same values as [`DataComponent`], said in the
/// decoder's words ([`decoding`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeComponent(Choice<Context>);

impl From<Context> for DecodeComponent {
    fn from(context: Context) -> DecodeComponent {
        DecodeComponent(Choice::Takes(context))
    }
}

impl ValueEnum for DecodeComponent {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: LazyLock<Vec<DecodeComponent>> =
            LazyLock::new(|| data_choices().map(DecodeComponent).collect());
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(self.0.possible_value(|c| (c.name(), decoding(c))))
    }
}

impl DecodeComponent {
    /// The context `decode` decodes from, or the usage error of a part that takes no escapes,
    /// so has none to decode. The same under every standard, so the message names none.
    pub fn context(self) -> anyhow::Result<Context> {
        match self.0 {
            Choice::Takes(context) => Ok(context),
            Choice::Refused { name, reason } => Err(anyhow::anyhow!(
                "decode -c {name}: there is nothing to decode: {reason}"
            )),
        }
    }
}

/// What `decode` does with data from `context`, for its help. Percent-decoding is the same in
/// each (RFC 3986 §2.1: `%` and two hex digits name a byte wherever they are); only form data
/// decodes `+` as well (url.bs "application/x-www-form-urlencoded parsing"). The library's
/// decoder takes no context, only whether `+` is a space, so these words, which say how `-c`
/// maps onto `--plus`, are the command's.
fn decoding(context: Context) -> &'static str {
    match context {
        Context::Any => "Any component: every %XX becomes the byte it names; '+' stays '+'",
        Context::Userinfo => "User name and password, before '@': as any",
        Context::Host => "A registered name (domain): as any",
        Context::Path => "A path of several segments: as any (%2F becomes '/' too)",
        Context::Segment => "One path segment: as any",
        Context::Query => "The query after '?': as any ('+' stays '+'; see form)",
        Context::Param => "A key or value inside k=v&k=v: as any ('+' stays '+'; see form)",
        Context::Form => "application/x-www-form-urlencoded: '+' is a space too (as --plus)",
        Context::Fragment => "The fragment after '#': as any",
    }
}

/// `check -c`: what each record is, in the library's words ([`Target::description`]); the
/// contexts that are no part of a URI (`any`, `param`, `form`) are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckComponent(Choice<Target>);

impl From<Target> for CheckComponent {
    fn from(target: Target) -> CheckComponent {
        CheckComponent(Choice::Takes(target))
    }
}

impl ValueEnum for CheckComponent {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: LazyLock<Vec<CheckComponent>> = LazyLock::new(|| {
            let not_a_part = Context::ALL
                .into_iter()
                .filter(|c| Target::ALL.iter().all(|t| t.name() != c.name()))
                .map(|c| Choice::Refused {
                    name: c.name(),
                    reason: "a choice for encoding data",
                });
            let takes = Target::ALL.into_iter().map(Choice::Takes);
            takes.chain(not_a_part).map(CheckComponent).collect()
        });
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(self.0.possible_value(|t| (t.name(), t.description())))
    }
}

impl CheckComponent {
    /// What `check` validates, or why the name is none of it.
    pub fn target(self) -> Result<Target, String> {
        match self.0 {
            Choice::Takes(target) => Ok(target),
            Choice::Refused { name, reason } => {
                let [rest @ .., last] = Target::ALL.map(Target::name);
                Err(format!(
                    "check validates URIs and their components; -c {name} is {reason} (use {} \
                     or {last})",
                    rest.join(", ")
                ))
            }
        }
    }
}

/// `clean -c`: what each record is, the library's [`Target`] of a whole URI or a reference
/// (the first two of [`Target::ALL`]), named and described as the library names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CleanComponent(pub Target);

impl ValueEnum for CleanComponent {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            CleanComponent(Target::ALL[0]),
            CleanComponent(Target::ALL[1]),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.description()))
    }
}
