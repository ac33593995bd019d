//! The regular expressions of a compiled URLPattern (urlpattern.spec "generate a regular
//! expression and name list"), run by the `regex` crate: a finite automaton, no backtracking,
//! so that matching takes time linear in the input whatever the pattern (the regex crate's
//! documented guarantee), where an ECMAScript engine can take exponential time on a pattern
//! such as `(a+)+b`.
//!
//! The standard compiles each component to an ECMAScript regular expression with the `v` flag
//! (and `i` for `ignoreCase`; urlpattern.spec "compile a component", steps 3-6). The urlpattern
//! crate writes it in ECMAScript's syntax ([`RegexSyntax::EcmaScript`]), the pattern's own
//! groups inside it as written; `ecmascript.rs` reads it as ECMA-262 does and writes it in the
//! regex crate's syntax, or says why not.

use std::cell::RefCell;

use urlpattern::parser::RegexSyntax;
use urlpattern::regexp::RegExp;

use super::ecmascript::{self, RegexpError, RegexpErrorKind};

/// One component's regular expression: ECMAScript's, run as the `regex` crate's,
/// case-insensitive where the pattern's `ignoreCase` option is set (the `i` flag).
#[derive(Debug, Clone)]
pub struct Regexp {
    regex: regex::Regex,
    /// The ECMAScript source, as the standard compiles it.
    source: String,
    /// For each capturing group, whether ECMAScript leaves it undefined where it matched empty
    /// ([`ecmascript::Translation::optional`]).
    optional: Vec<bool>,
}

thread_local! {
    /// Why the first expression refused since [`clear_refusal`] was: the urlpattern crate
    /// passes a refusal on as `()`, and the reason would be lost on the way.
    static REFUSAL: RefCell<Option<RegexpError>> = const { RefCell::new(None) };
}

/// Forget the last refusal: before a pattern is compiled.
pub(crate) fn clear_refusal() {
    REFUSAL.with(|refusal| refusal.borrow_mut().take());
}

/// Why the first expression was refused since [`clear_refusal`], if one was.
pub(crate) fn take_refusal() -> Option<RegexpError> {
    REFUSAL.with(|refusal| refusal.borrow_mut().take())
}

impl Regexp {
    /// Whether `text` matches, without the groups.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }

    /// For each capturing group, whether it is undefined where it matched the empty string.
    pub(crate) fn optional_groups(&self) -> &[bool] {
        &self.optional
    }

    /// `pattern` read as ECMAScript with the `v` flag, and `i` if `ignore_case`.
    pub(crate) fn compile(pattern: &str, ignore_case: bool) -> Result<Regexp, RegexpError> {
        let translation = ecmascript::translate(pattern, ignore_case)?;
        let regex = regex::RegexBuilder::new(&translation.rust)
            .build()
            .map_err(|error| RegexpError {
                kind: RegexpErrorKind::Engine,
                reason: format!("the regex crate refuses its translation ({error})"),
                expression: pattern.to_string(),
                at: 0,
                excerpt: String::new(),
            })?;
        Ok(Regexp {
            regex,
            source: pattern.to_string(),
            optional: translation.optional,
        })
    }
}

impl RegExp for Regexp {
    fn syntax() -> RegexSyntax {
        RegexSyntax::EcmaScript
    }

    /// `flags` are the crate's, `u` or `ui`: the standard's are `v` or `vi` (urlpattern.spec
    /// "compile a component", step 4), and `v` is how the expression is read whatever they say.
    fn parse(pattern: &str, flags: &str, _force_eval: bool) -> Result<Self, ()> {
        Regexp::compile(pattern, flags.contains('i')).map_err(|error| {
            REFUSAL.with(|refusal| {
                refusal.borrow_mut().get_or_insert(error);
            });
        })
    }

    fn matches<'a>(&self, text: &'a str) -> Option<Vec<Option<&'a str>>> {
        let captures = self.regex.captures(text)?;
        Some(
            captures
                .iter()
                .skip(1)
                .map(|c| c.map(|m| m.as_str()))
                .collect(),
        )
    }

    fn pattern_string(&self) -> &str {
        &self.source
    }
}
