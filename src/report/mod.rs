//! Reports: one [`Diagnostic`] type for a problem found in a record, and its renderers, used
//! by every command that reports (`check`, `clean`, `decode`).
//!
//! A diagnostic says where (the input, the record's number, the byte offset in the record and
//! the 1-based column, in characters, that a person reads), what (the message, and the rule of
//! the standard's grammar that decided), what would do instead (a suggestion), and what it
//! quotes (the record, as an [`Excerpt`] around the problem where it is long). It is written
//! as grep and compilers write (`SOURCE:LINE:COLUMN: error: MESSAGE`, [`Format::Text`]), as
//! JSON Lines (RFC 8259, [`Format::Json`], through serde derive and [`json`]), or as GitHub
//! Actions workflow commands ([`Format::Github`]). Everything a person reads is in the visible
//! notation ([`crate::visible`]); the JSON values that are data (the record, a suggestion)
//! are exact.

use std::borrow::Cow;
use std::fmt;
use std::io::Write;

use anstyle::{AnsiColor, Style};
use serde::Serialize;

use crate::excerpt::Excerpt;
use crate::visible::visible;

pub mod json;

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

/// Where in the input a problem is: `SOURCE:LINE:COLUMN`, the source in the visible notation.
///
/// ```
/// use uriesc::report::Location;
///
/// let at = Location { source: "<stdin>", line: 2, column: 4 };
/// assert_eq!(at.to_string(), "<stdin>:2:4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location<'a> {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// The record's number in its input, from 1.
    pub line: u64,
    /// 1-based, in characters (UTF-8 sequences) of the record.
    pub column: u64,
}

impl fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = visible(self.source.as_bytes());
        write!(f, "{source}:{}:{}", self.line, self.column)
    }
}

/// One problem in one record, with all a report says of it.
///
/// ```
/// use uriesc::report::{Diagnostic, Format};
///
/// let record = b"http://a.com/a b";
/// let diagnostic = Diagnostic::new("<stdin>", 1, record, 14, "path-abempty", "a space");
/// assert_eq!(diagnostic.column, 15);
/// let mut out = Vec::new();
/// diagnostic.write(Format::Text, false, &mut out);
/// assert_eq!(out, b"<stdin>:1:15: error: a space\n");
/// diagnostic.write(Format::Github, false, &mut out);
/// assert!(out.ends_with(b"::error line=1,col=15,title=uriesc check (path-abempty)::<stdin>: a space\n"));
/// ```
#[derive(Clone, Debug)]
pub struct Diagnostic<'a> {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// Whether the source is a named file (a GitHub annotation then names it).
    pub file: bool,
    /// The record's number in its input, from 1.
    pub line: u64,
    /// The record (what a report quotes of it: [`Excerpt`]).
    pub record: &'a [u8],
    /// The byte offset of the problem in the record.
    pub offset: usize,
    /// 1-based, in characters of the record up to `offset`, as a person counts.
    pub column: u64,
    /// The grammar rule that decided, in the standard's words (`path-abempty`).
    pub rule: &'a str,
    /// What is wrong.
    pub message: &'a str,
    /// What the record would be instead, if something would do.
    pub suggestion: Option<&'a str>,
}

impl<'a> Diagnostic<'a> {
    /// The problem at byte `offset` of `record` (line `line` of `source`), its column counted.
    pub fn new(
        source: &'a str,
        line: u64,
        record: &'a [u8],
        offset: usize,
        rule: &'a str,
        message: &'a str,
    ) -> Diagnostic<'a> {
        let offset = offset.min(record.len());
        Diagnostic {
            source,
            file: false,
            line,
            record,
            offset,
            column: crate::stream::count_chars(&record[..offset]) + 1,
            rule,
            message,
            suggestion: None,
        }
    }

    /// Where the problem is.
    pub fn location(&self) -> Location<'a> {
        Location {
            source: self.source,
            line: self.line,
            column: self.column,
        }
    }

    /// The message for people: with the suggestion, in the visible notation.
    fn shown_message(&self) -> Cow<'a, str> {
        match self.suggestion {
            Some(s) => {
                let message = format!("{}; did you mean: {s}", self.message);
                Cow::Owned(visible(message.as_bytes()).into_owned())
            }
            None => visible(self.message.as_bytes()),
        }
    }

    /// Appends the report in `format`; `color` colours a text report and shows the record
    /// with a caret under the problem.
    pub fn write(&self, format: Format, color: bool, out: &mut Vec<u8>) {
        self.write_with(format, color, &(), out)
    }

    /// As [`Diagnostic::write`], with `more` members after the JSON object's own (a
    /// `Serialize` that is a map or a struct; `()` for none).
    pub fn write_with<M: Serialize>(
        &self,
        format: Format,
        color: bool,
        more: &M,
        out: &mut Vec<u8>,
    ) {
        match format {
            Format::Text => self.text(color, out),
            Format::Json => self.json(more, out),
            Format::Github => self.github(out),
        }
    }

    fn text(&self, color: bool, out: &mut Vec<u8>) {
        if !color {
            // The plain line, appended piece by piece: a list with many bad records has a line
            // for each, and the formatting machinery, with no style to write, costs more than
            // the line. The same bytes as the coloured line without its styles, since each
            // piece is valid UTF-8 and `visible` shows a character whatever is around it.
            visible_into(self.source.as_bytes(), out);
            for (punctuation, number) in [(b':', self.line), (b':', self.column)] {
                out.push(punctuation);
                decimal(number, out);
            }
            out.extend_from_slice(b": error: ");
            visible_into(self.message.as_bytes(), out);
            if let Some(suggestion) = self.suggestion {
                out.extend_from_slice(b"; did you mean: ");
                visible_into(suggestion.as_bytes(), out);
            }
            out.push(b'\n');
            return;
        }
        let (error, bold, caret) = (ERROR, BOLD, CARET);
        let _ = writeln!(
            out,
            "{bold}{}:{bold:#} {error}error:{error:#} {bold}{}{bold:#}",
            self.location(),
            self.shown_message()
        );
        // The record in the visible notation (an excerpt around the problem if it is long),
        // the caret under the problem in display columns of it: a wide character (CJK, most
        // emoji) takes two, a `<U+202E>` eight, which the column number, in characters of the
        // record, does not say.
        let excerpt = Excerpt::around(self.record, self.offset);
        let indent = excerpt.width_before(self.offset);
        let note = excerpt.note().map_or(String::new(), |n| format!(" {n}"));
        let _ = writeln!(out, "  {}", excerpt.shown());
        let _ = writeln!(out, "  {:indent$}{caret}^{caret:#}{note}", "");
    }

    fn json<M: Serialize>(&self, more: &M, out: &mut Vec<u8>) {
        /// Where an excerpt is in its record.
        #[derive(Serialize)]
        struct Cut {
            start: usize,
            end: usize,
            length: usize,
        }
        #[derive(Serialize)]
        struct Report<'a, M> {
            source: &'a str,
            line: u64,
            column: u64,
            offset: usize,
            message: &'a str,
            rule: &'a str,
            record: json::Data<'a>,
            #[serde(skip_serializing_if = "Option::is_none")]
            excerpt: Option<Cut>,
            suggestion: Option<&'a str>,
            #[serde(flatten)]
            more: &'a M,
        }
        // A long record as an excerpt around the problem, and where it is.
        let excerpt = Excerpt::around(self.record, self.offset);
        let source = visible(self.source.as_bytes());
        let message = visible(self.message.as_bytes());
        let report = Report {
            source: &source,
            line: self.line,
            column: self.column,
            offset: self.offset,
            message: &message,
            rule: self.rule,
            record: json::Data(excerpt.bytes),
            excerpt: (!excerpt.is_whole()).then_some(Cut {
                start: excerpt.start,
                end: excerpt.end,
                length: excerpt.record_len,
            }),
            suggestion: self.suggestion,
            more,
        };
        json::write(&report, out);
        out.push(b'\n');
    }

    fn github(&self, out: &mut Vec<u8>) {
        let source = visible(self.source.as_bytes());
        let file = match self.file {
            true => format!("file={},", github_property(&source)),
            false => String::new(),
        };
        let _ = writeln!(
            out,
            "::error {file}line={},col={},title=uriesc check ({})::{}",
            self.line,
            self.column,
            github_property(self.rule),
            github_data(&format!("{source}: {}", self.shown_message())),
        );
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

/// Appends `bytes` in the visible notation ([`visible`]): printable ASCII as it is, without
/// the UTF-8 check that making a `str` of it would take.
fn visible_into(bytes: &[u8], out: &mut Vec<u8>) {
    match crate::visible::printable_ascii(bytes) {
        true => out.extend_from_slice(bytes),
        false => out.extend_from_slice(visible(bytes).as_bytes()),
    }
}

/// Appends `n` in decimal digits.
fn decimal(n: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain text line, appended piece by piece, is the line the formatting machinery
    /// writes from the location and the shown message: with controls, bidi controls and bytes
    /// of no UTF-8 in the source, message and suggestion, and numbers from 0 to `u64::MAX`.
    #[test]
    fn plain_text_line_is_the_formatted_one() {
        let texts = [
            "",
            "a",
            "<stdin>",
            "x\u{1b}[31my",
            "\u{202E}é中",
            "caf\u{FFFD}",
            "\u{85}",
        ];
        for (i, source) in texts.iter().enumerate() {
            for message in texts {
                for suggestion in [None, Some("http://a/\u{200B}"), Some(texts[i])] {
                    for (line, column) in [(0, 1), (9, 10), (u64::MAX, 12_345)] {
                        let diagnostic = Diagnostic {
                            source,
                            line,
                            column,
                            suggestion,
                            ..Diagnostic::new("", 1, b"r", 0, "rule", message)
                        };
                        let mut out = Vec::new();
                        diagnostic.text(false, &mut out);
                        let expected = format!(
                            "{}: error: {}\n",
                            diagnostic.location(),
                            diagnostic.shown_message()
                        );
                        assert_eq!(String::from_utf8(out).unwrap(), expected);
                    }
                }
            }
        }
    }
}
