//! A base URL, against which each record is resolved or checked (`--base`): RFC 3986 §5.1's
//! base URI, absolute and valid under its standard, or a URL the WHATWG URL parser takes
//! (url.bs "URL parser" with a base); and [`BaseError`], why one is refused, shared by every
//! command that takes a base (`check`, `clean`, `parse`, `edit`), with `check`'s reading of a
//! base ([`check::Options::with_base`]).

use std::fmt;

use crate::check::{self, Problem, Target};
use crate::sets::Standard;
use crate::visible::visible;

/// Why a base is refused.
///
/// ```
/// # #[cfg(feature = "parse")] {
/// use uriesc::base::BaseError;
/// use uriesc::parse::{Options, Output};
/// use uriesc::sets::Standard;
///
/// // RFC 3986 §5.1: a base URI is absolute.
/// let error = Options::new(Standard::Rfc3986, Output::Json).with_base(b"/a/b").unwrap_err();
/// assert!(matches!(error, BaseError::Invalid { .. }));
/// assert!(error.to_string().starts_with("--base /a/b: not a URI"));
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BaseError {
    /// Under an RFC: the base has no scheme, and a base is absolute (RFC 3986 §5.1, RFC 2396
    /// §5.1, RFC 1808 §3 for RFC 1738).
    NotAbsolute {
        /// The base as given.
        base: Vec<u8>,
        /// The standard it was read under.
        standard: Standard,
    },
    /// Under an RFC: the base is not valid under the standard (RFC 3986 §5.1: a base is a
    /// URI), for the reason its check gives.
    Invalid {
        /// The base as given.
        base: Vec<u8>,
        /// What its check found.
        problem: Problem,
    },
    /// Under the URL Standard: its parser refuses the base.
    NotAUrl {
        /// The base as given.
        base: Vec<u8>,
    },
    /// The records are not URLs or references (`check -c host`, ...), which a base is for.
    NotReferences {
        /// What the records are.
        target: Target,
    },
    /// The library was built without the `whatwg` feature, whose parser a base under the URL
    /// Standard needs.
    ParserMissing,
}

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BaseError::NotAbsolute { base, standard } => {
                let (what, rule) = match standard {
                    Standard::Rfc2396 => ("URI", "RFC 2396 §5.1"),
                    Standard::Rfc1738 => ("URL", "RFC 1808 §3"),
                    _ => ("URI", "RFC 3986 §5.1"),
                };
                write!(
                    f,
                    "--base '{}': not an absolute {what}: a base {what} is absolute, with a \
                     scheme, like http://example.com/a/ ({rule})",
                    visible(base)
                )
            }
            BaseError::Invalid { base, problem } => write!(
                f,
                "--base {}: not a URI, which a base must be (RFC 3986 §5.1): {}",
                visible(base),
                problem.message
            ),
            BaseError::NotAUrl { base } => write!(
                f,
                "--base {}: not a URL (the WHATWG URL parser refuses it)",
                visible(base)
            ),
            BaseError::NotReferences { target } => write!(
                f,
                "--base is for URLs written against a base (-c reference), not for -c {}",
                target.name()
            ),
            BaseError::ParserMissing => f.write_str(
                "uriesc was built without the `whatwg` feature: the WHATWG URL parser (ada) is \
                 needed to read a base under the URL Standard",
            ),
        }
    }
}

impl std::error::Error for BaseError {}

// `check`'s reading of a base is here, not in `check`: the error is this module's, and this
// module is above `check` (a base under an RFC is refused for `check`'s problem with it), so
// that `check` knows nothing of bases but the kind it checks against.
impl check::Options {
    /// These options with each record checked as a reference written against a base URL
    /// ([`check::whatwg::check_reference`]: which references are valid depends on the base's kind);
    /// the reason, for a person, where `base` is not a URL or the records are not references.
    ///
    /// Needs the `whatwg` feature (on by default).
    ///
    /// ```
    /// use uriesc::check::{Options, Target};
    /// use uriesc::sets::Standard;
    ///
    /// let options = Options::new(Standard::Whatwg, Target::Uri);
    /// assert_eq!(options.clone().with_base(b"http://example.com/")?.target, Target::Reference);
    /// assert!(options.with_base(b"not a URL").is_err());
    /// # Ok::<(), uriesc::base::BaseError>(())
    /// ```
    #[cfg(feature = "whatwg")]
    pub fn with_base(mut self, base: &[u8]) -> Result<check::Options, BaseError> {
        if !matches!(self.target, Target::Uri | Target::Reference) {
            return Err(BaseError::NotReferences {
                target: self.target,
            });
        }
        self.target = Target::Reference;
        let kind = std::str::from_utf8(base)
            .ok()
            .and_then(check::whatwg::Base::of);
        self.base = Some(kind.ok_or_else(|| BaseError::NotAUrl {
            base: base.to_vec(),
        })?);
        Ok(self)
    }
}
