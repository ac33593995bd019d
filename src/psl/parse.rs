//! Reading a `public_suffix_list.dat` (publicsuffix.org "Formal algorithm", "Definitions"; the
//! list's wiki, "Format") into the table of rules.

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
    let mut list = List {
        rules: Table::default(),
        version: None,
        commit: None,
    };
    // The section open, and the line that opened it.
    let mut open: Option<(Section, usize)> = None;
    let mut any_rule = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        // "Each line is only read up to the first whitespace".
        let Some(token) = line.split_whitespace().next() else {
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
    if domain.contains('*') {
        return Err("has a `*` that is not the whole leftmost label".to_owned());
    }
    if exception && wildcard {
        return Err("is both an exception and a wildcard".to_owned());
    }
    if domain.split('.').any(str::is_empty) {
        return Err("has an empty label".to_owned());
    }
    if exception && !domain.contains('.') {
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
    let mut rest = key.as_str();
    while let Some(dot) = rest.find('.') {
        rest = &rest[dot + 1..];
        if !rules.contains_key(rest.as_bytes()) {
            rules.insert(rest.as_bytes().into(), Rules::default());
        }
    }
    Ok(())
}

/// The rule's domain in ASCII, as the URL Standard's host parser puts a host (url.bs "domain
/// to ASCII", beStrict false, and the forbidden domain code points): the list writes its rules
/// in Unicode. A domain of lower-case
/// letters, digits and hyphens with no `xn--` label is its own ASCII form.
fn to_ascii(domain: &str) -> Result<String, String> {
    let plain = domain
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
        && !domain.split('.').any(|label| label.starts_with("xn--"));
    if plain {
        return Ok(domain.to_owned());
    }
    // `AsciiDenyList::URL`: the forbidden domain code points refused, as url.bs does.
    match idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL) {
        Ok(ascii) if !ascii.split('.').any(str::is_empty) => Ok(ascii.into_owned()),
        _ => Err("is not a domain that UTS #46 ToASCII takes".to_owned()),
    }
}
