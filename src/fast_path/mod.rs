//! The fast path, for the common URL: the shape most URLs of a list have, decided, taken apart
//! and serialized without the grammar's walk or the parser. Every command's fast path is this
//! module's: `check` passes such a URL valid, `clean` writes its serialization, `parse` reads
//! its parts from it, `edit` sets a host in it.
//!
//! Under RFC 3986 ([`is_uri`]), a common URI is `scheme "://" reg-name [ ":" port ]
//! path-abempty [ "?" query ] [ "#" fragment ]` (RFC 3986 §3, Appendix A): a `URI`, and so a
//! `URI-reference`.
//!
//! Under the URL Standard ([`is_url`], with the `whatwg` feature), a common URL is a special
//! scheme but `file` (any case), `://`, a domain of dot-separated labels of ASCII letters,
//! digits and `-`, an optional port, then a path, query and fragment as RFC 3986 writes them:
//! a valid URL string (url.bs "URL writing"). Where its path has no dot segment and its query
//! no `'` ([`Parts::rewritten`]), its serialization (url.bs "URL serializing") is itself with
//! the scheme and host lowercased, a default port dropped and an empty path written `/`
//! ([`serialize`]), and every getter of url.bs "API" a slice of that ([`Common`]).
//!
//! Two ways to each answer, held to each other by the tests and fuzz targets: a part at a time
//! (`url_shape`, `url_parts_bytewise`, `is_uri_bytewise`), on any CPU and for any length; and,
//! where the CPU has AVX-512 (F, BW) or AVX2 and the record is short (at most 128 bytes for a
//! URL, 64 for a URI: 99% of the lines of a real URL list), a block way that classifies every
//! byte at once into a bit per byte and set (`ByteSet::outside64`, a shufti classifier) and
//! finds the parts on the bits (`bits`), with no step waiting on a scan before it. The block
//! way's code for each instruction set is in `arch/`, one file per set, as `memchr` lays its
//! own out; what it does with the bits is the same on every one. `dispatch` takes one way or
//! the other for each answer: it uses `arch`, which uses `bits`, `uri` and `url`, and none of
//! these uses one before it.

mod arch;
#[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
mod bits;
mod dispatch;
// What `parse` and `edit` read and write of a common URL.
#[cfg(all(feature = "whatwg", feature = "parse"))]
mod read;
#[cfg(feature = "whatwg")]
mod serialize;
mod uri;
#[cfg(feature = "whatwg")]
mod url;

pub(crate) use dispatch::is_uri;
#[cfg(all(feature = "whatwg", any(feature = "internals", feature = "key")))]
pub(crate) use dispatch::url_parts;
#[cfg(feature = "whatwg")]
pub(crate) use dispatch::{is_url, run};
#[cfg(all(feature = "whatwg", feature = "parse"))]
pub use read::Common;
#[cfg(all(feature = "whatwg", feature = "parse"))]
pub(crate) use serialize::serialize_with_host;
#[cfg(feature = "whatwg")]
pub(crate) use serialize::{serialize, serialize_parts};
#[cfg(feature = "internals")]
pub(crate) use uri::is_uri_bytewise;
#[cfg(feature = "whatwg")]
pub(crate) use url::{LABEL, Parts, SPECIAL};
#[cfg(all(feature = "whatwg", feature = "internals"))]
pub(crate) use url::{url_parts_bytewise, url_shape};

#[cfg(all(test, feature = "whatwg"))]
mod tests;
