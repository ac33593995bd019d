//! Percent-encoding and URIs, to the letter of the standards: RFC 3986, RFC 3987 (IRIs), RFC
//! 2396 (with RFC 2732), RFC 1738 and the WHATWG URL Standard.
//!
//! This is the library under the `uriesc` command; each module owns one concern:
//!
//! * [`sets`]: the byte sets of every standard ([`sets::ByteSet`]), one file per standard, and
//!   which set data is encoded with in each context ([`sets::data_set`]).
//! * [`encode`] and [`decode`]: percent-encoding (RFC 3986 §2.1) and percent-decoding (URL
//!   Standard "percent-decode"), with SIMD loops chosen by [`cpu`].
//! * [`uri`]: the RFC 3986 splitter (Appendix B) and its head scanner (the scheme, §3.1, and
//!   the authority, for whole and streamed records), the owned reference with §5.3
//!   recomposition, reference resolution (§5.2) and normalization (§6.2).
//! * [`check`]: one validator per standard, and the engine of `uriesc check`
//!   ([`check::Checker`]). [`report`]: the one diagnostic type of every command that reports,
//!   written as text, JSON Lines, GitHub annotations or one SARIF 2.1.0 log a run.
//! * [`clean`]: turning a typed URI into a valid one. [`pretty`]: a URI for people.
//! * [`parse`]: a URL taken apart (components, segments, pairs) as text, JSON or a template.
//!   [`edit`]: a URL put together (parts set, pairs edited, references resolved), each value
//!   encoded for its place. [`key`]: a canonical key per URL, by one of several profiles.
//! * [`psl`]: the Public Suffix List, built in or read at run time: a domain's public suffix
//!   and registrable domain.
//! * [`extract`]: the URLs inside plain text, Markdown and HTML, each with its line and
//!   column (the `extract` feature, on by default).
//! * [`url_pattern`]: URL matching by the WHATWG URLPattern standard, and the engine of
//!   `uriesc match` (the `match` feature, on by default).
//! * [`table`]: the chart of `uriesc table`. [`stream`]: records in, output out.
//!   [`base`]: a base URL given to resolve or check against, and why one is refused.
//! * [`visible`]: the notation in which user-controlled text is shown to a person;
//!   [`excerpt`]: what a message quotes of a long record.
//! * And, inside: the fast path, for the common URL, the shape most URLs of a list have,
//!   decided, taken apart and serialized without the grammar's walk or the parser
//!   (`src/fast_path/`, one file an instruction set under `arch/`): the one fast path of
//!   `check`, `clean`, `parse` and `edit`.
//!
//! A standard is its two modules (`sets::NAME`, `check::NAME`) and a variant of
//! [`sets::Standard`], registered by an arm in each `match` on it: its byte tables in
//! [`sets::Standard::sets`], its validator in `check::validator`, and its names and help in
//! `src/sets/standard.rs`; then the tests that list the standards, and the generated
//! completions and man pages. CONTRIBUTING.md's "Adding a standard" is the recipe.
//!
//! ```
//! use uriesc::sets::{Context, Standard, data_set};
//! use uriesc::{check, decode, encode};
//!
//! // RFC 3986 §3.4: a query may hold "/" and "?" literally, but not a space or "#".
//! let query = data_set(Standard::Rfc3986, Context::Query).unwrap();
//! assert_eq!(encode::percent_encode(b"a b/c?#", query).to_string(), "a%20b/c?%23");
//!
//! // URL Standard "percent-decode": "%zz" is not an escape and stays as it is.
//! assert_eq!(&*decode::percent_decode(b"%E4%B8%AD%zz"), "中%zz".as_bytes());
//!
//! // RFC 3986 Appendix A: a space is allowed nowhere; the problem is at offset 14.
//! let problem = check::check(b"http://a.com/a b", Standard::Rfc3986, check::Target::Uri);
//! assert_eq!(problem.unwrap_err().offset, 14);
//! ```
//!
//! # Features
//!
//! With `default-features = false` the library is encoding, decoding, the sets, the RFC
//! grammars ([`check`] for RFC 3986, 3987, 2396 and 1738; [`uri`]), [`clean`], [`table`] as
//! text and the reports as text and GitHub annotations, in pure Rust with five dependencies,
//! none of which has one of its own but bstr (on memchr):
//!
//! * memchr: the SIMD scans for terminators and bytes in every engine; std's loops would cost
//!   the fast paths their speed.
//! * bstr (without its `unicode` feature): one UTF-8 sequence at a time decoded from bytes
//!   that need not be UTF-8, for the visible notation ([`visible`]) every message uses.
//! * itoa: a report's line and column written without the formatting machinery.
//! * unicode-width: an excerpt's display width, so that the caret under a problem lands under
//!   it where East Asian wide characters take two columns.
//! * anstyle: the colours of a text report and of the charts (constants of ANSI styles).
//!
//! Each other concern is a feature, all on by default:
//!
//! * `whatwg`: the WHATWG URL parser, ada, which is C++ (its build script needs a C++20
//!   compiler), and UTS #46 and the bidi rule (icu_normalizer, icu_properties) to say why it
//!   refuses a domain. Checking against the URL Standard needs it ([`check::whatwg`] but its
//!   [`Base`](check::whatwg::Base), [`check::confusion`]), and so does [`clean`] under the URL
//!   Standard or with IDNA. Without it the URL Standard's percent-encode sets
//!   ([`sets::whatwg`]) stay, so encoding, decoding and tables under it are as they were, and
//!   where [`sets::Standard::Whatwg`] or IDNA, chosen at run time, needs the parser, the
//!   answer is a [`check::Problem`] that says the feature is missing.
//! * `json`: reports as JSON Lines and SARIF 2.1.0 ([`report::json`], `report::Format::Json`
//!   and `Format::Sarif`) and the charts as JSON ([`table::chart_json`]): serde, serde_json,
//!   base64.
//! * `psl`: the Public Suffix List ([`psl`]): rustc-hash, idna.
//! * `pretty`: a URI for people ([`pretty`], [`spoof`], [`iri`]): idna, icu_properties,
//!   unicode-security, unicode-normalization, unicode-script.
//! * `parse` (it needs `json`, `psl` and `pretty`): a URL taken apart and put together
//!   ([`parse`], [`edit`]).
//! * `key` (it needs `parse` and `whatwg`): a canonical key per URL ([`key`]): the URL
//!   Standard's serialization, RFC 3986 normalization, a recon signature, the Safe Browsing
//!   API's canonicalization (sha2, for its hashes), and `--unique`'s digests of the keys seen.
//! * `extract` (it needs `psl` and `json`): [`extract`], the URLs inside text, Markdown and
//!   HTML, with its Markdown parser (`pulldown-cmark`) and HTML tokenizer (`html5gum`), both
//!   pure Rust.
//! * `match` (it needs `parse`, `whatwg` and `json`): [`url_pattern`], URL matching by
//!   URLPattern: the pattern compiler (`urlpattern`, which brings `url`) and the `regex` crate,
//!   which runs each component's expression without backtracking.
//! * `cli` (it needs all of the above): the `uriesc` command.
//! * `internals`: hooks for the crate's own tests and fuzz targets (the plain references each
//!   fast path is held to); not part of the API.
//!
//! The library never touches the process's streams: its engines write to the `Vec` or
//! [`report::Messages`] they are given, and only the `uriesc` binary opens stdin, stdout and
//! stderr.

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]
// The docs are the default build's: without one of the features, their links to what it gates
// (the validator, `check::confusion`, `parse`, ...) have nothing to point to.
#![cfg_attr(
    not(all(
        feature = "whatwg",
        feature = "json",
        feature = "psl",
        feature = "pretty",
        feature = "parse",
        feature = "key",
        feature = "match"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]

/// Holds a fieldless enum's `ALL` to its variants at compile time:
/// `every_variant_in_all!(Standard: Rfc3986, Rfc2396, ...)` lists each variant (with its
/// `#[cfg]`, if any) in declaration order, which is `ALL`'s. A variant added to the enum fails
/// the exhaustive match written here until it is listed; one listed and missing from `ALL`,
/// out of its place there, or declared elsewhere, fails an assertion. So a list the command
/// line, the help and the tests take their values from (`key::Profile::ALL`,
/// `report::Format::ALL`, ...) cannot leave a variant out.
macro_rules! every_variant_in_all {
    ($ty:ident: $($(#[$attr:meta])* $variant:ident),+ $(,)?) => {
        const _: () = {
            const fn listed(value: $ty) -> bool {
                match value {
                    $($(#[$attr])* $ty::$variant => true,)+
                }
            }
            let mut place = 0;
            $(
                $(#[$attr])*
                {
                    assert!(
                        place < $ty::ALL.len()
                            && $ty::ALL[place] as usize == $ty::$variant as usize
                            && $ty::$variant as usize == place
                            && listed($ty::$variant),
                        concat!(stringify!($ty), "::ALL: ", stringify!($variant), " out of place")
                    );
                    place += 1;
                }
            )+
            assert!(place == $ty::ALL.len(), concat!(stringify!($ty), "::ALL: more than its variants"));
        };
    };
}

pub mod base;
pub mod check;
pub mod clean;
pub mod cpu;
pub mod decode;
#[cfg(feature = "parse")]
pub mod edit;
pub mod encode;
pub mod excerpt;
#[cfg(feature = "extract")]
pub mod extract;
mod fast_path;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals;
#[cfg(feature = "pretty")]
pub mod iri;
#[cfg(feature = "key")]
pub mod key;
#[cfg(feature = "parse")]
pub mod parse;
mod percent;
#[cfg(feature = "pretty")]
pub mod pretty;
#[cfg(feature = "psl")]
pub mod psl;
pub mod report;
#[cfg(any(feature = "key", feature = "extract"))]
mod seen;
pub mod sets;
#[cfg(feature = "pretty")]
pub mod spoof;
pub mod stream;
#[cfg(feature = "psl")]
mod swar;
pub mod table;
pub mod uri;
#[cfg(feature = "match")]
pub mod url_pattern;
pub mod visible;

/// The README's Rust examples, run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
