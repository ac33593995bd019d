//! A diagnostic as text for people: `SOURCE:LINE:COLUMN: error: MESSAGE`, the line compilers
//! and grep write, and, in colour, the record under it with a caret at the problem.

use std::io::Write;

use anstyle::{AnsiColor, Style};

use super::{Diagnostic, Severity, visible_into};

/// The colour of `error:` in a text report.
const ERROR: Style = AnsiColor::Red.on_default().bold();
/// The colour of `note:`.
const NOTE: Style = AnsiColor::Cyan.on_default().bold();
/// The colour of a text report's place and message.
const BOLD: Style = Style::new().bold();
/// The colour of the caret under a problem.
const CARET: Style = AnsiColor::Green.on_default();

/// Appends the text report of `diagnostic`; `color` colours it and shows the record with a
/// caret under the problem.
pub(super) fn write(diagnostic: &Diagnostic, color: bool, out: &mut Vec<u8>) {
    let severity = diagnostic.severity.name().as_bytes();
    if !color {
        // The plain line, appended piece by piece: a list with many bad records has a line
        // for each, and the formatting machinery, with no style to write, costs more than
        // the line. The same bytes as the coloured line without its styles, since each
        // piece is valid UTF-8 and `visible` shows a character whatever is around it.
        visible_into(diagnostic.source.as_bytes(), out);
        for number in [diagnostic.line, diagnostic.column] {
            out.push(b':');
            out.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
        }
        out.extend_from_slice(b": ");
        out.extend_from_slice(severity);
        out.extend_from_slice(b": ");
        visible_into(diagnostic.message.as_bytes(), out);
        if let Some(suggestion) = diagnostic.suggestion {
            out.extend_from_slice(b"; did you mean: ");
            visible_into(suggestion.as_bytes(), out);
        }
        out.push(b'\n');
        return;
    }
    let (bold, caret) = (BOLD, CARET);
    let style = match diagnostic.severity {
        Severity::Error => ERROR,
        Severity::Note => NOTE,
    };
    let _ = writeln!(
        out,
        "{bold}{}:{bold:#} {style}{}:{style:#} {bold}{}{bold:#}",
        diagnostic.location(),
        diagnostic.severity.name(),
        diagnostic.shown_message()
    );
    // The record in the visible notation (an excerpt around the problem if it is long),
    // the caret under the problem in display columns of it: a wide character (CJK, most
    // emoji) takes two, a `<U+202E>` eight, which the column number, in characters of the
    // record, does not say.
    let excerpt = diagnostic.quoted();
    let indent = excerpt.width_before(diagnostic.offset);
    let note = excerpt.note().map_or(String::new(), |n| format!(" {n}"));
    let _ = writeln!(out, "  {}", excerpt.shown());
    let _ = writeln!(out, "  {:indent$}{caret}^{caret:#}{note}", "");
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
                        for severity in [Severity::Error, Severity::Note] {
                            let diagnostic = Diagnostic {
                                source,
                                line,
                                column,
                                suggestion,
                                severity,
                                ..Diagnostic::new("", 1, b"r", 0, "rule", message)
                            };
                            let mut out = Vec::new();
                            write(&diagnostic, false, &mut out);
                            let expected = format!(
                                "{}: {}: {}\n",
                                diagnostic.location(),
                                severity.name(),
                                diagnostic.shown_message()
                            );
                            assert_eq!(String::from_utf8(out).unwrap(), expected);
                        }
                    }
                }
            }
        }
    }
}
