//! Why UTS #46 ToASCII refuses a label, told apart for the message: a character the IDNA
//! Mapping Table disallows (UTS #46 §5), the bidi rule (RFC 5893 §2, which UTS #46 §4.1
//! applies with CheckBidi), the joiner rules (RFC 5892 Appendix A, with CheckJoiners) or a
//! combining mark first (§4.1, criterion 5).
//!
//! ToASCII (the parser's, ada's) says only yes or no; the verdict stays its own. This module
//! looks again, after the fact, with UTS #46's mapping (ICU4X's) and the Unicode bidi classes,
//! to name a rule that the label breaks. Where none of these tells, it says
//! nothing, and the caller's general message stands.

use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::{BidiClass, GeneralCategory};

/// Why the WHATWG host parser (which decodes escapes first, then applies UTS #46 ToASCII with
/// CheckBidi and CheckJoiners, url.bs "domain to ASCII") refuses the domain `host`, where one
/// of the rules of this module tells: what it decodes to, and the label and rule.
pub(crate) fn why_the_parser_refuses(host: &str) -> Option<String> {
    let bytes = crate::decode::percent_decode(host.as_bytes());
    let domain = std::str::from_utf8(&bytes).ok()?;
    let why = domain
        .split('.')
        .filter(|label| ada_url::Idna::ascii(label).is_empty())
        .find_map(|label| {
            why_refused(domain, label).map(|(_, why)| format!("the label '{label}' {why}"))
        })
        .or_else(|| bidi_rule_across(domain))?;
    Some(match domain != host {
        true => format!("'{host}' decodes to '{domain}', and {why}"),
        false => why,
    })
}

/// The first reason of the list above that `label` (a label of `domain`, as written) breaks: its
/// byte offset in `label` and what to say of it (a clause that follows "the label '...'").
pub(super) fn why_refused(domain: &str, label: &str) -> Option<(usize, String)> {
    let mapper = Uts46MapperBorrowed::new();
    // Disallowed characters map to U+FFFD (itself disallowed).
    for (i, c) in label.char_indices() {
        if mapper
            .map_normalize(std::iter::once(c))
            .any(|m| m == '\u{FFFD}')
        {
            return Some((
                i,
                format!(
                    "holds '{c}' (U+{:04X}), which UTS #46 disallows (IDNA Mapping Table: \
                     disallowed); remove it",
                    c as u32
                ),
            ));
        }
    }
    let mapped: Vec<char> = mapper.map_normalize(label.chars()).collect();
    let whole: Vec<char> = mapper.map_normalize(domain.chars()).collect();
    if is_bidi_domain(&whole)
        && let Some(why) = bidi_rule(&mapped)
    {
        return Some((0, why));
    }
    if mapped.iter().any(|&c| c == '\u{200C}' || c == '\u{200D}') {
        return Some((
            0,
            "breaks the joiner rules (UTS #46 CheckJoiners, RFC 5892 Appendix A: U+200C ZERO \
             WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER only after a virama, or U+200C \
             between joining letters); remove the joiner"
                .into(),
        ));
    }
    let first = mapped.first().copied()?;
    let mark = matches!(
        CodePointMapData::<GeneralCategory>::new().get(first),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    );
    mark.then(|| {
        (
            0,
            format!(
                "begins with the combining mark U+{:04X}, which must follow a letter (UTS #46 \
                 §4.1, Validity Criteria: no label begins with a mark)",
                first as u32
            ),
        )
    })
}

/// The broken condition of the bidi rule of `domain` (each label mapped by UTS #46), where it is
/// a Bidi domain name: the label and why, for the message of a domain that only breaks the rule
/// across its labels.
pub(super) fn bidi_rule_across(domain: &str) -> Option<String> {
    let mapper = Uts46MapperBorrowed::new();
    let whole: Vec<char> = mapper.map_normalize(domain.chars()).collect();
    if !is_bidi_domain(&whole) {
        return None;
    }
    domain.split('.').find_map(|label| {
        let mapped: Vec<char> = mapper.map_normalize(label.chars()).collect();
        bidi_rule(&mapped).map(|why| format!("the label '{label}' {why}"))
    })
}

fn bidi_class(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

/// The class's short name (UAX #9 Table 4: `L`, `AN`, ...), from ICU4X's property names.
fn class_name(class: BidiClass) -> &'static str {
    icu_properties::PropertyNamesShort::<BidiClass>::new()
        .get(class)
        .unwrap_or("?")
}

/// RFC 5893 §1.4: "a domain name containing at least one character with Bidi_Class R, AL, or
/// AN" (the domain mapped).
pub(super) fn is_bidi_domain(domain: &[char]) -> bool {
    domain.iter().any(|&c| {
        matches!(
            bidi_class(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
        )
    })
}

/// The first of RFC 5893 §2's six conditions that `label` (mapped) breaks, with the character
/// that breaks it, as a clause of a message.
pub(super) fn bidi_rule(label: &[char]) -> Option<String> {
    use BidiClass as C;
    let named = |c: char| {
        format!(
            "'{c}' (U+{:04X}, class {})",
            c as u32,
            class_name(bidi_class(c))
        )
    };
    let broken = |n: u8, what: String| {
        Some(format!(
            "breaks the bidi rule (RFC 5893 §2, condition {n}, which UTS #46 applies with \
             CheckBidi): {what}"
        ))
    };
    let &first = label.first()?;
    let rtl = match bidi_class(first) {
        C::LeftToRight => false,
        C::RightToLeft | C::ArabicLetter => true,
        _ => {
            return broken(
                1,
                format!(
                    "it begins with {}, and a label of a domain with right-to-left characters \
                     begins with a letter of class L, R or AL",
                    named(first)
                ),
            );
        }
    };
    let allowed: &[BidiClass] = match rtl {
        true => &[
            C::RightToLeft,
            C::ArabicLetter,
            C::ArabicNumber,
            C::EuropeanNumber,
            C::EuropeanSeparator,
            C::CommonSeparator,
            C::EuropeanTerminator,
            C::OtherNeutral,
            C::BoundaryNeutral,
            C::NonspacingMark,
        ],
        false => &[
            C::LeftToRight,
            C::EuropeanNumber,
            C::EuropeanSeparator,
            C::CommonSeparator,
            C::EuropeanTerminator,
            C::OtherNeutral,
            C::BoundaryNeutral,
            C::NonspacingMark,
        ],
    };
    let (direction, n) = if rtl {
        ("right-to-left", 2)
    } else {
        ("left-to-right", 5)
    };
    if let Some(&c) = label.iter().find(|&&c| !allowed.contains(&bidi_class(c))) {
        return broken(n, format!("{} may not be in a {direction} label", named(c)));
    }
    let last = label
        .iter()
        .rev()
        .find(|&&c| bidi_class(c) != C::NonspacingMark);
    let ends: &[BidiClass] = match rtl {
        true => &[
            C::RightToLeft,
            C::ArabicLetter,
            C::EuropeanNumber,
            C::ArabicNumber,
        ],
        false => &[C::LeftToRight, C::EuropeanNumber],
    };
    if let Some(&c) = last.filter(|&&c| !ends.contains(&bidi_class(c))) {
        let (n, classes) = if rtl {
            (3, "R, AL, EN or AN")
        } else {
            (6, "L or EN")
        };
        return broken(
            n,
            format!(
                "it ends with {}; a {direction} label ends with {classes}",
                named(c)
            ),
        );
    }
    let has = |class| label.iter().any(|&c| bidi_class(c) == class);
    if rtl && has(C::EuropeanNumber) && has(C::ArabicNumber) {
        return broken(
            4,
            "it holds both European (EN) and Arabic-Indic (AN) digits".into(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 5893 §2's conditions, each broken by a label made for it (bidi classes from
    /// UnicodeData.txt: U+05D0 HEBREW LETTER ALEF R, U+0627 ARABIC LETTER ALEF AL, U+0660 and
    /// U+0662 ARABIC-INDIC DIGITs AN, U+0021 '!' ON).
    #[test]
    fn each_condition_of_the_bidi_rule() {
        let condition = |label: &str| {
            let label: Vec<char> = label.chars().collect();
            bidi_rule(&label).map(|why| why[..why.find(", which").unwrap_or(0)].to_string())
        };
        let says = |n: u8| Some(format!("breaks the bidi rule (RFC 5893 §2, condition {n}"));
        assert_eq!(condition("\u{662}\u{660}\u{660}"), says(1));
        assert_eq!(condition("\u{5D0}a"), says(2));
        assert_eq!(condition("\u{5D0}!"), says(3));
        assert_eq!(condition("\u{627}1\u{662}\u{627}"), says(4));
        assert_eq!(condition("a\u{5D0}b"), says(5));
        assert_eq!(condition("a!"), says(6));
        assert_eq!(
            condition("\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629}"),
            None
        );
        assert_eq!(condition("abc1"), None);
    }

    /// A disallowed character is named at its place; a label of valid characters is not
    /// blamed for one.
    #[test]
    fn a_disallowed_character_is_named() {
        // U+FFFF is a noncharacter, disallowed (IdnaMappingTable.txt).
        let (at, why) = why_refused("a\u{FFFF}b", "a\u{FFFF}b").unwrap();
        assert_eq!(at, 1);
        assert!(why.contains("U+FFFF"), "{why}");
        let (at, why) = why_refused("\u{662}\u{660}\u{660}", "\u{662}\u{660}\u{660}").unwrap();
        assert_eq!(at, 0);
        assert!(why.contains("condition 1"), "{why}");
    }

    /// The parser decodes a host before UTS #46: what the escapes stand for is named, and the
    /// rule it breaks.
    #[test]
    fn what_the_parser_refuses_after_decoding() {
        let why = why_the_parser_refuses("%D9%A2%D9%A0%D9%A0.eg").unwrap();
        assert!(why.starts_with("'%D9%A2%D9%A0%D9%A0.eg' decodes to '\u{662}\u{660}\u{660}.eg'"));
        assert!(why.contains("bidi rule (RFC 5893 §2, condition 1"), "{why}");
        // A joiner after a virama is valid (RFC 5892 Appendix A.2): nothing to blame.
        assert_eq!(
            why_the_parser_refuses("\u{915}\u{94D}\u{200D}.example"),
            None
        );
    }
}
