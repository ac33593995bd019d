//! The byte tables: every set of bytes the project uses, and which one each standard and
//! context takes when data is percent-encoded.
//!
//! This module is the single source of these sets. Each is a [`ByteSet`] built at compile time
//! from the grammar pieces of its standard and named after the rule it comes from:
//!
//! * [`rfc3986`]: RFC 3986 Appendix A (collected ABNF), §2.2–2.3 for the character classes.
//! * [`rfc2396`]: RFC 2396 Appendix A (collected BNF) and §2.4.3, as amended by RFC 2732 §3.
//! * [`rfc1738`]: RFC 1738 §5 (BNF) and §2.2 (unsafe characters).
//! * [`whatwg`]: the WHATWG URL Standard §1.3 "Percent-encoded bytes", the percent-encode sets
//!   as of url.bs 6ae84860 (2026-07-02), which includes `^` in the path set (2025-03-05).
//!
//! The RFC sets say which bytes a rule allows *literally*; the WHATWG sets, as the standard
//! defines them, say which bytes get *encoded*. [`data_set`] turns both into the one thing
//! `encode` needs: the set of bytes to write as `%XX` for a (standard, context) pair, which
//! also holds the few bytes a set leaves that would change the data's meaning in that context
//! (`\` in a WHATWG path, which a special URL reads as `/`): each is added, with its reason, in
//! its standard's `SETS`.
//!
//! # Adding a standard
//!
//! A standard's sets live in one file of this module, which ends with a [`StandardSets`]
//! named `SETS`: its [`DataSets`] (the set data in each context is encoded with, or why the
//! standard has none), the classes the `table` chart names, and the bytes that may stand literally in a URI. Add
//! the variant to [`Standard`] with its arms there, register `SETS` in [`Standard::sets`] (one
//! arm), and give it a validator in `check` (see there). `encode`, `decode`, `table`, `clean`'s
//! basic rule and the command line's `--rfc` read everything else from the table and the enum;
//! CONTRIBUTING.md lists every file the addition touches.
//!
//! # Adding a component or a context
//!
//! A part of a URI is a variant of [`Component`], with its arm in each validator's `check`. A
//! context data is encoded for is a variant of [`Context`], with a field in [`DataSets`],
//! filled in each standard's `SETS`, and its arm in [`data_set`]. The compiler lists them all.

use std::fmt;

mod byte_set;

/// The block classifier ("shufti", as in Hyperscan), one file an instruction set: the low
/// nibble of each byte picks a bitmap of high nibbles, the high nibble one bit of it.
#[cfg(target_arch = "x86_64")]
mod shufti;

pub use byte_set::ByteSet;
#[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
pub(crate) use shufti::equal32;

/// Pieces that every standard shares: the US-ASCII classes of RFC 2234/5234 Appendix B.1
/// ("core rules"), which all three RFCs and the WHATWG standard use under these names.
pub mod ascii;

/// The byte that the escape at `bytes[i]` names, if one begins there: `pct-encoded = "%"
/// HEXDIG HEXDIG` (RFC 3986 §2.1; the WHATWG "percent-encoded byte" is the same).
///
/// ```
/// use uriesc::sets::pct_encoded;
///
/// assert_eq!(pct_encoded(b"a%2Fb", 1), Some(b'/'));
/// // §2.1: "the uppercase hexadecimal digits 'A' through 'F' are equivalent to the
/// // lowercase digits 'a' through 'f'".
/// assert_eq!(pct_encoded(b"%2f", 0), Some(b'/'));
/// assert_eq!(pct_encoded(b"%2G", 0), None);
/// assert_eq!(pct_encoded(b"%2", 0), None);
/// ```
#[inline]
pub fn pct_encoded(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3)? {
        &[b'%', h, l] => {
            let (h, l) = (
                ascii::HEX_VALUE[usize::from(h)],
                ascii::HEX_VALUE[usize::from(l)],
            );
            (h | l < 16).then_some(h << 4 | l)
        }
        _ => None,
    }
}

/// How much of a `pct-encoded` (`"%" HEXDIG HEXDIG`, RFC 3986 §2.1) has been seen, for input
/// that comes a byte or a read at a time, where an escape can be split between two reads.
///
/// ```
/// use uriesc::sets::{EscapeStep, PartialEscape};
///
/// let step = PartialEscape::None.push(b'%');
/// assert_eq!(step, EscapeStep::Partial(PartialEscape::Percent));
/// let step = PartialEscape::Percent.push(b'4');
/// assert_eq!(step, EscapeStep::Partial(PartialEscape::PercentHex(b'4')));
/// assert_eq!(PartialEscape::PercentHex(b'4').push(b'a'), EscapeStep::Complete(*b"%4a"));
/// // `%4g` is no escape: `g` is not a HEXDIG.
/// assert_eq!(PartialEscape::PercentHex(b'4').push(b'g'), EscapeStep::NotEscape);
/// assert_eq!(PartialEscape::None.push(b'a'), EscapeStep::NotEscape);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PartialEscape {
    /// No escape begun.
    #[default]
    None,
    /// A `%`.
    Percent,
    /// A `%` and one hex digit, as written.
    PercentHex(u8),
}

/// What one more byte does to a [`PartialEscape`]: the result of [`PartialEscape::push`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EscapeStep {
    /// The byte begins or continues an escape: the state after it.
    Partial(PartialEscape),
    /// The byte ends an escape: its three bytes, as written.
    Complete([u8; 3]),
    /// The byte is no part of an escape: what came before it since the `%`, if anything, is
    /// not an escape either, and the byte is to be read on its own.
    NotEscape,
}

impl PartialEscape {
    /// The step that byte `b` takes from this state.
    #[inline]
    pub fn push(self, b: u8) -> EscapeStep {
        match self {
            PartialEscape::None if b == b'%' => EscapeStep::Partial(PartialEscape::Percent),
            PartialEscape::Percent if ascii::HEXDIG.contains(b) => {
                EscapeStep::Partial(PartialEscape::PercentHex(b))
            }
            PartialEscape::PercentHex(high) if ascii::HEXDIG.contains(b) => {
                EscapeStep::Complete([b'%', high, b])
            }
            _ => EscapeStep::NotEscape,
        }
    }
}

/// RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", Appendix A.
///
/// Each set holds the characters its rule allows literally; `pct-encoded` is left out of every
/// set because `%` is only ever literal as the start of an escape.
pub mod rfc3986;

/// RFC 3987, "Internationalized Resource Identifiers (IRIs)" (2005), §2.2: RFC 3986's sets for
/// ASCII, and the character rules `ucschar` and `iprivate` above it.
pub mod rfc3987;

/// RFC 2396, "URI Generic Syntax" (1998), Appendix A, as amended by RFC 2732 §3 (IPv6
/// literals).
///
/// As in [`rfc3986`], each set holds what its rule allows literally, escapes left out.
pub mod rfc2396;

/// RFC 1738, "Uniform Resource Locators (URL)" (1994), §5 BNF and §2.2.
///
/// As in [`rfc3986`], each set holds what its rule allows literally, escapes left out.
pub mod rfc1738;

/// The WHATWG URL Standard's percent-encode sets (§1.3, url.bs 6ae84860, 2026-07-02).
///
/// Unlike the RFC sets these are the bytes that get *encoded*. The standard defines them over
/// code points; as sets of UTF-8 bytes, "every code point greater than U+007E" is DEL and every
/// byte 0x80–0xFF.
pub mod whatwg;

mod standard;
pub use standard::{Component, Context, Standard};

/// Why a (standard, context) pair has no set of bytes to encode: the standard's component
/// takes no escapes (an RFC 1738 host), or the standard does not have it (an RFC 1738
/// fragment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoDataSet {
    /// The standard asked for.
    pub standard: Standard,
    /// The context that takes no data under it.
    pub context: Context,
    /// Why, with what to do instead.
    pub reason: &'static str,
}

impl fmt::Display for NoDataSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--component {} does not take data under {}: {}",
            self.context.name(),
            self.standard,
            self.reason
        )
    }
}

impl std::error::Error for NoDataSet {}

/// Bytes that stand for themselves nowhere in a URI: always encoded, whatever the component.
const NEVER_LITERAL: ByteSet = ascii::CTL.union(ascii::NON_ASCII);

/// `%` is the escape introducer in every standard, so data `%` is always encoded; otherwise
/// `decode(encode(x)) == x` could not hold.
const PERCENT: ByteSet = ByteSet::of(b"%");

/// The bytes to encode when the rule allows `literal` literally.
const fn encoding_all_but(literal: ByteSet) -> ByteSet {
    literal.complement().union(NEVER_LITERAL).union(PERCENT)
}

/// The bytes to encode for a WHATWG percent-encode set: the set itself, and `%` (see
/// [`PERCENT`]; the parser's sets leave `%` alone only because URL input may already be
/// encoded).
const fn encoding_whatwg(set: ByteSet) -> ByteSet {
    set.union(PERCENT)
}

/// Form data writes space as `+`, so a data `+` must be encoded in every standard (RFC 1738
/// counts `+` as `safe`).
const fn encoding_form(any: ByteSet) -> ByteSet {
    any.add(b'+')
}

/// What the byte tables know of one standard: each standard's module defines one, and
/// [`Standard::sets`] is where it is registered.
#[derive(Clone, Copy)]
pub struct StandardSets {
    /// The bytes `encode` writes as `%XX` for data in each context.
    pub data: DataSets,
    /// The grammar's own name for the class of a byte, as `uriesc table` shows it.
    pub class: fn(u8) -> &'static str,
    /// The bytes that stand for themselves somewhere in a URI: every other byte is
    /// percent-encoded wherever it appears (what `clean`'s basic rule encodes).
    pub literal: ByteSet,
}

/// The bytes `encode` writes as `%XX` for data in each context, or why the standard has no
/// such data: a field for each of [`Context::ALL`].
#[derive(Clone, Copy)]
#[allow(missing_docs)] // Each field is the context of its name.
pub struct DataSets {
    pub any: ByteSet,
    pub userinfo: ByteSet,
    pub host: Result<ByteSet, &'static str>,
    pub path: ByteSet,
    pub segment: ByteSet,
    pub query: ByteSet,
    pub param: ByteSet,
    pub form: ByteSet,
    pub fragment: Result<ByteSet, &'static str>,
}

/// The bytes `encode` writes as `%XX` for data in `context` under `standard`.
///
/// For `form`, the caller writes space as `+` rather than `%20`. A component that takes no
/// escapes under the standard, or that the standard does not have, comes back as
/// [`NoDataSet`], saying why.
///
/// ```
/// use uriesc::sets::{Context, Standard, data_set};
///
/// // The URL Standard's path percent-encode set: the query set (C0 controls, space, `"`,
/// // `#`, `<`, `>`) and `?`, `^`, `` ` ``, `{`, `}`. `/` is not in it.
/// let path = data_set(Standard::Whatwg, Context::Path).unwrap();
/// assert!(b" \"#<>?^`{}".iter().all(|&b| path.contains(b)));
/// assert!(!path.contains(b'/') && !path.contains(b'a'));
///
/// // RFC 3986 §3.3: segment = *pchar, which has no `/`; a segment's data has it encoded.
/// let segment = data_set(Standard::Rfc3986, Context::Segment).unwrap();
/// assert!(segment.contains(b'/') && !segment.contains(b'@'));
///
/// // RFC 1738 §5: a host is a domain name or an IP number, with no escapes.
/// assert!(data_set(Standard::Rfc1738, Context::Host).is_err());
/// ```
pub fn data_set(standard: Standard, context: Context) -> Result<&'static ByteSet, NoDataSet> {
    let data = &standard.sets().data;
    let set = match context {
        Context::Any => Ok(&data.any),
        Context::Userinfo => Ok(&data.userinfo),
        Context::Host => data.host.as_ref(),
        Context::Path => Ok(&data.path),
        Context::Segment => Ok(&data.segment),
        Context::Query => Ok(&data.query),
        Context::Param => Ok(&data.param),
        Context::Form => Ok(&data.form),
        Context::Fragment => data.fragment.as_ref(),
    };
    set.map_err(|&reason| NoDataSet {
        standard,
        context,
        reason,
    })
}
