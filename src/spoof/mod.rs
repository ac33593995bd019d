//! Whether a domain label can be shown in Unicode without passing for another name: a port of
//! Chromium's IDN display policy (`IDNSpoofChecker::SafeToDisplayAsUnicode` and
//! `GetSimilarTopDomain` in `components/url_formatter/spoof_checks/idn_spoof_checker.cc`, and
//! `IDNToUnicodeWithAdjustmentsImpl` in `components/url_formatter/url_formatter.cc`), which
//! builds on UTS #39 (Unicode Security Mechanisms).
//!
//! [`check_label`] runs Chromium's checks of one label, in Chromium's order:
//!
//! 1. ICU's spoof checks as Chromium configures them (`chars`): allowed characters, restriction
//!    level "highly restrictive" (UTS #39 §5.2), mixed numbers, invisible and hidden-overlay
//!    marks;
//! 2. deviation characters (`ß`, `ς`, ZWNJ, ZWJ; UTS #46 §6). Chromium shows them since it
//!    moved to non-transitional processing; this policy still refuses them (see below);
//! 3. TLD-specific letters: `þ` and `ð` outside `.is` and `.fo`, `ə` outside `.az`;
//! 4. the middle dot `·`, allowed only between two `l`s under `.cat` (RFC 5892 Appendix A.3);
//! 5. for a label of one script, whole-script confusables (`confusables`): letters that all
//!    look Latin, outside the TLDs where the script is at home; then digit look-alikes;
//! 6. for a label of more than one, digit look-alikes; non-ASCII Latin mixed with another script;
//!    and Chromium's dangerous patterns (`patterns`).
//!
//! [`TopDomains::similar`] is the last check, of the whole host: its skeletons against those of
//! Chromium's top domains (`skeleton`, `top_domains`).
//!
//! Where this policy is stricter than Chromium's, and why:
//! - deviation characters are refused in every mode: IDNA 2003 and transitional UTS #46, still
//!   deployed, send `faß.de` to `fass.de`, so the name shown is not the name every resolver
//!   visits;
//! - the Thai look-alikes are Chromium's Linux list (the longer), on every platform.

mod chars;
mod confusables;
mod patterns;
mod skeleton;
mod top_domains;

use std::fmt;

pub use chars::IcuCheck;
pub use top_domains::TopDomains;
use unicode_security::RestrictionLevel;

/// Why a label is kept in ASCII: the name of the check, after Chromium's
/// `IDNSpoofChecker::Result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// ICU's spoof checks (`kICUSpoofChecks`).
    IcuSpoofChecks(IcuCheck),
    /// A deviation character (`kDeviationCharacters`; refused here in every mode).
    DeviationCharacter(char),
    /// A letter allowed only under one country's TLD (`kTLDSpecificCharacters`).
    TldSpecificCharacter(char),
    /// A middle dot not between two `l`s under `.cat` (`kUnsafeMiddleDot`).
    UnsafeMiddleDot,
    /// Letters of one script that all look Latin (`kWholeScriptConfusable`).
    WholeScriptConfusable(&'static str),
    /// Digits and digit look-alikes only (`kDigitLookalikes`).
    DigitLookalikes,
    /// A Latin letter beyond ASCII beside another script (`kNonAsciiLatinCharMixedWithNonLatin`).
    NonAsciiLatinMixedWithNonLatin,
    /// One of Chromium's dangerous patterns (`kDangerousPattern`).
    DangerousPattern(&'static str),
    /// The host looks like a top domain (`kTopDomainLookalike`).
    TopDomainLookalike(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::IcuSpoofChecks(check) => {
                let what = match check {
                    IcuCheck::NotAllowed(c) => {
                        return write!(
                            f,
                            "U+{:04X} is not allowed in an identifier (UTS #39 §3.1; Chromium's allowed set)",
                            *c as u32
                        );
                    }
                    IcuCheck::RestrictionLevel => {
                        "it mixes scripts beyond \"highly restrictive\" (UTS #39 §5.2)"
                    }
                    IcuCheck::MixedNumbers => {
                        "it mixes digits of two numbering systems (UTS #39 §5.3)"
                    }
                    IcuCheck::Invisible => {
                        "a combining mark is repeated where it cannot be seen (UTS #39 §5.4)"
                    }
                    IcuCheck::HiddenOverlay => {
                        "U+0307 COMBINING DOT ABOVE hides over a dotted letter"
                    }
                };
                write!(f, "{what}")
            }
            Refusal::DeviationCharacter(c) => write!(
                f,
                "U+{:04X} is a deviation character: IDNA 2003 resolves it to another name (UTS #46 §6; stricter than Chromium)",
                *c as u32
            ),
            Refusal::TldSpecificCharacter(c) => {
                write!(
                    f,
                    "U+{:04X} is allowed only under its country's TLD (Chromium)",
                    *c as u32
                )
            }
            Refusal::UnsafeMiddleDot => write!(
                f,
                "a middle dot outside Catalan's l·l under .cat (Chromium)"
            ),
            Refusal::WholeScriptConfusable(script) => write!(
                f,
                "a whole-script confusable: its {script} letters all look Latin (UTS #39 §4; Chromium's list)"
            ),
            Refusal::DigitLookalikes => {
                write!(f, "made of digits and digit look-alikes (Chromium)")
            }
            Refusal::NonAsciiLatinMixedWithNonLatin => {
                write!(
                    f,
                    "a Latin letter beyond ASCII beside another script (Chromium)"
                )
            }
            Refusal::DangerousPattern(what) => write!(f, "{what} (Chromium's dangerous patterns)"),
            Refusal::TopDomainLookalike(domain) => {
                write!(
                    f,
                    "it looks like the top domain {domain} (UTS #39 skeletons; Chromium's top domains)"
                )
            }
        }
    }
}

/// Whether `label` (in Unicode, as UTS #46 ToUnicode gives it) may be shown so, under the
/// top-level domain `tld` (as the host has it, ASCII) that shows as `tld_unicode`.
///
/// ```
/// use uriesc::spoof::{Refusal, check_label};
///
/// assert_eq!(check_label("bücher", "de", "de"), Ok(()));
/// assert_eq!(check_label("中文", "com", "com"), Ok(()));
/// // Cyrillic а, р, ӏ, е: all look Latin, outside a Cyrillic TLD.
/// assert!(matches!(check_label("аррӏе", "com", "com"), Err(Refusal::WholeScriptConfusable(_))));
/// assert_eq!(check_label("аррӏе", "ru", "ru"), Ok(()));
/// ```
pub fn check_label(label: &str, tld: &str, tld_unicode: &str) -> Result<(), Refusal> {
    let level = chars::icu_checks(label).map_err(Refusal::IcuSpoofChecks)?;
    if let Some(c) = label
        .chars()
        .find(|c| matches!(c, 'ß' | 'ς' | '\u{200C}' | '\u{200D}'))
    {
        return Err(Refusal::DeviationCharacter(c));
    }
    let long = label.encode_utf16().count() > 1;
    if let Some(c) = label
        .chars()
        .find(|c| matches!(c, 'þ' | 'ð'))
        .filter(|_| long && tld != "is" && tld != "fo")
    {
        return Err(Refusal::TldSpecificCharacter(c));
    }
    if long && tld != "az" && label.contains('ə') {
        return Err(Refusal::TldSpecificCharacter('ə'));
    }
    if unsafe_middle_dot(label, tld) {
        return Err(Refusal::UnsafeMiddleDot);
    }
    match level {
        RestrictionLevel::ASCIIOnly => return Ok(()),
        RestrictionLevel::SingleScript
            if !label.chars().any(|c| matches!(c, '\u{3078}'..='\u{307A}' | '\u{30D8}'..='\u{30DA}' | '\u{30FB}'..='\u{30FE}' | '\u{300}'..='\u{339}')) =>
        {
            if let Some(script) = confusables::whole_script_confusable(label, tld, tld_unicode) {
                return Err(Refusal::WholeScriptConfusable(script.full_name()));
            }
            if confusables::digit_lookalike(label) {
                return Err(Refusal::DigitLookalikes);
            }
            return Ok(());
        }
        _ => {}
    }
    if confusables::digit_lookalike(label) {
        return Err(Refusal::DigitLookalikes);
    }
    let non_ascii_latin = label.chars().any(|c| {
        !c.is_ascii_alphabetic()
            && unicode_script::UnicodeScript::script(&c) == unicode_script::Script::Latin
    });
    if non_ascii_latin && !label.chars().all(chars::latin_greek_cyrillic_or_ascii) {
        return Err(Refusal::NonAsciiLatinMixedWithNonLatin);
    }
    match patterns::dangerous_pattern(label) {
        Some(what) => Err(Refusal::DangerousPattern(what)),
        None => Ok(()),
    }
}

/// Chromium's `HasUnsafeMiddleDot`: U+00B7 is allowed only under `.cat`, between two `l`s.
fn unsafe_middle_dot(label: &str, tld: &str) -> bool {
    let c: Vec<char> = label.chars().collect();
    (0..c.len()).any(|i| {
        c[i] == '·'
            && (tld != "cat" || i == 0 || i + 1 == c.len() || c[i - 1] != 'l' || c[i + 1] != 'l')
    })
}
