//! The characters that begin, continue and end a URL in plain text ([`super::text`]): the
//! scheme's (RFC 3986 §3.1), the delimiters of RFC 3986 Appendix C, the characters beyond
//! ASCII that end a URL in running text, and where a URL ends ([`url_end`]) without the
//! trailing punctuation of prose ([`trim_prose`]).

/// GFM's extended email autolink: the local part's characters.
pub(super) fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-' | b'_')
}

/// Whether `before` ends in a letter or digit, which a URL's start must not be glued to: of
/// any script but those written without spaces between words (Han, Hiragana, Katakana,
/// Hangul: `見てhttp://…` holds a URL).
pub(super) fn glued(before: &[u8]) -> bool {
    let from = before.len().saturating_sub(4);
    match bstr::decode_last_utf8(&before[from..]) {
        (Some(c), _) => c.is_alphanumeric() && !unspaced(c),
        (None, _) => false,
    }
}

/// The blocks of the scripts written without spaces between words: CJK Radicals to CJK
/// Unified Ideographs (U+2E80–U+9FFF, with Hiragana and Katakana), Hangul Syllables, CJK
/// Compatibility Ideographs, Halfwidth and Fullwidth Forms, and the ideographs beyond the BMP.
fn unspaced(c: char) -> bool {
    matches!(c,
        '\u{2E80}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}' | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FFEF}' | '\u{20000}'..='\u{3FFFF}')
}

/// Whether the byte can stand first after a scheme's `:` or `//`: no delimiter, and no prose
/// punctuation but the openers and `*` (a URL that trimming leaves empty is dropped after).
pub(super) fn url_byte_starts(b: u8) -> bool {
    let opener = matches!(b, b'(' | b'[' | b'{');
    b >= 0x80 || opener || (URL_ASCII[b as usize] && !b".,:;!?'".contains(&b))
}

/// The ASCII bytes that go on a URL: not whitespace, controls, `<`, `>`, `"`, `` ` ``, `|`
/// (nor the brackets, which [`url_end`] counts). `` ` `` and `|` are no URI characters (RFC
/// 3986 §2), and text puts them beside URLs: Markdown's code spans and table cells.
pub(super) const URL_ASCII: [bool; 128] = {
    let mut table = [false; 128];
    let mut b = 0x21;
    while b < 0x7F {
        table[b] = !matches!(
            b as u8,
            b'<' | b'>' | b'"' | b'`' | b'|' | b'(' | b')' | b'[' | b']' | b'{' | b'}'
        );
        b += 1;
    }
    table
};

/// Whether a character beyond ASCII ends a URL in running text: whitespace (Unicode
/// White_Space), the C1 controls, the bidi formatting characters (RFC 3987 §4.1), the zero
/// width space (not the zero width joiner and non-joiner, which Indic and Persian words hold)
/// and byte order mark, curly quotes and guillemets, the ellipsis, and CJK
/// punctuation: the block "CJK Symbols and Punctuation" (U+3000–U+303F) and the punctuation of
/// "Halfwidth and Fullwidth Forms".
pub fn ends_url(c: char) -> bool {
    c.is_whitespace()
        || matches!(c,
            '\u{80}'..='\u{9F}'
            | '\u{61C}' | '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
            | '\u{AB}' | '\u{BB}' | '\u{2018}'..='\u{201F}' | '\u{2026}' | '\u{2039}' | '\u{203A}'
            | '\u{3000}'..='\u{303F}'
            | '\u{FF01}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}' | '\u{FF3B}'..='\u{FF40}'
            | '\u{FF5B}'..='\u{FF65}')
}

/// How looking for a URL's end went.
pub(super) enum End {
    /// The text held ends first.
    More(usize, [u32; 3]),
    /// It ends at this byte, with these brackets open.
    At(usize, [u32; 3]),
}

/// Where a URL whose text continues at `at` ends (`depth`: its brackets opened and not
/// closed), or how far `buf` took it.
pub(super) fn url_end(buf: &[u8], mut at: usize, mut depth: [u32; 3], last: bool) -> End {
    while at < buf.len() {
        let b = buf[at];
        if b < 0x80 {
            if URL_ASCII[b as usize] {
                at += 1;
                continue;
            }
            let (kind, opens) = match b {
                b'(' => (0, true),
                b'[' => (1, true),
                b'{' => (2, true),
                b')' => (0, false),
                b']' => (1, false),
                b'}' => (2, false),
                _ => return End::At(at, depth),
            };
            if opens {
                depth[kind] = depth[kind].saturating_add(1);
            } else if depth[kind] == 0 {
                return End::At(at, depth);
            } else {
                depth[kind] -= 1;
            }
            at += 1;
            continue;
        }
        match bstr::decode_utf8(&buf[at..]) {
            (Some(c), len) if !ends_url(c) => at += len,
            (Some(_), _) => return End::At(at, depth),
            // A sequence cut by the end of what is held: read on.
            (None, len) if !last && at + len == buf.len() && len < 4 => break,
            (None, _) => return End::At(at, depth),
        }
    }
    match last {
        true => End::At(buf.len().min(at), depth),
        false => End::More(at, depth),
    }
}

/// The end of a URL ending at `end` without its trailing prose punctuation (not before
/// `body`, where its text after the scheme begins): `. , : ; ! ? *`, an opener `(`, `[`, `{`
/// with nothing after it, and a `'` that closes no `'` of the URL's path (`…/x'`,
/// `http://a.example''`; not `…/'quoted'` or `…/it's'`, whose quotes pair: the linkify crate
/// pairs quotes so).
pub(super) fn trim_prose(buf: &[u8], body: usize, mut end: usize) -> usize {
    let path = memchr::memchr(b'/', &buf[body..end]).map_or(end, |n| body + n);
    // The quotes are counted once, then uncounted as they are trimmed: linear in the URL.
    let mut quotes = buf[path..end].iter().filter(|&&b| b == b'\'').count();
    while end > body {
        match buf[end - 1] {
            b'\'' if end - 1 < path => {}
            b'\'' if quotes % 2 == 1 => quotes -= 1,
            b'.' | b',' | b':' | b';' | b'!' | b'?' | b'*' | b'(' | b'[' | b'{' => {}
            _ => break,
        }
        end -= 1;
    }
    end
}
