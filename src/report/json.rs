//! JSON for reports and charts (RFC 8259), written by serde_json through one formatter, so
//! that every JSON text uriesc writes escapes the same characters.

use std::io;

use serde::{Serialize, Serializer};

use super::{Diagnostic, Severity};
use crate::visible::{shown_as_it_is, visible};

/// serde_json's compact formatter, except that U+0008 and U+000C are written `\u0008` and
/// `\u000c` (as every other C0 control is) rather than `\b` and `\f`: both are RFC 8259 §7
/// escapes, and the reports have always used the first.
///
/// And every character that the visible notation names (DEL, C1 controls, bidi controls,
/// invisibles: [`crate::visible`]) is written as a `\uXXXX` escape (RFC 8259 §7, a surrogate
/// pair beyond the BMP), not raw: the JSON text on a terminal holds none of them, while a JSON
/// reader gets the value unchanged. The notation itself would change the value, and a record
/// or a suggestion in a report must be recoverable exactly; the messages, text for people, are
/// in the notation already.
struct Compact;

impl serde_json::ser::Formatter for Compact {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // The usual fragment, printable ASCII (serde_json escapes the C0 controls before it
        // comes here), written in one piece: tested a byte at a time rather than decoded a
        // character at a time, which was most of an error object's cost.
        if fragment.bytes().all(|b| b < 0x7F) {
            return writer.write_all(fragment.as_bytes());
        }
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

    fn write_char_escape<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> io::Result<()> {
        use serde_json::ser::{CharEscape, CompactFormatter};
        let escape = match escape {
            CharEscape::Backspace => CharEscape::AsciiControl(0x08),
            CharEscape::FormFeed => CharEscape::AsciiControl(0x0C),
            other => other,
        };
        CompactFormatter.write_char_escape(writer, escape)
    }
}

/// Appends `value` to `out` as one compact JSON text (no newline).
///
/// ```
/// let mut out = Vec::new();
/// uriesc::report::json::write(&("a\u{202e}", 1), &mut out);
/// assert_eq!(out, br#"["a\u202e",1]"#);
/// ```
pub fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    let mut serializer = serde_json::Serializer::with_formatter(out, Compact);
    // Writing to a Vec fails only where a Serialize impl fails, and none of the reports'
    // does (their map keys are strings).
    let _ = value.serialize(&mut serializer);
}

/// Where an excerpt is in its record: byte offsets, the end not included. `length` is the
/// record's, where it is known.
#[derive(Serialize)]
struct Cut {
    start: usize,
    end: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<usize>,
}

/// What every JSON form of a report says of the record, after where and what: the record
/// (or its excerpt, and where that is), the suggestion, and `more` members of the caller's.
#[derive(Serialize)]
pub(super) struct Quote<'a, M> {
    record: Data<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    excerpt: Option<Cut>,
    suggestion: Option<&'a str>,
    #[serde(flatten)]
    more: &'a M,
}

impl<'a, M> Quote<'a, M> {
    /// What `diagnostic` quotes (a long record as an excerpt around the problem), with `more`.
    pub(super) fn of(diagnostic: &Diagnostic<'a>, more: &'a M) -> Quote<'a, M> {
        let excerpt = diagnostic.quoted();
        // Where the quote is, unless it is the whole record.
        let part = diagnostic.part_at.is_some();
        let cut = (!excerpt.is_whole() || part).then_some(Cut {
            start: excerpt.start,
            end: excerpt.end,
            length: (!part).then_some(excerpt.record_len),
        });
        Quote {
            record: Data(excerpt.bytes),
            excerpt: cut,
            suggestion: diagnostic.suggestion,
            more,
        }
    }
}

/// Appends the JSON Lines report of `diagnostic`, with `more` members after its own.
pub(super) fn diagnostic<M: Serialize>(diagnostic: &Diagnostic, more: &M, out: &mut Vec<u8>) {
    #[derive(Serialize)]
    struct Report<'a, M> {
        source: &'a str,
        line: u64,
        column: u64,
        offset: usize,
        severity: Severity,
        message: &'a str,
        rule: &'a str,
        #[serde(flatten)]
        quote: Quote<'a, M>,
    }
    let source = visible(diagnostic.source.as_bytes());
    let message = visible(diagnostic.message.as_bytes());
    let report = Report {
        source: &source,
        line: diagnostic.line,
        column: diagnostic.column,
        offset: diagnostic.offset,
        severity: diagnostic.severity,
        message: &message,
        rule: diagnostic.rule,
        quote: Quote::of(diagnostic, more),
    };
    write(&report, out);
    out.push(b'\n');
}

/// Arbitrary bytes as ripgrep's JSON output writes them: `{"text":"..."}` where they are
/// UTF-8, `{"bytes":"..."}` with their standard base64 (RFC 4648 §4) where they are not, so
/// that any record can be recovered exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Data<'a>(pub &'a [u8]);

impl Serialize for Data<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use base64::Engine as _;
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        match std::str::from_utf8(self.0) {
            Ok(text) => map.serialize_entry("text", text)?,
            Err(_) => {
                let bytes = base64::engine::general_purpose::STANDARD.encode(self.0);
                map.serialize_entry("bytes", &bytes)?
            }
        }
        map.end()
    }
}

/// Bytes that are data as a JSON value: a string where they are UTF-8, else [`Data`]'s
/// `{"bytes": BASE64}`, so that they come back exact (`key --format json`'s record and key,
/// `extract --format json`'s URL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StringOrData<'a>(pub &'a [u8]);

impl Serialize for StringOrData<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(self.0) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => Data(self.0).serialize(serializer),
        }
    }
}

/// A JSON object whose members are written in the order given (names that are data, as a
/// chart's component names, where a struct's fields would not do).
#[derive(Clone, Debug)]
pub struct Object<'a, V>(pub Vec<(&'a str, V)>);

impl<V: Serialize> Serialize for Object<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `s` as a JSON string literal (RFC 8259 §7), as [`write`] writes it.
    fn string(s: &str) -> String {
        let mut out = Vec::new();
        write(s, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    fn data(bytes: &[u8]) -> String {
        let mut out = Vec::new();
        write(&Data(bytes), &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// RFC 8259 §7: `"` and `\` escaped, the C0 controls as `\uXXXX` (or their two-character
    /// escapes for TAB, LF and CR), everything else that the visible notation leaves as it
    /// is, as itself.
    #[test]
    fn json_strings() {
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(string("\t\n\r"), r#""\t\n\r""#);
        assert_eq!(
            string("\u{8}\u{c}\u{1}\u{1f}"),
            r#""\u0008\u000c\u0001\u001f""#
        );
        assert_eq!(string("é/"), "\"é/\"");
    }

    /// DEL, a C1 control, a bidi control and a tag character (beyond the BMP: a surrogate
    /// pair, RFC 8259 §7) as escapes; the value read back is the same.
    #[test]
    fn json_strings_escape_what_the_notation_names() {
        let text = "a\u{7f}\u{9b}\u{202e}\u{e0001}b";
        let json = string(text);
        assert_eq!(json, r#""a\u007f\u009b\u202e\udb40\udc01b""#);
        assert_eq!(
            serde_json::from_str::<String>(&json).ok().as_deref(),
            Some(text)
        );
    }

    #[test]
    fn json_records() {
        assert_eq!(data(b"a b"), r#"{"text":"a b"}"#);
        assert_eq!(data(b"\xff"), r#"{"bytes":"/w=="}"#);
    }
}
