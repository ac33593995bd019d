//! The `rfc3986` profile: RFC 3986 §6.2.2 (syntax-based normalization: case, percent-encoding,
//! dot segments) and §6.2.3 (scheme-based normalization: an empty path `/`, an empty or
//! default port dropped), on a URI that `clean` has made valid under RFC 3986 first: what
//! `uriesc clean --normalize` gives ([`crate::clean`] with `normalize`).

use crate::check::Problem;
use crate::clean::{Options, clean};
use crate::sets::Standard;

/// The options of `clean --normalize`.
pub(super) fn options() -> Options {
    Options {
        normalize: true,
        ..Options::new(Standard::Rfc3986)
    }
}

/// Appends the normal form of `record` to `out`; why there is none, where `clean` cannot make
/// it a URI (and `out` is as it was).
pub(super) fn key(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    clean(record, options, out)
}
