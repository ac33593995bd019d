//! The base a `clean --base` resolves each record against, prepared once: under an RFC, the
//! base cleaned as a record would be and its dot segments removed (RFC 3986 §5.2.1 takes the
//! base as it is, so it must already be a valid, normalized URI); under the URL Standard, any
//! URL the parser reads.

use super::{Options, clean};
use crate::base::BaseError;
use crate::sets::Standard;
use crate::uri;

impl Options {
    /// These options with each record resolved against `base` first (RFC 3986 §5.2, or the
    /// URL Standard's parser with a base), the base prepared for it; why, where `base` is none.
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
    /// # Ok::<(), uriesc::base::BaseError>(())
    /// ```
    pub fn with_base(mut self, base: &[u8]) -> Result<Options, BaseError> {
        self.base = Some(match self.standard {
            #[cfg(feature = "whatwg")]
            Standard::Whatwg => whatwg_base(base)?,
            #[cfg(not(feature = "whatwg"))]
            Standard::Whatwg => return Err(BaseError::ParserMissing),
            standard => {
                // With idna the base's host goes to ASCII as a record's does, or a reference
                // resolved to the base's host would clean to another string the second time
                // (under RFC 3987 a Unicode host is valid).
                let base_options = Options {
                    idna: self.idna,
                    ..Options::new(standard)
                };
                if uri::Parts::split(base).scheme.is_none() {
                    let base = base.to_vec();
                    return Err(BaseError::NotAbsolute { base, standard });
                }
                let mut cleaned = Vec::new();
                clean(base, &base_options, &mut cleaned).map_err(|problem| BaseError::Invalid {
                    base: base.to_vec(),
                    problem,
                })?;
                uri::without_dot_segments(&cleaned)
            }
        });
        Ok(self)
    }
}

/// `base` as a base for the URL Standard's parser, which takes any URL it can parse (url.bs
/// "URL parsing": a base is a URL record), a valid URL string or not; the reason, for a person,
/// where it is none. `clean --base` and `parse --base` both take it so.
#[cfg(feature = "whatwg")]
pub(crate) fn whatwg_base(base: &[u8]) -> Result<Vec<u8>, BaseError> {
    let parses = std::str::from_utf8(base).is_ok_and(|base| ada_url::Url::can_parse(base, None));
    match parses {
        true => Ok(base.to_vec()),
        false => Err(BaseError::NotAUrl {
            base: base.to_vec(),
        }),
    }
}
