//! `uriesc parse`: takes each URL apart, and writes its parts as text, JSON or a template.
//!
//! Two readings ([`Url`]): an RFC's, the components of a URI reference as they stand in it
//! (RFC 3986 §3, split by Appendix B, after the standard's grammar has accepted the record:
//! [`Components`]), and the URL Standard's, the getters of its API (url.bs "API") on the URL
//! record its parser makes (through ada). Both derive the path's segments, the query's pairs
//! (`derived.rs`), the host's public suffix and registrable domain (the Public Suffix List) and
//! the host as `pretty-print` shows it. Every field of both is named once, in one table
//! (`fields`), which the text, the JSON, the templates and `--help` read.
//!
//! Each record gives one line, always: a record that does not parse, or is not valid under the
//! RFC's grammar, gives its error (JSON), an error line (text) or an empty line with the error
//! on stderr (a template), and counts as invalid.

mod derived;
mod fields;
pub(crate) mod json;
mod rfc;
mod template;
mod templates;
mod text;
mod url;

use std::borrow::Cow;
use std::sync::Arc;

#[cfg(feature = "whatwg")]
pub use crate::fast_path::Common;
pub use derived::{decoded, decoded_for_line, params, segments};
pub use fields::fields_help;
pub use rfc::{Components, HostType};
#[cfg(feature = "match")]
pub(crate) use template::{Braced, braced};
pub use template::{Template, TemplateError};
pub use templates::Templates;
#[cfg(feature = "whatwg")]
pub use url::Record;
#[cfg(feature = "whatwg")]
pub(crate) use url::parse_whatwg;
pub use url::{Url, read, target};

use crate::base::BaseError;
use crate::check::{self, Target};
use crate::pretty::HostDisplay;
use crate::psl;
use crate::report::Messages;
use crate::report::{Format, Location, Reporter, Sink};
use crate::sets::Standard;
use crate::stream::{Place, RecordFilter, Written};
use crate::visible::visible;

/// What `parse` writes for each URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A line of `NAME=VALUE` pairs, for people.
    Text,
    /// One JSON object (JSON Lines).
    Json,
    /// A line from a template.
    Template(Template),
}

/// How `parse` reads and writes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The reading: an RFC's grammar and components, or the URL Standard's parser and API.
    pub standard: Standard,
    /// What to write.
    pub output: Output,
    /// Under an RFC, a `+` in a query's names and values is a space, as in a form (the URL
    /// Standard's reading always decodes so: url.bs "application/x-www-form-urlencoded").
    pub plus: bool,
    /// The Public Suffix List that `public_suffix` and `registrable_domain` come from:
    /// [`psl::List::builtin`] where `None`.
    pub psl: Option<Arc<psl::List>>,
    /// The base each record is resolved against first, as [`Options::with_base`] prepared it.
    base: Option<Vec<u8>>,
}

impl Options {
    /// Reading under `standard`, writing `output`, no base.
    pub fn new(standard: Standard, output: Output) -> Options {
        Options {
            standard,
            output,
            plus: false,
            psl: None,
            base: None,
        }
    }

    /// These options with each record resolved against `base` first (RFC 3986 §5.2, the base
    /// a URI valid under the standard, §5.1; or the URL Standard's parser with a base); the
    /// reason, for a person, where `base` is none.
    ///
    /// ```
    /// use uriesc::parse::{Options, Output, Parser};
    /// use uriesc::sets::Standard;
    /// use uriesc::stream::{Place, RecordFilter};
    /// use uriesc::report::Messages;
    ///
    /// let options = Options::new(Standard::Rfc3986, Output::Json).with_base(b"http://a/b/c/d;p?q")?;
    /// let mut parser = Parser::new(options, Messages::none());
    /// let mut out = Vec::new();
    /// let place = Place { source: "<arg 1>", file: false, line: 1 };
    /// parser.record(b"../g?x", place, &mut out).unwrap();
    /// assert!(out.starts_with(br#"{"scheme":"http","userinfo":null,"host":"a","#));
    /// assert!(Options::new(Standard::Rfc3986, Output::Json).with_base(b"/a/b").is_err());
    /// # Ok::<(), uriesc::base::BaseError>(())
    /// ```
    pub fn with_base(mut self, base: &[u8]) -> Result<Options, BaseError> {
        self.base = Some(prepared_base(base, self.standard)?);
        Ok(self)
    }
}

/// `base` ready to resolve against under `standard`: under an RFC, a URI valid under it (RFC
/// 3986 §5.1) without its dot segments (§5.2.1); under the URL Standard, a URL its parser takes.
/// Why, where it is no base.
pub(crate) fn prepared_base(base: &[u8], standard: Standard) -> Result<Vec<u8>, BaseError> {
    match standard {
        #[cfg(feature = "whatwg")]
        Standard::Whatwg => crate::clean::whatwg_base(base),
        #[cfg(not(feature = "whatwg"))]
        Standard::Whatwg => Err(BaseError::ParserMissing),
        standard => {
            check::check(base, standard, Target::Uri).map_err(|problem| BaseError::Invalid {
                base: base.to_vec(),
                problem,
            })?;
            // §5.2.1: the base without dot segments, as resolving expects it.
            Ok(crate::uri::without_dot_segments(base))
        }
    }
}

/// What the Public Suffix List says of a URL's host, in its ASCII form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Site<'a> {
    /// The public suffix.
    pub public_suffix: &'a [u8],
    /// Which section of the list decided: `icann`, `private`, or `not_listed` (no rule: the
    /// default rule `*`).
    pub section: &'static str,
    /// The public suffix and the label before it, where there is one.
    pub registrable_domain: Option<&'a [u8]>,
}

/// How `public_suffix_section` names a section.
fn section_name(section: psl::Section) -> &'static str {
    match section {
        psl::Section::Icann => "icann",
        psl::Section::Private => "private",
        psl::Section::NotListed => "not_listed",
    }
}

/// The state the derived parts need across records.
pub(crate) struct Derive {
    /// The host as shown, of the record being written.
    shown: Vec<u8>,
    /// A template's value before it is decoded, of the record being written.
    value: Vec<u8>,
    /// The text a list or pairs are split from, of the record being written.
    whole: Vec<u8>,
    /// What the Public Suffix List says of the host of the record being written, once asked
    /// ([`Derive::site`]): three fields ask, and the lookup is the costly part.
    starts: Option<Option<psl::Starts>>,
    /// The ASCII form of the host of the record being written, once a field has asked.
    domain: Vec<u8>,
    plus: bool,
    psl: Option<Arc<psl::List>>,
    /// Made on first use: the display policy's lists take milliseconds to build, and common
    /// URLs never need them.
    hosts: Option<HostDisplay>,
}

impl Derive {
    fn new(options: &Options) -> Derive {
        Derive {
            shown: Vec::new(),
            value: Vec::new(),
            whole: Vec::new(),
            starts: None,
            domain: Vec::new(),
            plus: options.plus,
            psl: options.psl.clone(),
            hosts: None,
        }
    }

    /// Forgets what it found of the record before: to be called before each record's fields.
    fn begin(&mut self) {
        self.starts = None;
    }

    /// Whether `+` in `url`'s query is a space.
    fn plus(&self, url: &Url) -> bool {
        match url {
            Url::Rfc(_) => self.plus,
            #[cfg(feature = "whatwg")]
            Url::Whatwg(_) | Url::Common(_) => true,
        }
    }

    /// The Public Suffix List the sites come from.
    fn list(&self) -> &psl::List {
        // The built-in list is parsed on first use only: a run that asks for no site (most
        // templates) does not pay for it.
        match self.psl.as_deref() {
            Some(list) => list,
            None => psl::List::builtin(),
        }
    }

    /// The public suffix and registrable domain of `url`'s host, if it is a domain: looked up
    /// once per record (three fields ask), its ASCII form kept in `domain` meanwhile.
    fn site(&mut self, url: &Url) -> Option<Site<'_>> {
        if self.starts.is_none() {
            self.domain.clear();
            let ascii = match url {
                // A domain of ASCII lower-case letters, digits, `-` and `.` with no `xn--`
                // label: its own ASCII form.
                #[cfg(feature = "whatwg")]
                Url::Common(common) => Some(Cow::Borrowed(common.hostname())),
                _ => url.ascii_domain().map(|domain| match domain {
                    Cow::Borrowed(domain) => Cow::Borrowed(domain.as_bytes()),
                    Cow::Owned(domain) => Cow::Owned(domain.into_bytes()),
                }),
            };
            let found = ascii.and_then(|ascii| {
                self.domain.extend_from_slice(&ascii);
                self.list().starts(&self.domain)
            });
            self.starts = Some(found);
        }
        let found = self.starts.flatten()?;
        let domain = &self.domain;
        Some(Site {
            public_suffix: &domain[found.public_suffix..],
            section: section_name(found.section),
            registrable_domain: found.registrable_domain.map(|at| &domain[at..]),
        })
    }

    /// Appends `url`'s host as `pretty-print --idna` shows it; false where it has none.
    fn display_host(&mut self, url: &Url, out: &mut Vec<u8>) -> bool {
        // A common URL's host is ASCII letters, digits, `-` and `.`, with no `xn--` label:
        // shown as it is, as the policy shows every such host.
        #[cfg(feature = "whatwg")]
        if let Url::Common(common) = url {
            out.extend_from_slice(common.hostname());
            return true;
        }
        match url.host_in_uri() {
            Some((uri, span)) => {
                self.hosts
                    .get_or_insert_with(HostDisplay::default)
                    .show(uri, span, out);
                true
            }
            None => false,
        }
    }
}

/// The `parse` work: each record read and written (run it as
/// [`crate::stream::WholeRecords`]).
pub struct Parser {
    options: Options,
    derive: Derive,
    sink: Sink,
    /// Whether the records that do not parse are reported to the sink: always with a template
    /// (its lines have no place for them), else where asked.
    reporting: bool,
    /// What the reading of a record writes ([`read`]).
    scratch: Vec<u8>,
    /// Records read so far.
    pub valid: u64,
    /// Records that did not parse so far.
    pub invalid: u64,
}

impl Parser {
    /// The filter that parses as `options` say, with the errors of `--get` to `messages`.
    pub fn new(options: Options, messages: Messages) -> Parser {
        Parser {
            derive: Derive::new(&options),
            reporting: matches!(options.output, Output::Template(_)),
            options,
            sink: Sink::new(Reporter::new(Format::Text, "parse"), messages),
            scratch: Vec::new(),
            valid: 0,
            invalid: 0,
        }
    }

    /// This parser, each record that does not parse also reported to its messages in
    /// `format` (with a template, instead of as text).
    pub fn with_reports(mut self, format: Format) -> Parser {
        self.sink.set_reporter(Reporter::new(format, "parse"));
        self.reporting = true;
        self
    }

    /// Writes the line of a record that does not parse.
    fn failed(&mut self, record: &[u8], problem: &check::Problem, place: Place, out: &mut Vec<u8>) {
        self.invalid += 1;
        let diagnostic = problem.diagnostic(record, place);
        match &self.options.output {
            Output::Json => {
                out.extend_from_slice(b"{\"error\":");
                Reporter::new(Format::Json, "parse").write(&diagnostic, out);
                out.pop();
                out.push(b'}');
            }
            Output::Text => {
                out.extend_from_slice(b"error=");
                text::quoted(visible(problem.message.as_bytes()).as_bytes(), out);
                out.extend_from_slice(b" rule=");
                out.extend_from_slice(problem.rule.as_bytes());
                out.extend_from_slice(b" at=");
                let at = Location::to_string(&diagnostic.location());
                text::quoted(at.as_bytes(), out);
            }
            Output::Template(_) => {}
        }
        if self.reporting {
            self.sink.report(&diagnostic);
        }
    }
}

impl RecordFilter for Parser {
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let Parser {
            options,
            derive,
            scratch,
            ..
        } = self;
        derive.begin();
        let problem = match url::read(record, options, scratch) {
            Ok(url) => {
                match &options.output {
                    Output::Json => json::write(&url, derive, out),
                    Output::Template(template) => template.write(&url, derive, out),
                    Output::Text => {
                        let unresolved = options.base.is_none().then_some(record);
                        text::write(unresolved, &url, derive, out)
                    }
                }
                None
            }
            Err(problem) => Some(problem),
        };
        match problem {
            Some(problem) => self.failed(record, &problem, place, out),
            None => self.valid += 1,
        }
        Ok(true)
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    /// The status says whether every record parsed: it waits for the last one.
    fn status_pending(&self) -> bool {
        self.invalid == 0
    }
}
