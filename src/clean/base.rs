//! The base a `clean --base` resolves each record against, prepared once: under an RFC, the
//! base cleaned as a record would be and its dot segments removed (RFC 3986 §5.2.1 takes the
//! base as it is, so it must already be a valid, normalized URI); under the URL Standard, any
//! URL the parser reads.

use super::{Options, clean};
use crate::sets::Standard;
use crate::uri;
use crate::visible::visible;

impl Options {
    /// These options with each record resolved against `base` first (RFC 3986 §5.2, or the
    /// URL Standard's parser with a base), the base prepared for it; the reason, for a person,
    /// where `base` is none.
    ///
    /// ```
    /// use uriesc::check::Target;
    /// use uriesc::clean::{Options, clean};
    /// use uriesc::sets::Standard;
    ///
    /// let options = Options { target: Target::Reference, ..Options::new(Standard::Rfc3986) }
    ///     .with_base(b"http://example.com/a b/./c")?;
    /// let mut out = Vec::new();
    /// clean(b"d?x y", &options, &mut out).unwrap();
    /// assert_eq!(out, b"http://example.com/a%20b/d?x%20y");
    /// // RFC 3986 §5.1: a base is absolute.
    /// assert!(Options::new(Standard::Rfc3986).with_base(b"/a/b").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_base(mut self, base: &[u8]) -> Result<Options, String> {
        self.base = Some(match self.standard {
            #[cfg(feature = "whatwg")]
            Standard::Whatwg => whatwg_base(base)?,
            #[cfg(not(feature = "whatwg"))]
            Standard::Whatwg => {
                return Err(
                    crate::check::without_whatwg!("to clean under the URL Standard").into(),
                );
            }
            standard => {
                // With idna the base's host goes to ASCII as a record's does, or a reference
                // resolved to the base's host would clean to another string the second time
                // (under RFC 3987 a Unicode host is valid).
                let base_options = Options {
                    idna: self.idna,
                    ..Options::new(standard)
                };
                let shown = visible(base);
                if uri::Parts::split(base).scheme.is_none() {
                    return Err(format!("--base '{shown}': {}", not_absolute(standard)));
                }
                let mut cleaned = Vec::new();
                clean(base, &base_options, &mut cleaned)
                    .map_err(|p| format!("--base '{shown}': {}", p.message))?;
                uri::without_dot_segments(&cleaned)
            }
        });
        Ok(self)
    }
}

/// Why a base without a scheme is none: a base is absolute, in the words of `standard`.
fn not_absolute(standard: Standard) -> &'static str {
    match standard {
        Standard::Rfc2396 => {
            "not an absolute URI: a base URI is absolute, with a scheme, like \
             http://example.com/a/ (RFC 2396 §5.1)"
        }
        Standard::Rfc1738 => {
            "not an absolute URL: a base URL is absolute, with a scheme, like \
             http://example.com/a/ (RFC 1808 §3)"
        }
        _ => {
            "not an absolute URI: a base URI must be absolute, with a scheme, like \
             http://example.com/a/ (RFC 3986 §5.1)"
        }
    }
}

/// `base` as a base for the URL Standard's parser, which takes any URL it can parse (url.bs
/// "URL parsing": a base is a URL record), a valid URL string or not; the reason, for a person,
/// where it is none. `clean --base` and `parse --base` both take it so.
#[cfg(feature = "whatwg")]
pub(crate) fn whatwg_base(base: &[u8]) -> Result<Vec<u8>, String> {
    let parses = std::str::from_utf8(base).is_ok_and(|base| ada_url::Url::can_parse(base, None));
    match parses {
        true => Ok(base.to_vec()),
        false => Err(format!(
            "--base {}: not a URL (the WHATWG URL parser refuses it)",
            visible(base)
        )),
    }
}
