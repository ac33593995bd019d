//! The regular expressions of a compiled URLPattern (urlpattern.spec "generate a regular
//! expression and name list"), run by the `regex` crate: a finite automaton, no backtracking,
//! so that matching takes time linear in the input whatever the pattern (the regex crate's
//! documented guarantee), where an ECMAScript engine can take exponential time on a pattern
//! such as `(a+)+b`.
//!
//! The standard compiles each component to an ECMAScript regular expression with the `u` flag
//! (and `i` for `ignoreCase`). The urlpattern crate writes it in the `regex` crate's syntax
//! ([`RegexSyntax::Rust`]); what a pattern's own regular expression group asks that the
//! `regex` crate has not (look-around, backreferences) is refused when the pattern is compiled.

use urlpattern::parser::RegexSyntax;
use urlpattern::regexp::RegExp;

/// One component's regular expression: the `regex` crate's, case-insensitive where the
/// pattern's `ignoreCase` option is set (the `i` flag).
#[derive(Debug, Clone)]
pub struct Regexp(regex::Regex);

impl Regexp {
    /// Whether `text` matches, without the groups.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.0.is_match(text)
    }
}

impl RegExp for Regexp {
    fn syntax() -> RegexSyntax {
        RegexSyntax::Rust
    }

    /// `flags` are the standard's: `u` always, `i` for `ignoreCase` (urlpattern.spec "compile
    /// a component", step 4); the `regex` crate reads every pattern as Unicode already.
    fn parse(pattern: &str, flags: &str, _force_eval: bool) -> Result<Self, ()> {
        if !ecmascript_groups(pattern) {
            return Err(());
        }
        regex::RegexBuilder::new(pattern)
            .case_insensitive(flags.contains('i'))
            .build()
            .map(Regexp)
            .map_err(|_| ())
    }

    fn matches<'a>(&self, text: &'a str) -> Option<Vec<Option<&'a str>>> {
        let captures = self.0.captures(text)?;
        Some(
            captures
                .iter()
                .skip(1)
                .map(|c| c.map(|m| m.as_str()))
                .collect(),
        )
    }

    fn pattern_string(&self) -> &str {
        self.0.as_str()
    }
}

/// Whether every `(?` group of `pattern` is one ECMAScript has too: `(?:`, a named group
/// `(?<name>`, or a modifiers group `(?ims-ims:` (ECMA-262 "Atom"). The regex crate also takes
/// flags that ECMAScript has not (`(?R)`, `(?x)`, `(?U)`, `(?P<name>`): a URLPattern with one
/// must be refused as a browser refuses it (WPT: `((?R)):`).
fn ecmascript_groups(pattern: &str) -> bool {
    let bytes = pattern.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class && bytes.get(i + 1) == Some(&b'?') => {
                let rest = &bytes[i + 2..];
                let ok = match rest.first() {
                    Some(b':') => true,
                    Some(b'<') => !matches!(rest.get(1), Some(b'=' | b'!')),
                    _ => {
                        let end = rest.iter().position(|&b| b == b':' || b == b')');
                        end.is_some_and(|end| {
                            rest[end] == b':'
                                && end > 0
                                && rest[..end].iter().all(|b| b"ims-".contains(b))
                        })
                    }
                };
                if !ok {
                    return false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    true
}

/// For each capture group of `pattern` in order, whether it stands right before `?` or `*`: a
/// group that ECMAScript leaves undefined where it would match the empty string (ECMA-262
/// "RepeatMatcher": an iteration that matches empty fails where none is required), and that
/// the regex crate gives as `""`.
pub(crate) fn optional_groups(pattern: &str) -> Vec<bool> {
    let bytes = pattern.as_bytes();
    let mut groups = Vec::new();
    // For each open group: whether it captures, and its index among the captures.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut in_class = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class => {
                let named = bytes.get(i + 1) == Some(&b'?')
                    && bytes.get(i + 2) == Some(&b'<')
                    && !matches!(bytes.get(i + 3), Some(b'=' | b'!'));
                if bytes.get(i + 1) != Some(&b'?') || named {
                    open.push(Some(groups.len()));
                    groups.push(false);
                } else {
                    open.push(None);
                }
            }
            b')' if !in_class => {
                if let Some(Some(group)) = open.pop() {
                    groups[group] = matches!(bytes.get(i + 1), Some(b'?' | b'*'));
                }
            }
            _ => {}
        }
        i += 1;
    }
    groups
}
