//! ECMA-262 §22.2.1 "CharacterClass" under the `v` flag (UnicodeSets mode): ClassContents is a
//! ClassSetExpression, a ClassUnion, a ClassIntersection (`&&`) or a ClassSubtraction (`--`)
//! of ClassSetOperands: nested classes, `\d`-like escapes, `\q{..}` strings, characters. The
//! regex crate has unions, `&&`, `--` and nested classes of characters; a class's strings
//! (ECMA-262 "MayContainStrings") become an alternation, longest first (§22.2.2.7 CompileAtom).

use std::collections::BTreeSet;

use regex_syntax::hir::{ClassUnicode, ClassUnicodeRange};

use super::character::{NOTHING, is_surrogate, push_literal};
use super::{Parser, Problem};

/// What a class or operand stands for.
pub(super) struct ClassValue {
    /// Its characters, as one bracketed class of the regex crate's syntax.
    chars: String,
    /// Its strings of other than one character, folded under the `i` flag ([`fold`]).
    strings: BTreeSet<Vec<char>>,
    /// ECMA-262 "MayContainStrings", a property of the syntax: a negated class may not.
    may_contain_strings: bool,
}

impl ClassValue {
    fn of_chars(chars: String) -> ClassValue {
        ClassValue {
            chars,
            strings: BTreeSet::new(),
            may_contain_strings: false,
        }
    }

    /// The class as one atom: its strings longest first, then its characters, then the empty
    /// string if it holds it (ECMA-262 §22.2.2.7, CompileAtom for a CharacterClass).
    fn atom(self) -> String {
        if self.strings.is_empty() {
            return self.chars;
        }
        let mut strings: Vec<&Vec<char>> = self.strings.iter().filter(|s| !s.is_empty()).collect();
        strings.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let mut out = String::from("(?:");
        for string in strings {
            string.iter().for_each(|&c| push_literal(&mut out, c));
            out.push('|');
        }
        out.push_str(&self.chars);
        if self.strings.contains(&Vec::new()) {
            out.push('|');
        }
        out.push(')');
        out
    }
}

/// ECMA-262 "ClassSetReservedDoublePunctuator": none may appear doubled, unescaped, in a class.
const DOUBLED: &str = "&!#$%*+,.:;<=>?@^`~";
/// ECMA-262 "ClassSetSyntaxCharacter": each must be escaped in a class.
const SYNTAX: &str = "()[]{}/-\\|";
/// ECMA-262 "ClassSetReservedPunctuator": each may be escaped in a class.
const RESERVED: &str = "&-!#%,:;<=>@`~";

/// The representative of `c`'s class under simple case folding (its least member): two
/// strings match each other under the `i` flag if their characters' representatives are equal
/// (ECMA-262 "Canonicalize" under `v` is simple case folding).
fn fold(c: char) -> char {
    let mut class = ClassUnicode::new([ClassUnicodeRange::new(c, c)]);
    class.case_fold_simple();
    class.ranges().first().map_or(c, |range| range.start())
}

impl Parser {
    /// A CharacterClass after its `[` (`start`), as one atom of the crate's syntax.
    pub(super) fn class(&mut self, start: usize) -> Result<String, Problem> {
        Ok(self.class_contents(start)?.atom())
    }

    /// `[^`? ClassContents `]`, after the `[`.
    fn class_contents(&mut self, start: usize) -> Result<ClassValue, Problem> {
        let negated = self.eat('^');
        let value = match self.peek() {
            Some(']') => ClassValue::of_chars(NOTHING.to_string()),
            _ => self.class_set_expression()?,
        };
        if !self.eat(']') {
            return Err(self.syntax(start, "a class without its closing ]"));
        }
        if !negated {
            return Ok(value);
        }
        if value.may_contain_strings {
            return Err(self.syntax(start, "a negated class may not contain strings"));
        }
        Ok(ClassValue::of_chars(format!("[^{}]", value.chars)))
    }

    /// ClassSetExpression: ClassUnion, or ClassIntersection, or ClassSubtraction; the
    /// operators are not mixed without nesting, and a range is no operand of either.
    fn class_set_expression(&mut self) -> Result<ClassValue, Problem> {
        let start = self.pos;
        let (first, range) = self.class_set_operand()?;
        let operator = ["&&", "--"].into_iter().find(|op| self.looking_at(op));
        let Some(operator) = operator else {
            return self.class_union(first);
        };
        if range {
            return Err(self.syntax(start, "a range cannot be an operand of && or --"));
        }
        let mut value = first;
        // The regex crate's `&&` and `--` bind left to right, as ECMA-262's chains do: the
        // operands are written side by side, not nested once per operator.
        let mut chars = vec![std::mem::take(&mut value.chars)];
        while self.looking_at(operator) {
            let at = self.pos;
            self.pos += 2;
            if operator == "&&" && self.peek() == Some('&') {
                return Err(self.syntax(at, "&&& in a class"));
            }
            let (operand, range) = self.class_set_operand()?;
            if range {
                return Err(self.syntax(at, "a range cannot be an operand of && or --"));
            }
            chars.push(operand.chars);
            if operator == "&&" {
                value.strings = &value.strings & &operand.strings;
                value.may_contain_strings &= operand.may_contain_strings;
            } else {
                value.strings = &value.strings - &operand.strings;
            }
        }
        value.chars = format!("[{}]", chars.join(operator));
        if self.peek() != Some(']') && self.peek().is_some() {
            return Err(self.syntax(
                self.pos,
                "operators mixed in one class: nest them ([[a&&b]--c])",
            ));
        }
        Ok(value)
    }

    /// ClassUnion: operands and ranges until the `]`.
    fn class_union(&mut self, first: ClassValue) -> Result<ClassValue, Problem> {
        let mut value = first;
        // One class of the operands side by side, not one nesting per operand.
        let mut chars = std::mem::take(&mut value.chars);
        while !matches!(self.peek(), Some(']') | None) {
            if self.looking_at("&&") || self.looking_at("--") {
                return Err(self.syntax(
                    self.pos,
                    "&& or -- after a union: nest the union in its own class",
                ));
            }
            let (operand, _) = self.class_set_operand()?;
            chars.push_str(&operand.chars);
            value.strings.extend(operand.strings);
            value.may_contain_strings |= operand.may_contain_strings;
        }
        value.chars = format!("[{chars}]");
        Ok(value)
    }

    /// A ClassSetOperand (NestedClass, ClassStringDisjunction, ClassSetCharacter) or a
    /// ClassSetRange, and whether it was a range.
    fn class_set_operand(&mut self) -> Result<(ClassValue, bool), Problem> {
        let start = self.pos;
        match (self.peek(), self.peek_at(1)) {
            (Some('['), _) => {
                self.pos += 1;
                self.deeper(start)?;
                let value = self.class_contents(start)?;
                self.depth -= 1;
                return Ok((value, false));
            }
            (Some('\\'), Some(c @ ('d' | 'D' | 's' | 'S' | 'w' | 'W' | 'p' | 'P'))) => {
                self.pos += 2;
                let escape = self.class_escape(c, start)?;
                let mut value = ClassValue::of_chars(format!("[{}]", escape.class));
                value.may_contain_strings = escape.of_strings;
                return Ok((value, false));
            }
            (Some('\\'), Some('q')) if self.peek_at(2) == Some('{') => {
                self.pos += 3;
                return Ok((self.class_strings(start)?, false));
            }
            _ => {}
        }
        let low = self.class_set_character()?;
        if self.peek() != Some('-') || self.peek_at(1) == Some('-') {
            let mut chars = String::from("[");
            if let Some(c) = char::from_u32(low) {
                push_literal(&mut chars, c);
            }
            chars.push(']');
            return Ok((ClassValue::of_chars(empty_if_bare(chars)), false));
        }
        self.pos += 1;
        let high = self.class_set_character()?;
        if low > high {
            return Err(self.syntax(start, "a range out of order in a class"));
        }
        // A surrogate cannot be in a Rust string: the range keeps what lies outside them.
        let low = if is_surrogate(low) { 0xE000 } else { low };
        let high = if is_surrogate(high) { 0xD7FF } else { high };
        let mut chars = String::from("[");
        if let (Some(low), Some(high)) = (char::from_u32(low), char::from_u32(high))
            && low <= high
        {
            push_literal(&mut chars, low);
            chars.push('-');
            push_literal(&mut chars, high);
        }
        chars.push(']');
        Ok((ClassValue::of_chars(empty_if_bare(chars)), true))
    }

    /// ClassSetCharacter: a character that is no ClassSetSyntaxCharacter and does not begin a
    /// ClassSetReservedDoublePunctuator, or `\` CharacterEscape, `\` ClassSetReservedPunctuator,
    /// `\b` (U+0008).
    fn class_set_character(&mut self) -> Result<u32, Problem> {
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.syntax(start, "a class without its closing ]"));
        };
        self.pos += 1;
        if c == '\\' {
            let Some(e) = self.peek() else {
                return Err(self.syntax(start, "a \\ at the end of the expression"));
            };
            self.pos += 1;
            return match e {
                'b' => Ok(0x8),
                e if RESERVED.contains(e) => Ok(u32::from(e)),
                e => self.character_escape(e, start),
            };
        }
        if DOUBLED.contains(c) && self.peek() == Some(c) {
            self.pos += 1;
            return Err(self.syntax(
                start,
                &format!("{c}{c} is reserved in a class under the v flag: escape one (\\{c})"),
            ));
        }
        if SYNTAX.contains(c) {
            return Err(self.syntax(
                start,
                &format!("{c} must be escaped in a class under the v flag: write \\{c}"),
            ));
        }
        Ok(u32::from(c))
    }

    /// ClassStringDisjunction after `\q{`: ClassStrings parted by `|`, to the `}`.
    fn class_strings(&mut self, start: usize) -> Result<ClassValue, Problem> {
        let mut chars = String::from("[");
        let mut strings = BTreeSet::new();
        let mut may_contain_strings = false;
        loop {
            let mut string = Vec::new();
            let mut whole = true;
            let mut count = 0;
            while !matches!(self.peek(), Some('|' | '}') | None) {
                let c = self.class_set_character()?;
                count += 1;
                match char::from_u32(c) {
                    Some(c) if self.flags.ignore_case => string.push(fold(c)),
                    Some(c) => string.push(c),
                    // A lone surrogate: no Rust string holds this one.
                    None => whole = false,
                }
            }
            if count != 1 {
                may_contain_strings = true;
            }
            match string.as_slice() {
                _ if !whole => {}
                [c] => push_literal(&mut chars, *c),
                _ => {
                    strings.insert(string);
                }
            }
            match self.peek() {
                Some('|') => self.pos += 1,
                Some(_) => break,
                None => return Err(self.syntax(start, "\\q{ without its closing }")),
            }
        }
        self.pos += 1;
        chars.push(']');
        Ok(ClassValue {
            chars: empty_if_bare(chars),
            strings,
            may_contain_strings,
        })
    }
}

/// `[]` as a class that matches nothing (the regex crate would read `[]...]` as holding `]`).
fn empty_if_bare(chars: String) -> String {
    if chars == "[]" {
        NOTHING.to_string()
    } else {
        chars
    }
}
