//! Reading a `public_suffix_list.dat` (publicsuffix.org "Formal algorithm", "Definitions"; the
//! list's wiki, "Format") into the table of rules.

use std::borrow::Cow;

use super::{List, Rules, Section, Table};
use crate::visible::visible;

/// The comment lines that open and close the two sections, as the list writes them.
const MARKERS: [(&str, Section, bool); 4] = [
    ("===BEGIN ICANN DOMAINS===", Section::Icann, true),
    ("===END ICANN DOMAINS===", Section::Icann, false),
    ("===BEGIN PRIVATE DOMAINS===", Section::Private, true),
    ("===END PRIVATE DOMAINS===", Section::Private, false),
];

fn section_name(section: Section) -> &'static str {
    match section {
        Section::Icann => "ICANN",
        Section::Private => "PRIVATE",
        Section::NotListed => "unlisted",
    }
}

/// See [`List::parse`].
pub(super) fn parse(text: &str) -> Result<List, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The table made once, big enough for the list built in (10,650 keys, a key for about
    // two lines in three) rather than doubled a dozen times as it fills.
    let line_count = memchr::memchr_iter(b'\n', text.as_bytes()).count();
    let mut list = List {
        rules: Table::with_capacity_and_hasher(line_count / 2, Default::default()),
        version: None,
        commit: None,
    };
    // The section open, and the line that opened it.
    let mut open: Option<(Section, usize)> = None;
    let mut any_rule = false;
    for (index, line) in lines(text).enumerate() {
        let number = index + 1;
        // "Each line is only read up to the first whitespace".
        let Some(token) = first_token(line) else {
            continue;
        };
        if token.starts_with("//") {
            let comment = line.trim_start()[2..].trim();
            comment_line(&mut list, comment, number, &mut open)?;
            continue;
        }
        let Some((section, _)) = open else {
            return Err(format!(
                "line {number}: the rule `{}` is outside the ICANN and PRIVATE sections \
                 (\"// ===BEGIN ICANN DOMAINS===\" … \"// ===END ICANN DOMAINS===\")",
                shown(token)
            ));
        };
        add_rule(&mut list.rules, token, section)
            .map_err(|why| format!("line {number}: the rule `{}` {why}", shown(token)))?;
        any_rule = true;
    }
    if let Some((section, line)) = open {
        let name = section_name(section);
        return Err(format!(
            "line {line}: the {name} section is not closed (no \"// ===END {name} DOMAINS===\" \
             after it)"
        ));
    }
    if !any_rule {
        return Err("the list has no rules".to_owned());
    }
    Ok(list)
}

/// The lines of `text` as `str::lines` gives them (split at each `\n`, a `\r` before it
/// dropped), found by `memchr` rather than a character at a time.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest.take().filter(|text| !text.is_empty())?;
        let Some(end) = memchr::memchr(b'\n', text.as_bytes()) else {
            return Some(text);
        };
        rest = Some(&text[end + 1..]);
        let line = &text[..end];
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The text of `line` up to its first whitespace, after any it begins with (as
/// `split_whitespace` finds it: Unicode's White_Space), a byte at a time where that text is
/// ASCII, as the list's lines are: reading the list built in is most of a short `parse`'s
/// start.
fn first_token(line: &str) -> Option<&str> {
    // The ASCII characters of White_Space: tab, line feed, line tabulation, form feed,
    // carriage return, space. A byte beyond ASCII may begin another: the characters' way.
    let space = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
    let bytes = line.as_bytes();
    let start = bytes.iter().position(|b| !space(b))?;
    let end = bytes[start..]
        .iter()
        .position(|b| space(b) || !b.is_ascii())
        .map_or(bytes.len(), |n| start + n);
    match bytes.get(end) {
        Some(b) if !b.is_ascii() => line.split_whitespace().next(),
        _ => Some(&line[start..end]),
    }
}

/// A comment: a section's start or end, or a `VERSION:` or `COMMIT:` header; anything else is
/// prose.
fn comment_line(
    list: &mut List,
    comment: &str,
    number: usize,
    open: &mut Option<(Section, usize)>,
) -> Result<(), String> {
    if let Some(&(_, section, begins)) = MARKERS.iter().find(|(text, ..)| *text == comment) {
        let name = section_name(section);
        match (*open, begins) {
            (None, true) => *open = Some((section, number)),
            (Some((inner, _)), false) if inner == section => *open = None,
            (Some((inner, line)), true) => {
                return Err(format!(
                    "line {number}: the {name} section begins inside the {} section begun \
                     on line {line}",
                    section_name(inner)
                ));
            }
            (_, false) => {
                return Err(format!(
                    "line {number}: the {name} section ends but is not open"
                ));
            }
        }
    } else if let Some(value) = comment.strip_prefix("VERSION:") {
        list.version.get_or_insert_with(|| value.trim().into());
    } else if let Some(value) = comment.strip_prefix("COMMIT:") {
        list.commit.get_or_insert_with(|| value.trim().into());
    }
    Ok(())
}

/// A rule as a message quotes it: in the visible notation, cut where it is long.
fn shown(rule: &str) -> String {
    visible(crate::excerpt::quote(rule.as_bytes()).as_bytes()).into_owned()
}

/// The longest domain name in ASCII, without a trailing dot.
const MAX_DOMAIN: usize = 253;

/// Adds one rule, and every suffix of its domain as a key, to `rules`. `Err` completes "the
/// rule `…` …".
fn add_rule(rules: &mut Table, rule: &str, section: Section) -> Result<(), String> {
    let (exception, rule) = match rule.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, rule),
    };
    let (wildcard, domain) = match rule.strip_prefix("*.") {
        Some(rest) => (true, rest),
        None => (false, rule),
    };
    if rule == "*" {
        return Err("is the default rule, which is implicit".to_owned());
    }
    if domain.as_bytes().contains(&b'*') {
        return Err("has a `*` that is not the whole leftmost label".to_owned());
    }
    if exception && wildcard {
        return Err("is both an exception and a wildcard".to_owned());
    }
    if has_empty_label(domain) {
        return Err("has an empty label".to_owned());
    }
    if exception && !domain.as_bytes().contains(&b'.') {
        return Err("is an exception of one label; it needs a wildcard to except from".to_owned());
    }
    let key = to_ascii(domain)?;
    // A rule's domain is a domain name: at most 253 bytes in ASCII without a trailing dot
    // (UTS #46 VerifyDnsLength; RFC 1035 §2.3.4's 255 octets, less the first length octet and
    // the root's). A longer one is no name, and its suffixes, each a key, would cost the square
    // of its labels in memory.
    if key.len() > MAX_DOMAIN {
        return Err(format!(
            "is {} bytes in ASCII, longer than a domain name can be ({MAX_DOMAIN}: UTS #46 \
             VerifyDnsLength, RFC 1035 §2.3.4)",
            key.len()
        ));
    }
    let entry = match rules.get_mut(key.as_bytes()) {
        Some(entry) => entry,
        None => rules.entry(key.as_bytes().into()).or_default(),
    };
    let slot = if exception {
        &mut entry.exception
    } else if wildcard {
        &mut entry.wildcard
    } else {
        &mut entry.normal
    };
    slot.get_or_insert(section);
    // Every suffix of the key, so that a lookup walking from the right goes on to the key.
    for dot in memchr::memchr_iter(b'.', key.as_bytes()) {
        let rest = &key.as_bytes()[dot + 1..];
        if !rules.contains_key(rest) {
            rules.insert(rest.into(), Rules::default());
        }
    }
    Ok(())
}

/// Whether `domain` has an empty label: nothing, or a dot first, last or after a dot.
fn has_empty_label(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    bytes.first().is_none_or(|&b| b == b'.')
        || bytes.last() == Some(&b'.')
        || bytes.windows(2).any(|pair| pair == b"..")
}

/// The rule's domain in ASCII, as the URL Standard's host parser puts a host (url.bs "domain
/// to ASCII", beStrict false, and the forbidden domain code points): the list writes its rules
/// in Unicode. A domain of lower-case
/// letters, digits and hyphens with no `xn--` label is its own ASCII form.
fn to_ascii(domain: &str) -> Result<Cow<'_, str>, String> {
    let bytes = domain.as_bytes();
    let plain = bytes
        .iter()
        .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
        && !bytes.starts_with(b"xn--")
        && !bytes.windows(5).any(|w| w == b".xn--");
    if plain {
        return Ok(Cow::Borrowed(domain));
    }
    // `AsciiDenyList::URL`: the forbidden domain code points refused, as url.bs does.
    match idna::domain_to_ascii_cow(bytes, idna::AsciiDenyList::URL) {
        Ok(ascii) if !has_empty_label(&ascii) => Ok(ascii),
        _ => Err("is not a domain that UTS #46 ToASCII takes".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// Lines of any characters, with the whitespace and line ends the helpers must find among
    /// them (Unicode's White_Space beyond ASCII too).
    fn text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("\n".to_owned()),
            Just("\r\n".to_owned()),
            Just("\r".to_owned()),
            Just(" ".to_owned()),
            Just("\t".to_owned()),
            Just("\u{b}".to_owned()),
            Just("\u{c}".to_owned()),
            Just("\u{a0}".to_owned()),
            Just("\u{3000}".to_owned()),
            Just(".".to_owned()),
            Just("..".to_owned()),
            "[a-z*!]{1,4}",
            any::<char>().prop_map(String::from),
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        /// The byte-wise helpers give what the standard library's character-wise ways give.
        #[test]
        fn helpers_agree_with_std(text in text()) {
            let lines: Vec<&str> = super::lines(&text).collect();
            prop_assert_eq!(lines, text.lines().collect::<Vec<_>>());
            for line in text.lines() {
                prop_assert_eq!(super::first_token(line), line.split_whitespace().next());
            }
            prop_assert_eq!(super::has_empty_label(&text), text.split('.').any(str::is_empty));
        }
    }
}
