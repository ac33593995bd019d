//! The values of the options that are not components: the library's own types (`--utf8`,
//! `--profile`, `--report-format`, `--from`), each value by the library's name and line of
//! help, so that the library has no clap in it and the command line no copy of its lists;
//! and the command line's own (`--color`, `table --format`, the stdout `--format`).

use clap::ValueEnum;

use uriesc::{decode, extract, key, report};

/// When to use colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// When writing to a terminal that shows colour (TERM set and not dumb) and NO_COLOR is
    /// not set
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour output that goes to a terminal or not (`to_terminal`). `auto` decides
    /// as ripgrep and clap do: no colour for a terminal whose TERM is `dumb` or (but on
    /// Windows, where TERM is seldom set) unset, nor where NO_COLOR is set and not empty
    /// (no-color.org).
    pub fn enabled(self, to_terminal: bool) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                let term = std::env::var_os("TERM");
                let term_shows_colour = match term {
                    Some(term) => term != "dumb",
                    None => cfg!(windows),
                };
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                to_terminal && term_shows_colour && !no_color
            }
        }
    }
}

/// How `table` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Aligned columns for people
    Text,
    /// JSON Lines: the chart as one object on one line, or one object per line for each
    /// character explained
    Json,
}

/// The form of what a command writes to stdout (`--format` of `parse`, `extract`, `match`,
/// `key`): text, or JSON Lines, each said in its command's words ([`output_forms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    Text,
    Json,
}

/// `--format`'s values, `text` and `json`, each helped by what the command writes in it.
pub fn output_forms(
    text: &'static str,
    json: &'static str,
) -> impl clap::builder::TypedValueParser<Value = OutputFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let forms = [
        PossibleValue::new("text").help(text),
        PossibleValue::new("json").help(json),
    ];
    PossibleValuesParser::new(forms).map(|form| match form.as_str() {
        "json" => OutputFormat::Json,
        _ => OutputFormat::Text,
    })
}

/// A value of the command line that is one of the library's own: the values are the
/// library type's `ALL`, each by the name and the line of description the library gives it, so
/// that a value added there is a choice here, with its help, and no change here.
macro_rules! library_values {
    ($(#[$doc:meta])* $name:ident($ty:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub $ty);

        impl ValueEnum for $name {
            fn value_variants<'a>() -> &'a [Self] {
                static ALL: std::sync::LazyLock<Vec<$name>> =
                    std::sync::LazyLock::new(|| <$ty>::ALL.iter().copied().map($name).collect());
                &ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                let help = super::literal_braces(self.0.description());
                Some(clap::builder::PossibleValue::new(self.0.name()).help(help))
            }
        }
    };
}

library_values! {
    /// `decode --utf8`: what to do with decoded bytes that are not UTF-8
    /// ([`decode::Utf8::ALL`]).
    Utf8Arg(decode::Utf8)
}

library_values! {
    /// `key --profile`: a profile of the library's ([`key::Profile::ALL`]).
    KeyProfile(key::Profile)
}

library_values! {
    /// `--report-format` (and check's `--format`): how reports are written
    /// ([`report::Format::ALL`]).
    ReportFormat(report::Format)
}

library_values! {
    /// `extract --from` and `check --extract --from`: how to read a document
    /// ([`extract::Reader::ALL`]).
    FromArg(extract::Reader)
}

impl ReportFormat {
    /// Text, the default.
    pub const TEXT: ReportFormat = ReportFormat(report::Format::Text);
}
