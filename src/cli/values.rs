//! The value enums of the options that are not components (`--utf8`, `--color`, `--format`):
//! the command line's words for the library's types, kept apart from them so that the library
//! has no clap in it.

use clap::ValueEnum;

use uriesc::decode;

/// What `decode --utf8` does with decoded bytes that are not UTF-8 ([`decode::Utf8`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Utf8Arg {
    /// Write the decoded bytes as they are
    Raw,
    /// Report each invalid UTF-8 sequence at its place and write it as raw does (status 1)
    Strict,
    /// Write U+FFFD for each invalid sequence
    Lossy,
}

impl From<Utf8Arg> for decode::Utf8 {
    fn from(arg: Utf8Arg) -> decode::Utf8 {
        match arg {
            Utf8Arg::Raw => decode::Utf8::Raw,
            Utf8Arg::Strict => decode::Utf8::Strict,
            Utf8Arg::Lossy => decode::Utf8::Lossy,
        }
    }
}

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

/// How every command that reports writes its reports ([`uriesc::report::Format`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write
    Text,
    /// JSON Lines: one object per problem
    Json,
    /// GitHub Actions annotations (::error file=...,line=...,col=...::message)
    Github,
    /// One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)
    Sarif,
}

impl From<ReportFormat> for uriesc::report::Format {
    fn from(format: ReportFormat) -> Self {
        match format {
            ReportFormat::Text => Self::Text,
            ReportFormat::Json => Self::Json,
            ReportFormat::Github => Self::Github,
            ReportFormat::Sarif => Self::Sarif,
        }
    }
}

/// How `parse` writes each URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ParseFormat {
    /// One line per URL, its parts labelled: NAME=VALUE (logfmt)
    Text,
    /// JSON Lines: one object per URL, its parts as members
    Json,
}

/// `key --profile`: which key ([`uriesc::key::Profile`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KeyProfile {
    /// The URL Standard's serialization (url.bs "URL equivalence")
    Whatwg,
    /// RFC 3986 §6.2.2 and §6.2.3 normalization (what clean --normalize gives)
    Rfc3986,
    /// Scheme, host, port, path with all-digit segments as {n}, sorted parameter names
    Signature,
    /// The Safe Browsing API's canonicalization ("URLs and Hashing")
    Safebrowsing,
    /// The Internet Archive's SURT, as the surt package's surt.surt gives it
    Surt,
    /// urlcanon's reversible SSURT of the URL Standard's serialization
    Ssurt,
}

impl From<KeyProfile> for uriesc::key::Profile {
    fn from(profile: KeyProfile) -> Self {
        match profile {
            KeyProfile::Whatwg => Self::Whatwg,
            KeyProfile::Rfc3986 => Self::Rfc3986,
            KeyProfile::Signature => Self::Signature,
            KeyProfile::Safebrowsing => Self::Safebrowsing,
            KeyProfile::Surt => Self::Surt,
            KeyProfile::Ssurt => Self::Ssurt,
        }
    }
}
