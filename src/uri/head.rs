//! The head of a URI reference, found once for every caller: its scheme (RFC 3986 Appendix B's
//! `[^:/?#]+` before a `:`, and whether that is a scheme by §3.1), its authority (Appendix B's
//! `//[^/?#]*`, §3.2) and, without an authority, its first path segment (§3.3), for a whole
//! record ([`Head::of`]) or for one that comes in pieces ([`HeadScanner`]).
//!
//! What to make of the head is the caller's business: `clean` takes Appendix B's scheme as it
//! is, `pretty-print` reads a host only after a scheme that §3.1 allows. [`Parts::split`]
//! splits with the same scanner.
//!
//! [`Parts::split`]: super::Parts::split

use std::ops::Range;

use super::Authority;
use crate::sets::rfc3986::SCHEME;

/// The head of a record: where its scheme, its authority and the head itself end, by RFC 3986
/// Appendix B. Found by [`Head::of`] for a whole record, by [`HeadScanner`] for one that comes
/// in pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    /// Appendix B's scheme, `[^:/?#]+` before the record's first `:`, `/`, `?` or `#` when that
    /// is a `:`; without its `:`. It always starts the record.
    pub scheme: Option<Range<usize>>,
    /// Whether [`Head::scheme`] is one by RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" /
    /// "." )`. False without a scheme.
    pub valid_scheme: bool,
    /// Appendix B's authority, after `//` and up to the next `/`, `?` or `#`; without its
    /// `//`.
    pub authority: Option<Range<usize>>,
    /// Where the head ends: at the end of the authority; without one, at the first `/`, `?`
    /// or `#` after the scheme's `:` (or from the start, without a scheme): the end of the
    /// path's first segment, the one that §3.3 and §4.2 restrict. The end of the record if
    /// none follows.
    pub end: usize,
}

impl Head {
    /// The head of the whole record `record`.
    ///
    /// ```
    /// use uriesc::uri::Head;
    ///
    /// // RFC 3986 §3's example.
    /// let uri = b"foo://example.com:8042/over/there?name=ferret#nose";
    /// let head = Head::of(uri);
    /// assert_eq!((head.scheme, head.valid_scheme), (Some(0..3), true));
    /// assert_eq!(&uri[head.authority.unwrap()], b"example.com:8042");
    /// assert_eq!(&uri[head.end..], b"/over/there?name=ferret#nose");
    ///
    /// // Appendix B reads a scheme that §3.1 does not allow (it begins with no letter).
    /// let head = Head::of(b"1http://example.com/");
    /// assert_eq!((head.scheme, head.valid_scheme), (Some(0..5), false));
    ///
    /// // No authority: the head ends with the path's first segment (§3.3).
    /// let urn = b"urn:oasis:names:specification:docbook:dtd:xml:4.1.2";
    /// let head = Head::of(urn);
    /// assert_eq!((head.scheme, head.authority, head.end), (Some(0..3), None, urn.len()));
    /// ```
    pub fn of(record: &[u8]) -> Head {
        let mut scanner = HeadScanner::new();
        scanner.feed(record);
        scanner.finish()
    }

    /// The head of the whole record `record` read as a relative reference (RFC 3986 §4.2): no
    /// scheme, whatever its first segment holds.
    ///
    /// ```
    /// use uriesc::uri::Head;
    ///
    /// // §4.2: "this:that" is a path when read after "./".
    /// let head = Head::of_relative(b"this:that");
    /// assert_eq!((head.scheme, head.authority, head.end), (None, None, 9));
    /// ```
    pub fn of_relative(record: &[u8]) -> Head {
        let mut scanner = HeadScanner::relative();
        scanner.feed(record);
        scanner.finish()
    }

    /// The host of the record `record` whose head this is, as [`Authority::split`] finds it in
    /// the authority; `None` without an authority.
    ///
    /// ```
    /// use uriesc::uri::Head;
    ///
    /// // RFC 3986 §7.6's example: the host is what follows the last "@".
    /// let uri = b"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    /// let host = Head::of(uri).host(uri).unwrap();
    /// assert_eq!(&uri[host], b"10.0.0.1");
    /// ```
    pub fn host(&self, record: &[u8]) -> Option<Range<usize>> {
        let authority = self.authority.clone()?;
        let host = Authority::split(&record[authority.clone()]).host;
        Some(authority.start + host.start..authority.start + host.end)
    }
}

/// [`Head`] of a record that comes in pieces: fed each piece as it comes, it keeps only where
/// it is (a few offsets, whatever the length of the record), and reads only the new piece, so
/// a long head costs no more than its length. Offsets count from the start of the record.
///
/// ```
/// use uriesc::uri::{Head, HeadScanner};
///
/// let mut scanner = HeadScanner::new();
/// assert_eq!(scanner.feed(b"http:"), None);
/// // The scheme is known, and that it is one by RFC 3986 §3.1; not yet whether "//" follows.
/// assert_eq!((scanner.valid_scheme(), scanner.authority_follows()), (Some(true), None));
/// assert_eq!(scanner.feed(b"//exa"), None);
/// assert_eq!(scanner.authority_follows(), Some(true));
/// // The authority ends at the first "/", "?" or "#" after it.
/// assert_eq!(scanner.feed(b"mple.com/a?b"), Some(18));
/// let head = scanner.head().unwrap();
/// assert_eq!(head, Head::of(b"http://example.com/a?b"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadScanner {
    /// How many bytes of the record have been fed.
    fed: usize,
    stage: Stage,
    /// Where Appendix B's scheme ends: its `:`.
    colon: Option<usize>,
    /// Whether a byte read shows that the record has no scheme valid by §3.1.
    invalid: bool,
}

/// How far a [`HeadScanner`] has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    /// Before the record's first `:`, `/`, `?` or `#`.
    #[default]
    Scheme,
    /// Where a `//` would begin, `at`, has been reached (after the scheme's `:`; the start,
    /// without a scheme), but not yet whether one does.
    Slashes { at: usize },
    /// In the authority, which starts at `start`, after its `//`.
    Authority { start: usize },
    /// In the path's first segment, without an authority.
    Segment,
    /// Past the head, which ends at `end`.
    Done {
        authority: Option<usize>,
        end: usize,
    },
}

impl HeadScanner {
    /// Nothing fed yet.
    pub fn new() -> HeadScanner {
        HeadScanner::default()
    }

    /// Nothing fed yet of a record to be read as a relative reference (RFC 3986 §4.2): no
    /// scheme, whatever its first segment holds.
    pub(crate) fn relative() -> HeadScanner {
        HeadScanner {
            stage: Stage::Slashes { at: 0 },
            invalid: true,
            ..HeadScanner::default()
        }
    }

    /// Reads the next piece of the record; where the head ends, once the bytes fed show it
    /// ([`Head::end`]). Once it has, further pieces are only counted.
    pub fn feed(&mut self, piece: &[u8]) -> Option<usize> {
        let base = self.fed;
        self.fed += piece.len();
        // `piece[i]` is the next byte to read, at `base + i` in the record.
        let mut i = 0;
        loop {
            match self.stage {
                Stage::Scheme => {
                    let rest = &piece[i..];
                    // §3.1: a scheme begins with a letter.
                    if base + i == 0 && rest.first().is_some_and(|b| !b.is_ascii_alphabetic()) {
                        self.invalid = true;
                    }
                    let (delimiter, valid) = scheme_delimiter(rest);
                    self.invalid |= !valid;
                    let d = delimiter?;
                    let at = base + i + d;
                    if rest[d] == b':' && at > 0 {
                        self.colon = Some(at);
                        self.stage = Stage::Slashes { at: at + 1 };
                        i += d + 1;
                    } else {
                        // No scheme: the head is read again from the start, whose bytes
                        // before the delimiter are none of `:`, `/`, `?` and `#`.
                        self.invalid = true;
                        self.stage = match at {
                            0 => Stage::Slashes { at: 0 },
                            _ => Stage::Segment,
                        };
                        i += d;
                    }
                }
                Stage::Slashes { at } => {
                    let &b = piece.get(i)?;
                    let read = base + i - at;
                    self.stage = match (b, read) {
                        (b'/', 0) => Stage::Slashes { at },
                        (b'/', _) => Stage::Authority { start: at + 2 },
                        // A path that begins with one "/" ends its first segment there.
                        (_, 1) => Stage::Done {
                            authority: None,
                            end: at,
                        },
                        // Read again as the first byte of the segment.
                        _ => {
                            self.stage = Stage::Segment;
                            continue;
                        }
                    };
                    i += 1;
                }
                Stage::Authority { .. } | Stage::Segment => {
                    let n = head_end(&piece[i..])?;
                    let authority = match self.stage {
                        Stage::Authority { start } => Some(start),
                        _ => None,
                    };
                    let end = base + i + n;
                    self.stage = Stage::Done { authority, end };
                }
                Stage::Done { end, .. } => return Some(end),
            }
        }
    }

    /// The record has ended: its head, which ends at the end of the record if nothing fed
    /// ended it sooner.
    pub fn finish(mut self) -> Head {
        let end = self.fed;
        if let Stage::Scheme = self.stage {
            self.invalid = true;
        }
        self.stage = match self.stage {
            Stage::Done { .. } => self.stage,
            Stage::Slashes { at } if end > at => Stage::Done {
                authority: None,
                end: at,
            },
            Stage::Authority { start } => Stage::Done {
                authority: Some(start),
                end,
            },
            Stage::Scheme | Stage::Slashes { .. } | Stage::Segment => Stage::Done {
                authority: None,
                end,
            },
        };
        self.head().unwrap_or(Head {
            scheme: None,
            valid_scheme: false,
            authority: None,
            end,
        })
    }

    /// The head, once the bytes fed show where it ends.
    pub fn head(&self) -> Option<Head> {
        let Stage::Done { authority, end } = self.stage else {
            return None;
        };
        Some(Head {
            scheme: self.colon.map(|colon| 0..colon),
            valid_scheme: self.colon.is_some() && !self.invalid,
            authority: authority.map(|start| start..end),
            end,
        })
    }

    /// Whether the record has a scheme valid by RFC 3986 §3.1, as soon as the bytes fed show
    /// it: `Some(false)` from the first byte that no such scheme can hold, `Some(true)` from
    /// the `:` that ends one.
    pub fn valid_scheme(&self) -> Option<bool> {
        match self.stage {
            Stage::Scheme if !self.invalid => None,
            _ => Some(self.colon.is_some() && !self.invalid),
        }
    }

    /// Whether an authority (`//`) follows the scheme (or starts the record, without one), as
    /// soon as the bytes fed show it.
    pub fn authority_follows(&self) -> Option<bool> {
        match self.stage {
            Stage::Scheme | Stage::Slashes { .. } => None,
            Stage::Authority { .. } => Some(true),
            Stage::Segment => Some(false),
            Stage::Done { authority, .. } => Some(authority.is_some()),
        }
    }
}

/// Where Appendix B's `[^:/?#]+` ends in `bytes`: at the first `:`, `/`, `?` or `#`; and
/// whether the bytes before it (all of them without one) are scheme characters (§3.1, after
/// the first).
fn scheme_delimiter(bytes: &[u8]) -> (Option<usize>, bool) {
    // A scheme is short and made of its characters: they are read one by one, and only text
    // that is no scheme is searched for the delimiter.
    let run = bytes
        .iter()
        .position(|&b| !SCHEME.contains(b))
        .unwrap_or(bytes.len());
    match bytes.get(run) {
        None => (None, true),
        Some(b':' | b'/' | b'?' | b'#') => (Some(run), true),
        Some(_) => {
            let rest = &bytes[run..];
            let colon_slash_question = memchr::memchr3(b':', b'/', b'?', rest);
            let within = &rest[..colon_slash_question.unwrap_or(rest.len())];
            let found = memchr::memchr(b'#', within).or(colon_slash_question);
            (found.map(|n| run + n), false)
        }
    }
}

/// Where an authority, or the path's first segment, ends in `bytes`: at the first `/`, `?` or
/// `#` (Appendix B).
fn head_end(bytes: &[u8]) -> Option<usize> {
    memchr::memchr3(b'/', b'?', b'#', bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fed in pieces split anywhere, or a byte at a time, the scanner finds the head that the
    /// whole record gives; and the head, once found, is the one `finish` gives.
    #[test]
    fn pieces_give_the_whole_head() {
        let records: [&[u8]; 20] = [
            b"",
            b"h",
            b"http",
            b"http:",
            b"http:/",
            b"http://",
            b"http:x",
            b"http:/x",
            b"http://h",
            b"http://u@h:1/p?q#f",
            b"//h/p",
            b"/p//q",
            b"p/q:r",
            b":a/b",
            b"?q",
            b"#f",
            b"1a://h/",
            b"a b:c/d",
            b"a#b:c",
            b"mailto:a@b?c",
        ];
        for record in records {
            let whole = Head::of(record);
            for cut in 0..=record.len() {
                for cut2 in cut..=record.len() {
                    let mut scanner = HeadScanner::new();
                    let mut early = None;
                    for piece in [&record[..cut], &record[cut..cut2], &record[cut2..]] {
                        early = early.or(scanner.feed(piece));
                    }
                    if let Some(end) = early {
                        assert_eq!(scanner.head().map(|h| h.end), Some(end));
                    }
                    let head = scanner.finish();
                    assert_eq!(head, whole, "{:?} at {cut} {cut2}", record.escape_ascii());
                }
            }
        }
    }
}
