//! Why an ECMAScript regular expression is refused: ECMA-262's early errors and grammar (a
//! SyntaxError, which a browser's URLPattern turns into a TypeError), or what the engine cannot
//! run.

use std::fmt;

/// Why an expression is refused: ECMAScript's grammar refuses it, or ECMAScript takes it and
/// this engine cannot run it.
///
/// ```
/// use uriesc::url_pattern::{Options, Pattern, PatternError, RegexpErrorKind};
///
/// let kind = |pattern| match Pattern::new(pattern, None, Options::default()) {
///     Err(PatternError::Regexp(error)) => Some(error.kind),
///     _ => None,
/// };
/// assert_eq!(kind("https://h/:x(a++)"), Some(RegexpErrorKind::Syntax));
/// assert_eq!(kind("https://h/:x((?=a)a)"), Some(RegexpErrorKind::Backtracking));
/// assert_eq!(kind("https://h/:x([^]+)"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexpErrorKind {
    /// A SyntaxError in ECMAScript (`new RegExp(source, "v")` throws): a browser's URLPattern
    /// throws a TypeError.
    Syntax,
    /// Valid ECMAScript that needs a backtracking engine: look-around, backreferences.
    Backtracking,
    /// Valid ECMAScript beyond the engine's limits or tables (a repetition too large, the
    /// properties of strings, a multi-line anchor).
    Engine,
}

/// A regular expression refused, with why and where.
///
/// ```
/// use uriesc::url_pattern::{Options, Pattern, PatternError};
///
/// let Err(PatternError::Regexp(error)) = Pattern::new(r"https://h/:x(\A)", None, Options::default())
/// else {
///     panic!("ECMAScript has no \\A escape under the v flag");
/// };
/// assert_eq!(error.excerpt, r"\A");
/// assert_eq!(error.expression.chars().nth(error.at), Some('\\'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegexpError {
    /// Which kind of refusal.
    pub kind: RegexpErrorKind,
    /// What is wrong, in words.
    pub reason: String,
    /// The expression as the standard compiles it (the pattern's groups inside it).
    pub expression: String,
    /// The character (from 0) of `expression` where the problem begins.
    pub at: usize,
    /// The construct at fault, as written.
    pub excerpt: String,
}

impl fmt::Display for RegexpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, hint) = match self.kind {
            RegexpErrorKind::Syntax => ("is not an ECMAScript regular expression (v flag)", ""),
            RegexpErrorKind::Backtracking => (
                "needs a backtracking engine",
                "; this one never backtracks, so that matching takes linear time: rewrite the \
                 group without it",
            ),
            RegexpErrorKind::Engine => ("is beyond this engine", ""),
        };
        write!(f, "the regular expression {} {what}: ", self.expression)?;
        if !self.excerpt.is_empty() {
            write!(f, "'{}' at character {}: ", self.excerpt, self.at + 1)?;
        }
        f.write_str(&self.reason)?;
        f.write_str(hint)
    }
}

impl std::error::Error for RegexpError {}
