//! ECMA-262 §22.2.1 groups: `(Disjunction)`, `(?<GroupName>Disjunction)`, `(?:Disjunction)`,
//! and ES2025's modifiers `(?ims-ims:Disjunction)` (RegularExpressionModifiers).

use icu_properties::CodePointSetData;
use icu_properties::props::{IdContinue, IdStart};

use super::{Flags, Parser, Problem};

impl Parser {
    /// A group at `(`. Named groups are written unnamed: URLPattern reads a match's groups by
    /// position (urlpattern.spec "create a component match result"), and the regex crate's
    /// names are narrower than ECMAScript's identifiers. Returns the capturing group's index.
    pub(super) fn group(&mut self) -> Result<Option<usize>, Problem> {
        let start = self.pos;
        self.pos += 1;
        self.deeper(start)?;
        let saved = self.flags;
        let capture = if self.eat('?') {
            if self.eat('<') {
                let name = self.group_name(start)?;
                self.names.push((name, self.path.clone()));
                self.check_duplicate(start)?;
                Some(self.open_capture())
            } else {
                self.modifiers(start)?;
                None
            }
        } else {
            Some(self.open_capture())
        };
        self.disjunction()?;
        if !self.eat(')') {
            return Err(self.syntax(start, "a group without its closing )"));
        }
        self.out.push(')');
        self.flags = saved;
        self.depth -= 1;
        Ok(capture)
    }

    fn open_capture(&mut self) -> usize {
        self.out.push('(');
        self.optional.push(false);
        self.optional.len() - 1
    }

    /// ECMA-262 §22.2.1.1: a name given to two groups is an error unless both lie in different
    /// alternatives of one Disjunction (ES2025's duplicate named groups), so that at most one
    /// of them takes part in a match.
    fn check_duplicate(&self, start: usize) -> Result<(), Problem> {
        let Some(((name, path), earlier)) = self.names.split_last() else {
            return Ok(());
        };
        for (_, other_path) in earlier.iter().filter(|(other, _)| other == name) {
            let parted = path
                .iter()
                .zip(other_path)
                .find(|(a, b)| a != b)
                .is_some_and(|(a, b)| a.0 == b.0);
            if !parted {
                return Err(self.syntax(start, &format!("a second group named {name}")));
            }
        }
        Ok(())
    }

    /// ECMA-262 "GroupName :: `<` RegExpIdentifierName `>`", after the `<`: an identifier
    /// (ID_Start, `$`, `_`, then ID_Continue, `$`, ZWNJ, ZWJ), each character possibly written
    /// as a `\u` escape.
    pub(super) fn group_name(&mut self, start: usize) -> Result<String, Problem> {
        let mut name = String::new();
        loop {
            let c = match self.peek() {
                Some('>') => break,
                Some('\\') if self.peek_at(1) == Some('u') => {
                    self.pos += 2;
                    self.unicode_escape(start)?
                }
                Some(c) => {
                    self.pos += 1;
                    u32::from(c)
                }
                None => return Err(self.syntax(start, "a group name without its closing >")),
            };
            let valid = char::from_u32(c).filter(|&c| {
                if name.is_empty() {
                    c == '$' || c == '_' || CodePointSetData::new::<IdStart>().contains(c)
                } else {
                    matches!(c, '$' | '\u{200C}' | '\u{200D}')
                        || CodePointSetData::new::<IdContinue>().contains(c)
                }
            });
            match valid {
                Some(c) => name.push(c),
                None => return Err(self.syntax(start, "a group name must be an identifier")),
            }
        }
        self.pos += 1;
        if name.is_empty() {
            return Err(self.syntax(start, "an empty group name"));
        }
        Ok(name)
    }

    /// After `(?`: `:` alone (a non-capturing group), or ECMA-262 "RegularExpressionModifiers"
    /// (ES2025): flags to add, `-` and flags to remove, then `:`; only `i`, `m` and `s`, none
    /// twice, and not `-` with none on either side (§22.2.1.1).
    fn modifiers(&mut self, start: usize) -> Result<(), Problem> {
        let mut add = String::new();
        let mut remove = String::new();
        let mut removing = false;
        loop {
            match self.peek() {
                Some(':') => break,
                Some('-') if !removing => removing = true,
                Some(c @ ('i' | 'm' | 's')) if !add.contains(c) && !remove.contains(c) => {
                    if removing { &mut remove } else { &mut add }.push(c);
                }
                _ => {
                    self.pos += 1;
                    return Err(self.syntax(
                        start,
                        "not a group ECMAScript has: (?: (?<name> (?= (?! (?<= (?<! or \
                         modifiers (?ims-ims:",
                    ));
                }
            }
            self.pos += 1;
        }
        self.pos += 1;
        if removing && add.is_empty() && remove.is_empty() {
            return Err(self.syntax(start, "(?-: names no modifier"));
        }
        let before = self.flags;
        let set = |c: char, was: bool| add.contains(c) || (was && !remove.contains(c));
        self.flags = Flags {
            ignore_case: set('i', before.ignore_case),
            dot_all: set('s', before.dot_all),
            multiline: set('m', before.multiline),
        };
        self.out
            .push_str(match (before.ignore_case, self.flags.ignore_case) {
                (false, true) => "(?i:",
                (true, false) => "(?-i:",
                _ => "(?:",
            });
        Ok(())
    }
}
