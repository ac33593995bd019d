//! Percent-encoding and URIs, to the letter of the standards: RFC 3986, RFC 2396 (with RFC
//! 2732), RFC 1738 and the WHATWG URL Standard.
//!
//! This is the library under the `uriesc` command; each module owns one concern:
//!
//! * [`sets`]: the byte sets of every standard ([`sets::ByteSet`]), one file per standard, and
//!   which set each component encodes ([`sets::data_set`]).
//! * [`encode`] and [`decode`]: percent-encoding (RFC 3986 §2.1) and percent-decoding (URL
//!   Standard "percent-decode"), with SIMD loops chosen by [`cpu`].
//! * [`uri`]: the RFC 3986 splitter (Appendix B), reference resolution (§5.2) and
//!   normalization (§6.2).
//! * [`check`]: one validator per standard, and the reports of `uriesc check`.
//! * [`clean`]: turning a typed URI into a valid one. [`pretty`]: a URI for people.
//! * [`table`]: the chart of `uriesc table`. [`stream`]: records in, output out.

pub mod check;
pub mod clean;
pub mod cpu;
pub mod decode;
pub mod encode;
pub mod pretty;
pub mod sets;
pub mod stream;
pub mod table;
pub mod uri;
