//! The patterns that pick query parameters by name (`utm_*`): the shell's wildcards, POSIX
//! "Pattern Matching Notation" (XCU §2.13.1) without bracket expressions: `*` matches any run
//! of characters, `?` one character, `\` makes the next character literal. A name is bytes
//! (decoded from the query, not always UTF-8); `?` takes one UTF-8 character, or one byte that
//! is not part of one.
//!
//! Hand-written rather than taken from `globset`: that crate matches paths (through `regex`),
//! and a name needs only these three rules, matched by the classic backtrack-to-the-last-star
//! loop in at most (pattern length × name length) steps, never exponentially.

/// A pattern of names.
///
/// ```
/// use uriesc::edit::Glob;
///
/// assert!(Glob::new(b"utm_*").matches(b"utm_source"));
/// assert!(!Glob::new(b"utm_*").matches(b"xutm_source"));
/// assert!(Glob::new(b"?d").matches("éd".as_bytes()));
/// assert!(Glob::new(br"a\*").matches(b"a*") && !Glob::new(br"a\*").matches(b"ab"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glob {
    tokens: Vec<Token>,
    /// Where the pattern is a name without wildcards: compared as bytes.
    literal: Option<Vec<u8>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Byte(u8),
    Any,
    Star,
}

impl Glob {
    /// The pattern `pattern`. A `\` at its end stands for itself.
    pub fn new(pattern: &[u8]) -> Glob {
        let mut tokens = Vec::with_capacity(pattern.len());
        let mut bytes = pattern.iter();
        while let Some(&b) = bytes.next() {
            tokens.push(match b {
                b'*' => Token::Star,
                b'?' => Token::Any,
                b'\\' => Token::Byte(bytes.next().copied().unwrap_or(b'\\')),
                _ => Token::Byte(b),
            });
        }
        let literal = tokens
            .iter()
            .map(|t| match t {
                Token::Byte(b) => Some(*b),
                _ => None,
            })
            .collect();
        Glob { tokens, literal }
    }

    /// Whether `name` matches, whole.
    pub fn matches(&self, name: &[u8]) -> bool {
        if let Some(literal) = &self.literal {
            return literal == name;
        }
        let tokens = &self.tokens;
        let (mut t, mut n) = (0, 0);
        // Where the last `*` was, and where in `name` its run now ends.
        let mut star: Option<(usize, usize)> = None;
        while n < name.len() {
            match tokens.get(t) {
                Some(Token::Star) => {
                    star = Some((t, n));
                    t += 1;
                    continue;
                }
                Some(Token::Any) => {
                    t += 1;
                    n += char_len(&name[n..]);
                    continue;
                }
                Some(Token::Byte(b)) if *b == name[n] => {
                    t += 1;
                    n += 1;
                    continue;
                }
                _ => {}
            }
            // No match here: the last `*` takes one character more, or there is no match.
            match star {
                Some((star_t, star_n)) => {
                    let next = star_n + char_len(&name[star_n..]);
                    star = Some((star_t, next));
                    t = star_t + 1;
                    n = next;
                }
                None => return false,
            }
        }
        tokens[t.min(tokens.len())..]
            .iter()
            .all(|&token| token == Token::Star)
    }
}

/// The length of the UTF-8 character `bytes` begin with, or 1 where they begin with a byte
/// that begins none.
fn char_len(bytes: &[u8]) -> usize {
    let want = match bytes.first() {
        Some(0xC2..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF4) => 4,
        _ => return 1,
    };
    match bytes.get(..want).map(std::str::from_utf8) {
        Some(Ok(_)) => want,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_as_the_shell_has_them() {
        let cases: [(&[u8], &[u8], bool); 14] = [
            (b"*", b"", true),
            (b"*", b"anything", true),
            (b"a*", b"a", true),
            (b"*a", b"ba", true),
            (b"*a", b"ab", false),
            (b"a*b*c", b"aXbYbZc", true),
            (b"a*b*c", b"aXbYc", true),
            (b"a*b*c", b"aXcYb", false),
            (b"?", b"", false),
            (b"?", "é".as_bytes(), true),
            (b"??", "é".as_bytes(), false),
            (b"?", b"\xFF", true),
            (b"utm_*", b"UTM_source", false),
            (br"\?", b"x", false),
        ];
        for (pattern, name, expected) in cases {
            let got = Glob::new(pattern).matches(name);
            assert_eq!(
                got,
                expected,
                "{:?} against {:?}",
                bstr::BStr::new(pattern),
                bstr::BStr::new(name)
            );
        }
    }

    #[test]
    fn stars_backtrack_without_blowing_up() {
        // The pattern that makes naive backtracking exponential.
        let name = vec![b'a'; 10_000];
        assert!(!Glob::new(b"*a*a*a*a*a*b").matches(&name));
    }
}
