//! The bare URLs of Markdown text: the GitHub Flavored Markdown spec's "Autolinks
//! (extension)", as its reference implementation (cmark-gfm's `extensions/autolink.c`)
//! applies them.
//!
//! * An extended www autolink: `www.` at the start of the text, after whitespace or after
//!   `*`, `_`, `~`, `(`; then a valid domain.
//! * An extended URL autolink: `http://`, `https://` or `ftp://` (the spec's test file has
//!   `ftp`, as the implementation does), not glued to a letter or digit before it; then a
//!   valid domain, which may be short (no `.`).
//! * A valid domain: segments of characters that are neither whitespace nor punctuation, `_`
//!   and `-`, separated by `.`; no `_` in its last two segments (unless it has more than 10,
//!   the implementation's guard against quadratic time).
//! * After the domain, everything up to whitespace or `<`; then "extended autolink path
//!   validation": trailing `?`, `!`, `.`, `,`, `:`, `*`, `_`, `~`, `'`, `"` are left out; a
//!   trailing `)` while the link holds more `)` than `(`; a trailing `&name;` (an entity
//!   reference's shape).
//! * An extended email autolink: `local@domain`, the local part of `[A-Za-z0-9.+_-]`, the
//!   domain of letters, digits, `-`, `_` and `.`, with a `.` followed by a letter or digit,
//!   ending in a letter (or in `.`, left out); an "extended protocol autolink": such an
//!   address after `mailto:`, or after `xmpp:` with one `/resource` of `[A-Za-z0-9@.]`.

use super::Kind;

/// The spans of `text` (a run of Markdown text, escapes and references decoded) that GFM's
/// autolink extension makes links, in order: start, end and kind of each.
///
/// ```
/// use uriesc::extract::{Kind, gfm};
///
/// let text = b"Visit www.commonmark.org/a.b. or (http://x.example/a_(b))) or me@a.example.";
/// let links: Vec<_> = gfm::autolinks(text)
///     .into_iter()
///     .map(|(start, end, kind)| (std::str::from_utf8(&text[start..end]).unwrap(), kind))
///     .collect();
/// assert_eq!(links, [
///     ("www.commonmark.org/a.b", Kind::Bare),
///     ("http://x.example/a_(b)", Kind::Bare),
///     ("me@a.example", Kind::Email),
/// ]);
/// ```
pub fn autolinks(text: &[u8]) -> Vec<(usize, usize, Kind)> {
    let mut links = Vec::new();
    let (mut floor, mut at) = (0, 0);
    // `www.` is found at its `.`: a `w` is too common in prose to stop at each, and a
    // substring search costs its set-up in each of the many short runs of text.
    while let Some(hit) = memchr::memchr3(b':', b'@', b'.', &text[at..]).map(|i| at + i) {
        at = hit + 1;
        let i = match text[hit] {
            b'.' if hit >= 3 && &text[hit - 3..hit] == b"www" => hit - 3,
            b'.' => continue,
            _ => hit,
        };
        let link = match text[i] {
            b':' => url_at(text, i, floor),
            b'@' => email_at(text, i, floor),
            _ => www_at(text, i, floor),
        };
        if let Some((start, end, kind)) = link {
            links.push((start, end, kind));
            floor = end;
            at = end.max(at);
        }
    }
    links
}

/// An extended URL autolink whose scheme ends at the `:` at `colon`.
fn url_at(text: &[u8], colon: usize, floor: usize) -> Option<(usize, usize, Kind)> {
    if !text[colon..].starts_with(b"://") {
        return None;
    }
    let start = ["http", "https", "ftp"].iter().find_map(|scheme| {
        let start = colon.checked_sub(scheme.len())?;
        let ok = start >= floor
            && &text[start..colon] == scheme.as_bytes()
            && (start == 0 || !text[start - 1].is_ascii_alphanumeric());
        ok.then_some(start)
    })?;
    let domain = colon + 3;
    let len = valid_domain(&text[domain..], true)?;
    let end = path_end(text, start, domain + len);
    (end > domain).then_some((start, end, Kind::Bare))
}

/// An extended www autolink at the `w` at `w`.
fn www_at(text: &[u8], w: usize, floor: usize) -> Option<(usize, usize, Kind)> {
    if w < floor || !text[w..].starts_with(b"www.") {
        return None;
    }
    if w > 0 && !(text[w - 1].is_ascii_whitespace() || b"*_~(".contains(&text[w - 1])) {
        return None;
    }
    let len = valid_domain(&text[w..], false)?;
    let end = path_end(text, w, w + len);
    (end > w + 4).then_some((w, end, Kind::Bare))
}

/// The length of the valid domain `text` begins with (GFM "valid domain"; `short`: no `.`
/// needed, as after a scheme).
fn valid_domain(text: &[u8], short: bool) -> Option<usize> {
    let (mut periods, mut last, mut before_last) = (0, 0, 0);
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'_' => last += 1,
            b'.' => {
                (before_last, last) = (last, 0);
                periods += 1;
            }
            b'-' => {}
            b if b.is_ascii_alphanumeric() => {}
            b if b < 0x80 => break,
            _ => match bstr::decode_utf8(&text[i..]) {
                (Some(c), len) if !c.is_whitespace() && !super::text::ends_url(c) => {
                    i += len;
                    continue;
                }
                _ => break,
            },
        }
        i += 1;
    }
    let underscores = (before_last > 0 || last > 0) && periods <= 10;
    let ok = i > 0 && !underscores && (short || periods > 0);
    ok.then_some(i)
}

/// The end of an extended autolink that begins at `start` and whose domain ends at `from`: up
/// to whitespace or `<`, less what "extended autolink path validation" leaves out (of the
/// whole link, as the implementation's `autolink_delim`: a domain's last `.` too).
fn path_end(text: &[u8], start: usize, from: usize) -> usize {
    let mut end = from
        + text[from..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'<')
            .unwrap_or(text.len() - from);
    let link = &text[start..end];
    // Counted once and kept as the link shrinks, not counted again at each `)` (the
    // implementation's loop counts again: quadratic in a run of `)`).
    let opening = memchr::memchr_iter(b'(', link).count();
    let mut closing = memchr::memchr_iter(b')', link).count();
    while end > start {
        match text[end - 1] {
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' => {}
            b';' => {
                let name = text[start..end - 1]
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let amp = end - 1 - name;
                if name > 0 && amp > start && text[amp - 1] == b'&' {
                    end = amp - 1;
                    continue;
                }
            }
            b')' if closing > opening => closing -= 1,
            _ => break,
        }
        end -= 1;
    }
    end
}

/// An extended email autolink around the `@` at `at`, or an extended protocol autolink
/// (`mailto:`, `xmpp:`) of one.
fn email_at(text: &[u8], at: usize, floor: usize) -> Option<(usize, usize, Kind)> {
    let local = text[floor..at]
        .iter()
        .rev()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b".+-_".contains(&b))
        .count();
    if local == 0 {
        return None;
    }
    let start = at - local;
    let mut end = at + 1;
    let mut periods = 0;
    while end < text.len() {
        match text[end] {
            b if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' => {}
            b'.' if text.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) => periods += 1,
            b'.' => {}
            _ => break,
        }
        end += 1;
    }
    let last = text[end - 1];
    if end - at < 2 || periods == 0 || !(last.is_ascii_alphabetic() || last == b'.') {
        return None;
    }
    while text[end - 1] == b'.' {
        end -= 1;
    }
    let protocol = ["mailto:", "xmpp:"].into_iter().find(|p| {
        start >= floor + p.len()
            && &text[start - p.len()..start] == p.as_bytes()
            && (start == p.len() || !text[start - p.len() - 1].is_ascii_alphanumeric())
    });
    match protocol {
        None => Some((start, end, Kind::Email)),
        Some(protocol) => {
            if protocol == "xmpp:" && text.get(end) == Some(&b'/') {
                let resource = text[end + 1..]
                    .iter()
                    .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'@' || b == b'.')
                    .count();
                if resource > 0 {
                    end += 1 + resource;
                    while text[end - 1] == b'.' {
                        end -= 1;
                    }
                }
            }
            Some((start - protocol.len(), end, Kind::Bare))
        }
    }
}
