//! `uriesc key`: a canonical key per URL, so that the spellings of one resource group
//! together and a list can be deduplicated. Each profile is a field's own key, in a file named
//! in its source's words:
//!
//! * [`Profile::Whatwg`] (`whatwg.rs`): the URL Standard's serialization (url.bs "URL
//!   serializing", "URL equivalence"), with or without the fragment.
//! * [`Profile::Rfc3986`] (`rfc3986.rs`): RFC 3986 §6.2.2 and §6.2.3 normalization, as
//!   `clean --normalize` gives it.
//! * [`Profile::Signature`] (`signature.rs`): scheme, host, port, path with its numbers
//!   folded, and the sorted parameter names: the key recon tools dedup by.
//! * [`Profile::Safebrowsing`] (`safebrowsing.rs`): the Safe Browsing API's canonicalization
//!   ("URLs and Hashing"), with its suffix/prefix expressions and their SHA-256 on request.
//! * [`Profile::Surt`] (`surt.rs`): the Internet Archive's SURT under its default
//!   canonicalizer, as the `surt` package's `surt.surt` gives it (but for three of its bugs,
//!   surt#20, surt#28 and a host's bytes that are not UTF-8 dropped, which it fixes on
//!   purpose).
//! * [`Profile::Ssurt`] (`ssurt.rs`): iipc/urlcanon's reversible SSURT of the URL Standard's
//!   serialization.
//!
//! The steps of Google's canonicalization that the safebrowsing and surt profiles share (its
//! unescaping and escaping, and `inet_aton`'s IPv4 address, which ssurt reads too) are one
//! module's, `google.rs`.
//!
//! The keys that are URLs (whatwg, rfc3986, safebrowsing) are idempotent: the key of a key is
//! itself (held by the property tests). A SURT or SSURT is not a URL, so the law is not theirs.
//!
//! [`Keyer`] (`keyer.rs`) is the work of the command: a key per record, or `KEY<TAB>RECORD`, or
//! only the first record of each key ([`Seen`]), the others written elsewhere where asked
//! ([`Dropped`]).

mod dropped;
mod google;
mod keyer;
mod rfc3986;
mod safebrowsing;
mod sha256;
mod signature;
mod ssurt;
mod surt;
#[cfg(test)]
mod urlcanon_data;
mod whatwg;

pub use crate::seen::Seen;
pub use dropped::Dropped;
pub use keyer::{Keyer, Output};
pub use sha256::sha256;

use crate::check::Problem;

/// Which key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The URL Standard's serialization (url.bs "URL serializing").
    Whatwg,
    /// RFC 3986 §6.2.2 and §6.2.3 normalization.
    Rfc3986,
    /// Scheme, host, port, path with all-digit segments as `{n}`, sorted parameter names.
    Signature,
    /// The Safe Browsing API's canonicalization ("URLs and Hashing").
    Safebrowsing,
    /// The Internet Archive's SURT, as the `surt` package's `surt.surt` gives it.
    Surt,
    /// urlcanon's reversible SSURT of the URL Standard's serialization.
    Ssurt,
}

impl Profile {
    /// Every profile, in the order `--help` lists them.
    pub const ALL: [Profile; 6] = [
        Profile::Whatwg,
        Profile::Rfc3986,
        Profile::Signature,
        Profile::Safebrowsing,
        Profile::Surt,
        Profile::Ssurt,
    ];

    /// The profile's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Whatwg => "whatwg",
            Profile::Rfc3986 => "rfc3986",
            Profile::Signature => "signature",
            Profile::Safebrowsing => "safebrowsing",
            Profile::Surt => "surt",
            Profile::Ssurt => "ssurt",
        }
    }

    /// What the profile's key is, in a line (`key --help` lists it).
    ///
    /// ```
    /// use uriesc::key::Profile;
    ///
    /// assert!(Profile::Signature.description().contains("{n}"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Profile::Whatwg => "The URL Standard's serialization (url.bs \"URL equivalence\")",
            Profile::Rfc3986 => {
                "RFC 3986 §6.2.2 and §6.2.3 normalization (what clean --normalize gives)"
            }
            Profile::Signature => {
                "Scheme, host, port, path with all-digit segments as {n}, sorted parameter names"
            }
            Profile::Safebrowsing => {
                "The Safe Browsing API's canonicalization (\"URLs and Hashing\")"
            }
            Profile::Surt => {
                "The Internet Archive's SURT, as the surt package's surt.surt gives it"
            }
            Profile::Ssurt => "urlcanon's reversible SSURT of the URL Standard's serialization",
        }
    }
}

every_variant_in_all!(Profile: Whatwg, Rfc3986, Signature, Safebrowsing, Surt, Ssurt);

/// How to key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The key.
    pub profile: Profile,
    /// [`Profile::Whatwg`]: serialize without the fragment (url.bs "exclude fragments").
    pub exclude_fragment: bool,
    /// [`Profile::Safebrowsing`]: after the key, each suffix/prefix expression after a space.
    pub expressions: bool,
    /// With `expressions`: each expression's SHA-256, in lowercase hex, instead of it.
    pub hash: bool,
    /// [`Profile::Surt`]: the scheme too, `http://(org,archive)/` (`surt`'s `with_scheme`).
    pub with_scheme: bool,
    /// [`Profile::Surt`]: a `,` after the host, `org,archive,)/` (`surt`'s `trailing_comma`).
    pub trailing_comma: bool,
    /// [`Profile::Surt`]: a leading `www.` label kept (`surt`'s `host_massage=False`).
    pub keep_www: bool,
}

impl Options {
    /// The plain key of `profile`.
    pub fn new(profile: Profile) -> Options {
        Options {
            profile,
            exclude_fragment: false,
            expressions: false,
            hash: false,
            with_scheme: false,
            trailing_comma: false,
            keep_www: false,
        }
    }
}

/// What one record's key needs besides it, kept from one record to the next.
#[derive(Debug)]
pub struct Scratch {
    bytes: Vec<u8>,
    clean: crate::clean::Options,
    surt: surt::Scratch,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            bytes: Vec::new(),
            clean: rfc3986::options(),
            surt: surt::Scratch::default(),
        }
    }
}

/// Appends the key of `record` under `options` to `out` (the expressions too, where asked);
/// why there is none, where the record does not parse under the profile (and `out` is as it
/// was).
///
/// ```
/// use uriesc::key::{Options, Profile, key};
///
/// let mut out = Vec::new();
/// let options = Options::new(Profile::Whatwg);
/// key(b"HTTP://Example.COM:80/a/./b", &options, &mut Default::default(), &mut out).unwrap();
/// assert_eq!(out, b"http://example.com/a/b");
///
/// // The SURT web archives index by (the `surt` package's `surt.surt`).
/// out.clear();
/// let options = Options::new(Profile::Surt);
/// key(b"http://www.Archive.org/goo/?b&a#x", &options, &mut Default::default(), &mut out).unwrap();
/// assert_eq!(out, b"org,archive)/goo?a&b");
/// ```
pub fn key(
    record: &[u8],
    options: &Options,
    scratch: &mut Scratch,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    keyed(record, options, scratch, out).map_err(in_keys_words)
}

/// [`key`], its problem in the words of the checker or parser that found it.
fn keyed(
    record: &[u8],
    options: &Options,
    scratch: &mut Scratch,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    match options.profile {
        Profile::Whatwg => whatwg::key(record, options.exclude_fragment, out),
        Profile::Rfc3986 => rfc3986::key(record, &scratch.clean, out),
        Profile::Signature => signature::key(record, &mut scratch.bytes, out),
        Profile::Safebrowsing => {
            let start = out.len();
            safebrowsing::key(record, &mut scratch.bytes, out)?;
            if options.expressions {
                scratch.bytes.clear();
                scratch.bytes.extend_from_slice(&out[start..]);
                safebrowsing::expressions(&scratch.bytes, options.hash, out);
            }
            Ok(())
        }
        Profile::Surt => {
            let flags = surt::Flags {
                with_scheme: options.with_scheme,
                trailing_comma: options.trailing_comma,
                keep_www: options.keep_www,
            };
            surt::key(record, flags, &mut scratch.surt, out)
        }
        Profile::Ssurt => ssurt::key(record, &mut scratch.bytes, out),
    }
}

/// `problem` as `key` says it: `check`'s advice to read a record as a reference (`-c
/// reference`) names an option `key` lacks, whose keys are of URLs with a scheme; it says what
/// to do instead.
fn in_keys_words(mut problem: Problem) -> Problem {
    const CHECKS_ADVICE: &str = "-c reference";
    if problem.message.ends_with(')')
        && let Some(open) = problem.message.rfind(" (")
        && problem.message[open..].contains(CHECKS_ADVICE)
    {
        problem.message.truncate(open);
        problem.message.push_str(
            " (a key is of a URL with a scheme; resolve a relative reference against its base \
             first: uriesc edit --base URL)",
        );
    }
    problem
}
