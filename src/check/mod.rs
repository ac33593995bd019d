//! `uriesc check`: validates each record as a URI or a component, to the letter of a standard,
//! and reports where and why one breaks.
//!
//! One validator per standard: [`rfc3986`] (Appendix A), [`rfc2396`] (Appendix A with RFC 2732),
//! [`rfc1738`] (§3 and §5), all hand-written over the sets of [`crate::sets`], and [`whatwg`]
//! (the `url` crate's parser, with its validation errors). Each gives the first [`Problem`] of
//! a record: a byte offset, the grammar rule, and a message that names the fix.
//!
//! Reports are grep-style lines (`SOURCE:LINE:COLUMN: error: MESSAGE`), JSON Lines, or GitHub
//! Actions annotations; a summary goes to stderr at the end.

pub mod confusion;
mod ip;
pub mod rfc1738;
pub mod rfc2396;
pub mod rfc3986;
pub mod whatwg;

use std::io::Write;

use unicode_width::UnicodeWidthStr;

use crate::json;
use crate::sets::{ByteSet, Component, Standard, ascii::HEXDIG, pct_encoded};
use crate::stream::{Messages, Place, RecordError, RecordFilter, count_chars};

/// Why a record is not valid: the first problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Byte offset in the record.
    pub offset: usize,
    /// The grammar rule (or WHATWG validation error) that is broken.
    pub rule: &'static str,
    pub message: String,
}

/// One standard's validator. Each standard's module defines one (`VALIDATOR`), and
/// [`validator`] is where it is registered.
pub struct Validator {
    /// Checks a record as a component; a component the standard has no grammar for is a
    /// [`Problem`] too.
    pub check: fn(&[u8], Component) -> Result<(), Problem>,
    /// Whether the standard has a grammar for a URI or component (the data-only components,
    /// `any`, `param` and `form`, are refused for every standard before this is asked); if
    /// not, why.
    pub supports: fn(Component) -> Result<(), &'static str>,
}

/// The validator of `standard`. Registering a standard's validator is this one arm.
pub fn validator(standard: Standard) -> &'static Validator {
    match standard {
        Standard::Rfc3986 => &rfc3986::VALIDATOR,
        Standard::Rfc2396 => &rfc2396::VALIDATOR,
        Standard::Rfc1738 => &rfc1738::VALIDATOR,
        Standard::Whatwg => &whatwg::VALIDATOR,
    }
}

/// Checks one record.
#[inline]
pub fn check(record: &[u8], standard: Standard, component: Component) -> Result<(), Problem> {
    (validator(standard).check)(record, component)
}

/// Whether `check` can validate `component` under `standard`; if not, why.
pub fn supported(standard: Standard, component: Component) -> Result<(), String> {
    match component {
        Component::Any | Component::Param | Component::Form => Err(format!(
            "check validates URIs and their components; -c {} is a choice for encoding data \
             (use uri, reference, scheme, userinfo, host, port, path, segment, query or fragment)",
            component.name()
        )),
        _ => (validator(standard).supports)(component).map_err(String::from),
    }
}

/// The problem of a component that `standard` has no grammar for (which [`supported`] refuses
/// before any record is read): a library caller gets it as a problem, never a panic.
fn unsupported(standard: Standard, component: Component) -> Problem {
    Problem {
        offset: 0,
        rule: "component",
        message: supported(standard, component)
            .err()
            .unwrap_or_else(|| format!("-c {} cannot be checked here", component.name())),
    }
}

/// A record held for checking, with the helpers every validator uses.
pub struct Scan<'a> {
    pub bytes: &'a [u8],
}

impl<'a> Scan<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Scan { bytes }
    }

    pub fn problem(&self, offset: usize, rule: &'static str, message: String) -> Problem {
        Problem {
            offset,
            rule,
            message,
        }
    }

    /// Checks that `bytes[start..end]` holds only bytes of `allowed` and escapes `%HH`.
    pub fn chars(
        &self,
        start: usize,
        end: usize,
        allowed: &ByteSet,
        place: (&'static str, &'static str),
    ) -> Result<(), Problem> {
        let stop = self.chars_until(start, end, allowed, &ByteSet::EMPTY, place)?;
        debug_assert_eq!(stop, end);
        Ok(())
    }

    /// Checks `bytes[start..]` as [`Scan::chars`] does, up to the first byte of `stops` (which
    /// `allowed` must not hold) or `end`, and returns where it stopped: one pass both finds
    /// where a component ends and checks it.
    pub fn chars_until(
        &self,
        start: usize,
        end: usize,
        allowed: &ByteSet,
        stops: &ByteSet,
        (place, rule): (&'static str, &'static str),
    ) -> Result<usize, Problem> {
        let s = &self.bytes[..end];
        let mut i = start;
        while i < end {
            i += allowed.prefix_len(&s[i..]);
            let Some(&b) = s.get(i) else { break };
            if stops.contains(b) {
                return Ok(i);
            } else if pct_encoded(s, i).is_some() {
                i += 3;
            } else if b == b'%' {
                return Err(self.problem(
                    i,
                    "pct-encoded",
                    "'%' must begin an escape like %25 (a literal '%' is written %25)".into(),
                ));
            } else {
                return Err(self.not_allowed(i, place, rule));
            }
        }
        Ok(end)
    }

    /// The problem of a character that `place` does not allow, with the fix.
    pub fn not_allowed(&self, i: usize, place: &'static str, rule: &'static str) -> Problem {
        let message = match self.bytes[i] {
            b'[' | b']' => format!(
                "{} is only allowed around an IP literal host; encode it as {}",
                self.show(i),
                self.escaped(i)
            ),
            b'#' if rule == "fragment" => format!(
                "a second '#' is not allowed (one begins the fragment); encode it as {}",
                self.escaped(i)
            ),
            _ => format!(
                "{} is not allowed in {place}; encode it as {}",
                self.show(i),
                self.escaped(i)
            ),
        };
        self.problem(i, rule, message)
    }

    /// The character at `i` as a message names it.
    pub fn show(&self, i: usize) -> String {
        match self.bytes[i] {
            b' ' => "space".into(),
            b @ (0..=0x1F | 0x7F) => format!("control character U+{b:04X}"),
            b @ 0x21..=0x7E => format!("'{}'", b as char),
            _ => match utf8_char_at(self.bytes, i) {
                Some(c) => format!("'{c}' (U+{:04X})", c as u32),
                None => format!("byte 0x{:02X} (not UTF-8)", self.bytes[i]),
            },
        }
    }

    /// The character at `i`, percent-encoded.
    fn escaped(&self, i: usize) -> String {
        let len = utf8_char_at(self.bytes, i).map_or(1, char::len_utf8);
        self.bytes[i..i + len]
            .iter()
            .map(|&b| crate::encode::percent_encode_byte(b))
            .collect()
    }
}

/// `hostname = *( domainlabel "." ) toplabel [ "." ]`, with `domainlabel = alphanum |
/// alphanum *( alphanum | "-" ) alphanum` and `toplabel = alpha | alpha *( alphanum | "-" )
/// alphanum`: RFC 2396 §3.2.2, and RFC 1738 §5 without the final dot.
pub fn hostname(s: &[u8], final_dot: bool) -> bool {
    use crate::sets::ascii::{ALPHA, ALPHANUM};
    let s = match s.strip_suffix(b".") {
        Some(rest) if final_dot => rest,
        _ => s,
    };
    let label = |l: &[u8]| {
        !l.is_empty()
            && ALPHANUM.contains(l[0])
            && ALPHANUM.contains(l[l.len() - 1])
            && l.iter().all(|&b| ALPHANUM.contains(b) || b == b'-')
    };
    let top_starts_with_alpha = s
        .rsplit(|&b| b == b'.')
        .next()
        .is_some_and(|top| top.first().is_some_and(|&b| ALPHA.contains(b)));
    top_starts_with_alpha && s.split(|&b| b == b'.').all(label)
}

/// Four dot-separated runs of 1 to `max_digits` digits: RFC 2396's `IPv4address` (with RFC
/// 2373's `1*3DIGIT` after RFC 2732) and RFC 1738's `hostnumber` (`digits`, any length).
pub fn dotted_digits(s: &[u8], max_digits: usize) -> bool {
    let part = |p: &[u8]| (1..=max_digits).contains(&p.len()) && p.iter().all(u8::is_ascii_digit);
    s.split(|&b| b == b'.').count() == 4 && s.split(|&b| b == b'.').all(part)
}

/// Whether every byte is a hex digit.
pub fn hexdigits(s: &[u8]) -> bool {
    s.iter().all(|&b| HEXDIG.contains(b))
}

/// The UTF-8 character starting at `i`, if one does.
fn utf8_char_at(s: &[u8], i: usize) -> Option<char> {
    let end = (i + 4).min(s.len());
    let chunk = match std::str::from_utf8(&s[i..end]) {
        Ok(text) => text,
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&s[i..i + e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    chunk.chars().next()
}

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
    Valid,
    Invalid,
}

/// How `check` runs.
#[derive(Clone, Debug)]
pub struct Options {
    pub standard: Standard,
    pub component: Component,
    pub format: Format,
    pub select: Select,
    /// Status only: no reports, no summary.
    pub quiet: bool,
    /// Colour text reports (and show the record with a caret).
    pub color: bool,
    /// Report the records that RFC 3986 and the WHATWG URL Standard read differently
    /// ([`confusion`]) instead of checking `standard`'s grammar.
    pub confusion: bool,
    /// What a record would be once cleaned, if cleaning makes it valid: the suggestion of a
    /// report. Given by the caller (`clean` builds on `check`, not the other way round).
    pub suggest: Option<Suggest>,
}

/// Cleans an invalid record into a valid one, if it can.
pub type Suggest = fn(&[u8], Standard, Component) -> Option<Vec<u8>>;

/// The `check` work: checks each record, reports, and counts (run it as
/// [`crate::stream::Held`]).
pub struct Checker {
    options: Options,
    pub valid: u64,
    pub invalid: u64,
    /// Where reports go when stdout has the selected records: stderr.
    messages: Messages,
    report: Vec<u8>,
}

impl Checker {
    pub fn new(options: Options) -> Checker {
        Checker {
            options,
            valid: 0,
            invalid: 0,
            messages: Messages::stderr(),
            report: Vec::new(),
        }
    }

    /// The summary line, for stderr.
    pub fn summary(&self) -> String {
        let total = self.valid + self.invalid;
        let records = if total == 1 { "record" } else { "records" };
        let (good, bad) = match self.options.confusion {
            true => ("read alike", "read differently"),
            false => ("valid", "invalid"),
        };
        format!(
            "checked {total} {records}: {} {good}, {} {bad}",
            self.valid, self.invalid
        )
    }

    fn report(&self, record: &[u8], place: Place<'_>, problem: &Problem, out: &mut Vec<u8>) {
        let column = count_chars(&record[..problem.offset]) + 1;
        let suggestion = self
            .options
            .suggest
            .and_then(|suggest| suggest(record, self.options.standard, self.options.component))
            .map(|s| String::from_utf8_lossy(&s).into_owned());
        let message = match &suggestion {
            Some(s) => format!("{}; did you mean: {s}", problem.message),
            None => problem.message.clone(),
        };
        match self.options.format {
            Format::Text => {
                let (red, bold, green, reset) = if self.options.color {
                    ("\x1b[1;31m", "\x1b[1m", "\x1b[32m", "\x1b[0m")
                } else {
                    ("", "", "", "")
                };
                let _ = writeln!(
                    out,
                    "{bold}{}:{}:{column}:{reset} {red}error:{reset} {bold}{message}{reset}",
                    place.source, place.line
                );
                if self.options.color {
                    // The caret goes under the problem in display columns: a wide character
                    // (CJK, most emoji) takes two, which the column number, in characters,
                    // does not say.
                    let shown = |bytes: &[u8]| -> String {
                        String::from_utf8_lossy(bytes)
                            .chars()
                            .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
                            .collect()
                    };
                    let indent = shown(&record[..problem.offset]).width();
                    let _ = writeln!(out, "  {}", shown(record));
                    let _ = writeln!(out, "  {}{green}^{reset}", " ".repeat(indent));
                }
            }
            Format::Json => {
                // With --confusion, both readings as fields of their own.
                let readings = match self.options.confusion {
                    true => confusion::Readings::of(record).json_fields(),
                    false => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{{\"source\":{},\"line\":{},\"column\":{column},\"offset\":{},\"message\":{},\"rule\":{},\"record\":{},\"suggestion\":{}{readings}}}",
                    json::string(place.source),
                    place.line,
                    problem.offset,
                    json::string(&problem.message),
                    json::string(problem.rule),
                    json::data(record),
                    suggestion.as_deref().map_or("null".into(), json::string),
                );
            }
            Format::Github => {
                let file = if place.file {
                    format!("file={},", github_property(place.source))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "::error {file}line={},col={column},title=uriesc check ({})::{}",
                    place.line,
                    github_property(problem.rule),
                    github_data(&format!("{}: {message}", place.source)),
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
            true => confusion::check(record),
            false => check(record, self.options.standard, self.options.component),
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
