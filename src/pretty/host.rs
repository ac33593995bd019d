//! Where a record's host is, and how it is shown: one policy for a host wherever its
//! non-ASCII came from (percent-escapes, raw Unicode, or `xn--` labels with `--idna`).
//!
//! A host is shown in Unicode only where it cannot pass for another name, after Chromium's IDN
//! display policy (`components/url_formatter/spoof_checks/idn_spoof_checker.cc`,
//! `IDNSpoofChecker::SafeToDisplayAsUnicode`) and UTS #39: every label
//!
//! - holds no character that is never shown decoded ([`safe_to_display`]);
//! - holds no deviation character (U+00DF ß, U+03C2 ς, U+200C ZWNJ, U+200D ZWJ; UTS #46 §6),
//!   which IDNA 2003 and IDNA 2008 resolve to different names;
//! - is at most "moderately restrictive" (UTS #39 §5.2): a single script, or Latin with Han
//!   and Hiragana/Katakana, Bopomofo or Hangul, or Latin with one other recommended script that
//!   is neither Cyrillic nor Greek; every character in the identifier profile (§3.1). Chromium
//!   asks for "highly restrictive", which refuses that last combination too;
//! - if it holds no ASCII letter, is not a whole-script confusable of a Latin name: its UTS #39
//!   §4 skeleton is not all ASCII (`аррӏе` has the skeleton `apple`), nor is it made only of
//!   the Cyrillic or Greek letters that Chromium lists as Latin look-alikes. Chromium allows such
//!   labels under their script's country TLDs (`.ru`, `.gr`, …); this policy does not.
//!
//! Otherwise the whole host is shown in ASCII: in a special URL (`http`, `https`, `ws`, `wss`,
//! `ftp`, `file`), as UTS #46 ToASCII gives it (the URL Standard's domain to ASCII), the `xn--`
//! name a browser looks up; in another, and where ToASCII gives no DNS name, with its UTF-8
//! percent-encoded (an opaque host; RFC 3986 §3.2.2).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use unicode_security::{RestrictionLevel, RestrictionLevelDetection};

use super::escape::decode_with;
use super::safe_to_display;
use crate::sets::pct_encoded;
use crate::sets::rfc3986::{SCHEME, UNRESERVED};
use crate::uri::Authority;

/// What is known of a record's host from the bytes read so far.
pub(super) enum Head {
    /// The host is at this span; the authority ends before the next bytes.
    Host(Range<usize>),
    /// The record has no authority (RFC 3986 Appendix B), so no host.
    None,
    /// More bytes are needed to tell.
    Incomplete,
}

/// Finds the host of `input` (`complete`: `input` is the whole record): after `scheme://`, in
/// the authority that the first `/`, `?` or `#` ends (RFC 3986 §3, Appendix B).
pub(super) fn head(input: &[u8], complete: bool) -> Head {
    let start = match authority_start(input, complete) {
        Ok(start) => start,
        Err(head) => return head,
    };
    let end = match memchr::memchr3(b'/', b'?', b'#', &input[start..]) {
        Some(n) => start + n,
        None if complete => input.len(),
        None => return Head::Incomplete,
    };
    let host = Authority::split(&input[start..end]).host;
    Head::Host(start + host.start..start + host.end)
}

/// Where the record that the last byte of `upto` is in starts, and where its authority
/// starts, if that byte is in the authority: `upto` starts a record (records end at
/// `terminator`), and ends with that record's first `%` or byte beyond ASCII. Most such bytes
/// are in a path or a query, which the bytes just before tell: the nearest `/`, `?`, `#` or
/// terminator is not the second slash of a `://` (an authority ends at the first `/`, `?` or
/// `#`, RFC 3986 §3.2). Otherwise the record's start is found, and the `://` must be the one
/// after its scheme ([`authority_start`]).
pub(super) fn open_authority(upto: &[u8], terminator: u8) -> Option<(usize, usize)> {
    let before = &upto[..upto.len().saturating_sub(1)];
    let slash = before
        .iter()
        .rposition(|&b| matches!(b, b'/' | b'?' | b'#') || b == terminator)?;
    if before[slash] != b'/' || !before[..slash].ends_with(b":/") {
        return None;
    }
    let start = memchr::memrchr(terminator, &before[..slash]).map_or(0, |n| n + 1);
    authority_start(&before[start..], true)
        .is_ok_and(|authority| start + authority == slash + 1)
        .then_some((start, slash + 1))
}

/// The host of the whole record `value` if it must be decided, given that its authority,
/// which starts at `authority`, is still open at `first`, the record's first `%` or byte
/// beyond ASCII ([`open_authority`]): only if the authority holds an escape or a byte beyond
/// ASCII from `first` on (no escape ends before `first`, nor runs past the authority's end, as
/// `/`, `?` and `#` are no hex digits), and then only if its host holds one
/// ([`unescaped_ascii`]).
pub(super) fn to_decide(value: &[u8], authority: usize, first: usize) -> Option<Range<usize>> {
    // An authority is short: one loop looks for an escape or a byte beyond ASCII and for the
    // end, where `unescaped_ascii` and then a search for the end would take two.
    let mut i = first;
    while let Some(&b) = value.get(i) {
        if !b.is_ascii() || b == b'%' && pct_encoded(value, i).is_some() {
            let end = memchr::memchr3(b'/', b'?', b'#', &value[i..]).map_or(value.len(), |n| i + n);
            let host = Authority::split(&value[authority..end]).host;
            let span = authority + host.start..authority + host.end;
            return (!unescaped_ascii(&value[span.clone()])).then_some(span);
        }
        if b == b'/' || b == b'?' || b == b'#' {
            break;
        }
        i += 1;
    }
    None
}

/// Where the authority of `input` starts, after `scheme://`; or, where there is none or it is
/// too soon to tell, what [`head`] says.
fn authority_start(input: &[u8], complete: bool) -> Result<usize, Head> {
    let more = if complete {
        Head::None
    } else {
        Head::Incomplete
    };
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (§3.1)
    if !input.first().is_some_and(u8::is_ascii_alphabetic) {
        return Err(if input.is_empty() { more } else { Head::None });
    }
    let Some(colon) = input.iter().position(|&b| !SCHEME.contains(b)) else {
        return Err(more);
    };
    if input[colon] != b':' {
        return Err(Head::None);
    }
    let rest = &input[colon + 1..];
    if rest.len() < 2 && b"//".starts_with(rest) {
        return Err(more);
    }
    if !rest.starts_with(b"//") {
        return Err(Head::None);
    }
    Ok(colon + 3)
}

/// Whether the host `raw` is ASCII with no escape (a `%` not followed by two hex digits is
/// none): the common case, which [`show`] writes as it came, so that it may be written as any
/// other bytes.
pub(super) fn unescaped_ascii(raw: &[u8]) -> bool {
    // Hosts are short: a loop costs less than starting `memchr` for each `%`.
    (0..raw.len()).all(|i| raw[i].is_ascii() && (raw[i] != b'%' || pct_encoded(raw, i).is_none()))
}

/// Why a host is shown in ASCII: shared, as the reason for a kept host ([`Decided`]) is given
/// again for each record that holds it, and only `--explain` reads it.
pub(super) type Rule = Arc<str>;

/// Appends the host of `record` at `span` as shown; the reason it is shown in ASCII, if it is
/// for a reason. `idna`: show `xn--` labels in Unicode where the policy allows; `decided`: the
/// hosts decided last, which are not decided again.
pub(super) fn show(
    record: &[u8],
    span: Range<usize>,
    idna: bool,
    decided: &mut Decided,
    out: &mut Vec<u8>,
) -> Option<Rule> {
    let raw = &record[span.clone()];
    // Only a special URL's host is a domain that UTS #46 maps (the URL Standard's host
    // parser); another's is an opaque host, and RFC 3986's reg-name need not be DNS (§3.2.2).
    let scheme = &record[..span.start.saturating_sub(3)];
    let scheme = scheme.split(|&b| b == b':').next().unwrap_or(scheme);
    let domain = [&b"http"[..], b"https", b"ws", b"wss", b"ftp", b"file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme));
    // `xn--` labels are shown in Unicode only in a domain: an opaque host is not decoded.
    let idna = idna && domain;
    // The common case: an ASCII name with no escapes, shown as it came.
    if raw.first() == Some(&b'[') || unescaped_ascii(raw) {
        let unicode_asked = idna && std::str::from_utf8(raw).is_ok_and(has_punycode);
        if !unicode_asked {
            out.extend_from_slice(raw);
            return None;
        }
    }
    decided.show(raw, domain, idna, out)
}

/// The hosts decided most recently, with how each was shown and why: a list of URLs holds few
/// hosts, and the policy's checks (UTS #39's script sets and skeletons) take a microsecond or
/// two a host. Memory is bounded: at most [`Decided::HOSTS`] hosts of up to
/// [`Decided::LONGEST`] bytes each, all forgotten when it is full.
#[derive(Default)]
pub(super) struct Decided {
    /// By whether the host is a special URL's domain and whether `xn--` labels are asked for
    /// in Unicode: the host as it came, as it is shown, and why it is shown in ASCII.
    hosts: [HashMap<Vec<u8>, Shown>; 4],
}

/// A host as it is shown, and why it is shown in ASCII, if it is.
type Shown = (Vec<u8>, Option<Rule>);

impl Decided {
    /// The most hosts kept.
    const HOSTS: usize = 64;
    /// The longest host kept: a DNS name has at most 253 bytes (UTS #46 VerifyDnsLength).
    const LONGEST: usize = 253;

    /// [`decide`], or what it gave the last time for the same host.
    fn show(&mut self, raw: &[u8], domain: bool, idna: bool, out: &mut Vec<u8>) -> Option<Rule> {
        if raw.len() > Decided::LONGEST {
            return decide(raw, domain, idna, out);
        }
        let hosts = &mut self.hosts[usize::from(domain) << 1 | usize::from(idna)];
        if let Some((shown, rule)) = hosts.get(raw) {
            out.extend_from_slice(shown);
            return rule.clone();
        }
        let from = out.len();
        let rule = decide(raw, domain, idna, out);
        if self.hosts.iter().map(HashMap::len).sum::<usize>() >= Decided::HOSTS {
            self.hosts.iter_mut().for_each(HashMap::clear);
        }
        let hosts = &mut self.hosts[usize::from(domain) << 1 | usize::from(idna)];
        hosts.insert(raw.to_vec(), (out[from..].to_vec(), rule.clone()));
        rule
    }
}

/// Whether a label of `host` is an ACE label (`xn--`, UTS #46 §4, RFC 5890 §2.3.2.1), which
/// `--idna` asks to see in Unicode.
fn has_punycode(host: &str) -> bool {
    host.split('.')
        .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}

/// Appends the host `raw`, which holds an escape or a byte beyond ASCII or is asked for in
/// Unicode (`idna`: its `xn--` labels; `domain`: a special URL's), as the policy shows it;
/// why it is shown in ASCII, if it is.
fn decide(raw: &[u8], domain: bool, idna: bool, out: &mut Vec<u8>) -> Option<Rule> {
    let decoded = crate::decode::percent_decode(raw);
    let Ok(name) = std::str::from_utf8(&decoded) else {
        encode_non_ascii(raw, out);
        return Some("it is not UTF-8".into());
    };
    if name.is_ascii() && !(idna && has_punycode(name)) {
        decode_host(raw, out);
        return None;
    }
    let unicode = if idna {
        let (unicode, result) = idna::domain_to_unicode(name);
        if result.is_err() {
            return Some(ascii(
                raw,
                name,
                domain,
                out,
                "UTS #46 ToUnicode refuses it".into(),
            ));
        }
        unicode
    } else {
        name.to_owned()
    };
    if let Some(rule) = unicode.split('.').find_map(label_refusal) {
        return Some(ascii(raw, name, domain, out, rule));
    }
    if idna {
        out.extend_from_slice(unicode.as_bytes());
    } else {
        decode_host(raw, out);
    }
    None
}

/// Appends the host `raw` with the escapes of unreserved and safe non-ASCII characters decoded:
/// others a browser reads otherwise in an opaque host (its forbidden host code points are
/// looked for before the escapes are decoded).
fn decode_host(raw: &[u8], out: &mut Vec<u8>) {
    decode_with(raw, 0, raw.len(), &UNRESERVED, out);
}

/// Appends the ASCII form of the host `name` (as `raw` came; `domain`: a special URL's);
/// gives back `rule`.
fn ascii(raw: &[u8], name: &str, domain: bool, out: &mut Vec<u8>, rule: String) -> Rule {
    // A name of letters, digits and hyphens (RFC 1123 §2.1) is shown as DNS looks it up; a
    // reg-name that is not one (RFC 3986 §3.2.2 allows sub-delims) keeps its UTF-8 encoded.
    let dns = |ascii: &String| {
        ascii
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    };
    match idna::domain_to_ascii(name)
        .ok()
        .filter(|a| domain && dns(a))
    {
        Some(ascii) => out.extend_from_slice(ascii.as_bytes()),
        None => encode_non_ascii(raw, out),
    }
    rule.into()
}

/// Appends `raw` as it came but for its non-ASCII bytes, percent-encoded (RFC 3986 §2.1).
fn encode_non_ascii(raw: &[u8], out: &mut Vec<u8>) {
    for &b in raw {
        if b.is_ascii() {
            out.push(b);
        } else {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
}

/// Why `label` cannot be shown in Unicode, if it cannot (see the module's policy).
fn label_refusal(label: &str) -> Option<String> {
    if label.is_ascii() {
        return None;
    }
    let quoted = |why: String| Some(format!("label '{}': {why}", label.escape_debug()));
    if let Some(c) = label.chars().find(|&c| !safe_to_display(c)) {
        return quoted(format!("U+{:04X} is never shown decoded", c as u32));
    }
    if let Some(c) = label
        .chars()
        .find(|c| matches!(c, '\u{DF}' | '\u{3C2}' | '\u{200C}' | '\u{200D}'))
    {
        return quoted(format!(
            "U+{:04X} is a deviation character (UTS #46 §6)",
            c as u32
        ));
    }
    // Hyphens and digits are of no script; the levels are about letters.
    let letters: String = label
        .chars()
        .filter(|&c| c != '-' && !c.is_ascii_digit())
        .collect();
    let level = letters.as_str().detect_restriction_level();
    if level > RestrictionLevel::ModeratelyRestrictive {
        return quoted(format!(
            "mixes scripts or leaves the identifier profile (UTS #39 §5.2: {level:?})"
        ));
    }
    if !label.chars().any(|c| c.is_ascii_alphabetic()) {
        let skeleton: String = unicode_security::skeleton(label).collect();
        if skeleton.is_ascii() {
            return quoted(format!(
                "a whole-script confusable of the Latin '{skeleton}' (UTS #39 §4)"
            ));
        }
        // Letters whose skeleton is not Latin but that look it in the fonts of an address bar:
        // Chromium's lists for Cyrillic and Greek (`kWholeScriptConfusables`).
        const LATIN_ALIKE: [&str; 2] = ["аысԁеԍһіюјӏорԗԛѕԝхуъьҽпгѵѡ", "αικνρυωηοτ"];
        let lower = label.to_lowercase();
        let only = |set: &str| {
            lower
                .chars()
                .all(|c| c == '-' || c.is_ascii_digit() || set.contains(c))
        };
        if LATIN_ALIKE.iter().any(|set| only(set)) {
            return quoted("made only of letters that look Latin (Chromium's lists)".into());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A host shown from [`Decided`] is shown as [`decide`] shows it, whether it was kept or
    /// forgotten, for a domain or not, with `xn--` labels asked for in Unicode or not; and no
    /// more than [`Decided::HOSTS`] hosts are kept.
    #[test]
    fn a_kept_host_is_shown_as_decided() {
        let hosts: Vec<Vec<u8>> = (0..3 * Decided::HOSTS)
            .map(|n| format!("b%C3%BC{n}.xn--80ak6aa92e.%D0%B0%D1%80%D1%80").into_bytes())
            .chain([
                b"a%2Fb".to_vec(),
                b"%FF".to_vec(),
                "pay\u{440}al".as_bytes().to_vec(),
            ])
            .collect();
        let mut decided = Decided::default();
        for round in 0..2 {
            for (n, raw) in hosts.iter().enumerate() {
                let (domain, idna) = (n % 2 == 0, n % 3 == 0);
                let mut fresh = Vec::new();
                let rule = decide(raw, domain, idna, &mut fresh);
                // The first time it may be decided; the second it is kept.
                for time in 0..2 {
                    let mut kept = Vec::new();
                    let kept_rule = decided.show(raw, domain, idna, &mut kept);
                    assert_eq!(
                        (kept_rule, kept),
                        (rule.clone(), fresh.clone()),
                        "{round} {n} {time}"
                    );
                }
                let held: usize = decided.hosts.iter().map(HashMap::len).sum();
                assert!(held <= Decided::HOSTS, "{held} hosts kept");
            }
        }
    }
}
