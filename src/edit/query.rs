//! The edits of a query's name-value pairs: remove or keep pairs by a pattern of their names,
//! set every pair's value, set one name's value, append pairs, sort them by name. A query is split as url.bs
//! "application/x-www-form-urlencoded parsing" splits it (on `&`, or the separator chosen; empty
//! sequences skipped; the name up to the first `=`), and names are compared decoded as it
//! decodes them (percent-decoding, with `+` a space where the reading says so). A pair the
//! edits do not touch is written back byte for byte as it stood, never decoded and encoded
//! again; a query no edit changes is written back whole.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::ops::Range;

use super::SpecError;
use super::glob::Glob;
use crate::encode::{self, Encoder};
use crate::parse::decoded;
use crate::sets::{Context, Standard};

/// The edits of the pairs, in the order they are made: `remove` and `keep`, then `values`, then
/// `set`, then `append`, then `sort`.
#[derive(Clone, Debug, Default)]
pub struct ParamEdits {
    /// Pairs whose name matches one of these are removed.
    pub remove: Vec<Glob>,
    /// Where not empty, only the pairs whose name matches one of these are kept.
    pub keep: Vec<Glob>,
    /// Every pair's value replaced by this one, as written ([`Pair::value`]): each pair keeps
    /// its name as it stands, and its place; a pair without `=` gets one (the job of
    /// `qsreplace`, which puts a probe in every parameter).
    pub values: Option<Vec<u8>>,
    /// url.bs `URLSearchParams` "set(name, value)": the first pair of the name gets the new
    /// pair's place and the others of the name go; without one, the pair is appended.
    pub set: Vec<Pair>,
    /// Pairs appended at the end, in order.
    pub append: Vec<Pair>,
    /// url.bs `URLSearchParams` "sort()": a stable sort by name, in UTF-16 code units.
    pub sort: bool,
    /// The byte between pairs: `&`, or `;` for the queries that use it.
    pub separator: u8,
    /// Whether `+` in a name is a space when names are compared (url.bs's form reading).
    pub plus: bool,
}

/// A pair to write: its name decoded (to be compared), and the pair as written in the query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The name, decoded.
    pub name: Vec<u8>,
    /// `name=value` (or a name alone), encoded for its place.
    pub written: Vec<u8>,
}

impl Pair {
    /// `NAME=VALUE` (data, each encoded for a pair's place: the context `param`, or `form`
    /// where `form`, which writes a space `+` as url.bs's `application/x-www-form-urlencoded`
    /// serializer does), `NAME:=VALUE` (as written in the query), or `NAME` alone (a pair
    /// without `=`), under `standard`.
    ///
    /// ```
    /// use uriesc::edit::Pair;
    /// use uriesc::sets::Standard;
    ///
    /// let pair = Pair::parse(b"q=a b&c", Standard::Rfc3986, false)?;
    /// assert_eq!((&pair.name[..], &pair.written[..]), (&b"q"[..], &b"q=a%20b%26c"[..]));
    /// let pair = Pair::parse(b"q=a b", Standard::Whatwg, true)?;
    /// assert_eq!(pair.written, b"q=a+b");
    /// let pair = Pair::parse(b"a%20b:=x%2B", Standard::Rfc3986, false)?;
    /// assert_eq!((&pair.name[..], &pair.written[..]), (&b"a b"[..], &b"a%20b=x%2B"[..]));
    /// # Ok::<(), uriesc::edit::SpecError>(())
    /// ```
    pub fn parse(spec: &[u8], standard: Standard, form: bool) -> Result<Pair, SpecError> {
        Self::parse_text(spec, standard, form).map_err(SpecError::new)
    }

    /// A value for [`ParamEdits::values`]: `VALUE` (data, encoded for a pair's place as
    /// [`Pair::parse`] encodes a value), or `:=VALUE` (as written in the query).
    ///
    /// ```
    /// use uriesc::edit::Pair;
    /// use uriesc::sets::Standard;
    ///
    /// assert_eq!(Pair::value(b"a b&c", Standard::Rfc3986, false)?, b"a%20b%26c");
    /// assert_eq!(Pair::value(b":=%41", Standard::Rfc3986, false)?, b"%41");
    /// # Ok::<(), uriesc::edit::SpecError>(())
    /// ```
    pub fn value(spec: &[u8], standard: Standard, form: bool) -> Result<Vec<u8>, SpecError> {
        if let Some(written) = spec.strip_prefix(b":=") {
            return Ok(written.to_vec());
        }
        let encoder = Self::encoder(standard, form).map_err(SpecError::new)?;
        let mut out = Vec::new();
        encoder.encode(spec, &mut out);
        Ok(out)
    }

    /// The encoder of a pair's name and value: `param`'s set, or `form`'s.
    fn encoder(standard: Standard, form: bool) -> Result<Encoder, String> {
        let context = if form { Context::Form } else { Context::Param };
        Encoder::for_context(standard, context, &encode::Options::default())
            .map_err(|e| e.to_string())
    }

    /// As the public one, its reason as text.
    fn parse_text(spec: &[u8], standard: Standard, form: bool) -> Result<Pair, String> {
        let encoder = Self::encoder(standard, form)?;
        let (name, value, written) = match memchr::memchr(b'=', spec) {
            Some(eq) => match spec[..eq].strip_suffix(b":") {
                Some(name) => (name, Some(&spec[eq + 1..]), true),
                None => (&spec[..eq], Some(&spec[eq + 1..]), false),
            },
            None => (spec, None, false),
        };
        let mut out = Vec::new();
        let decoded_name = match written {
            true => {
                out.extend_from_slice(name);
                decoded(name, form).into_owned()
            }
            false => {
                encoder.encode(name, &mut out);
                name.to_vec()
            }
        };
        if let Some(value) = value {
            out.push(b'=');
            match written {
                true => out.extend_from_slice(value),
                false => encoder.encode(value, &mut out),
            }
        }
        Ok(Pair {
            name: decoded_name,
            written: out,
        })
    }
}

/// A pair of the edited query: where it is written, and its decoded name.
#[derive(Clone, Debug)]
struct Piece {
    from: From,
    /// The decoded name, in [`Scratch::names`].
    name: Range<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum From {
    /// This range of the query.
    Query(usize, usize),
    /// This range of the query, a pair's name, and `=` and [`ParamEdits::values`] after it.
    Valued(usize, usize),
    /// The `set` pair of this index.
    Set(usize),
    /// The `append` pair of this index.
    Append(usize),
}

/// What the edits need across records, kept to save allocations.
#[derive(Debug, Default)]
pub struct Scratch {
    pieces: Vec<Piece>,
    names: Vec<u8>,
    /// The edited query, for the caller to write it in.
    pub(super) query: Vec<u8>,
}

impl ParamEdits {
    /// Whether there is nothing to do.
    pub fn is_empty(&self) -> bool {
        self.remove.is_empty()
            && self.keep.is_empty()
            && self.values.is_none()
            && self.set.is_empty()
            && self.append.is_empty()
            && !self.sort
    }

    /// The edited query (without its `?`) written to `out`, and whether there is one: `None`
    /// where the edits leave `query` as it is (absent or not), `Some(false)` where they leave
    /// no pair, which removes the query (url.bs `URLSearchParams` "update": an empty
    /// serialization is null).
    ///
    /// ```
    /// use uriesc::edit::{Glob, ParamEdits, ParamScratch};
    ///
    /// let edits = ParamEdits {
    ///     remove: vec![Glob::new(b"utm_*")],
    ///     separator: b'&',
    ///     ..ParamEdits::default()
    /// };
    /// let mut scratch = ParamScratch::default();
    /// let mut out = Vec::new();
    /// let query = b"id=7&utm_source=x&q=a%20b";
    /// assert_eq!(edits.apply(Some(query), &mut scratch, &mut out), Some(true));
    /// assert_eq!(out, b"id=7&q=a%20b");
    /// ```
    pub fn apply(
        &self,
        query: Option<&[u8]>,
        scratch: &mut Scratch,
        out: &mut Vec<u8>,
    ) -> Option<bool> {
        let query = query.unwrap_or_default();
        let mut changed = self.split(query, scratch);
        changed |= self.set_pairs(scratch);
        for (i, pair) in self.append.iter().enumerate() {
            let name = push_name(&mut scratch.names, &pair.name);
            scratch.pieces.push(Piece {
                from: From::Append(i),
                name,
            });
            changed = true;
        }
        if self.sort {
            changed |= sort(scratch);
        }
        if !changed {
            return None;
        }
        for (i, piece) in scratch.pieces.iter().enumerate() {
            if i > 0 {
                out.push(self.separator);
            }
            if let From::Valued(start, end) = piece.from {
                out.extend_from_slice(&query[start..end]);
                out.push(b'=');
            }
            out.extend_from_slice(match piece.from {
                From::Query(start, end) => &query[start..end],
                From::Valued(..) => self.values.as_deref().unwrap_or_default(),
                From::Set(i) => &self.set[i].written,
                From::Append(i) => &self.append[i].written,
            });
        }
        Some(!scratch.pieces.is_empty())
    }

    /// The pairs of `query` that `remove` and `keep` leave, into `scratch`; whether any went.
    /// An empty sequence is no pair: it is dropped from a query that changes for another
    /// reason, and kept in one that does not.
    fn split(&self, query: &[u8], scratch: &mut Scratch) -> bool {
        scratch.pieces.clear();
        scratch.names.clear();
        let mut changed = false;
        let mut start = 0;
        for sequence in query.split(|&b| b == self.separator) {
            let range = (start, start + sequence.len());
            start = range.1 + 1;
            if sequence.is_empty() {
                continue;
            }
            let raw = match memchr::memchr(b'=', sequence) {
                Some(i) => &sequence[..i],
                None => sequence,
            };
            let name: Cow<[u8]> = match raw.iter().any(|&b| b == b'%' || b == b'+') {
                true => decoded(raw, self.plus),
                false => Cow::Borrowed(raw),
            };
            let kept = (self.keep.is_empty() || self.keep.iter().any(|g| g.matches(&name)))
                && !self.remove.iter().any(|g| g.matches(&name));
            if !kept {
                changed = true;
                continue;
            }
            let name = push_name(&mut scratch.names, &name);
            let from = match self.values {
                Some(_) => {
                    changed = true;
                    From::Valued(range.0, range.0 + raw.len())
                }
                None => From::Query(range.0, range.1),
            };
            scratch.pieces.push(Piece { from, name });
        }
        changed
    }

    /// `set`'s pairs put in place; whether any was.
    fn set_pairs(&self, scratch: &mut Scratch) -> bool {
        for (i, pair) in self.set.iter().enumerate() {
            let Scratch { pieces, names, .. } = scratch;
            let mut first = None;
            let mut at = 0;
            pieces.retain(|piece| {
                let this = at;
                at += 1;
                if names[piece.name.clone()] != pair.name[..] {
                    return true;
                }
                first.get_or_insert(this);
                first == Some(this)
            });
            let name = push_name(names, &pair.name);
            let piece = Piece {
                from: From::Set(i),
                name,
            };
            match first {
                Some(first) => pieces[first] = piece,
                None => pieces.push(piece),
            }
        }
        !self.set.is_empty()
    }
}

/// `name` added to `names`, and where.
fn push_name(names: &mut Vec<u8>, name: &[u8]) -> Range<usize> {
    let start = names.len();
    names.extend_from_slice(name);
    start..names.len()
}

/// The pieces sorted by name, stably (url.bs "sort()": "by comparison of code units", UTF-16's).
/// Sorting always writes the query again from its pairs, as url.bs's "sort()" runs "update"
/// whatever the order: empty sequences, which are no pairs, go even where the order stays.
fn sort(scratch: &mut Scratch) -> bool {
    let Scratch { pieces, names, .. } = scratch;
    pieces.sort_by(|a, b| utf16_order(&names[a.name.clone()], &names[b.name.clone()]));
    true
}

/// `a` against `b` in UTF-16 code units, as the names would be in a JavaScript string (a byte
/// that is not UTF-8 reads as U+FFFD, as url.bs's parser decodes it).
fn utf16_order(a: &[u8], b: &[u8]) -> Ordering {
    // ASCII orders the same in every encoding: the common case needs no decoding.
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    let a = String::from_utf8_lossy(a);
    let b = String::from_utf8_lossy(b);
    a.encode_utf16().cmp(b.encode_utf16())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(name: &str, written: &str) -> Pair {
        Pair {
            name: name.into(),
            written: written.into(),
        }
    }

    fn edit(edits: &ParamEdits, query: Option<&str>) -> Option<Option<String>> {
        let mut out = Vec::new();
        let query = query.map(str::as_bytes);
        let result = edits.apply(query, &mut Scratch::default(), &mut out)?;
        Some(result.then(|| String::from_utf8(out).unwrap()))
    }

    fn edits() -> ParamEdits {
        ParamEdits {
            separator: b'&',
            plus: true,
            ..ParamEdits::default()
        }
    }

    #[test]
    fn untouched_pairs_stay_as_written() {
        let remove = ParamEdits {
            remove: vec![Glob::new(b"b")],
            ..edits()
        };
        // url.bs would serialize these pairs as `a=x+y` and `c=%7E`: they stay.
        let got = edit(&remove, Some("a=x%20y&b=1&c=~"));
        assert_eq!(got, Some(Some("a=x%20y&c=~".into())));
        // Nothing to remove: the query as it was, empty sequences and all.
        assert_eq!(edit(&remove, Some("a=1&&c")), None);
        // The name is compared decoded, `+` a space.
        let spaced = ParamEdits {
            remove: vec![Glob::new(b"a b")],
            ..edits()
        };
        assert_eq!(
            edit(&spaced, Some("a+b=1&a%20b=2&c")),
            Some(Some("c".into()))
        );
        // The last pair gone, the query goes (url.bs URLSearchParams "update").
        assert_eq!(edit(&remove, Some("b=1")), Some(None));
    }

    #[test]
    fn set_is_urlsearchparams_set() {
        // url.bs "set(name, value)": the first pair of the name is replaced, the rest removed.
        let set = ParamEdits {
            set: vec![pair("a", "a=9")],
            ..edits()
        };
        assert_eq!(
            edit(&set, Some("a=1&b=2&a=3")),
            Some(Some("a=9&b=2".into()))
        );
        assert_eq!(edit(&set, Some("b=2")), Some(Some("b=2&a=9".into())));
        assert_eq!(edit(&set, None), Some(Some("a=9".into())));
    }

    #[test]
    fn sort_is_stable_in_utf16_order() {
        let sort = ParamEdits {
            sort: true,
            ..edits()
        };
        // Stable: the pairs of one name keep their order.
        let got = edit(&sort, Some("z=b&a=b&z=a&a=a"));
        assert_eq!(got, Some(Some("a=b&a=a&z=b&z=a".into())));
        // U+FB03 before U+FFFD; U+1F308, a surrogate pair in UTF-16 (0xD83C 0xDF08), before
        // both, though after them in code points.
        let got = edit(&sort, Some("%EF%BF%BD=x&%EF%AC%83=x&%F0%9F%8C%88=x"));
        assert_eq!(
            got,
            Some(Some("%F0%9F%8C%88=x&%EF%AC%83=x&%EF%BF%BD=x".into()))
        );
        // In order already, the query is still written from its pairs (url.bs "sort()" runs
        // "update"): the empty sequence goes.
        assert_eq!(edit(&sort, Some("a=1&b=2&")), Some(Some("a=1&b=2".into())));
    }

    #[test]
    fn the_separator_splits_and_joins() {
        let keep = ParamEdits {
            keep: vec![Glob::new(b"id")],
            separator: b';',
            append: vec![pair("x", "x=1")],
            ..edits()
        };
        assert_eq!(
            edit(&keep, Some("id=1;s=2&t=3")),
            Some(Some("id=1;x=1".into()))
        );
    }
}
