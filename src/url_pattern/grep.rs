//! The `match` command's work: records filtered by a [`PatternSet`] with grep's conventions
//! (POSIX grep: the selected lines written unchanged, `-v` the others, `-c` their count, `-q`
//! nothing and a stop at the first), or each match written through a [`Template`] or as JSON
//! (urlpattern.spec `exec()`'s result).

use super::{COMPONENTS, Match, PatternSet, Reader, Template};
use crate::report::Messages;
use crate::report::{Diagnostic, Format, Reporter, Sink};
use crate::stream::{Place, RecordFilter, Written};

/// What [`Grep`] writes for a selected record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// The record, unchanged.
    Records,
    /// Nothing a record; at the end, how many were selected (grep `-c`).
    Count,
    /// Nothing at all; reading stops at the first selected record (grep `-q`).
    Quiet,
    /// A line from the match's groups.
    Template(Template),
    /// A JSON object a match: the record, the pattern's index (from 0, in the order given), and
    /// each component's input and groups, as `exec()` gives them.
    Json,
}

/// The `match` filter (run it as [`crate::stream::WholeRecords`]).
///
/// ```
/// use uriesc::stream::{Place, RecordFilter};
/// use uriesc::report::Messages;
/// use uriesc::url_pattern::{Reader, Grep, Options, Output, Pattern, PatternSet};
///
/// let set = PatternSet::new(vec![Pattern::new("https://*.example.com/*", None, Options::default())?]);
/// let mut grep = Grep::new(set, Reader::new(), Output::Records, Messages::to(Box::new(std::io::sink())));
/// let place = Place { source: "<stdin>", file: false, line: 1 };
/// let mut out = Vec::new();
/// assert!(grep.record(b"https://a.example.com/x", place, &mut out).unwrap());
/// assert!(!grep.record(b"https://example.com.evil.net/", place, &mut out).unwrap());
/// assert_eq!(out, b"https://a.example.com/x");
/// # Ok::<(), uriesc::url_pattern::PatternError>(())
/// ```
pub struct Grep {
    set: PatternSet,
    reader: Reader,
    output: Output,
    invert: bool,
    report_invalid: bool,
    sink: Sink,
    /// Records selected so far (matching, or with `invert` not matching).
    pub selected: u64,
    /// Records that are no URL so far.
    pub invalid: u64,
}

impl Grep {
    /// The filter of `set` over records read by `reader`, writing `output`.
    pub fn new(set: PatternSet, reader: Reader, output: Output, messages: Messages) -> Grep {
        Grep {
            set,
            reader,
            output,
            invert: false,
            report_invalid: false,
            sink: Sink::new(Reporter::new(Format::Text, "match"), messages),
            selected: 0,
            invalid: 0,
        }
    }

    /// This filter selecting the records that match no pattern (grep `-v`; not with a template
    /// or JSON, which need a match).
    pub fn inverted(mut self, invert: bool) -> Grep {
        self.invert = invert;
        self
    }

    /// This filter reporting, in `format`, each record that is no URL.
    pub fn reporting_invalid(mut self, format: Format) -> Grep {
        self.report_invalid = true;
        self.sink.set_reporter(Reporter::new(format, "match"));
        self
    }
}

impl RecordFilter for Grep {
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let url = match self.reader.read(record) {
            Ok(url) => Some(url),
            Err(problem) => {
                self.invalid += 1;
                if self.report_invalid {
                    let diagnostic: Diagnostic = problem.diagnostic(record, place);
                    self.sink.report(&diagnostic);
                }
                None
            }
        };
        let hit = url
            .as_ref()
            .and_then(|url| Some((self.set.first_match(url)?, url)));
        if hit.is_some() == self.invert {
            return Ok(false);
        }
        let written = match (&self.output, hit) {
            (Output::Records, _) => {
                out.extend_from_slice(record);
                true
            }
            (Output::Count | Output::Quiet, _) => false,
            // `exec()` finds what `test()` found (held by the property tests): the `None` arms
            // are never taken, and would write nothing rather than an empty line.
            (Output::Template(template), Some((i, url))) => {
                match self.set.patterns()[i].exec(url) {
                    Some(found) => {
                        template.write(i, &found, out);
                        true
                    }
                    None => return Ok(false),
                }
            }
            (Output::Json, Some((i, url))) => match self.set.patterns()[i].exec(url) {
                Some(found) => {
                    write_json(record, i, &found, out);
                    true
                }
                None => return Ok(false),
            },
            // An inverted selection has no match to write from: the command refuses the pair.
            (Output::Template(_) | Output::Json, None) => {
                out.extend_from_slice(record);
                true
            }
        };
        self.selected += 1;
        Ok(written)
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.output == Output::Count {
            out.extend_from_slice(itoa::Buffer::new().format(self.selected).as_bytes());
            out.push(b'\n');
        }
        self.sink.finish();
    }

    /// `-q` waits for the first selected record; then the status is settled.
    fn status_pending(&self) -> bool {
        self.output == Output::Quiet && self.selected == 0
    }

    fn silent(&self) -> bool {
        self.output == Output::Quiet
    }
}

/// The JSON object of one match: `input`, `pattern`, and each component's `input` and
/// `groups` in the standard's order (a group that matched nothing is `null`, JavaScript's
/// `undefined`).
fn write_json(record: &[u8], pattern: usize, found: &Match<'_, '_>, out: &mut Vec<u8>) {
    // A record that matched is a URL the parser read: UTF-8.
    let input = String::from_utf8_lossy(record);
    out.extend_from_slice(b"{\"input\":");
    string(&input, out);
    out.extend_from_slice(b",\"pattern\":");
    out.extend_from_slice(itoa::Buffer::new().format(pattern).as_bytes());
    for (name, component) in COMPONENTS.iter().zip(&found.components) {
        out.extend_from_slice(b",\"");
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(b"\":{\"input\":");
        string(component.input, out);
        out.extend_from_slice(b",\"groups\":{");
        for (n, (group, value)) in component.groups.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            string(group, out);
            out.push(b':');
            match value {
                Some(value) => string(value, out),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.extend_from_slice(b"}}");
    }
    out.push(b'}');
}

/// `text` as a JSON string.
fn string(text: &str, out: &mut Vec<u8>) {
    // Writing to a Vec fails only where memory does.
    let _ = serde_json::to_writer(&mut *out, text);
}
