//! `uriesc check`: validates each record as a URI or a component, to the letter of a standard,
//! and reports where and why one breaks.
//!
//! One validator per standard: [`rfc3986`] (Appendix A), [`rfc3987`] (§2.2, IRIs), [`rfc2396`]
//! (Appendix A with RFC 2732), [`rfc1738`] (§3 and §5) and [`whatwg`] (url.bs "URL writing" and "Host writing"), all
//! hand-written over the sets of [`crate::sets`]. Each gives the first [`Problem`] of
//! a record: a byte offset, the grammar rule, and a message that names the fix.
//!
//! Reports (grep-style lines, JSON Lines or GitHub Actions annotations, with a summary on
//! stderr at the end) are written by [`crate::report`], apart from validation.
//!
//! # Adding a standard
//!
//! Write its validator in a file of its own (a `check(record, target)` over `Scan` and the
//! standard's sets in [`crate::sets`], giving the first [`Problem`]), end the file with a
//! `Validator` named `VALIDATOR`, and register it in `validator` (one arm). Its byte sets
//! come first: see [`crate::sets`].

mod checker;
#[cfg(feature = "whatwg")]
pub mod confusion;
mod ip;
pub mod rfc1738;
pub mod rfc2396;
pub mod rfc3986;
pub mod rfc3987;
mod target;
pub mod whatwg;

use crate::report::Diagnostic;
use crate::sets::{ByteSet, Standard, ascii::HEXDIG, pct_encoded};
use crate::stream::Place;

pub use checker::{Checker, Format, Judged, Options, Select, Suggest};
pub use target::{Target, Unsupported};

/// Why a record is not valid: the first problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Byte offset in the record.
    pub offset: usize,
    /// The grammar rule (or WHATWG validation error) that is broken.
    pub rule: &'static str,
    /// What is wrong, and the fix.
    pub message: String,
}

impl Problem {
    /// The report of this problem in `record`, which is at `place`.
    ///
    /// ```
    /// use uriesc::check::{Target, check};
    /// use uriesc::sets::Standard;
    /// use uriesc::stream::Place;
    ///
    /// let record = b"http://a b/";
    /// let problem = check(record, Standard::Rfc3986, Target::Uri).unwrap_err();
    /// let place = Place { source: "urls.txt", file: true, line: 3 };
    /// let diagnostic = problem.diagnostic(record, place);
    /// assert_eq!(diagnostic.location().to_string(), "urls.txt:3:9");
    /// ```
    pub fn diagnostic<'a>(&'a self, record: &'a [u8], place: Place<'a>) -> Diagnostic<'a> {
        Diagnostic {
            file: place.file,
            ..Diagnostic::new(
                place.source,
                place.line,
                record,
                self.offset,
                self.rule,
                &self.message,
            )
        }
    }
}

/// One standard's validator. Each standard's module defines one (`VALIDATOR`), and
/// [`validator`] is where it is registered.
pub(crate) struct Validator {
    /// Checks a record as a URI, a reference or a component; one the standard has no grammar
    /// for is a [`Problem`] too.
    pub check: fn(&[u8], Target) -> Result<(), Problem>,
    /// Whether the standard has a grammar for a URI, reference or component; if not, why.
    pub supports: fn(Target) -> Result<(), &'static str>,
    /// What the standard calls what it defines: "a URI", "an IRI", "a URL".
    pub noun: &'static str,
    /// Where the standard says that one begins with a scheme (the message of an empty record).
    pub begins: &'static str,
    /// The records at the start of a batch (each followed by its terminator) that the
    /// standard's fast path finds valid as the target, none empty: `check` counts them and
    /// moves on. [`no_fast_path`] where there is none.
    pub valid_run: fn(records: &[u8], end: u8, target: Target) -> (usize, u64),
}

/// [`Validator::valid_run`] of a standard without a fast path: no record.
pub(crate) fn no_fast_path(_: &[u8], _: u8, _: Target) -> (usize, u64) {
    (0, 0)
}

/// The records at the start of `records` (each followed by its terminator `end`, or `\r\n`)
/// that [`check`] finds valid under `standard` as `target` by the standard's fast path alone,
/// for a stream to count at once.
pub(crate) fn valid_run(
    records: &[u8],
    end: u8,
    standard: Standard,
    target: Target,
) -> (usize, u64) {
    (validator(standard).valid_run)(records, end, target)
}

/// [`check`] of a record that a [`valid_run`] stopped at, or of one that came alone: RFC 3986's
/// grammar without its fast path, which said no to the record already where a run stopped at
/// it (most records that come here are invalid); every other standard's [`check`]. The answer
/// is [`check`]'s either way: the fast path is held to the grammar (`crate::internals`).
pub(crate) fn check_after_run(
    record: &[u8],
    standard: Standard,
    target: Target,
) -> Result<(), Problem> {
    match (standard, target) {
        (Standard::Rfc3986, Target::Uri | Target::Reference) if !record.is_empty() => {
            rfc3986::check_by_grammar(record, target)
        }
        _ => check(record, standard, target),
    }
}

/// The validator of `standard`. Registering a standard's validator is this one arm.
///
/// [`Standard::Whatwg`]'s needs the `whatwg` feature (on by default): without it, the validator
/// supports no component, and says why.
pub(crate) fn validator(standard: Standard) -> &'static Validator {
    match standard {
        Standard::Rfc3986 => &rfc3986::VALIDATOR,
        Standard::Rfc2396 => &rfc2396::VALIDATOR,
        Standard::Rfc1738 => &rfc1738::VALIDATOR,
        #[cfg(feature = "whatwg")]
        Standard::Whatwg => &whatwg::VALIDATOR,
        #[cfg(not(feature = "whatwg"))]
        Standard::Whatwg => &WITHOUT_WHATWG,
        Standard::Rfc3987 => &rfc3987::VALIDATOR,
    }
}

/// What the library says where it needs the WHATWG URL parser and was built without it (no
/// `whatwg` feature): that, and what the parser is needed for.
#[cfg(not(feature = "whatwg"))]
macro_rules! without_whatwg {
    ($what_for:literal) => {
        concat!(
            "uriesc was built without the `whatwg` feature: the WHATWG URL parser (ada) is \
             needed ",
            $what_for
        )
    };
}
#[cfg(not(feature = "whatwg"))]
pub(crate) use without_whatwg;

/// The problem of a record that needs the WHATWG URL parser, in a library built without it:
/// `message` is [`without_whatwg!`]'s.
#[cfg(not(feature = "whatwg"))]
pub(crate) fn parser_missing(message: &'static str) -> Problem {
    Problem {
        offset: 0,
        rule: "whatwg-feature",
        message: message.into(),
    }
}

/// The validator of [`Standard::Whatwg`] without the `whatwg` feature: with no parser to check
/// with, it supports no component, and every record is a problem that says why.
#[cfg(not(feature = "whatwg"))]
const WITHOUT_WHATWG: Validator = Validator {
    check: |_, _| Err(parser_missing(CHECK_WITHOUT_WHATWG)),
    supports: |_| Err(CHECK_WITHOUT_WHATWG),
    noun: "a URL",
    begins: "url.bs \"URL writing\": a valid URL string begins with a scheme and ':'",
    valid_run: no_fast_path,
};

#[cfg(not(feature = "whatwg"))]
const CHECK_WITHOUT_WHATWG: &str = without_whatwg!("to check against the URL Standard");

/// Checks one record as `target` under `standard`: `Ok` if it is valid, else the first
/// problem, with its byte offset.
///
/// ```
/// use uriesc::check::{Target, check};
/// use uriesc::sets::{Component, Standard};
///
/// // RFC 3986 §2.1: a space is written %20.
/// assert!(check(b"http://example.com/a%20b", Standard::Rfc3986, Target::Uri).is_ok());
/// let problem = check(b"http://example.com/a b", Standard::Rfc3986, Target::Uri).unwrap_err();
/// assert_eq!(problem.offset, 20);
/// // An empty line is no URI: a URI begins with a scheme (§3).
/// let problem = check(b"", Standard::Rfc3986, Target::Uri).unwrap_err();
/// assert!(problem.message.starts_with("the record is empty"));
/// // §3.2.3: port = *DIGIT.
/// assert!(check(b"8080", Standard::Rfc3986, Component::Port.into()).is_ok());
/// ```
#[inline]
pub fn check(record: &[u8], standard: Standard, target: Target) -> Result<(), Problem> {
    if record.is_empty() && target == Target::Uri {
        return empty_uri(standard);
    }
    (validator(standard).check)(record, target)
}

/// [`check`] of an empty record as a URI: the rule the validator names, with a message that
/// says what the record is. Apart, and cold, so that `check` stays small enough to inline.
#[cold]
#[inline(never)]
fn empty_uri(standard: Standard) -> Result<(), Problem> {
    match (validator(standard).check)(b"", Target::Uri) {
        // Not an empty URL's problem, but the missing parser's.
        #[cfg(not(feature = "whatwg"))]
        Err(problem) if standard == Standard::Whatwg => Err(problem),
        Err(problem) => Err(empty_record(standard, problem.rule)),
        Ok(()) => Ok(()),
    }
}

/// The problem of an empty record checked as a URI: the empty string has no scheme, which every
/// standard's URI begins with. Said as what it is (an empty line, most often, in a list), not
/// as a missing scheme with a hint to check references, which it would pass as.
fn empty_record(standard: Standard, rule_broken: &'static str) -> Problem {
    let Validator { noun, begins, .. } = validator(standard);
    Problem {
        offset: 0,
        rule: rule_broken,
        message: format!(
            "the record is empty: the empty string is not {noun} ({begins}); leave empty lines \
             out, e.g. with grep -v '^$'"
        ),
    }
}

/// Whether `check` can validate `target` under `standard`; if not, why ([`Unsupported`]).
///
/// ```
/// use uriesc::check::{Target, supported};
/// use uriesc::sets::{Component, Standard};
///
/// assert!(supported(Standard::Rfc3986, Component::Fragment.into()).is_ok());
/// // RFC 1738 has no fragment, and no relative references (they came with RFC 1808).
/// assert!(supported(Standard::Rfc1738, Component::Fragment.into()).is_err());
/// assert!(supported(Standard::Rfc1738, Target::Reference).is_err());
/// ```
pub fn supported(standard: Standard, target: Target) -> Result<(), Unsupported> {
    (validator(standard).supports)(target).map_err(|reason| Unsupported {
        standard,
        target,
        reason,
    })
}

/// The problem of a target that `standard` has no grammar for (which [`supported`] refuses
/// before any record is read): a library caller gets it as a problem, never a panic.
fn unsupported(standard: Standard, target: Target) -> Problem {
    Problem {
        offset: 0,
        rule: "component",
        message: supported(standard, target).err().map_or_else(
            || format!("-c {} cannot be checked here", target.name()),
            |unsupported| unsupported.to_string(),
        ),
    }
}

/// A record being checked, with the helpers every validator uses.
pub(crate) struct Scan<'a> {
    /// The record.
    pub bytes: &'a [u8],
}

impl<'a> Scan<'a> {
    /// A scan of `bytes`.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Scan { bytes }
    }

    /// The problem at `offset` of the record.
    pub(crate) fn problem(&self, offset: usize, rule: &'static str, message: String) -> Problem {
        Problem {
            offset,
            rule,
            message,
        }
    }

    /// Checks that `bytes[start..end]` holds only bytes of `allowed` and escapes `%HH`.
    pub(crate) fn chars(
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
    pub(crate) fn chars_until(
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
    pub(crate) fn not_allowed(&self, i: usize, place: &'static str, rule: &'static str) -> Problem {
        let message = match self.bytes[i] {
            b'[' | b']' => format!(
                "{} is only allowed around an IP literal host; encode it as {}",
                self.show(i),
                self.escaped(i)
            ),
            // In a URI a '#' began the fragment; a fragment checked on its own has none.
            b'#' if rule == "fragment" && self.bytes[..i].contains(&b'#') => format!(
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
    pub(crate) fn show(&self, i: usize) -> String {
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
pub(crate) fn hostname(s: &[u8], final_dot: bool) -> bool {
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
pub(crate) fn dotted_digits(s: &[u8], max_digits: usize) -> bool {
    let part = |p: &[u8]| (1..=max_digits).contains(&p.len()) && p.iter().all(u8::is_ascii_digit);
    s.split(|&b| b == b'.').count() == 4 && s.split(|&b| b == b'.').all(part)
}

/// Whether every byte is a hex digit.
pub(crate) fn hexdigits(s: &[u8]) -> bool {
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

#[cfg(all(test, not(feature = "whatwg")))]
mod tests {
    use super::*;

    /// Without the parser, the URL Standard's validator supports nothing and checks nothing,
    /// and says why, for an empty record too.
    #[test]
    fn whatwg_without_the_parser() {
        let why = "uriesc was built without the `whatwg` feature";
        assert!(
            supported(Standard::Whatwg, Target::Uri)
                .unwrap_err()
                .reason()
                .starts_with(why)
        );
        for record in [&b"http://example.com/"[..], b""] {
            let problem = check(record, Standard::Whatwg, Target::Uri).unwrap_err();
            assert!(problem.message.starts_with(why));
        }
    }
}
