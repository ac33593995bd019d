//! URL matching by URLPattern, the WHATWG standard (urlpattern.spec): a pattern compiled once,
//! then tested against each URL's components, and the command's work ([`Grep`]).
//!
//! * This file: [`Pattern`], one compiled pattern (urlpattern.spec "URLPattern class": the
//!   constructor from a string or a [`Init`] dictionary, `test()` and `exec()`), and
//!   [`PatternError`], why a pattern does not compile.
//! * `regexp.rs`: each component's regular expression, run without backtracking.
//! * `ecmascript.rs`: an ECMAScript regular expression (the `v` flag) in the regex crate's
//!   syntax, or why it cannot be.
//! * `opaque_pathname.rs`: the pathname of a pattern whose protocol is not special, compiled
//!   as the standard says (the urlpattern crate's way encodes a `/`).
//! * `input.rs`: [`Components`], the eight strings of a URL a pattern is matched against
//!   (urlpattern.spec "match", steps 10-19), read as `parse --whatwg` reads a URL.
//! * `set.rs`: [`PatternSet`], several patterns meaning any of them.
//! * `template.rs`: [`Template`], a line written from a match's groups.
//! * `grep.rs`: [`Grep`], the command's filter: grep's conventions over records.
//!
//! The constructor (the tokenizer, the pattern parser, the constructor string parser and each
//! component's canonicalization: urlpattern.spec §1-§2) is the urlpattern crate's (Deno's, as
//! Firefox and Servo use it): it passes the web-platform-tests of its time. Matching is done
//! here, on the components as ada reads the URL: each component's literal prefix and suffix
//! compared, a `*` not run at all, a regular expression only where one is needed.

mod ecmascript;
mod grep;
mod input;
mod opaque_pathname;
mod regexp;
mod set;
mod template;
#[cfg(test)]
mod tests;

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use urlpattern::component::Component;
use urlpattern::matcher::{InnerMatcher, Matcher};
use urlpattern::quirks::{self, StringOrInit};
use urlpattern::regexp::RegExp;

pub use ecmascript::{RegexpError, RegexpErrorKind};
pub use grep::{Grep, Output};
pub use input::{Components, Reader};
pub use regexp::Regexp;
pub use set::PatternSet;
pub use template::{Template, TemplateError};

/// The names of a URL's components, in the standard's order (urlpattern.spec "URLPattern
/// class": `protocol` to `hash`); a [`Components`] and a [`Match`] are indexed by it.
pub const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// The `URLPatternInit` dictionary (urlpattern.spec): a pattern by components, each absent one
/// `*` (or taken from `base_url`, as the standard says).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Init {
    /// The pattern of each component, in [`COMPONENTS`]' order; `None` where not given.
    pub components: [Option<String>; 8],
    /// `baseURL`: the URL the components not given are taken from.
    pub base_url: Option<String>,
}

/// The `URLPatternOptions` dictionary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `ignoreCase`: letters match either case in the pathname, search and hash (the `i` flag
    /// of their regular expressions; urlpattern.spec compiles the other components with the
    /// default options).
    pub ignore_case: bool,
}

/// Why a pattern does not compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// A constructor string without a protocol, and no base URL to take one from.
    BaseRequired,
    /// A base URL given both in the dictionary and beside it.
    BaseWithInit,
    /// The pattern's text breaks the pattern syntax (urlpattern.spec "tokenize" or "parse a
    /// pattern string"); where the tokenizer says, the character it stopped at (from 0, in the
    /// component's pattern).
    Syntax {
        /// What is wrong.
        reason: String,
        /// The character (from 0) in the component's pattern text, where known.
        at: Option<usize>,
    },
    /// A fixed part the URL parser refuses for its component (urlpattern.spec "canonicalize a
    /// hostname", ...), or a base URL it refuses.
    Url(String),
    /// A regular expression group (`(...)`) that ECMAScript refuses (a browser's URLPattern
    /// throws), or that the engine cannot run: look-around and backreferences have no place
    /// in an automaton that never backtracks.
    Regexp(RegexpError),
    /// The compiler stopped on a fault of its own (a panic in the urlpattern crate, caught):
    /// the pattern is refused rather than the run ended.
    Compiler,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::BaseRequired => f.write_str(
                "the pattern has no protocol and there is no base URL to take one from: begin it \
                 with a scheme (https://...), or give a base URL",
            ),
            PatternError::BaseWithInit => {
                f.write_str("a base URL is given both in the components and beside them")
            }
            PatternError::Syntax {
                reason,
                at: Some(at),
            } => write!(
                f,
                "{reason}, at character {} of a component's pattern",
                at + 1
            ),
            PatternError::Syntax { reason, at: None } => f.write_str(reason),
            PatternError::Url(reason) => write!(f, "the URL parser refuses it: {reason}"),
            PatternError::Regexp(error) => error.fmt(f),
            PatternError::Compiler => f.write_str(
                "the URLPattern compiler failed on this pattern (a fault of the urlpattern crate)",
            ),
        }
    }
}

impl std::error::Error for PatternError {}

impl From<urlpattern::Error> for PatternError {
    fn from(error: urlpattern::Error) -> PatternError {
        use urlpattern::Error as E;
        match error {
            E::BaseUrlRequired => PatternError::BaseRequired,
            E::BaseUrlWithInit => PatternError::BaseWithInit,
            E::Tokenizer(error, at) => PatternError::Syntax {
                reason: error.to_string(),
                at: Some(at),
            },
            E::Parser(error) => PatternError::Syntax {
                reason: error.to_string(),
                at: None,
            },
            // A constructor string that the lenient tokenizer read as relative.
            E::Url(url::ParseError::RelativeUrlWithoutBase) => PatternError::BaseRequired,
            E::Url(error) => PatternError::Url(error.to_string()),
            // The crate passes a refusal on as `()`: its reason was kept aside on the way.
            E::RegExp(()) => {
                PatternError::Regexp(regexp::take_refusal().unwrap_or_else(|| RegexpError {
                    kind: RegexpErrorKind::Engine,
                    reason: "refused without a reason given".into(),
                    expression: String::new(),
                    at: 0,
                    excerpt: String::new(),
                }))
            }
        }
    }
}

/// One component's result of [`Pattern::exec`] (urlpattern.spec `URLPatternComponentResult`):
/// the input, and each group by name (`None`: an optional group that matched nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentResult<'p, 'a> {
    /// The component of the URL.
    pub input: &'a str,
    /// Each group's name (a number for an unnamed one, from 0) and what it matched.
    pub groups: Vec<(&'p str, Option<&'a str>)>,
}

/// What [`Pattern::exec`] gives for a URL that matches (urlpattern.spec `URLPatternResult`),
/// a [`ComponentResult`] for each of [`COMPONENTS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<'p, 'a> {
    /// In [`COMPONENTS`]' order.
    pub components: Vec<ComponentResult<'p, 'a>>,
}

/// A compiled URLPattern.
///
/// ```
/// use uriesc::url_pattern::{Reader, Options, Pattern};
///
/// let pattern = Pattern::new("https://*.example.com/api/:version/*", None, Options::default())?;
/// let mut reader = Reader::new();
/// let url = reader.read(b"https://docs.example.com/api/v2/users").unwrap();
/// assert!(pattern.test(&url));
/// let found = pattern.exec(&url).unwrap();
/// assert_eq!(found.components[5].groups[0], ("version", Some("v2")));
/// let url = reader.read(b"https://evil-example.com/api/v2/users").unwrap();
/// assert!(!pattern.test(&url));
/// # Ok::<(), uriesc::url_pattern::PatternError>(())
/// ```
#[derive(Debug)]
pub struct Pattern {
    components: [Component<Regexp>; 8],
    /// For each component, each group that is undefined where it matched empty
    /// ([`Regexp::optional_groups`]).
    optional: [Vec<bool>; 8],
    /// The components whose pattern can fail to match (not `*`), in [`COMPONENTS`]' order.
    tested: Vec<usize>,
}

impl Pattern {
    /// The pattern of a constructor string (`https://*.example.com/*`), against `base` where the
    /// string is relative (urlpattern.spec "URLPattern(input, baseURL, options)").
    pub fn new(input: &str, base: Option<&str>, options: Options) -> Result<Pattern, PatternError> {
        Pattern::compile(StringOrInit::String(input.into()), base, options)
    }

    /// The pattern of a dictionary of components (urlpattern.spec "URLPattern(input,
    /// options)" with a `URLPatternInit`).
    ///
    /// ```
    /// use uriesc::url_pattern::{Reader, Init, Options, Pattern};
    ///
    /// let mut init = Init::default();
    /// init.components[5] = Some("/api/:version/*".into()); // pathname
    /// let pattern = Pattern::from_init(init, Options::default())?;
    /// assert_eq!(pattern.component(0), "*"); // any protocol
    /// let mut reader = Reader::new();
    /// assert!(pattern.test(&reader.read(b"ftp://h/api/1/x").unwrap()));
    /// # Ok::<(), uriesc::url_pattern::PatternError>(())
    /// ```
    pub fn from_init(init: Init, options: Options) -> Result<Pattern, PatternError> {
        let [
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        ] = init.components;
        let init = quirks::UrlPatternInit {
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
            base_url: init.base_url,
        };
        Pattern::compile(StringOrInit::Init(init), None, options)
    }

    fn compile(
        input: StringOrInit<'_>,
        base: Option<&str>,
        options: Options,
    ) -> Result<Pattern, PatternError> {
        let ignore_case = options.ignore_case;
        let options = urlpattern::UrlPatternOptions {
            ignore_case,
            // The standard's expressions are ECMAScript's (`/` escaped as `\/`): `Regexp`
            // reads them so.
            regex_syntax: urlpattern::RegexSyntax::EcmaScript,
        };
        regexp::clear_refusal();
        // The crate has panicked on hostile patterns before (rust-urlpattern#72, deno#13394,
        // deno#20906): such a pattern is refused, not the run ended.
        let compiled = catch_unwind(AssertUnwindSafe(|| {
            let init = quirks::process_construct_pattern_input(input, base)?;
            let pathname = opaque_pathname::processed(&init);
            quirks::parse_pattern_as_lib::<Regexp>(init, options).map(|c| (c, pathname))
        }))
        .map_err(|_| PatternError::Compiler)?;
        let (compiled, pathname) = compiled.map_err(PatternError::from)?;
        let mut components = [
            compiled.protocol,
            compiled.username,
            compiled.password,
            compiled.hostname,
            compiled.port,
            compiled.pathname,
            compiled.search,
            compiled.hash,
        ];
        // urlpattern.spec "create", step 17: with a protocol that matches no special scheme, the
        // pathname is an opaque one, compiled with the default options.
        if !opaque_pathname::SPECIAL_SCHEMES
            .iter()
            .any(|scheme| test(&components[0], scheme))
        {
            components[5] = catch_unwind(AssertUnwindSafe(|| {
                opaque_pathname::compile(&pathname, ignore_case)
            }))
            .map_err(|_| PatternError::Compiler)?
            .map_err(PatternError::from)?;
        }
        let tested = (0..8)
            .filter(|&i| !matches_everything(&components[i].matcher))
            .collect();
        let optional = std::array::from_fn(|i| match &components[i].regexp {
            Ok(regexp) => regexp.optional_groups().to_vec(),
            Err(_) => Vec::new(),
        });
        Ok(Pattern {
            components,
            optional,
            tested,
        })
    }

    /// The pattern string of component `i` of [`COMPONENTS`] (urlpattern.spec "generate a
    /// pattern string": the `protocol` getter, ...).
    pub fn component(&self, i: usize) -> &str {
        &self.components[i].pattern_string
    }

    /// The names of component `i`'s groups, in order (a number for an unnamed one).
    pub fn group_names(&self, i: usize) -> &[String] {
        &self.components[i].group_name_list
    }

    /// Whether the pattern has a regular expression group (urlpattern.spec
    /// `hasRegExpGroups`).
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_group)
    }

    /// Whether `url` matches (urlpattern.spec `test()`): every component's pattern matches
    /// its component.
    pub fn test(&self, url: &Components<'_>) -> bool {
        self.tested
            .iter()
            .all(|&i| test(&self.components[i], url.get(i)))
    }

    /// What matched, where `url` matches (urlpattern.spec `exec()`).
    pub fn exec<'p, 'a>(&'p self, url: &Components<'a>) -> Option<Match<'p, 'a>> {
        let mut components = Vec::with_capacity(8);
        for (i, component) in self.components.iter().enumerate() {
            let input = url.get(i);
            let values = match component.matcher.ignore_case {
                // The crate's matcher compares its literal prefix and suffix in one case only:
                // under ignoreCase the whole expression, compiled with the `i` flag, decides.
                true => component.regexp.as_ref().ok()?.matches(input)?,
                false => component.matcher.matches(input)?,
            };
            let optional = &self.optional[i];
            let groups = component
                .group_name_list
                .iter()
                .map(String::as_str)
                .zip(values)
                .enumerate()
                .map(|(j, (name, value))| match value {
                    Some("") if optional.get(j) == Some(&true) => (name, None),
                    value => (name, value),
                })
                .collect();
            components.push(ComponentResult { input, groups });
        }
        Some(Match { components })
    }
}

/// Whether `matcher` matches any string at all: `*` alone.
fn matches_everything(matcher: &Matcher<Regexp>) -> bool {
    matcher.prefix.is_empty()
        && matcher.suffix.is_empty()
        && matches!(
            matcher.inner,
            InnerMatcher::SingleCapture {
                filter: None,
                allow_empty: true
            }
        )
}

/// [`Matcher::matches`] without the groups, and so without allocating: the literal prefix and
/// suffix, then the middle as the crate's matcher tests it; under ignoreCase, the expression.
fn test(component: &Component<Regexp>, input: &str) -> bool {
    let matcher = &component.matcher;
    if matcher.ignore_case {
        return component.regexp.as_ref().is_ok_and(|r| r.is_match(input));
    }
    let (prefix, suffix) = (matcher.prefix.as_bytes(), matcher.suffix.as_bytes());
    let bytes = input.as_bytes();
    if bytes.len() < prefix.len() + suffix.len()
        || !same(&bytes[..prefix.len()], prefix)
        || !same(&bytes[bytes.len() - suffix.len()..], suffix)
    {
        return false;
    }
    let middle = &input[prefix.len()..input.len() - suffix.len()];
    match &matcher.inner {
        InnerMatcher::Literal { literal } => same(middle.as_bytes(), literal.as_bytes()),
        InnerMatcher::SingleCapture {
            filter,
            allow_empty,
        } => (*allow_empty || !middle.is_empty()) && filter.is_none_or(|c| !middle.contains(c)),
        InnerMatcher::RegExp { regexp } => regexp.as_ref().is_ok_and(|r| r.is_match(middle)),
    }
}

/// Whether `a` and `b` are the same bytes, compared in line: a component and a pattern's
/// literal are a few bytes, where a call to the C library's `memcmp` costs more than the
/// comparison (measured: most of `match`'s time on the corpus went to it).
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}
