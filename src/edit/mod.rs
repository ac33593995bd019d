//! `uriesc edit`: puts URLs together. Each record is resolved (against a base, or a reference
//! against it), its components set or removed, and its query's pairs edited, each new value
//! percent-encoded for the place it goes by the tables `encode` uses ([`crate::sets`]).
//!
//! Two readings, as `parse` has them. Under an RFC (RFC 3986, 3987, 2396, 1738) the record must
//! pass the standard's grammar; its components are taken apart by RFC 3986 Appendix B and
//! §3.2, set, put back together by §5.3 (the path kept apart from what comes before it,
//! [`crate::uri::path_apart`]), and the result checked again.
//! Under the URL Standard the record is parsed (through ada), and each component set by the
//! API's setter (url.bs "API": `protocol`, `username`, ..., `href`), which also says what a
//! value it refuses is.
//!
//! A record that does not parse, or that an edit would make invalid, is written as it came and
//! reported at its place; nothing is dropped.

mod glob;
mod query;
mod rfc;
mod set;
#[cfg(feature = "whatwg")]
mod whatwg;

pub use glob::Glob;
pub use query::{Pair, ParamEdits, Scratch as ParamScratch};
pub use set::{Part, Set};

use crate::check::{self, Problem};
use crate::report::Messages;
use crate::report::{Diagnostic, Format, Reporter, Sink};
use crate::sets::Standard;
use crate::stream::{Place, RecordFilter, Written};
use crate::visible::visible;

/// What `edit` does to each record, in this order: resolve it against `base`, resolve
/// `redirect` against it, make the `sets`, then the `params` edits.
#[derive(Clone, Debug)]
pub struct Options {
    /// The reading: an RFC's grammar and components, or the URL Standard's parser and setters.
    pub standard: Standard,
    /// The components to set or remove, in order.
    pub sets: Vec<Set>,
    /// The edits of the query's pairs.
    pub params: ParamEdits,
    /// The base each record is resolved against first, as [`Options::with_base`] prepared it.
    base: Option<Vec<u8>>,
    /// A reference resolved against each record ([`Options::with_redirect`]).
    redirect: Option<Vec<u8>>,
}

impl Options {
    /// No edit, under `standard`: every valid record is written as it came (under an RFC) or
    /// as the URL Standard serializes it.
    pub fn new(standard: Standard) -> Options {
        Options {
            standard,
            sets: Vec::new(),
            params: ParamEdits {
                separator: b'&',
                plus: standard == Standard::Whatwg,
                ..ParamEdits::default()
            },
            base: None,
            redirect: None,
        }
    }

    /// These options with each record resolved against `base` first, as `parse --base` does
    /// ([`crate::parse::Options::with_base`]); why, where it is no base.
    pub fn with_base(mut self, base: &[u8]) -> Result<Options, crate::base::BaseError> {
        self.base = Some(crate::parse::prepared_base(base, self.standard)?);
        Ok(self)
    }

    /// These options with `reference` resolved against each record (the record the base:
    /// RFC 3986 §5.2, or the URL Standard's parser with the record as its base), as a
    /// redirect's `Location` is against the URL it came from; the reason, for a person, where
    /// `reference` is not a reference under the standard.
    ///
    /// ```
    /// use uriesc::edit::{Editor, Options};
    /// use uriesc::sets::Standard;
    /// use uriesc::stream::{Place, RecordFilter};
    /// use uriesc::report::Messages;
    ///
    /// let options = Options::new(Standard::Rfc3986).with_redirect(b"../g?x")?;
    /// let mut editor = Editor::new(options, Messages::none());
    /// let mut out = Vec::new();
    /// let place = Place { source: "<arg 1>", file: false, line: 1 };
    /// editor.record(b"http://a/b/c/d;p?q", place, &mut out).unwrap();
    /// assert_eq!(out, b"http://a/b/g?x"); // RFC 3986 §5.4.1
    /// # Ok::<(), uriesc::edit::SpecError>(())
    /// ```
    pub fn with_redirect(self, reference: &[u8]) -> Result<Options, SpecError> {
        self.with_redirect_text(reference).map_err(SpecError::new)
    }

    /// As [`Options::with_redirect`], its reason as text.
    fn with_redirect_text(mut self, reference: &[u8]) -> Result<Options, String> {
        if self.standard != Standard::Whatwg {
            let target = crate::parse::target(self.standard);
            check::check(reference, self.standard, target).map_err(|problem| {
                format!(
                    "--redirect {}: not valid under {}: {}",
                    visible(reference),
                    self.standard,
                    problem.message
                )
            })?;
        } else if std::str::from_utf8(reference).is_err() {
            return Err(format!(
                "--redirect {}: a URL is text, and this is not UTF-8; percent-encode the bytes \
                 that are not",
                visible(reference)
            ));
        }
        self.redirect = Some(reference.to_vec());
        Ok(self)
    }
}

/// What is worked out once from the options, for every record.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Under the URL Standard, where every edit sets the host to a domain that needs no IDNA
    /// (see `whatwg::common_host`): that host, which a common URL takes without the parser.
    #[cfg(feature = "whatwg")]
    common_host: Option<Vec<u8>>,
}

impl Plan {
    fn of(options: &Options) -> Plan {
        #[cfg(not(feature = "whatwg"))]
        let _ = options;
        Plan {
            #[cfg(feature = "whatwg")]
            common_host: match options.standard {
                Standard::Whatwg => whatwg::common_host(options),
                _ => None,
            },
        }
    }
}

/// Why a record is not edited: it is written as it came, but for [`Failure::Refused`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The record does not parse, or is not valid under the RFC's grammar.
    Record(Problem),
    /// The record with its edits would not be valid under the RFC's grammar: the edited
    /// record, and why.
    Result(Vec<u8>, Problem),
    /// The URL Standard's setter of a part refused the value (url.bs setters "return" without
    /// a change): the part and the value. What is written is the URL as it was before the
    /// edits, as the URL Standard serializes it (WPT's setter tests expect it so), which
    /// [`edit`] has written to its output.
    Refused(Part, Vec<u8>),
    /// The reference of `--redirect` does not parse against the record (the URL Standard).
    Redirect,
}

/// Each record edited, as [`Options`] say, into `out`; or why it cannot be (and for
/// [`Failure::Refused`], the unedited URL written to `out`).
///
/// ```
/// use uriesc::edit::{Options, Set, edit};
/// use uriesc::sets::Standard;
///
/// let mut options = Options::new(Standard::Rfc3986);
/// options.sets.push(Set::parse(b"path=/a b/c", Standard::Rfc3986)?);
/// let mut out = Vec::new();
/// edit(b"http://example.com/old?q", &options, &mut Default::default(), &mut out).unwrap();
/// assert_eq!(out, b"http://example.com/a%20b/c?q");
/// # Ok::<(), uriesc::edit::SpecError>(())
/// ```
pub fn edit(
    record: &[u8],
    options: &Options,
    scratch: &mut ParamScratch,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    edit_as_planned(record, options, &Plan::of(options), scratch, out)
}

/// [`edit`], with what is worked out once from the options.
fn edit_as_planned(
    record: &[u8],
    options: &Options,
    plan: &Plan,
    scratch: &mut ParamScratch,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    match options.standard {
        #[cfg(feature = "whatwg")]
        Standard::Whatwg => whatwg::edit(record, options, plan, scratch, out),
        #[cfg(not(feature = "whatwg"))]
        Standard::Whatwg => {
            let _ = (plan, scratch, out);
            Err(Failure::Record(Problem {
                offset: 0,
                rule: "whatwg-feature",
                message: check::without_whatwg!("to edit under the URL Standard").into(),
            }))
        }
        _ => rfc::edit(record, options, scratch, out),
    }
}

/// The `edit` work: each record edited and written, or written as it came and reported (run it
/// as [`crate::stream::WholeRecords`]).
pub struct Editor {
    options: Options,
    plan: Plan,
    sink: Sink,
    scratch: ParamScratch,
    /// Records edited so far.
    pub edited: u64,
    /// Records written as they came, and reported, so far.
    pub failed: u64,
}

impl Editor {
    /// The filter that edits as `options` say, with its reports to `messages`.
    pub fn new(options: Options, messages: Messages) -> Editor {
        Editor {
            plan: Plan::of(&options),
            options,
            sink: Sink::new(Reporter::new(Format::Text, "edit"), messages),
            scratch: ParamScratch::default(),
            edited: 0,
            failed: 0,
        }
    }

    /// This editor, its reports written in `format`.
    pub fn with_format(mut self, format: Format) -> Editor {
        self.sink.set_reporter(Reporter::new(format, "edit"));
        self
    }

    /// Reports `failure` of `record`, at `place`.
    fn report(&mut self, record: &[u8], failure: &Failure, place: Place) {
        let standard = self.options.standard;
        let problem = match failure {
            Failure::Record(problem) => problem.clone(),
            Failure::Result(result, inner) => {
                // The place is the record's; where the edited URL breaks is said in words.
                let excerpt = crate::excerpt::Excerpt::around(result, inner.offset);
                let at = crate::excerpt::count_chars(&result[..inner.offset.min(result.len())]) + 1;
                Problem {
                    offset: 0,
                    message: format!(
                        "edited, the record would be '{}', not valid under {standard} at its \
                         character {at} ({}), so it is written as it came",
                        excerpt.shown(),
                        inner.message
                    ),
                    ..inner.clone()
                }
            }
            Failure::Refused(part, value) => Problem {
                offset: 0,
                rule: "setter",
                message: format!(
                    "the URL Standard's {} setter refuses '{}' for this URL (url.bs \"API\"), \
                     so it is written unedited, as the URL Standard serializes it{}",
                    part.name(),
                    visible(value),
                    set::written_instead(record, &self.options, *part)
                ),
            },
            Failure::Redirect => Problem {
                offset: 0,
                rule: "failure",
                message: format!(
                    "the URL parser refuses --redirect '{}' against this URL, so it is written \
                     as it came",
                    visible(self.options.redirect.as_deref().unwrap_or_default())
                ),
            },
        };
        let diagnostic: Diagnostic = problem.diagnostic(record, place);
        self.sink.report(&diagnostic);
    }
}

impl RecordFilter for Editor {
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let start = out.len();
        let Editor {
            options,
            plan,
            scratch,
            ..
        } = self;
        match edit_as_planned(record, options, plan, scratch, out) {
            Ok(()) => self.edited += 1,
            Err(failure) => {
                if !matches!(failure, Failure::Refused(..)) {
                    out.truncate(start);
                    out.extend_from_slice(record);
                }
                self.failed += 1;
                self.report(record, &failure, place);
            }
        }
        Ok(true)
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    /// The status says whether every record was edited: it waits for the last one.
    fn status_pending(&self) -> bool {
        self.failed == 0
    }
}

/// Why an edit's option is refused (`--set`, `--unset`, `--set-param`, `--append`,
/// `--redirect`): the option, its value and the rule, in words for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    message: String,
}

impl SpecError {
    fn new(message: String) -> SpecError {
        SpecError { message }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecError {}
