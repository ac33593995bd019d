//! url.bs "valid domain": a domain that the domain to ASCII algorithm (url.bs "IDNA") accepts
//! with beStrict true, and that does not end in a number.
//!
//! beStrict runs UTS #46 ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
//! true; the URL parser runs it with the three false (CheckBidi and CheckJoiners true, both
//! times). Both questions go to one UTS #46, the parser's (ada's), so that no choice of
//! dependency versions can make the grammar accept a domain the parser refuses, or the two
//! disagree on which Unicode version a code point is assigned in. The three flags beStrict adds
//! need no Unicode data and are checked here on the parser's ASCII result:
//!
//! - UseSTD3ASCIIRules (UTS #46 §4.1, Validity Criteria): a label holds no ASCII code point but
//!   letters, digits and `-`. Every ASCII code point of a label is in its ASCII form: an ASCII
//!   label is itself, and Punycode copies a label's basic code points before its last `-`
//!   (RFC 3492 §3.1). So the result holds only `[a-z0-9.-]`.
//! - CheckHyphens (§4.1): no `-` first or last in a label, none in both its 3rd and 4th
//!   places; of an `xn--` label, asked of its decoded form.
//! - VerifyDnsLength (§4.2, ToASCII step 4): labels of 1 to 63 bytes, at most 253 in all. As
//!   in Unicode's IdnaTestV2 (status A4_2), a trailing root dot is an empty label, so
//!   `example.com.` is not a valid domain.

use super::refusal;
use crate::check::{Problem, Scan};
use crate::excerpt::quote;
use crate::sets::ByteSet;
use crate::sets::ascii::{ALPHANUM, DIGIT, HEXDIG};

/// What an ASCII domain may hold after UTS #46 maps it (UseSTD3ASCIIRules: letters, digits and
/// `-`; upper case maps to lower), and the dots between labels.
pub(super) const LDH_DOT: ByteSet = ALPHANUM.union(ByteSet::of(b"-."));

/// The longest input ada's ToASCII takes (`ada::idna::max_domain_input_bytes`); it refuses
/// longer ones whatever they map to.
const ADA_INPUT_LIMIT: usize = 16384;

/// Whether `domain` is a valid domain (url.bs "Host writing"); if not, the problem, at a byte
/// offset in `domain`.
///
/// Needs the `whatwg` feature (on by default).
///
/// ```
/// use uriesc::check::whatwg::valid_domain;
///
/// assert!(valid_domain("example.com").is_ok());
/// assert!(valid_domain("bücher.example").is_ok());
/// assert_eq!(valid_domain("a_b.com").unwrap_err().offset, 1);
/// assert!(valid_domain("ab--c.com").is_err()); // UTS #46 CheckHyphens
/// assert!(valid_domain("example.123").is_err()); // ends in a number
/// ```
pub fn valid_domain(domain: &str) -> Result<(), Problem> {
    let scan = Scan::new(domain.as_bytes());
    let b = domain.as_bytes();
    if b.is_empty() {
        return Err(scan.problem(
            0,
            "domain-to-ASCII",
            "a domain cannot be empty (UTS #46 VerifyDnsLength)".into(),
        ));
    }
    // An ASCII character before a combining mark may compose with it (NFC makes '=' and
    // U+0338 one '≠'): such a one is left to ToASCII.
    let disallowed = |i: usize| {
        b[i].is_ascii() && !LDH_DOT.contains(b[i]) && b.get(i + 1).is_none_or(u8::is_ascii)
    };
    if let Some(i) = (0..b.len()).find(|&i| disallowed(i)) {
        return Err(if b[i] == b'%' {
            scan.problem(i, "domain-percent-encoded", percent_encoded(domain))
        } else {
            scan.problem(
                i,
                "domain-to-ASCII",
                format!(
                    "{} is not allowed in a domain (UTS #46 UseSTD3ASCIIRules: letters, \
                     digits and '-' only)",
                    scan.show(i)
                ),
            )
        });
    }
    if domain.is_ascii() {
        ascii_labels(&scan)?;
        // Letters, digits, '-' and '.' in labels that passed the checks above, none of them
        // Punycode: UTS #46 maps each to itself or its lower case in every version (the IDNA
        // Mapping Table's ASCII rows are fixed), and there is no bidi or joiner to check. The
        // parser's ToASCII would give the domain lower-cased; whether that ends in a number
        // can be asked of the domain as it is.
        let punycode = |label: &[u8]| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--");
        if !b.split(|&c| c == b'.').any(punycode) {
            return match ends_in_a_number(b) {
                true => Err(ends_in_a_number_problem(
                    &scan,
                    domain,
                    &domain.to_ascii_lowercase(),
                )),
                false => Ok(()),
            };
        }
    }
    match to_ascii(domain) {
        Err(_) => Err(locate(&scan, domain)),
        Ok(ascii) if ends_in_a_number(ascii.as_bytes()) => {
            Err(ends_in_a_number_problem(&scan, domain, &ascii))
        }
        Ok(_) => Ok(()),
    }
}

/// The problem of `domain`, whose ASCII form `ascii` ends in a number.
fn ends_in_a_number_problem(scan: &Scan, domain: &str, ascii: &str) -> Problem {
    scan.problem(
        0,
        "valid-domain",
        format!(
            "'{}' (to ASCII '{}') ends in a number, so it would be read as an IPv4 address; a \
             domain's last label may not be a number",
            quote(domain.as_bytes()),
            quote(ascii.as_bytes())
        ),
    )
}

/// The ends in a number checker (url.bs "Host parsing") over an ASCII string: its last label,
/// less one trailing empty one, is all digits or `0x` and hex digits (an IPv4 number).
///
/// Needs the `whatwg` feature (on by default).
pub fn ends_in_a_number(s: &[u8]) -> bool {
    let s = s.strip_suffix(b".").unwrap_or(s);
    let last = s.rsplit(|&b| b == b'.').next().unwrap_or(s);
    let hex = last.len() >= 2 && last[0] == b'0' && last[1] | 0x20 == b'x';
    !last.is_empty() && DIGIT.prefix_len(last) == last.len()
        || hex && HEXDIG.prefix_len(&last[2..]) == last.len() - 2
}

/// Why a percent-encoded domain is not a valid domain string, and what its escapes stand for:
/// the parser decodes them first (url.bs "host parsing"), so what they stand for is what it
/// refuses or accepts.
fn percent_encoded(domain: &str) -> String {
    match decoded(domain) {
        Some((d, Ok(()))) => {
            format!("a domain may not be percent-encoded; write its characters: '{d}'")
        }
        Some((d, Err(problem))) => format!(
            "a domain may not be percent-encoded, and what it stands for, '{d}', is no valid \
             domain either: {}",
            problem.message
        ),
        None => "a domain may not be percent-encoded; write its characters".into(),
    }
}

/// `domain` percent-decoded, where that is other text with no '%' left, and whether it is a
/// valid domain.
fn decoded(domain: &str) -> Option<(String, Result<(), Problem>)> {
    let bytes = crate::decode::percent_decode(domain.as_bytes());
    let text = std::str::from_utf8(&bytes)
        .ok()
        .filter(|d| *d != domain && !d.contains('%'))?;
    Some((text.to_string(), valid_domain(text)))
}

/// The UTS #46 rules an ASCII domain can break without decoding Punycode: VerifyDnsLength
/// (labels of 1 to 63 bytes, no trailing dot, at most 253 bytes) and CheckHyphens (no `-`
/// first or last, no `--` in the 3rd and 4th places), the latter left to ToASCII for `xn--`
/// labels, whose decoded form it applies to.
fn ascii_labels(scan: &Scan) -> Result<(), Problem> {
    let b = scan.bytes;
    let hyphens = |i, message: &str| {
        Err(scan.problem(
            i,
            "domain-to-ASCII",
            format!("{message} (UTS #46 CheckHyphens)"),
        ))
    };
    let mut start = 0;
    for label in b.split(|&c| c == b'.') {
        let end = start + label.len();
        if label.is_empty() {
            let message = if end == b.len() && start > 0 {
                "a valid domain does not end in '.' (UTS #46 VerifyDnsLength); remove it"
            } else {
                "a domain label cannot be empty (UTS #46 VerifyDnsLength); remove a '.'"
            };
            return Err(scan.problem(start.min(b.len() - 1), "domain-to-ASCII", message.into()));
        }
        if label.len() > 63 {
            return Err(scan.problem(
                start + 63,
                "domain-to-ASCII",
                format!(
                    "a domain label is at most 63 bytes (UTS #46 VerifyDnsLength); this one \
                     has {}",
                    label.len()
                ),
            ));
        }
        if !label[..label.len().min(4)].eq_ignore_ascii_case(b"xn--") {
            if label[0] == b'-' {
                return hyphens(start, "a domain label may not begin with '-'");
            }
            if label.get(2..4) == Some(b"--") {
                return hyphens(
                    start + 2,
                    "a domain label may not have '--' in its 3rd and 4th places, which mark \
                     an encoded label like xn--",
                );
            }
            if label[label.len() - 1] == b'-' {
                return hyphens(end - 1, "a domain label may not end in '-'");
            }
        }
        start = end + 1;
    }
    if b.len() > 253 {
        return Err(scan.problem(
            253,
            "domain-to-ASCII",
            format!(
                "a domain is at most 253 bytes (UTS #46 VerifyDnsLength); this one has {}",
                b.len()
            ),
        ));
    }
    Ok(())
}

/// Why the strict ToASCII refused a domain.
#[derive(Debug)]
enum Refused {
    /// The parser's ToASCII itself: a code point UTS #46 disallows, Punycode that does not
    /// decode to a valid label, or the joiner or bidi rules (CheckJoiners, CheckBidi).
    ToAscii,
    /// UseSTD3ASCIIRules: the ASCII form holds this character.
    Std3(char),
    /// CheckHyphens.
    Hyphens,
    /// CheckBidi across labels: this label of a Bidi domain name breaks the Bidi Rule.
    Bidi {
        /// Which label, from 0.
        index: usize,
        /// The label, in Unicode.
        label: String,
        /// How many labels the domain has, mapped.
        labels: usize,
        /// The condition it breaks, and the character that breaks it.
        why: String,
    },
    /// VerifyDnsLength: a label of this ASCII form is empty or over 63 bytes.
    Label(String),
    /// VerifyDnsLength: the ASCII form is over 253 bytes.
    Domain(usize),
}

/// UTS #46 ToASCII of `domain` with beStrict's flags: the parser's (`ada_url::Idna`), then
/// the three flags it leaves false, on its result (see the module's docs).
fn to_ascii(domain: &str) -> Result<String, Refused> {
    let ascii = ada_url::Idna::ascii(domain);
    if ascii.is_empty() {
        // ada gives "" for a refusal, and a domain that maps to nothing is empty: refused by
        // VerifyDnsLength, and by the parser.
        return Err(match domain.len() > ADA_INPUT_LIMIT {
            true => Refused::Domain(domain.len()),
            false => Refused::ToAscii,
        });
    }
    if let Some(&c) = ascii.as_bytes().iter().find(|&&c| !LDH_DOT.contains(c)) {
        return Err(Refused::Std3(char::from(c)));
    }
    let mut labels = Vec::new();
    for label in ascii.split('.') {
        if label.is_empty() || label.len() > 63 {
            return Err(Refused::Label(label.into()));
        }
        // RFC 3492 §6.2, decoding: the basic code points before the last delimiter are
        // copied, "if more than zero code points were consumed then consume one more (which
        // will be the last delimiter)": where none comes before it (`xn---0x1f`), the `-` is
        // read as a digit, which it is not, and decoding fails. ada's decoder takes such a
        // label (the idna crate, as the RFC, refuses it).
        if let Some(encoded) = label.strip_prefix("xn--")
            && encoded.rfind('-') == Some(0)
        {
            return Err(Refused::ToAscii);
        }
        let label = match label.starts_with("xn--") {
            true => ada_url::Idna::unicode(label),
            false => label.to_owned(),
        };
        // ToUnicode keeps a label it refuses as it came. ada's ToASCII lets through an `xn--`
        // label that decodes to a code point UTS #46 disallows (`xn--t92s`, U+3E8AC, status
        // V7), which its ToUnicode refuses.
        if label.starts_with("xn--") {
            return Err(Refused::ToAscii);
        }
        let third_and_fourth = label.chars().skip(2).take(2).eq("--".chars());
        if label.starts_with('-') || label.ends_with('-') || third_and_fourth {
            return Err(Refused::Hyphens);
        }
        labels.push(label);
    }
    if let Some((index, why)) = bidi_rule_breaker(&labels) {
        let count = labels.len();
        return Err(Refused::Bidi {
            index,
            label: labels.swap_remove(index),
            labels: count,
            why,
        });
    }
    match ascii.len() > 253 {
        true => Err(Refused::Domain(ascii.len())),
        false => Ok(ascii),
    }
}

/// Why ToASCII refused `domain`, as near as can be told: the first label it refuses on its
/// own, and why; else the whole domain (the bidi rule looks across labels, and a mapping can
/// lengthen a domain past 253 bytes).
fn locate(scan: &Scan, domain: &str) -> Problem {
    // Quoted in messages, cut where it is long.
    let shown = quote(domain.as_bytes());
    let problem = |offset, message: String| scan.problem(offset, "domain-to-ASCII", message);
    let mut start = 0;
    for label in domain.split('.') {
        let why = match to_ascii(label) {
            _ if label.is_empty() => None,
            Ok(_) => None,
            Err(Refused::Label(ascii)) => Some(format!(
                "is {} bytes in ASCII ('{}'), over the 63 of a label (UTS #46 \
                 VerifyDnsLength)",
                ascii.len(),
                quote(ascii.as_bytes())
            )),
            Err(Refused::Domain(len)) => Some(format!(
                "is {len} bytes, over the 253 of a domain (UTS #46 VerifyDnsLength)"
            )),
            Err(Refused::Hyphens) => Some(
                "has a '-' first, last, or in its 3rd and 4th places (UTS #46 CheckHyphens)".into(),
            ),
            // Alone, a label is a Bidi domain name only if it is an RTL label, whose rule ada
            // checks; this is one beside an RTL label, found below.
            Err(Refused::Bidi { .. }) => None,
            Err(Refused::Std3(c)) => Some(format!(
                "maps to '{}', an ASCII character other than a letter, digit or '-' (UTS #46 \
                 UseSTD3ASCIIRules)",
                c.escape_default()
            )),
            Err(Refused::ToAscii) if label.is_ascii() => {
                Some("is not valid Punycode, or decodes to a label UTS #46 does not allow".into())
            }
            Err(Refused::ToAscii) => match refusal::why_refused(label, label) {
                Some((at, why)) => {
                    return problem(
                        start + at,
                        format!("the label '{}' {why}", quote(label.as_bytes())),
                    );
                }
                None => Some(
                    "holds a character UTS #46 disallows, or breaks its joiner or bidi rules"
                        .into(),
                ),
            },
        };
        if let Some(why) = why {
            return problem(
                start,
                format!("the label '{}' {why}", quote(label.as_bytes())),
            );
        }
        start += label.len() + 1;
    }
    match to_ascii(domain) {
        Err(Refused::Domain(len)) => problem(
            0,
            format!(
                "'{shown}' is {len} bytes in ASCII, over the 253 of a domain (UTS #46 \
                 VerifyDnsLength)"
            ),
        ),
        Err(Refused::Bidi {
            index,
            label,
            labels,
            why,
        }) => problem(
            // Where the label is, if mapping made no label and took none away.
            match domain.split('.').count() == labels {
                true => domain.split('.').take(index).map(|l| l.len() + 1).sum(),
                false => 0,
            },
            format!(
                "'{shown}' holds a right-to-left label, so each of its labels is held to \
                 the bidi rule: '{}' {why}",
                quote(label.as_bytes())
            ),
        ),
        Err(Refused::Label(ascii)) if ascii.is_empty() => problem(
            0,
            format!("'{shown}' maps to a domain with an empty label (UTS #46 VerifyDnsLength)"),
        ),
        _ => problem(
            0,
            format!(
                "'{shown}' breaks the bidi rule across its labels (UTS #46 CheckBidi, RFC \
                 5893)"
            ),
        ),
    }
}

/// The first of `labels` (of a domain, in Unicode) that breaks the Bidi Rule (RFC 5893 §2)
/// where the domain is a Bidi domain name, one with an RTL label: a character of bidi class R,
/// AL or AN (RFC 5893 §1.4), and why. UTS #46 CheckBidi holds every label of such a domain to
/// the rule; ada's ToASCII holds each RTL label to it, not the others beside them (`1.걾6.𐱁ې`:
/// `1` begins with EN), hence this.
fn bidi_rule_breaker(labels: &[String]) -> Option<(usize, String)> {
    if labels.iter().all(|label| label.is_ascii()) {
        return None;
    }
    let labels: Vec<Vec<char>> = labels.iter().map(|label| label.chars().collect()).collect();
    if !labels.iter().any(|label| refusal::is_bidi_domain(label)) {
        return None;
    }
    labels
        .iter()
        .enumerate()
        .find_map(|(i, label)| refusal::bidi_rule(label).map(|why| (i, why)))
}
