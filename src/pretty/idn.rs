//! How `pretty-print` shows a host that holds an escape, a byte beyond ASCII, or an `xn--` label
//! asked for in Unicode: one policy, whichever of those forms the host came in.
//!
//! 1. Nothing is decoded that would change the host: an escape that decodes to an ASCII
//!    character other than an unreserved one (a delimiter, a sub-delimiter, `%`, a space or a
//!    control; RFC 3986 §2.2, §2.4), or a raw space or control, leaves the host as it came, its
//!    controls and bytes beyond ASCII percent-encoded.
//! 2. The name is mapped as a browser maps it (UTS #46 ToASCII, the URL Standard's "domain to
//!    ASCII"); a name it refuses, or that it maps to a forbidden domain code point, is shown as
//!    it came too.
//! 3. Each label is shown in Unicode (as UTS #46 ToUnicode gives it) only where the policy of
//!    [`crate::spoof`] (Chromium's IDN display policy) and the list of characters never shown
//!    ([`safe_to_display`]) allow; another is shown as its `xn--` form, as DNS looks it up.
//!    `xn--` labels that came so are shown in Unicode only with `--idna`.
//! 4. If a label is shown in Unicode, the host as shown must not look like a top domain
//!    ([`TopDomains::similar`]); if it does, the whole host is shown in ASCII.
//!
//! So ToASCII of what is shown is the host a browser visits. In a URL whose scheme is not
//! special (the URL Standard's opaque host, RFC 3986's reg-name that need not be DNS), a label
//! is shown in Unicode only as it came, never mapped, and otherwise with its UTF-8
//! percent-encoded.

use super::escape::decode_with;
use crate::excerpt::quote;
use crate::sets::pct_encoded;
use crate::sets::rfc3986::UNRESERVED;
use crate::sets::whatwg::FORBIDDEN_DOMAIN_CODE_POINT;
use crate::spoof::{TopDomains, check_label};
use crate::visible::safe_to_display;

/// Why a host is shown in ASCII: shared, as the reason for a kept host
/// ([`Decided`](super::host::Decided)) is given again for each record that holds it, and only
/// `--explain` reads it.
pub(super) type Reason = std::sync::Arc<str>;

/// Appends the host `raw` as the policy shows it; why a label or the host is shown in ASCII,
/// if one is. `domain`: a special URL's host; `idna`: `xn--` labels asked for in Unicode.
pub(super) fn decide(
    raw: &[u8],
    domain: bool,
    idna: bool,
    top: &TopDomains,
    out: &mut Vec<u8>,
) -> Option<Reason> {
    // The URL parser removes every ASCII tab and newline before it reads (url.bs), and so
    // does the display.
    if raw.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        let read: Vec<u8> = raw
            .iter()
            .copied()
            .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
            .collect();
        return decide(&read, domain, idna, top, out);
    }
    if let Some(why) = changes_host(raw) {
        as_it_came(raw, out);
        return Some(why.into());
    }
    let decoded = crate::decode::percent_decode(raw);
    let Ok(name) = std::str::from_utf8(&decoded) else {
        as_it_came(raw, out);
        return Some("it is not UTF-8".into());
    };
    if name.is_ascii() && !(idna && has_punycode(name)) {
        decode_with(raw, 0, raw.len(), &UNRESERVED, out);
        return None;
    }
    let ascii = match idna::domain_to_ascii(name) {
        Ok(ascii)
            if !ascii
                .bytes()
                .any(|b| FORBIDDEN_DOMAIN_CODE_POINT.contains(b)) =>
        {
            ascii
        }
        Ok(_) => {
            as_it_came(raw, out);
            return Some("UTS #46 maps it to a delimiter of a URL".into());
        }
        Err(_) => {
            as_it_came(raw, out);
            return Some("UTS #46 ToASCII refuses it".into());
        }
    };
    // A name of letters, digits and hyphens (RFC 1123 §2.1) is shown as DNS looks it up; a
    // reg-name that is not one (RFC 3986 §3.2.2 allows sub-delims) keeps its UTF-8 encoded.
    let whole_ascii = |out: &mut Vec<u8>| match domain && ldh(&ascii) {
        true => out.extend_from_slice(ascii.as_bytes()),
        false => as_it_came(raw, out),
    };
    let (unicode, result) = idna::domain_to_unicode(&ascii);
    let inputs: Vec<&str> = name.split('.').collect();
    let asciis: Vec<&str> = ascii.split('.').collect();
    let unicodes: Vec<&str> = unicode.split('.').collect();
    if result.is_err() || inputs.len() != asciis.len() || unicodes.len() != asciis.len() {
        whole_ascii(out);
        return Some(match result {
            Err(_) => "UTS #46 ToUnicode refuses it".into(),
            Ok(()) => "UTS #46 maps a character of it to a dot".into(),
        });
    }
    let tld = (asciis[asciis.len() - 1], unicodes[unicodes.len() - 1]);
    // A special URL's host whose ASCII form is a DNS name may be shown as ToUnicode maps it
    // (RFC 3987 §3.1: the forms are the same name); another only as it came.
    let mapped = domain && ldh(&ascii);
    let mut shown = String::with_capacity(unicode.len());
    let mut refused = None;
    let mut in_unicode = false;
    for (n, ((&input, &a), &u)) in inputs.iter().zip(&asciis).zip(&unicodes).enumerate() {
        if n > 0 {
            shown.push('.');
        }
        // `xn--` labels that came so are shown in Unicode only when asked; ASCII labels as
        // they came (their case kept, only unreserved escapes decoded).
        if input.is_ascii() && (!has_punycode(input) || !idna) {
            shown.push_str(input);
            continue;
        }
        // A label that ToASCII maps to ASCII with no `xn--` (`ｅｘ` is `ex`).
        if !has_punycode(a) && mapped {
            shown.push_str(a);
            continue;
        }
        let refusal = match label_refusal(u, tld) {
            None if !mapped && input != u => {
                Some(format!("UTS #46 maps it to '{}'", quote(u.as_bytes())))
            }
            refusal => refusal,
        };
        match refusal {
            None => {
                shown.push_str(u);
                in_unicode = true;
            }
            Some(why) => {
                match mapped {
                    true => shown.push_str(a),
                    false => shown.push_str(&String::from_utf8_lossy(&encoded(input.as_bytes()))),
                }
                refused.get_or_insert_with(|| format!("label '{}': {why}", quote(u.as_bytes())));
            }
        }
    }
    if in_unicode && let Some(similar) = top.similar(&shown.to_lowercase()) {
        whole_ascii(out);
        let why = crate::spoof::Refusal::TopDomainLookalike(similar.to_owned());
        return Some(format!("host '{}': {why}", quote(shown.as_bytes())).into());
    }
    out.extend_from_slice(shown.as_bytes());
    refused.map(Reason::from)
}

/// Why `label` (as ToUnicode gives it) is not shown in Unicode under the top-level domain `tld`
/// (ASCII, Unicode), if it is not: a character never shown, or Chromium's policy.
fn label_refusal(label: &str, tld: (&str, &str)) -> Option<String> {
    if let Some(c) = label.chars().find(|&c| !safe_to_display(c)) {
        return Some(format!("U+{:04X} is never shown decoded", c as u32));
    }
    // UTS #46 CheckHyphens, which the URL Standard leaves off but Chromium's ToUnicode (ICU's
    // UTS #46, which always checks it) applies before it shows a label: `ру--авто` would pass
    // for an ACE label's `xn--` prefix.
    let mut third = label.chars().skip(2);
    let hyphen_3_4 = third.next() == Some('-') && third.next() == Some('-');
    if label.starts_with('-') || label.ends_with('-') || hyphen_3_4 {
        return Some(
            "a hyphen at its start or end, or in its third and fourth places (UTS #46 CheckHyphens)"
                .into(),
        );
    }
    check_label(label, tld.0, tld.1)
        .err()
        .map(|refusal| refusal.to_string())
}

/// Why decoding `raw` would change the host, if it would: an escape of an ASCII character that
/// is not unreserved, or a raw space or control (the host is not a valid one; it is shown as
/// it came).
fn changes_host(raw: &[u8]) -> Option<String> {
    for (i, &b) in raw.iter().enumerate() {
        match pct_encoded(raw, i) {
            Some(v) if v.is_ascii() && !UNRESERVED.contains(v) => {
                return Some(format!(
                    "'{}' decodes to U+{v:04X}, which would change the host (RFC 3986 §2.2)",
                    String::from_utf8_lossy(&raw[i..i + 3])
                ));
            }
            None if b == b' ' || b.is_ascii_control() => {
                return Some(format!("it holds U+{b:04X}, which no host holds"));
            }
            _ => {}
        }
    }
    None
}

/// Whether `name` is made of letters, digits, hyphens and dots (RFC 1123 §2.1).
fn ldh(name: &str) -> bool {
    name.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

/// Appends `raw` as it came, but for its controls and bytes beyond ASCII, percent-encoded
/// (RFC 3986 §2.1): nothing of it is decoded, and nothing a terminal reads as a command is
/// written.
pub(super) fn as_it_came(raw: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(&encoded(raw));
}

fn encoded(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    for &b in raw {
        if b.is_ascii() && !b.is_ascii_control() {
            out.push(b);
        } else {
            out.extend_from_slice(crate::percent::percent_encode_byte(b).as_bytes());
        }
    }
    out
}

/// Whether a label of `host` is an ACE label (`xn--`, UTS #46 §4, RFC 5890 §2.3.2.1), which
/// `--idna` asks to see in Unicode.
pub(super) fn has_punycode(host: &str) -> bool {
    // Every `xn--` label holds "--": most hosts hold none, and are done with at once.
    let bytes = host.as_bytes();
    if !memchr::memchr_iter(b'-', bytes).any(|i| bytes.get(i + 1) == Some(&b'-')) {
        return false;
    }
    host.split('.')
        .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}
