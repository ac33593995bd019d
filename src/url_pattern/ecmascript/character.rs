//! The escapes an ECMAScript pattern shares between atoms and classes (ECMA-262 §22.2.1
//! "CharacterEscape", "CharacterClassEscape", "UnicodePropertyValueExpression"), read under the
//! `v` flag, and each character and set written in the `regex` crate's syntax.

use icu_properties::PropertyParser;
use icu_properties::props::{GeneralCategoryGroup, Script};

use super::{Parser, Problem};

/// Code points an escape may name that a Rust `str` cannot hold: ECMA-262 reads a lone
/// surrogate escape (`\uD800`) as that code unit, which no UTF-8 text contains.
pub(super) fn is_surrogate(c: u32) -> bool {
    (0xD800..=0xDFFF).contains(&c)
}

/// `c` as one literal of the regex crate's syntax, in or out of a class: ASCII letters and
/// digits and printable non-ASCII as they are, anything else as `\x{..}`, so that no character
/// is read as syntax (`[:alpha:]` would be the crate's POSIX class, `&&` its intersection).
pub(super) fn push_literal(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || (!c.is_ascii() && !c.is_control() && !c.is_whitespace()) {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", u32::from(c)));
    }
}

/// A class that matches nothing (ECMA-262 `[]`) and one that matches any character (`[^]`).
pub(super) const NOTHING: &str = r"[^\x{0}-\x{10FFFF}]";
pub(super) const ANYTHING: &str = r"[\x{0}-\x{10FFFF}]";

/// ECMA-262 "WhiteSpace" and "LineTerminator", `\s`: TAB, VT, FF, ZWNBSP (U+FEFF), the
/// Space_Separator category (USP, which holds SP and NBSP), LF, CR, LS, PS. The regex crate's
/// own `\s` is Unicode's White_Space: it has U+0085 and lacks U+FEFF.
const SPACE: &str = r"\x{9}\x{A}\x{B}\x{C}\x{D}\p{gc=Zs}\x{2028}\x{2029}\x{FEFF}";

/// ECMA-262 Table 66, "Binary Unicode property aliases and their canonical property names":
/// the only binary properties `\p{..}` may name, by name or alias, spelled exactly.
const BINARY: &[&str] = &[
    "ASCII",
    "ASCII_Hex_Digit",
    "AHex",
    "Alphabetic",
    "Alpha",
    "Any",
    "Assigned",
    "Bidi_Control",
    "Bidi_C",
    "Bidi_Mirrored",
    "Bidi_M",
    "Case_Ignorable",
    "CI",
    "Cased",
    "Changes_When_Casefolded",
    "CWCF",
    "Changes_When_Casemapped",
    "CWCM",
    "Changes_When_Lowercased",
    "CWL",
    "Changes_When_NFKC_Casefolded",
    "CWKCF",
    "Changes_When_Titlecased",
    "CWT",
    "Changes_When_Uppercased",
    "CWU",
    "Dash",
    "Default_Ignorable_Code_Point",
    "DI",
    "Deprecated",
    "Dep",
    "Diacritic",
    "Dia",
    "Emoji",
    "Emoji_Component",
    "EComp",
    "Emoji_Modifier",
    "EMod",
    "Emoji_Modifier_Base",
    "EBase",
    "Emoji_Presentation",
    "EPres",
    "Extended_Pictographic",
    "ExtPict",
    "Extender",
    "Ext",
    "Grapheme_Base",
    "Gr_Base",
    "Grapheme_Extend",
    "Gr_Ext",
    "Hex_Digit",
    "Hex",
    "IDS_Binary_Operator",
    "IDSB",
    "IDS_Trinary_Operator",
    "IDST",
    "ID_Continue",
    "IDC",
    "ID_Start",
    "IDS",
    "Ideographic",
    "Ideo",
    "Join_Control",
    "Join_C",
    "Logical_Order_Exception",
    "LOE",
    "Lowercase",
    "Lower",
    "Math",
    "Noncharacter_Code_Point",
    "NChar",
    "Pattern_Syntax",
    "Pat_Syn",
    "Pattern_White_Space",
    "Pat_WS",
    "Quotation_Mark",
    "QMark",
    "Radical",
    "Regional_Indicator",
    "RI",
    "Sentence_Terminal",
    "STerm",
    "Soft_Dotted",
    "SD",
    "Terminal_Punctuation",
    "Term",
    "Unified_Ideograph",
    "UIdeo",
    "Uppercase",
    "Upper",
    "Variation_Selector",
    "VS",
    "White_Space",
    "space",
    "XID_Continue",
    "XIDC",
    "XID_Start",
    "XIDS",
];

/// ECMA-262 Table 67, "Binary Unicode properties of strings" (the `v` flag's): sets of
/// sequences of characters, for which the regex crate has no tables.
const OF_STRINGS: &[&str] = &[
    "Basic_Emoji",
    "Emoji_Keycap_Sequence",
    "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence",
    "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence",
    "RGI_Emoji",
];

/// What a CharacterClassEscape stands for, as a class of the regex crate, and whether it is a
/// property of strings (ECMA-262 "MayContainStrings").
pub(super) struct ClassEscape {
    pub class: String,
    pub of_strings: bool,
}

impl Parser {
    /// ECMA-262 "CharacterEscape" after the `\`, with the character after it already taken as
    /// `c`; `in_class` only says which message fits. The escapes of the `u` and `v` flags:
    /// ControlEscape, `c` AsciiLetter, `0` not before a digit, `x` HexDigit HexDigit,
    /// RegExpUnicodeEscapeSequence, and IdentityEscape, which is only a SyntaxCharacter or `/`.
    pub(super) fn character_escape(&mut self, c: char, start: usize) -> Result<u32, Problem> {
        Ok(match c {
            't' => 0x9,
            'n' => 0xA,
            'v' => 0xB,
            'f' => 0xC,
            'r' => 0xD,
            'c' => match self.peek() {
                Some(letter) if letter.is_ascii_alphabetic() => {
                    self.pos += 1;
                    u32::from(letter) % 32
                }
                _ => return Err(self.syntax(start, "\\c must be followed by a letter A-Z or a-z")),
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            'x' => match self.hex_digits(2) {
                Some(value) => value,
                None => return Err(self.syntax(start, "\\x must be followed by two hex digits")),
            },
            'u' => self.unicode_escape(start)?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            _ => {
                return Err(self.syntax(
                    start,
                    "not an escape ECMAScript has under the v flag (only ^ $ \\ . * + ? ( ) [ ] { } \
                     | / may follow \\, besides the letter escapes): write the character without \\",
                ));
            }
        })
    }

    /// `count` hex digits, or none taken.
    fn hex_digits(&mut self, count: usize) -> Option<u32> {
        let digits = self.chars.get(self.pos..self.pos + count)?;
        let mut value = 0;
        for d in digits {
            value = value * 16 + d.to_digit(16)?;
        }
        self.pos += count;
        Some(value)
    }

    /// ECMA-262 "RegExpUnicodeEscapeSequence" with the `u` or `v` flag, after `\u`:
    /// `{CodePoint}` up to 10FFFF, or four hex digits, a lead surrogate and `\u` and a trail
    /// surrogate making one code point.
    pub(super) fn unicode_escape(&mut self, start: usize) -> Result<u32, Problem> {
        if self.eat('{') {
            let mut value: u32 = 0;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|d| d.to_digit(16)) {
                value = value.saturating_mul(16).saturating_add(d);
                digits += 1;
                self.pos += 1;
            }
            if digits == 0 || !self.eat('}') || value > 0x10FFFF {
                return Err(self.syntax(start, "\\u{..} must hold a code point, 0 to 10FFFF"));
            }
            return Ok(value);
        }
        let Some(lead) = self.hex_digits(4) else {
            return Err(self.syntax(start, "\\u must be followed by four hex digits or {..}"));
        };
        if (0xD800..=0xDBFF).contains(&lead)
            && self.chars.get(self.pos..self.pos + 2) == Some(&['\\', 'u'])
        {
            let back = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(trail @ 0xDC00..=0xDFFF) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = back,
            }
        }
        Ok(lead)
    }

    /// ECMA-262 "CharacterClassEscape" after the `\`, with its letter `c` taken: `\d \D \s \S
    /// \w \W` (ECMA-262 §22.2.2.9: ASCII digits, WhiteSpace and LineTerminator, ASCII word
    /// characters) and `\p{..}` `\P{..}`. Under the `i` flag `\w` is also U+017F and U+212A
    /// (ECMA-262 "WordCharacters"): the crate's case folding of `[0-9A-Za-z_]` adds the same two.
    pub(super) fn class_escape(&mut self, c: char, start: usize) -> Result<ClassEscape, Problem> {
        let class = match c {
            'd' => "[0-9]".to_string(),
            'D' => "[^0-9]".to_string(),
            's' => format!("[{SPACE}]"),
            'S' => format!("[^{SPACE}]"),
            'w' => "[0-9A-Za-z_]".to_string(),
            'W' => "[^0-9A-Za-z_]".to_string(),
            _ => return self.property(c == 'P', start),
        };
        Ok(ClassEscape {
            class,
            of_strings: false,
        })
    }

    /// ECMA-262 "UnicodePropertyValueExpression" after `\p` or `\P`: `{Name=Value}` for
    /// General_Category, Script and Script_Extensions (and their aliases gc, sc, scx), or a
    /// lone General_Category value or binary property; names and values spelled exactly as
    /// PropertyValueAliases.txt has them, which the regex crate's loose matching does not ask.
    fn property(&mut self, negated: bool, start: usize) -> Result<ClassEscape, Problem> {
        if !self.eat('{') {
            return Err(self.syntax(start, "\\p and \\P must be followed by {property}"));
        }
        let from = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=')
        {
            self.pos += 1;
        }
        let text: String = self.chars[from..self.pos].iter().collect();
        if !self.eat('}') {
            return Err(self.syntax(start, "\\p{ without its closing }"));
        }
        let unknown = || format!("\\p{{{text}}} is no property ECMAScript knows");
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (Some(name), value),
            None => (None, text.as_str()),
        };
        let class = match name {
            Some("General_Category" | "gc") | None
                if PropertyParser::<GeneralCategoryGroup>::new()
                    .get_strict(value)
                    .is_some() =>
            {
                format!("gc={value}")
            }
            Some(name @ ("Script" | "sc" | "Script_Extensions" | "scx"))
                if PropertyParser::<Script>::new().get_strict(value).is_some() =>
            {
                let name = if name.starts_with("Script_") || name == "scx" {
                    "scx"
                } else {
                    "sc"
                };
                format!("{name}={value}")
            }
            None if BINARY.contains(&value) => value.to_string(),
            None if OF_STRINGS.contains(&value) => {
                if negated {
                    return Err(self.syntax(start, "\\P{..} cannot name a property of strings"));
                }
                self.refuse_engine(
                    start,
                    "the engine has no tables of the Unicode properties of strings",
                );
                return Ok(ClassEscape {
                    class: NOTHING.to_string(),
                    of_strings: true,
                });
            }
            _ => return Err(self.syntax(start, &unknown())),
        };
        let p = if negated { 'P' } else { 'p' };
        Ok(ClassEscape {
            class: format!("\\{p}{{{class}}}"),
            of_strings: false,
        })
    }
}
