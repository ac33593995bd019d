//! ECMAScript regular expressions, with the `v` flag, translated to the `regex` crate's syntax.
//!
//! URLPattern compiles each component to an ECMAScript RegExp with the flags `v` or `vi`
//! (urlpattern.spec "compile a component", steps 3-6): a group's regular expression
//! (`:id(\d+)`) is ECMAScript's. This module reads it as ECMA-262 §22.2.1 "Patterns" reads it
//! under the `v` flag (UnicodeSets mode), refuses what that grammar and its early errors refuse,
//! and writes the same language in the syntax of the `regex` crate, whose automaton never
//! backtracks and so matches in time linear in the input. What ECMAScript has that needs
//! backtracking (look-around, backreferences) is refused as such, after the syntax is checked.
//!
//! * This file: Pattern, Disjunction, Alternative, Term, Quantifier, Atom and the groups.
//! * `character.rs`: the escapes (CharacterEscape, CharacterClassEscape, `\p{..}`).
//! * `group.rs`: the groups, their names and modifiers.
//! * `error.rs`: [`RegexpError`], why an expression is refused.
//! * `class_set.rs`: CharacterClass under `v` (ClassSetExpression: unions, `&&`, `--`, nested
//!   classes, `\q{..}`).
//!
//! Where the engine's meaning differs: `\b` and `\B` are ASCII word boundaries, which under the
//! `i` flag ECMAScript widens to U+017F and U+212A (ECMA-262 "IsWordChar"); case-insensitive
//! matching is the crate's simple case folding, which is ECMA-262's Canonicalize under `v`.

mod character;
mod class_set;
mod error;
mod group;
#[cfg(test)]
mod tests;

use character::push_literal;
pub use error::{RegexpError, RegexpErrorKind};

/// An expression in the regex crate's syntax, and for each capturing group in order whether it
/// is quantified with a minimum of 0 (see [`Translation::optional`]).
#[derive(Clone, Debug)]
pub(crate) struct Translation {
    /// The regex crate's pattern: no capturing groups but ECMAScript's, in the same order.
    pub rust: String,
    /// For each capturing group, whether it is the atom of a quantifier whose minimum is 0
    /// (`(..)?`, `(..)*`): ECMAScript leaves such a group undefined where its iteration matched
    /// the empty string (ECMA-262 "RepeatMatcher", step 2.b), and the regex crate gives `""`.
    pub optional: Vec<bool>,
}

/// A problem found while reading; made a [`RegexpError`] with the source at the end.
pub(super) struct Problem {
    kind: RegexpErrorKind,
    reason: String,
    start: usize,
    end: usize,
}

/// How deep groups and classes may nest: the recursion's bound (hostile input must not exhaust
/// the stack), and well inside the regex crate's own nesting limit once translated.
const MAX_DEPTH: usize = 100;

/// Translate `source`, an ECMAScript pattern, read with the `v` flag and, if `ignore_case`,
/// the `i` flag.
pub(crate) fn translate(source: &str, ignore_case: bool) -> Result<Translation, RegexpError> {
    let mut parser = Parser {
        chars: source.chars().collect(),
        pos: 0,
        out: String::with_capacity(source.len() * 2),
        flags: Flags {
            ignore_case,
            dot_all: false,
            multiline: false,
        },
        optional: Vec::new(),
        names: Vec::new(),
        path: Vec::new(),
        disjunctions: 0,
        references: Vec::new(),
        refusal: None,
        depth: 0,
    };
    let result = parser.pattern();
    let problem = match result {
        Ok(()) => parser.check_references().err().or(parser.refusal.take()),
        Err(problem) => Some(problem),
    };
    match problem {
        None => Ok(Translation {
            rust: parser.out,
            optional: parser.optional,
        }),
        Some(problem) => Err(RegexpError {
            kind: problem.kind,
            reason: problem.reason,
            expression: source.to_string(),
            at: problem.start,
            excerpt: parser.chars
                [problem.start..problem.end.clamp(problem.start, parser.chars.len())]
                .iter()
                .collect(),
        }),
    }
}

/// The flags in force (ECMA-262 "RegularExpressionModifiers" can change them for a group).
#[derive(Clone, Copy)]
struct Flags {
    ignore_case: bool,
    dot_all: bool,
    multiline: bool,
}

/// A backreference, checked once every group is known (ECMA-262 §22.2.1.1: `\N` needs N
/// capturing groups, `\k<name>` a group of that name, anywhere in the pattern).
enum Reference {
    Number(usize),
    Name(String),
}

pub(super) struct Parser {
    chars: Vec<char>,
    pos: usize,
    out: String,
    flags: Flags,
    optional: Vec<bool>,
    /// Each group name, with the alternatives it lies in (ECMA-262 §22.2.1.1: two groups of
    /// one name are an error unless alternatives of one Disjunction part them).
    names: Vec<(String, Vec<(usize, usize)>)>,
    /// The (Disjunction, Alternative) pairs around the current position.
    path: Vec<(usize, usize)>,
    disjunctions: usize,
    references: Vec<(Reference, usize, usize)>,
    /// The first construct that is valid but cannot be run: reported if the syntax is sound.
    refusal: Option<Problem>,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        self.pos += usize::from(found);
        found
    }

    fn looking_at(&self, text: &str) -> bool {
        let mut i = self.pos;
        text.chars().all(|c| {
            i += 1;
            self.chars.get(i - 1) == Some(&c)
        })
    }

    pub(super) fn syntax(&self, start: usize, reason: &str) -> Problem {
        Problem {
            kind: RegexpErrorKind::Syntax,
            reason: reason.to_string(),
            start,
            end: self.pos.max(start + 1),
        }
    }

    fn refuse(&mut self, kind: RegexpErrorKind, start: usize, reason: &str) {
        if self.refusal.is_none() {
            self.refusal = Some(Problem {
                kind,
                reason: reason.to_string(),
                start,
                end: self.pos.max(start + 1),
            });
        }
    }

    pub(super) fn refuse_engine(&mut self, start: usize, reason: &str) {
        self.refuse(RegexpErrorKind::Engine, start, reason);
    }

    fn deeper(&mut self, start: usize) -> Result<(), Problem> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Problem {
                kind: RegexpErrorKind::Engine,
                reason: format!("groups and classes nested more than {MAX_DEPTH} deep"),
                start,
                end: start + 1,
            });
        }
        Ok(())
    }

    /// ECMA-262 "Pattern :: Disjunction", the whole source.
    fn pattern(&mut self) -> Result<(), Problem> {
        if self.flags.ignore_case {
            self.out.push_str("(?i)");
        }
        self.disjunction()?;
        match self.peek() {
            None => Ok(()),
            Some(')') => Err(self.syntax(self.pos, "a ) that closes no group")),
            Some(_) => Err(self.syntax(self.pos, "unexpected character")),
        }
    }

    /// ECMA-262 "Disjunction :: Alternative | Alternative `|` Disjunction".
    fn disjunction(&mut self) -> Result<(), Problem> {
        let id = self.disjunctions;
        self.disjunctions += 1;
        self.path.push((id, 0));
        loop {
            self.alternative()?;
            if !self.eat('|') {
                break;
            }
            self.out.push('|');
            if let Some(last) = self.path.last_mut() {
                last.1 += 1;
            }
        }
        self.path.pop();
        Ok(())
    }

    /// ECMA-262 "Alternative :: [empty] | Alternative Term".
    fn alternative(&mut self) -> Result<(), Problem> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            self.term()?;
        }
        Ok(())
    }

    /// ECMA-262 "Term :: Assertion | Atom | Atom Quantifier". An assertion takes no quantifier
    /// with the `u` or `v` flag (Annex B's QuantifiableAssertion is for neither).
    fn term(&mut self) -> Result<(), Problem> {
        if let Some(anchor) = self.assertion()? {
            self.out.push_str(anchor);
            return Ok(());
        }
        let capture = self.atom()?;
        if let (Some(true), Some(group)) = (self.quantifier()?, capture) {
            self.optional[group] = true;
        }
        if matches!(self.peek(), Some('*' | '+' | '?')) || self.quantifier_ahead() {
            return Err(self.syntax(
                self.pos,
                "nothing to repeat (a quantifier after a quantifier)",
            ));
        }
        Ok(())
    }

    /// ECMA-262 "Assertion": `^`, `$`, `\b`, `\B`, and the look-arounds, which are read (their
    /// syntax checked) and refused. Returns what to write, or `None` if no assertion is here.
    fn assertion(&mut self) -> Result<Option<&'static str>, Problem> {
        let start = self.pos;
        let anchor = match self.peek() {
            Some('^') => "^",
            Some('$') => "$",
            Some('\\') if self.peek_at(1) == Some('b') => "(?-u:\\b)",
            Some('\\') if self.peek_at(1) == Some('B') => "(?-u:\\B)",
            Some('(') => {
                let kind = ["(?=", "(?!", "(?<=", "(?<!"]
                    .into_iter()
                    .find(|opening| self.looking_at(opening));
                let Some(opening) = kind else {
                    return Ok(None);
                };
                self.pos += opening.chars().count();
                self.deeper(start)?;
                // The assertion's body is read for its syntax and its groups, and not written.
                let written = self.out.len();
                self.disjunction()?;
                self.out.truncate(written);
                self.depth -= 1;
                if !self.eat(')') {
                    return Err(self.syntax(start, "a group without its closing )"));
                }
                let what = if opening.len() == 3 {
                    "look-ahead"
                } else {
                    "look-behind"
                };
                self.refuse(
                    RegexpErrorKind::Backtracking,
                    start,
                    &format!("a {what} {opening}...)"),
                );
                if matches!(self.peek(), Some('*' | '+' | '?')) || self.quantifier_ahead() {
                    return Err(self.syntax(self.pos, "nothing to repeat (an assertion)"));
                }
                return Ok(Some(""));
            }
            _ => return Ok(None),
        };
        self.pos += if anchor.len() == 1 { 1 } else { 2 };
        if matches!(self.peek(), Some('*' | '+' | '?')) || self.quantifier_ahead() {
            return Err(self.syntax(self.pos, "nothing to repeat (an assertion)"));
        }
        if self.flags.multiline && anchor.len() == 1 {
            self.refuse_engine(
                start,
                "the m flag's ^ and $ also match at U+2028 and U+2029, which the engine's \
                 multi-line anchors do not",
            );
        }
        Ok(Some(anchor))
    }

    /// Whether a `{n}`, `{n,}` or `{n,m}` quantifier starts here.
    fn quantifier_ahead(&self) -> bool {
        let mut i = self.pos;
        if self.chars.get(i) != Some(&'{') {
            return false;
        }
        i += 1;
        let digits = |i: &mut usize| {
            let from = *i;
            while self.chars.get(*i).is_some_and(|c| c.is_ascii_digit()) {
                *i += 1;
            }
            *i > from
        };
        if !digits(&mut i) {
            return false;
        }
        if self.chars.get(i) == Some(&',') {
            i += 1;
            digits(&mut i);
        }
        self.chars.get(i) == Some(&'}')
    }

    /// ECMA-262 "Quantifier": `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each lazy with a `?`
    /// after it. Returns whether its minimum is 0, or `None` if there is none.
    fn quantifier(&mut self) -> Result<Option<bool>, Problem> {
        let start = self.pos;
        let min_is_zero = match self.peek() {
            Some('*' | '?') => {
                self.pos += 1;
                true
            }
            Some('+') => {
                self.pos += 1;
                false
            }
            Some('{') if self.quantifier_ahead() => {
                self.pos += 1;
                let min = self.decimal();
                let max = if self.eat(',') {
                    Some(self.decimal())
                } else {
                    None
                };
                self.pos += 1;
                if let Some(max) = max.as_ref().filter(|max| !max.is_empty()) {
                    // ECMA-262 §22.2.1.1: the first number may not exceed the second.
                    if (min.len(), &min) > (max.len(), max) {
                        return Err(self.syntax(start, "numbers out of order in {} quantifier"));
                    }
                }
                min == "0" || min.is_empty()
            }
            _ => return Ok(None),
        };
        let quantifier: String = self.chars[start..self.pos].iter().collect();
        self.out.push_str(&quantifier);
        if self.eat('?') {
            self.out.push('?');
        }
        Ok(Some(min_is_zero))
    }

    /// DecimalDigits, without leading zeros (so that comparing two is comparing lengths, then
    /// text).
    fn decimal(&mut self) -> String {
        let from = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits: String = self.chars[from..self.pos].iter().collect();
        let trimmed = digits.trim_start_matches('0');
        if trimmed.is_empty() && !digits.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    }

    /// ECMA-262 "Atom": writes one atom of the crate's syntax. Returns the index of the
    /// capturing group it is, if it is one.
    fn atom(&mut self) -> Result<Option<usize>, Problem> {
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        match c {
            '*' | '+' | '?' => return Err(self.syntax(start, "nothing to repeat")),
            '{' if self.quantifier_ahead() => return Err(self.syntax(start, "nothing to repeat")),
            '{' | '}' | ']' => {
                return Err(self.syntax(
                    start,
                    &format!("a lone {c} (write \\{c} for the character)"),
                ));
            }
            '(' => return self.group(),
            '[' => {
                self.pos += 1;
                self.deeper(start)?;
                let class = self.class(start)?;
                self.depth -= 1;
                self.out.push_str(&class);
                return Ok(None);
            }
            '\\' => {
                self.pos += 1;
                self.atom_escape(start)?;
                return Ok(None);
            }
            '.' => {
                self.pos += 1;
                // ECMA-262 §22.2.2.7: `.` is any character but a LineTerminator unless `s`.
                self.out.push_str(match self.flags.dot_all {
                    true => character::ANYTHING,
                    false => r"[^\x{A}\x{D}\x{2028}\x{2029}]",
                });
            }
            _ => {
                self.pos += 1;
                push_literal(&mut self.out, c);
            }
        }
        Ok(None)
    }

    /// ECMA-262 "AtomEscape" after the `\`: DecimalEscape and `k` GroupName (backreferences:
    /// checked, then refused), CharacterClassEscape, CharacterEscape.
    fn atom_escape(&mut self, start: usize) -> Result<(), Problem> {
        let Some(c) = self.peek() else {
            return Err(self.syntax(start, "a \\ at the end of the expression"));
        };
        self.pos += 1;
        match c {
            '1'..='9' => {
                let digits = format!("{c}{}", self.decimal());
                let number = digits.parse().unwrap_or(usize::MAX);
                self.references
                    .push((Reference::Number(number), start, self.pos));
                self.out.push_str("(?:)");
            }
            'k' => {
                if !self.eat('<') {
                    return Err(self.syntax(start, "\\k must be followed by <name>"));
                }
                let name = self.group_name(start)?;
                self.references
                    .push((Reference::Name(name), start, self.pos));
                self.out.push_str("(?:)");
            }
            'd' | 'D' | 's' | 'S' | 'w' | 'W' | 'p' | 'P' => {
                let escape = self.class_escape(c, start)?;
                self.out.push_str(&escape.class);
            }
            _ => {
                let code = self.character_escape(c, start)?;
                match char::from_u32(code) {
                    Some(c) => push_literal(&mut self.out, c),
                    // A lone surrogate: no Rust string holds one, so it matches nothing.
                    None => self.out.push_str(character::NOTHING),
                }
            }
        }
        Ok(())
    }

    /// The backreferences, against the groups (ECMA-262 §22.2.1.1), then refused: an automaton
    /// cannot match again what a group matched.
    fn check_references(&mut self) -> Result<(), Problem> {
        for (reference, start, end) in std::mem::take(&mut self.references) {
            self.pos = end;
            let known = match &reference {
                Reference::Number(n) => *n <= self.optional.len(),
                Reference::Name(name) => self.names.iter().any(|(known, _)| known == name),
            };
            if !known {
                return Err(self.syntax(start, "a backreference to a group the expression has not"));
            }
            self.refuse(RegexpErrorKind::Backtracking, start, "a backreference");
        }
        Ok(())
    }
}
