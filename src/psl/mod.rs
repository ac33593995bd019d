//! The Public Suffix List: a domain's public suffix and registrable domain, and which section
//! of the list (ICANN or PRIVATE) decided them.
//!
//! This module owns the list built into uriesc, the reading of a `public_suffix_list.dat`
//! given at run time ([`List::parse`]), and the lookup ([`List::domain`]). It follows the
//! list's own definition: the format and the formal algorithm of publicsuffix.org ("Formal
//! algorithm") and of the list's wiki ("Format"): rules, one a line; `*.` wildcard rules;
//! `!` exception rules; the prevailing rule (an exception if one matches, else the rule with the
//! most labels); the default rule `*` where none matches. Both sections count, as a browser's
//! "site" counts them; [`Section`] says which one the prevailing rule was in. The URL
//! Standard's "host public suffix" and "host registrable domain" (url.bs §3.2) are these
//! algorithms run on a host that is a domain, with a trailing dot kept in both results.
//!
//! # The built-in list
//!
//! [`List::builtin`] is `public_suffix_list.dat` of github.com/publicsuffix/list at commit
//! `e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd` (2026-08-19), unmodified, under the Mozilla
//! Public License, v. 2.0; `src/psl/data/README.md` gives its checksum and `LICENSE-MPL-2.0.txt`
//! beside it the licence's text. It is parsed once, on first use.
//!
//! # Why no crate
//!
//! `psl` compiles the list into code and cannot read one at run time. `publicsuffix` 2.3 reads
//! one, but its lookup walks a tree of labels taking an exact label before the `*` beside it and
//! never comes back, so a rule reached through a `*` is missed where an exact label leads
//! nowhere: with the list's `*.run.app` and `*.mtls.run.app`, it gives `mtls.run.app` the public
//! suffix `app` where the algorithm gives `mtls.run.app` (and `ex.futurecms.at` the suffix `at`
//! for `ex.futurecms.at`). Its errors carry no line, and the empty label of `.example.com` is
//! not refused. So the rules are kept here in one hash table keyed by the rule's domain,
//! every suffix of a rule's domain in it too, and a lookup walks the domain's labels from the
//! right, one probe a label, stopping at the first suffix no rule reaches.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::LazyLock;

use rustc_hash::FxHasher;
#[cfg(feature = "json")]
use serde::Serialize;

mod parse;
#[cfg(test)]
mod tests;

/// The built-in list's version: its commit's date (UTC), in the form publicsuffix.org's
/// `// VERSION:` header line takes.
pub const BUILTIN_VERSION: &str = "2026-08-19_19-18-36_UTC";

/// The built-in list's commit in github.com/publicsuffix/list.
pub const BUILTIN_COMMIT: &str = "e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd";

const BUILTIN_TEXT: &str = include_str!("data/public_suffix_list.dat");

static BUILTIN: LazyLock<List> = LazyLock::new(|| {
    // The file is the crate's own, checked by the tests; it parses.
    let mut list = List::parse(BUILTIN_TEXT).expect("the built-in Public Suffix List parses");
    list.version = Some(BUILTIN_VERSION.into());
    list.commit = Some(BUILTIN_COMMIT.into());
    list
});

/// The section of the list a rule is in (the list's `===BEGIN ICANN DOMAINS===` and
/// `===BEGIN PRIVATE DOMAINS===` comments), or none: the default rule `*`.
///
/// Serialized (the `json` feature) in lower case: `"icann"`, `"private"`, `"not_listed"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize), serde(rename_all = "snake_case"))]
pub enum Section {
    /// The ICANN section: suffixes of the domain registries.
    Icann,
    /// The PRIVATE section: suffixes that their owners ask to be treated as public.
    Private,
    /// No rule of the list matched: the default rule `*` made the top-level label the public
    /// suffix.
    NotListed,
}

/// What the list says of a domain: its public suffix, its registrable domain and the
/// section of the prevailing rule. Both strings are slices of the domain looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Domain<'a> {
    /// The public suffix: the labels matched by the prevailing rule (less the leftmost label
    /// of an exception rule), with the domain's trailing dot if it has one.
    pub public_suffix: &'a str,
    /// The registrable domain: the public suffix and the one label before it; `None` where
    /// the domain is its public suffix.
    pub registrable_domain: Option<&'a str>,
    /// The section of the prevailing rule.
    pub section: Section,
}

/// Where in a domain its public suffix and its registrable domain start, and the section of
/// the rule that prevailed: what [`List::starts`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Starts {
    /// Where the public suffix starts.
    pub public_suffix: usize,
    /// Where the registrable domain starts, if the domain is more than its public suffix.
    pub registrable_domain: Option<usize>,
    /// The section of the prevailing rule.
    pub section: Section,
}

/// The rules whose domain is one key of the table: at most one normal rule, one wildcard rule
/// (`*.` and the key) and one exception rule (`!` and the key), each with its section. A key
/// with none is a suffix of a longer rule's domain, kept so that a lookup knows to go on.
#[derive(Clone, Copy, Debug, Default)]
struct Rules {
    normal: Option<Section>,
    wildcard: Option<Section>,
    exception: Option<Section>,
}

/// The rules keyed by the rule's domain, in ASCII (labels in punycode, RFC 3492). The keys are
/// the list's own; a lookup cannot insert, so a fast hash that an adversary could make collide
/// (FxHash) costs nothing but the list's own author could choose.
type Table = HashMap<Box<[u8]>, Rules, BuildHasherDefault<FxHasher>>;

/// A Public Suffix List: the built-in one or one read at run time.
#[derive(Clone, Debug)]
pub struct List {
    rules: Table,
    version: Option<Box<str>>,
    commit: Option<Box<str>>,
}

impl List {
    /// The list built in (github.com/publicsuffix/list at commit [`BUILTIN_COMMIT`]), parsed
    /// once, on first use.
    ///
    /// ```
    /// use uriesc::psl::{List, Section};
    ///
    /// let domain = List::builtin().domain("www.example.co.uk").unwrap();
    /// assert_eq!(domain.public_suffix, "co.uk");
    /// assert_eq!(domain.registrable_domain, Some("example.co.uk"));
    /// assert_eq!(domain.section, Section::Icann);
    /// ```
    pub fn builtin() -> &'static List {
        &BUILTIN
    }

    /// Reads a `public_suffix_list.dat`: one rule a line, read up to its first whitespace;
    /// `//` comment lines; every rule inside the `// ===BEGIN ICANN DOMAINS===` …
    /// `// ===END ICANN DOMAINS===` or the PRIVATE section. Rules in Unicode are put in ASCII
    /// (UTS #46 ToASCII, as the URL Standard's host parser does) to meet the hosts it gives.
    ///
    /// `Err` says what is wrong and on which line: a rule outside both sections, a section
    /// not closed, an empty label, a `*` that is not the whole leftmost label (the list puts it
    /// nowhere else, and this lookup does not follow one elsewhere), an exception of one
    /// label, a label ToASCII refuses, a domain longer than a domain name can be (253 bytes in
    /// ASCII), or no rule at all. A rule given twice keeps its first
    /// section.
    ///
    /// ```
    /// use uriesc::psl::{List, Section};
    ///
    /// let text = "// VERSION: 2026-01-01_00-00-00_UTC\n\
    ///             // ===BEGIN ICANN DOMAINS===\nuk\nco.uk\n// ===END ICANN DOMAINS===\n\
    ///             // ===BEGIN PRIVATE DOMAINS===\ngithub.io\n// ===END PRIVATE DOMAINS===\n";
    /// let list = List::parse(text).unwrap();
    /// assert_eq!(list.version(), Some("2026-01-01_00-00-00_UTC"));
    /// assert_eq!(list.domain("whatwg.github.io").unwrap().section, Section::Private);
    ///
    /// let error = List::parse("// ===BEGIN ICANN DOMAINS===\nco..uk\n").unwrap_err();
    /// assert!(error.to_string().starts_with("line 2:"), "{error}");
    /// ```
    pub fn parse(text: &str) -> Result<List, ListError> {
        parse::parse(text).map_err(|message| ListError { message })
    }

    /// The list's version: the value of its `// VERSION:` header line (publicsuffix.org's
    /// published copy has one), or for the built-in list [`BUILTIN_VERSION`].
    ///
    /// ```
    /// assert_eq!(uriesc::psl::List::builtin().version(), Some(uriesc::psl::BUILTIN_VERSION));
    /// ```
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The list's commit: the value of its `// COMMIT:` header line, or for the built-in list
    /// [`BUILTIN_COMMIT`].
    pub fn commit(&self) -> Option<&str> {
        self.commit.as_deref()
    }

    /// The public suffix and registrable domain of `domain`, and the section of the rule that
    /// prevailed, by the list's formal algorithm.
    ///
    /// `domain` is as the URL Standard's host serializer gives a domain: ASCII, lower case,
    /// labels in punycode (url.bs "domain to ASCII"); an IP address is not a domain and is the
    /// caller's to leave out (url.bs §3.2, step 1). A label in upper case or in Unicode
    /// matches no rule. A trailing dot (a fully qualified `example.com.`) is kept in both
    /// results, as the URL Standard's "host public suffix" and "host registrable domain" keep
    /// it (url.bs §3.2: `example.com.` gives `com.` and `example.com.`); the algorithm runs on
    /// the labels before it. `None` where the algorithm has no answer: an empty domain or an
    /// empty label (a leading dot, two dots together, a lone `.`).
    ///
    /// One hash probe a label, from the right, until no rule reaches further; nothing is
    /// allocated for a name of up to 64 bytes (a longer one keeps its labels' starts in one
    /// small allocation).
    ///
    /// ```
    /// use uriesc::psl::{List, Section};
    ///
    /// let list = List::builtin();
    /// let fqdn = list.domain("example.com.").unwrap();
    /// assert_eq!((fqdn.public_suffix, fqdn.registrable_domain), ("com.", Some("example.com.")));
    ///
    /// // Not on the list: the default rule `*` makes the last label the public suffix.
    /// let unlisted = list.domain("example.xn--kgbechtv").unwrap();
    /// assert_eq!(unlisted.public_suffix, "xn--kgbechtv");
    /// assert_eq!(unlisted.section, Section::NotListed);
    ///
    /// assert_eq!(list.domain(".example.com"), None);
    /// ```
    pub fn domain<'a>(&self, domain: &'a str) -> Option<Domain<'a>> {
        let found = self.starts(domain.as_bytes())?;
        // Each start is 0 or follows a `.`: a boundary of a character.
        Some(Domain {
            public_suffix: &domain[found.public_suffix..],
            registrable_domain: found.registrable_domain.map(|start| &domain[start..]),
            section: found.section,
        })
    }

    /// [`List::domain`] of a domain given as bytes: where in it its public suffix and its
    /// registrable domain start.
    ///
    /// ```
    /// use uriesc::psl::{List, Section, Starts};
    ///
    /// let found = List::builtin().starts(b"www.example.co.uk").unwrap();
    /// let want = Starts { public_suffix: 12, registrable_domain: Some(4), section: Section::Icann };
    /// assert_eq!(found, want);
    /// ```
    pub fn starts(&self, domain: &[u8]) -> Option<Starts> {
        let name = domain.strip_suffix(b".").unwrap_or(domain);
        let labels = Labels::of(name)?;
        let (suffix, section) = self.prevailing(name, &labels);
        let public_suffix = labels.start(suffix).unwrap_or(0);
        let registrable_domain = match public_suffix {
            0 => None,
            _ => labels.start(suffix + 1),
        };
        Some(Starts {
            public_suffix,
            registrable_domain,
            section,
        })
    }

    /// How many of `name`'s labels, from the right, the public suffix is (no empty label, no
    /// trailing dot; `labels` its labels), as an index of [`Labels::start`], and the section of
    /// the prevailing rule. The labels are walked from the right; at each, the suffix from it
    /// is probed: a wildcard rule on the suffix before makes this label part of the public
    /// suffix, a normal rule the suffix itself (on a tie in labels, the normal rule is taken),
    /// an exception prevails over every other rule and gives its domain less the leftmost
    /// label. A suffix that is no key ends the walk: every longer rule's domain would have it
    /// as a key.
    fn prevailing(&self, name: &[u8], labels: &Labels) -> (usize, Section) {
        // The default rule `*`: the last label.
        let mut best = (0, Section::NotListed);
        let mut wildcard: Option<Section> = None;
        let mut k = 0;
        while let Some(start) = labels.start(k) {
            if let Some(section) = wildcard {
                best = (k, section);
            }
            let Some(rules) = self.rules.get(&name[start..]) else {
                break;
            };
            if let Some(section) = rules.exception {
                // Parsing refuses an exception of one label, so a label follows.
                return (k.saturating_sub(1), section);
            }
            if let Some(section) = rules.normal {
                best = (k, section);
            }
            wildcard = rules.wildcard;
            k += 1;
        }
        best
    }
}

/// Where the labels of a name start, from the right, found in one pass that refuses an empty
/// label. A name of up to 64 bytes (every real host) keeps its dots as the bits of a word, and
/// a label's start is the bit after the `k`th highest; a longer one keeps the sixteen
/// rightmost labels' starts (the rules of the list have at most seven labels), and finds its
/// others when asked for.
enum Labels<'a> {
    Short {
        /// Bit `i` set where byte `i` of the name is `.`.
        dots: u64,
    },
    Long {
        name: &'a [u8],
        /// Boxed, so that the short form, which every real host takes, stays one word to
        /// move rather than seventeen.
        starts: Box<[usize; KEPT]>,
        kept: usize,
    },
}

/// How many labels' starts a long name keeps.
const KEPT: usize = 16;

impl<'a> Labels<'a> {
    /// The labels of `name`; `None` where one is empty (nothing, or a dot first, last, or
    /// after a dot).
    #[inline]
    fn of(name: &'a [u8]) -> Option<Labels<'a>> {
        if name.len() > 64 {
            return Labels::long(name);
        }
        // The dots, found eight bytes at a time with no branch on where they are (a branch on
        // each byte mispredicted at every dot).
        let dots = crate::swar::eq_mask(name, b'.');
        let last = dots
            .checked_shr(name.len().wrapping_sub(1) as u32)
            .unwrap_or(1);
        let empty = name.is_empty() || dots & 1 != 0 || last & 1 != 0 || dots & (dots >> 1) != 0;
        (!empty).then_some(Labels::Short { dots })
    }

    /// [`Labels::of`] a name longer than a word has bits, a byte at a time.
    #[cold]
    fn long(name: &'a [u8]) -> Option<Labels<'a>> {
        let mut starts = Box::new([0; KEPT]);
        let mut kept = 0;
        // The end of the label being read, from the right.
        let mut end = name.len();
        for i in (0..name.len()).rev() {
            if name[i] == b'.' {
                if i + 1 == end {
                    return None;
                }
                if kept < KEPT {
                    starts[kept] = i + 1;
                    kept += 1;
                }
                end = i;
            }
        }
        if end == 0 {
            return None;
        }
        if kept < KEPT {
            starts[kept] = 0;
            kept += 1;
        }
        Some(Labels::Long { name, starts, kept })
    }

    /// Where the `k`th label from the right (from 0) starts; `None` past the first label.
    #[inline]
    fn start(&self, k: usize) -> Option<usize> {
        match self {
            Labels::Short { dots } => {
                let mut dots = *dots;
                for _ in 0..k {
                    if dots == 0 {
                        return None;
                    }
                    dots &= !(1 << (63 - dots.leading_zeros()));
                }
                // After the highest dot left, or the first label.
                Some(match dots {
                    0 => 0,
                    _ => 64 - dots.leading_zeros() as usize,
                })
            }
            Labels::Long { name, starts, kept } => {
                if k < *kept {
                    return Some(starts[k]);
                }
                // Past the kept labels (or past the first label): walk on.
                let mut start = starts[kept - 1];
                for _ in kept - 1..k {
                    if start == 0 {
                        return None;
                    }
                    start = label_start(&name[..start - 1]);
                }
                Some(start)
            }
        }
    }
}

/// Where the last label of `name` starts: after its last `.`, or at 0. A loop rather than
/// `memrchr`, whose setup costs more than a label is long.
fn label_start(name: &[u8]) -> usize {
    name.iter()
        .rposition(|&b| b == b'.')
        .map_or(0, |dot| dot + 1)
}

/// Why a text is no Public Suffix List (publicsuffix.org's format: a rule a line, `//`
/// comments, the `===BEGIN ICANN DOMAINS===` and `PRIVATE` sections), with the line where it
/// says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    message: String,
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ListError {}
