//! The reports of `uriesc check`: what is written for each invalid record, apart from the
//! validation itself ([`super::check`]).
//!
//! [`Checker`] runs the validators over a stream of records, counts them and writes one report
//! per problem in the chosen [`Format`]: grep-style text lines (`SOURCE:LINE:COLUMN: error:
//! MESSAGE`), JSON Lines (RFC 8259, one object per problem), or GitHub Actions workflow
//! commands (`::error file=...,line=...,col=...::message`).

use std::io::Write;

use super::{Problem, check, confusion, whatwg};
use crate::excerpt::Excerpt;
use crate::sets::{Component, Standard};
use crate::stream::{Messages, Place, RecordError, RecordFilter, count_chars};
use crate::visible::{shown_as_it_is, visible};
use anstyle::{AnsiColor, Style};

/// The colour of `error:` in a text report.
const ERROR: Style = AnsiColor::Red.on_default().bold();
/// The colour of a text report's place and message.
const BOLD: Style = Style::new().bold();
/// The colour of the caret under a problem.
const CARET: Style = AnsiColor::Green.on_default();

/// How reports are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// `SOURCE:LINE:COLUMN: error: MESSAGE`, as compilers and grep write.
    #[default]
    Text,
    /// JSON Lines: one object per problem.
    Json,
    /// GitHub Actions annotations (`::error file=...,line=...,col=...::message`).
    Github,
}

/// Which records to print to stdout, as they came.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// None: stdout has the reports.
    #[default]
    Reports,
    /// The valid records; reports go to stderr.
    Valid,
    /// The invalid records; reports go to stderr.
    Invalid,
}

/// How `check` runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The standard whose grammar is checked.
    pub standard: Standard,
    /// What each record is checked as: a URI, a reference or a component.
    pub component: Component,
    /// How reports are written.
    pub format: Format,
    /// Which records go to stdout.
    pub select: Select,
    /// Status only: no reports, no summary.
    pub quiet: bool,
    /// Colour text reports (and show the record with a caret).
    pub color: bool,
    /// Report the records that RFC 3986 and the WHATWG URL Standard read differently
    /// ([`confusion`]) instead of checking `standard`'s grammar.
    pub confusion: bool,
    /// With [`Standard::Whatwg`], the kind of base URL each record is a reference against
    /// ([`whatwg::check_reference`]); `None` checks `component`.
    pub base: Option<whatwg::Base>,
    /// What a record would be once cleaned, if cleaning makes it valid: the suggestion of a
    /// report. Given by the caller (`clean` builds on `check`, not the other way round).
    pub suggest: Option<Suggest>,
}

/// Cleans an invalid record into a valid one, if it can: [`crate::clean::suggestion`].
pub type Suggest = fn(&[u8], Standard, Component) -> Option<Vec<u8>>;

impl Options {
    /// These options with each record checked as a reference written against a base URL
    /// ([`whatwg::check_reference`]: which references are valid depends on the base's kind);
    /// the reason, for a person, where `base` is not a URL or the records are not references.
    ///
    /// ```
    /// use uriesc::check::{Format, Options, Select};
    /// use uriesc::sets::{Component, Standard};
    ///
    /// let options = Options {
    ///     standard: Standard::Whatwg,
    ///     component: Component::Uri,
    ///     format: Format::Text,
    ///     select: Select::Reports,
    ///     quiet: false,
    ///     color: false,
    ///     confusion: false,
    ///     base: None,
    ///     suggest: None,
    /// };
    /// assert_eq!(options.clone().with_base("http://example.com/")?.component, Component::Reference);
    /// assert!(options.with_base("not a URL").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_base(mut self, base: &str) -> Result<Options, String> {
        if !matches!(self.component, Component::Uri | Component::Reference) {
            return Err(format!(
                "--base is for URLs written against a base (-c reference), not for -c {}",
                self.component.name()
            ));
        }
        self.component = Component::Reference;
        self.base = Some(whatwg::Base::of(base).ok_or_else(|| {
            format!("--base {base}: not a URL (the WHATWG URL parser refuses it)")
        })?);
        Ok(self)
    }
}

/// The `check` work: checks each record, reports, and counts (run it as
/// [`crate::stream::WholeRecords`]).
pub struct Checker {
    options: Options,
    /// Records found valid so far.
    pub valid: u64,
    /// Records found invalid so far.
    pub invalid: u64,
    /// With `--confusion`: records the WHATWG parser refuses, neither read alike nor read
    /// differently (counted apart from both).
    pub refused: u64,
    /// Where reports go when stdout has the selected records.
    messages: Messages,
    report: Vec<u8>,
}

impl Checker {
    /// A checker that runs as `options` say; where stdout has the selected records
    /// ([`Select::Valid`], [`Select::Invalid`]), its reports go to `messages`.
    pub fn new(options: Options, messages: Messages) -> Checker {
        Checker {
            options,
            valid: 0,
            invalid: 0,
            refused: 0,
            messages,
            report: Vec::new(),
        }
    }

    /// The summary line, for stderr.
    pub fn summary(&self) -> String {
        let total = self.valid + self.invalid + self.refused;
        let records = if total == 1 { "record" } else { "records" };
        match self.options.confusion {
            true => format!(
                "checked {total} {records}: {} read alike, {} read differently, {} refused by the \
                 WHATWG parser",
                self.valid, self.invalid, self.refused
            ),
            false => format!(
                "checked {total} {records}: {} valid, {} invalid",
                self.valid, self.invalid
            ),
        }
    }

    fn report(&self, record: &[u8], place: Place<'_>, problem: &Problem, out: &mut Vec<u8>) {
        let column = count_chars(&record[..problem.offset]) + 1;
        let suggestion = self
            .options
            .suggest
            .and_then(|suggest| suggest(record, self.options.standard, self.options.component))
            .map(|s| String::from_utf8_lossy(&s).into_owned());
        // The message quotes the record, and the suggestion is one: both are shown in the
        // visible notation (`crate::visible`), in every format, before any colour.
        let message = match &suggestion {
            Some(s) => format!("{}; did you mean: {s}", problem.message),
            None => problem.message.clone(),
        };
        let message = visible(message.as_bytes());
        let source = visible(place.source.as_bytes());
        match self.options.format {
            Format::Text => {
                // A plain style writes nothing, its reset neither.
                let (error, bold, caret) = match self.options.color {
                    true => (ERROR, BOLD, CARET),
                    false => (Style::new(), Style::new(), Style::new()),
                };
                let _ = writeln!(
                    out,
                    "{bold}{source}:{}:{column}:{bold:#} {error}error:{error:#} {bold}{message}{bold:#}",
                    place.line
                );
                if self.options.color {
                    // The record in the visible notation (an excerpt around the problem if
                    // it is long: `crate::excerpt`), the caret under the problem in display
                    // columns of it: a wide character (CJK, most emoji) takes two, a
                    // `<U+202E>` eight, which the column number, in characters of the
                    // record, does not say.
                    let excerpt = Excerpt::around(record, problem.offset);
                    let indent = excerpt.width_before(problem.offset);
                    let note = excerpt.note().map_or(String::new(), |n| format!(" {n}"));
                    let _ = writeln!(out, "  {}", excerpt.shown());
                    let _ = writeln!(out, "  {:indent$}{caret}^{caret:#}{note}", "");
                }
            }
            Format::Json => {
                // With --confusion, both readings as fields of their own.
                let readings = match self.options.confusion {
                    true => confusion::Readings::of(record).json_fields(),
                    false => String::new(),
                };
                // A long record as an excerpt around the problem, and where it is.
                let excerpt = Excerpt::around(record, problem.offset);
                let cut = match excerpt.is_whole() {
                    true => String::new(),
                    false => format!(
                        ",\"excerpt\":{{\"start\":{},\"end\":{},\"length\":{}}}",
                        excerpt.start, excerpt.end, excerpt.record_len
                    ),
                };
                let _ = writeln!(
                    out,
                    "{{\"source\":{},\"line\":{},\"column\":{column},\"offset\":{},\"message\":{},\"rule\":{},\"record\":{}{cut},\"suggestion\":{}{readings}}}",
                    json_string(&source),
                    place.line,
                    problem.offset,
                    json_string(&visible(problem.message.as_bytes())),
                    json_string(problem.rule),
                    json_data(excerpt.bytes),
                    suggestion.as_deref().map_or("null".into(), json_string),
                );
            }
            Format::Github => {
                let file = if place.file {
                    format!("file={},", github_property(&source))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "::error {file}line={},col={column},title=uriesc check ({})::{}",
                    place.line,
                    github_property(problem.rule),
                    github_data(&format!("{source}: {message}")),
                );
            }
        }
    }
}

impl RecordFilter for Checker {
    fn record(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        let result = match self.options.confusion {
            true => match confusion::judge(record) {
                confusion::Verdict::Alike => Ok(()),
                confusion::Verdict::Different(problem) => Err(problem),
                // Neither read alike nor read differently: no report, no record printed.
                confusion::Verdict::Refused => {
                    self.refused += 1;
                    return Ok(false);
                }
            },
            false => match self.options.base {
                Some(base) => whatwg::check_reference(record, base),
                None => check(record, self.options.standard, self.options.component),
            },
        };
        let written = match (&result, self.options.select) {
            (Ok(()), Select::Valid) | (Err(_), Select::Invalid) => {
                out.extend_from_slice(record);
                true
            }
            _ => false,
        };
        match &result {
            Ok(()) => self.valid += 1,
            Err(problem) => {
                self.invalid += 1;
                if !self.options.quiet {
                    if self.options.select == Select::Reports {
                        self.report(record, place, problem, out);
                    } else {
                        let mut report = std::mem::take(&mut self.report);
                        report.clear();
                        self.report(record, place, problem, &mut report);
                        self.messages.write(&report);
                        self.report = report;
                    }
                }
            }
        }
        Ok(written)
    }

    fn flush_messages(&mut self) -> std::io::Result<()> {
        self.messages.flush()
    }

    fn status_pending(&self) -> bool {
        self.invalid == 0
    }

    /// `-q` with no records to select: neither reports nor a summary.
    fn silent(&self) -> bool {
        self.options.quiet && self.options.select == Select::Reports
    }
}

/// GitHub Actions workflow-command escaping of a message.
fn github_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub Actions workflow-command escaping of a property value.
fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// serde_json's compact formatter, except that U+0008 and U+000C are written `\u0008` and
/// `\u000c` (as every other C0 control is) rather than `\b` and `\f`: both are RFC 8259 §7
/// escapes, and the reports have always used the first.
///
/// And every character that the visible notation names (DEL, C1 controls, bidi controls,
/// invisibles: `crate::visible`) is written as a `\uXXXX` escape (RFC 8259 §7, a surrogate
/// pair beyond the BMP), not raw: the JSON text on a terminal holds none of them, while a JSON
/// reader gets the value unchanged. The notation itself would change the value, and a record
/// or a suggestion in a report must be recoverable exactly; the messages, text for people, are
/// in the notation already.
struct Compact;

impl serde_json::ser::Formatter for Compact {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut plain = 0;
        for (i, c) in fragment.char_indices() {
            if shown_as_it_is(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[plain..i])?;
            let mut units = [0; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
            plain = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain..])
    }

    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        use serde_json::ser::{CharEscape, CompactFormatter};
        let escape = match escape {
            CharEscape::Backspace => CharEscape::AsciiControl(0x08),
            CharEscape::FormFeed => CharEscape::AsciiControl(0x0C),
            other => other,
        };
        CompactFormatter.write_char_escape(writer, escape)
    }
}

/// `s` as a JSON string literal (RFC 8259 §7), written by serde_json.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len() + 2);
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Compact);
    serde::Serialize::serialize(s, &mut serializer).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// `bytes` as ripgrep's JSON output writes arbitrary data: `{"text":"..."}` where they are
/// UTF-8, `{"bytes":"..."}` with their standard base64 (RFC 4648 §4) where they are not, so
/// that any record can be recovered exactly.
pub(crate) fn json_data(bytes: &[u8]) -> String {
    use base64::Engine as _;
    match std::str::from_utf8(bytes) {
        Ok(text) => format!("{{\"text\":{}}}", json_string(text)),
        Err(_) => format!(
            "{{\"bytes\":\"{}\"}}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 8259 §7: `"` and `\` escaped, the C0 controls as `\uXXXX` (or their two-character
    /// escapes for TAB, LF and CR), everything else that the visible notation leaves as it
    /// is, as itself.
    #[test]
    fn json_strings() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(json_string("\t\n\r"), r#""\t\n\r""#);
        assert_eq!(
            json_string("\u{8}\u{c}\u{1}\u{1f}"),
            r#""\u0008\u000c\u0001\u001f""#
        );
        assert_eq!(json_string("é/"), "\"é/\"");
    }

    /// DEL, a C1 control, a bidi control and a tag character (beyond the BMP: a surrogate
    /// pair, RFC 8259 §7) as escapes; the value read back is the same.
    #[test]
    fn json_strings_escape_what_the_notation_names() {
        let text = "a\u{7f}\u{9b}\u{202e}\u{e0001}b";
        let json = json_string(text);
        assert_eq!(json, r#""a\u007f\u009b\u202e\udb40\udc01b""#);
        assert_eq!(
            serde_json::from_str::<String>(&json).ok().as_deref(),
            Some(text)
        );
    }

    #[test]
    fn json_records() {
        assert_eq!(json_data(b"a b"), r#"{"text":"a b"}"#);
        assert_eq!(json_data(b"\xff"), r#"{"bytes":"/w=="}"#);
    }
}
