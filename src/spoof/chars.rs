//! The checks of ICU's spoof checker (`uspoof_check`) as Chromium configures it for IDN labels
//! (`IDNSpoofChecker`'s constructor and `SetAllowedUnicodeSet` in
//! `components/url_formatter/spoof_checks/idn_spoof_checker.cc`), after UTS #39:
//!
//! - the allowed characters (§3.1, the General Security Profile: Identifier_Status=Allowed, the
//!   recommended and inclusion sets), less the characters Chromium removes;
//! - the restriction level (§5.2), at most "highly restrictive";
//! - mixed numbers (§5.3: decimal digits of more than one numbering system);
//! - invisible characters (§5.4: a non-spacing mark repeated in one combining sequence);
//! - hidden overlays (ICU's `USPOOF_HIDDEN_OVERLAY`: U+0307 COMBINING DOT ABOVE over a letter
//!   that already has a dot, `i̇`).
//!
//! Script tests read the Script property (`[:Cyrl:]` in ICU's set syntax) or Script_Extensions
//! (`\p{scx=kana}`), UAX #24.

use icu_properties::props::{GeneralCategory, SoftDotted};
use icu_properties::{CodePointMapData, CodePointSetData};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::canonical_combining_class;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// Why ICU's spoof checker, as Chromium sets it up, refuses a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IcuCheck {
    /// A character outside the allowed set (`USPOOF_CHAR_LIMIT`).
    NotAllowed(char),
    /// More script mixing than "highly restrictive" allows (`USPOOF_RESTRICTION_LEVEL`).
    RestrictionLevel,
    /// Digits of more than one numbering system (`USPOOF_MIXED_NUMBERS`).
    MixedNumbers,
    /// A non-spacing mark twice in one combining sequence (`USPOOF_INVISIBLE`).
    Invisible,
    /// U+0307 over a letter with a dot of its own (`USPOOF_HIDDEN_OVERLAY`).
    HiddenOverlay,
}

/// Whether `c` is in Chromium's allowed set: UTS #39's Identifier_Status=Allowed, less the
/// characters `SetAllowedUnicodeSet` removes (the non-Apple list: Apple's five removals are for
/// glyphs its system font draws blank).
pub(crate) fn allowed(c: char) -> bool {
    let removed = matches!(c as u32,
        // Look-alikes of `/`, `-` and quotation marks; NV8 (not valid in IDNA 2008); the
        // historic Kra; modifier letter voicing.
        0x0338 | 0x058A | 0x2010 | 0x2019 | 0x2027 | 0x30A0 | 0x02BB | 0x02BC | 0x02EC | 0x0138
        // Rarely used Latin, Greek and Cyrillic blocks.
        | 0x01CD..=0x01DC | 0x1C80..=0x1C8F | 0x1E00..=0x1E9B | 0x1F00..=0x1FFF
        | 0xA640..=0xA69F | 0xA720..=0xA7FF
        // ZWNJ and ZWJ, restricted from Unicode 15 on.
        | 0x200C | 0x200D);
    !removed && c.identifier_allowed()
}

/// The restriction level of `label` (UTS #39 §5.2) if ICU's checks pass, which leaves
/// [`RestrictionLevel::ASCIIOnly`], [`RestrictionLevel::SingleScript`] or
/// [`RestrictionLevel::HighlyRestrictive`]; otherwise the check that fails.
pub(crate) fn icu_checks(label: &str) -> Result<RestrictionLevel, IcuCheck> {
    if let Some(c) = label.chars().find(|&c| !allowed(c)) {
        return Err(IcuCheck::NotAllowed(c));
    }
    let level = label.detect_restriction_level();
    if level > RestrictionLevel::HighlyRestrictive {
        return Err(IcuCheck::RestrictionLevel);
    }
    if mixed_numbers(label) {
        return Err(IcuCheck::MixedNumbers);
    }
    if repeated_mark(label) {
        return Err(IcuCheck::Invisible);
    }
    if hidden_overlay(label) {
        return Err(IcuCheck::HiddenOverlay);
    }
    Ok(level)
}

fn general_category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// Whether `c` is a non-spacing mark (general category Mn).
pub(crate) fn nonspacing_mark(c: char) -> bool {
    general_category(c) == GeneralCategory::NonspacingMark
}

/// Whether the decimal digits (general category Nd) of `label` come from more than one
/// numbering system. Unicode encodes each system's digits as a run of ten from zero, and runs
/// of Nd that touch (the mathematical digits) in whole tens, so a digit's zero is found by
/// walking back to the start of its run.
fn mixed_numbers(label: &str) -> bool {
    let digit = |n: u32| {
        char::from_u32(n).is_some_and(|c| general_category(c) == GeneralCategory::DecimalNumber)
    };
    let mut zero = None;
    for c in label.chars().filter(|&c| digit(c as u32)) {
        let n = c as u32;
        let mut start = n;
        while start > 0 && digit(start - 1) {
            start -= 1;
        }
        let this = n - (n - start) % 10;
        if zero.is_some_and(|z| z != this) {
            return true;
        }
        zero = Some(this);
    }
    false
}

/// Whether, in NFD, a non-spacing mark appears twice among the marks after one base character
/// (ICU's `USPOOF_INVISIBLE`: the second is drawn over the first and cannot be seen).
fn repeated_mark(label: &str) -> bool {
    let mut marks: Vec<char> = Vec::new();
    for c in label.nfd() {
        if !nonspacing_mark(c) {
            marks.clear();
        } else if marks.contains(&c) {
            return true;
        } else {
            marks.push(c);
        }
    }
    false
}

/// Whether U+0307 COMBINING DOT ABOVE follows a letter that has a dot already (`i`, `j`, `l`,
/// `ı`, `ȷ`, a Soft_Dotted letter, or one whose confusable prototype ends in one), with only
/// marks of other combining classes between (ICU's `findHiddenOverlay`).
fn hidden_overlay(label: &str) -> bool {
    let mut after_dotted = false;
    for c in label.chars() {
        if after_dotted && c == '\u{307}' {
            return true;
        }
        let class = canonical_combining_class(c);
        if class == 0 || class == 230 {
            after_dotted = has_dot(c) || {
                let prototype = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).last();
                prototype.is_some_and(|p| p != c && has_dot(p))
            };
        }
    }
    false
}

fn has_dot(c: char) -> bool {
    matches!(c, 'i' | 'j' | 'l' | 'ı' | 'ȷ') || CodePointSetData::new::<SoftDotted>().contains(c)
}

/// Whether `c` has Script_Extensions holding `script` (UAX #24). Characters of the Common and
/// Inherited scripts with no extension list belong to no script here, as in ICU's
/// `\p{scx=…}`.
pub(crate) fn scx(c: char, script: Script) -> bool {
    let ext = c.script_extension();
    !ext.is_common() && !ext.is_inherited() && ext.contains_script(script)
}

/// Whether `c` is of one of the scripts that Chromium's `lgc_letters_n_ascii_` set names
/// (`[[:Latin:][:Greek:][:Cyrillic:][0-9._-][\u0300-\u0339]]`).
pub(crate) fn latin_greek_cyrillic_or_ascii(c: char) -> bool {
    matches!(c.script(), Script::Latin | Script::Greek | Script::Cyrillic)
        || matches!(c, '0'..='9' | '.' | '_' | '-' | '\u{300}'..='\u{339}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UTS #39 §3.1's profile and Chromium's removals.
    #[test]
    fn allowed_set() {
        for c in ['a', '0', '-', 'é', 'я', '中', 'カ'] {
            assert!(allowed(c), "{c:?}");
        }
        // U+2010 HYPHEN, U+0138 KRA, Greek Extended, Latin Extended Additional, ZWJ,
        // and characters outside the profile (a space, `!`, U+2665 BLACK HEART SUIT).
        for c in ['\u{2010}', 'ĸ', 'ᾳ', 'ḷ', '\u{200D}', ' ', '!', '♥'] {
            assert!(!allowed(c), "{c:?}");
        }
    }

    /// Each of ICU's checks, on a label of Chromium's table that it alone refuses.
    #[test]
    fn icu_checks_refuse() {
        assert_eq!(icu_checks("paypαl"), Err(IcuCheck::RestrictionLevel));
        // ASCII 0 with Bengali ২ (U+09E8).
        assert_eq!(icu_checks("0২"), Err(IcuCheck::MixedNumbers));
        // á followed by a second U+0301.
        assert_eq!(icu_checks("á\u{301}"), Err(IcuCheck::Invisible));
        assert_eq!(icu_checks("pi\u{307}xel"), Err(IcuCheck::HiddenOverlay));
        assert_eq!(icu_checks("l\u{307}ace"), Err(IcuCheck::HiddenOverlay));
        assert_eq!(icu_checks("ab♥"), Err(IcuCheck::NotAllowed('♥')));
        assert_eq!(icu_checks("bücher"), Ok(RestrictionLevel::SingleScript));
        assert_eq!(
            icu_checks("héllo中国"),
            Ok(RestrictionLevel::HighlyRestrictive)
        );
        assert_eq!(icu_checks("abc"), Ok(RestrictionLevel::ASCIIOnly));
    }
}
