//! The options of `uriesc encode` beyond the choice of set, and the choices of them that are
//! refused: those that would write what cannot be decoded back.

use std::fmt;

use crate::sets::{ByteSet, NoDataSet};

/// How to write what must be encoded, beyond the choice of set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Space is written as `+` (implied by the `form` context).
    pub plus: bool,
    /// Lowercase hex digits.
    pub lower: bool,
    /// Bytes left literal although the set encodes them.
    pub keep: Vec<u8>,
    /// Bytes encoded although the set leaves them literal.
    pub also: Vec<u8>,
}

/// How an [`super::Encoder`] writes the bytes it encodes (named rather than two bools in a
/// row; the default: `%XX` in uppercase, space as `%20`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Space as `+`, and then `+` always encoded so that the two stay apart, as a form does
    /// (URL Standard "application/x-www-form-urlencoded serializing").
    pub plus: bool,
    /// Lowercase hex digits (RFC 3986 §2.1 recommends uppercase).
    pub lower: bool,
}

/// A choice of options that cannot give back the data on decoding, or that contradicts itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// The context takes no data under the standard (RFC 1738 has no host data, for one).
    Context(NoDataSet),
    /// `--keep` was given `%`, which begins every escape.
    KeepPercent,
    /// `--keep` was given `+` where space is written as `+`.
    KeepPlus,
    /// `--keep` was given a space where space is written as `+`.
    KeepSpace,
    /// The byte was given to both `--keep` and `--also`.
    KeepAndAlso(u8),
    /// `--keep` was given a character that is not ASCII (the characters given).
    KeepNonAscii(String),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Context(e) => e.fmt(f),
            OptionsError::KeepPercent => f.write_str(
                "--keep cannot keep '%': it starts every escape, so a literal '%' could not be decoded back",
            ),
            OptionsError::KeepPlus => f.write_str(
                "--keep cannot keep '+' when space is written as '+' (--plus or -c form): the two could not be told apart",
            ),
            OptionsError::KeepSpace => f.write_str(
                "--keep ' ' contradicts --plus / -c form, which write space as '+'",
            ),
            OptionsError::KeepNonAscii(chars) => write!(
                f,
                "--keep takes ASCII characters only, not {chars:?}: a URI holds a non-ASCII \
                 character only as the percent-encoded bytes of its UTF-8 (RFC 3986 §2.5), so \
                 keeping its bytes would write text that is not a URI, nor even UTF-8"
            ),
            OptionsError::KeepAndAlso(b) => write!(
                f,
                "{:?} is given to both --keep and --also",
                bstr::BStr::new(std::slice::from_ref(b))
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// `set` with the bytes of `keep` taken out and those of `also` added, or the error that
    /// refuses them; `plus` says whether space is to be written as `+`.
    pub(super) fn apply(&self, set: ByteSet, plus: bool) -> Result<ByteSet, OptionsError> {
        if let Some(&b) = self.keep.iter().find(|b| self.also.contains(b)) {
            return Err(OptionsError::KeepAndAlso(b));
        }
        // Sets are of bytes, and every set encodes every non-ASCII byte: `--also` a non-ASCII
        // character changes nothing, `--keep` one would keep bytes of a character, not it.
        if !self.keep.is_ascii() {
            let chars = String::from_utf8_lossy(&self.keep).into_owned();
            return Err(OptionsError::KeepNonAscii(chars));
        }
        if self.keep.contains(&b'%') {
            return Err(OptionsError::KeepPercent);
        }
        if plus && self.keep.contains(&b'+') {
            return Err(OptionsError::KeepPlus);
        }
        if plus && self.keep.contains(&b' ') {
            return Err(OptionsError::KeepSpace);
        }
        Ok(set
            .minus(ByteSet::of(&self.keep))
            .union(ByteSet::of(&self.also)))
    }
}
