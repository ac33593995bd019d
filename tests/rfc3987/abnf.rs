//! The test oracle for RFC 3987: the ABNF of §2.2, as the RFC prints it, read by a small ABNF
//! interpreter (RFC 5234 §4: alternation, concatenation, repetition, groups, options,
//! case-insensitive strings, numeric values and ranges) that returns every position where a
//! rule can end. It shares nothing with `src/check/rfc3987.rs`: no byte sets, no splitting of
//! the record, characters rather than bytes, and the rules' text instead of code.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

/// RFC 3987 §2.2, copied from the RFC, then the rules it takes from RFC 3986 (Appendix A)
/// and the core rules of RFC 5234 Appendix B.1 that these use.
pub const RFC3987_ABNF: &str = r##"
IRI            = scheme ":" ihier-part [ "?" iquery ]
                      [ "#" ifragment ]

ihier-part     = "//" iauthority ipath-abempty
               / ipath-absolute
               / ipath-rootless
               / ipath-empty

IRI-reference  = IRI / irelative-ref

absolute-IRI   = scheme ":" ihier-part [ "?" iquery ]

irelative-ref  = irelative-part [ "?" iquery ] [ "#" ifragment ]

irelative-part = "//" iauthority ipath-abempty
               / ipath-absolute
               / ipath-noscheme
               / ipath-empty

iauthority     = [ iuserinfo "@" ] ihost [ ":" port ]
iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )
ihost          = IP-literal / IPv4address / ireg-name

ireg-name      = *( iunreserved / pct-encoded / sub-delims )

ipath          = ipath-abempty   ; begins with "/" or is empty
               / ipath-absolute  ; begins with "/" but not "//"
               / ipath-noscheme  ; begins with a non-colon segment
               / ipath-rootless  ; begins with a segment
               / ipath-empty     ; zero characters

ipath-abempty  = *( "/" isegment )
ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
ipath-noscheme = isegment-nz-nc *( "/" isegment )
ipath-rootless = isegment-nz *( "/" isegment )
ipath-empty    = 0<ipchar>

isegment       = *ipchar
isegment-nz    = 1*ipchar
isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims
                     / "@" )
               ; non-zero-length segment without any colon ":"

ipchar         = iunreserved / pct-encoded / sub-delims / ":"
               / "@"

iquery         = *( ipchar / iprivate / "/" / "?" )

ifragment      = *( ipchar / "/" / "?" )

iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar

ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
               / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
               / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
               / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
               / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
               / %xD0000-DFFFD / %xE1000-EFFFD

iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD

scheme         = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )

port           = *DIGIT

IP-literal     = "[" ( IPv6address / IPvFuture  ) "]"

IPvFuture      = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )

IPv6address    =                            6( h16 ":" ) ls32
               /                       "::" 5( h16 ":" ) ls32
               / [               h16 ] "::" 4( h16 ":" ) ls32
               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
               / [ *4( h16 ":" ) h16 ] "::"              ls32
               / [ *5( h16 ":" ) h16 ] "::"              h16
               / [ *6( h16 ":" ) h16 ] "::"

h16            = 1*4HEXDIG
ls32           = ( h16 ":" h16 ) / IPv4address

IPv4address    = dec-octet "." dec-octet "." dec-octet "." dec-octet

dec-octet      = DIGIT                 ; 0-9
               / %x31-39 DIGIT         ; 10-99
               / "1" 2DIGIT            ; 100-199
               / "2" %x30-34 DIGIT     ; 200-249
               / "25" %x30-35          ; 250-255

pct-encoded    = "%" HEXDIG HEXDIG

unreserved     = ALPHA / DIGIT / "-" / "." / "_" / "~"
sub-delims     = "!" / "$" / "&" / "'" / "(" / ")"
               / "*" / "+" / "," / ";" / "="

ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
DIGIT          =  %x30-39
HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
"##;

/// An ABNF expression.
#[derive(Debug)]
enum Expr {
    Alt(Vec<Expr>),
    Seq(Vec<Expr>),
    Rep(usize, Option<usize>, Box<Expr>),
    /// A quoted string: case-insensitive (RFC 5234 §2.3).
    Text(Vec<char>),
    Range(u32, u32),
    /// A rule by name (and a prose value, `<ipchar>`, read as the rule it names).
    Rule(String),
}

/// A grammar read from ABNF text.
pub struct Grammar {
    rules: HashMap<String, Expr>,
}

impl Grammar {
    /// Reads `text`: a rule starts on a line that does not begin with white space.
    pub fn new(text: &str) -> Grammar {
        let mut sources: Vec<String> = Vec::new();
        for line in text.lines() {
            match line.chars().next() {
                Some(c) if !c.is_whitespace() => sources.push(line.to_string()),
                _ => match sources.last_mut() {
                    Some(rule) => {
                        rule.push('\n');
                        rule.push_str(line);
                    }
                    None => assert!(line.trim().is_empty(), "text before the first rule"),
                },
            }
        }
        let rules = sources
            .iter()
            .map(|source| {
                let (name, body) = source.split_once('=').expect("rule = elements");
                let mut reader = Reader {
                    s: body.chars().collect(),
                    i: 0,
                };
                let expr = reader.alternation();
                reader.blank();
                assert_eq!(reader.i, reader.s.len(), "rule {name} read to its end");
                (name.trim().to_string(), expr)
            })
            .collect();
        Grammar { rules }
    }

    /// Whether all of `s` matches `rule`.
    pub fn matches(&self, rule: &str, s: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(s) else {
            return false;
        };
        let chars: Vec<char> = text.chars().collect();
        let run = Run {
            grammar: self,
            s: &chars,
            memo: RefCell::new(HashMap::new()),
        };
        run.rule(rule, 0).contains(&chars.len())
    }
}

/// A reader of one rule's elements (RFC 5234 §4).
struct Reader {
    s: Vec<char>,
    i: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    /// White space, line ends and comments.
    fn blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == ';' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.i += 1;
                }
            } else if c.is_whitespace() {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn alternation(&mut self) -> Expr {
        let mut alternatives = vec![self.concatenation()];
        loop {
            self.blank();
            if self.peek() != Some('/') {
                break;
            }
            self.i += 1;
            alternatives.push(self.concatenation());
        }
        Expr::Alt(alternatives)
    }

    fn concatenation(&mut self) -> Expr {
        let mut items = Vec::new();
        loop {
            self.blank();
            match self.peek() {
                None | Some('/' | ')' | ']') => break,
                Some(_) => items.push(self.repetition()),
            }
        }
        Expr::Seq(items)
    }

    fn number(&mut self, radix: u32) -> Option<u32> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_digit(radix)) {
            self.i += 1;
        }
        let digits: String = self.s[start..self.i].iter().collect();
        u32::from_str_radix(&digits, radix).ok()
    }

    fn repetition(&mut self) -> Expr {
        let low = self.number(10);
        let (min, max) = if self.peek() == Some('*') {
            self.i += 1;
            (low.unwrap_or(0), self.number(10))
        } else {
            match low {
                Some(n) => (n, Some(n)),
                None => return self.element(),
            }
        };
        let element = self.element();
        Expr::Rep(min as usize, max.map(|m| m as usize), Box::new(element))
    }

    fn element(&mut self) -> Expr {
        let close = |reader: &mut Reader, c: char| {
            reader.blank();
            assert_eq!(reader.peek(), Some(c));
            reader.i += 1;
        };
        match self.peek() {
            Some('(') => {
                self.i += 1;
                let inner = self.alternation();
                close(self, ')');
                inner
            }
            Some('[') => {
                self.i += 1;
                let inner = self.alternation();
                close(self, ']');
                Expr::Rep(0, Some(1), Box::new(inner))
            }
            Some('"') => {
                self.i += 1;
                let start = self.i;
                while self.peek().is_some_and(|c| c != '"') {
                    self.i += 1;
                }
                let text = self.s[start..self.i].to_vec();
                self.i += 1;
                Expr::Text(text)
            }
            Some('%') => {
                assert_eq!(self.s.get(self.i + 1), Some(&'x'), "only %x values here");
                self.i += 2;
                let low = self.number(16).expect("a hex value");
                if self.peek() == Some('-') {
                    self.i += 1;
                    Expr::Range(low, self.number(16).expect("a hex value"))
                } else {
                    Expr::Range(low, low)
                }
            }
            Some('<') => {
                let end = self.s[self.i..].iter().position(|&c| c == '>').expect(">");
                let name = self.s[self.i + 1..self.i + end].iter().collect();
                self.i += end + 1;
                Expr::Rule(name)
            }
            _ => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
                {
                    self.i += 1;
                }
                assert!(self.i > start, "an element at {:?}", &self.s[start..]);
                Expr::Rule(self.s[start..self.i].iter().collect())
            }
        }
    }
}

/// One match of a grammar against a string of characters.
struct Run<'a> {
    grammar: &'a Grammar,
    s: &'a [char],
    memo: RefCell<HashMap<(String, usize), BTreeSet<usize>>>,
}

impl Run<'_> {
    fn rule(&self, name: &str, at: usize) -> BTreeSet<usize> {
        let key = (name.to_string(), at);
        if let Some(ends) = self.memo.borrow().get(&key) {
            return ends.clone();
        }
        let expr = self
            .grammar
            .rules
            .get(name)
            .unwrap_or_else(|| panic!("no rule {name}"));
        let ends = self.ends(expr, at);
        self.memo.borrow_mut().insert(key, ends.clone());
        ends
    }

    /// Every position where `expr`, begun at `at`, can end.
    fn ends(&self, expr: &Expr, at: usize) -> BTreeSet<usize> {
        match expr {
            Expr::Alt(alternatives) => alternatives.iter().flat_map(|a| self.ends(a, at)).collect(),
            Expr::Seq(items) => items.iter().fold(BTreeSet::from([at]), |starts, item| {
                starts.iter().flat_map(|&p| self.ends(item, p)).collect()
            }),
            Expr::Rep(min, max, inner) => {
                let mut result = BTreeSet::new();
                let mut frontier = BTreeSet::from([at]);
                let mut count = 0;
                loop {
                    if count >= *min {
                        frontier.retain(|p| !result.contains(p));
                        result.extend(frontier.iter().copied());
                    }
                    if frontier.is_empty() || max.is_some_and(|m| count >= m) {
                        return result;
                    }
                    frontier = frontier.iter().flat_map(|&p| self.ends(inner, p)).collect();
                    count += 1;
                }
            }
            Expr::Text(text) => {
                let end = at + text.len();
                let same = self
                    .s
                    .get(at..end)
                    .is_some_and(|s| s.iter().zip(text).all(|(a, b)| a.eq_ignore_ascii_case(b)));
                if same {
                    BTreeSet::from([end])
                } else {
                    BTreeSet::new()
                }
            }
            Expr::Range(low, high) => match self.s.get(at) {
                Some(&c) if (*low..=*high).contains(&(c as u32)) => BTreeSet::from([at + 1]),
                _ => BTreeSet::new(),
            },
            Expr::Rule(name) => self.rule(name, at),
        }
    }
}
