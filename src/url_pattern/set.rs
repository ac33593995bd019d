//! Several patterns meaning any of them, as grep's `-e` and `-f` give several: a URL matches
//! the set where it matches one of them, and the first that matches is the one reported.

use super::{Components, Pattern};

/// Patterns tried in order; a URL matches the set where it matches any.
///
/// ```
/// use uriesc::url_pattern::{Reader, Options, Pattern, PatternSet};
///
/// let set = PatternSet::new(vec![
///     Pattern::new("https://a.example/*", None, Options::default())?,
///     Pattern::new("https://*.b.example/*", None, Options::default())?,
/// ]);
/// let mut reader = Reader::new();
/// assert_eq!(set.first_match(&reader.read(b"https://x.b.example/").unwrap()), Some(1));
/// assert_eq!(set.first_match(&reader.read(b"https://c.example/").unwrap()), None);
/// # Ok::<(), uriesc::url_pattern::PatternError>(())
/// ```
#[derive(Debug)]
pub struct PatternSet {
    patterns: Vec<Pattern>,
}

impl PatternSet {
    /// The set of `patterns`, in the order given.
    pub fn new(patterns: Vec<Pattern>) -> PatternSet {
        PatternSet { patterns }
    }

    /// The patterns, in order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The index of the first pattern `url` matches.
    pub fn first_match(&self, url: &Components<'_>) -> Option<usize> {
        self.patterns.iter().position(|pattern| pattern.test(url))
    }
}
