//! Chromium's data on labels made of one script that can pass for Latin or for digits
//! (`kWholeScriptConfusables`, `digit_lookalikes_` and `kAllowedWholeScriptConfusableWords` in
//! `components/url_formatter/spoof_checks/idn_spoof_checker.cc`): UTS #39 §4's whole-script
//! confusables, narrowed to the letters that look Latin in the fonts of an address bar.

use unicode_script::{Script, UnicodeScript};

/// A script whose letters can spell a Latin-looking label: those letters, and the top-level
/// domains under which the script is expected (there such labels are shown).
struct WholeScript {
    script: Script,
    latin_lookalikes: &'static str,
    tlds: &'static [&'static str],
}

/// Chromium's table (its Linux variant for Thai, whose font there makes more letters look
/// Latin). Every letter is lowercase: labels are compared after UTS #46 mapping.
const WHOLE_SCRIPTS: [WholeScript; 17] = [
    ws(Script::Armenian, "ագզէլհյոսւօՙ", &["am"]),
    ws(
        Script::Cyrillic,
        "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ",
        &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
    ),
    ws(Script::Ethiopic, "ሀሠሰስበነተከዐዕዘጠፐꬅ", &["er", "et"]),
    ws(Script::Georgian, "იოყძხჽჿ", &["ge"]),
    ws(Script::Greek, "αικνρυωηοτ", &["gr"]),
    ws(Script::Hebrew, "דוחיןסװײ׳ﬦ", &["il"]),
    ws(Script::Bengali, "০৭", &[]),
    ws(Script::Devanagari, "ऽ०ॱ", &[]),
    ws(Script::Gujarati, "ડટ૦૧", &[]),
    ws(Script::Gurmukhi, "੦੧", &[]),
    ws(Script::Kannada, "ಽ೦೧", &[]),
    ws(Script::Malayalam, "ടഠധനറ൦", &[]),
    ws(Script::Oriya, "ଠ୦୮", &[]),
    ws(Script::Tamil, "டப௦", &[]),
    ws(Script::Telugu, "౦౧", &[]),
    ws(
        Script::Myanmar,
        "ခဂငထပဝ၀၂ၔၜ\u{1090}\u{1091}\u{1095}\u{1096}\u{1097}",
        &["mm"],
    ),
    ws(Script::Thai, "ทนบพรหเแ๐ดลปฟม", &["th"]),
];

const fn ws(
    script: Script,
    latin_lookalikes: &'static str,
    tlds: &'static [&'static str],
) -> WholeScript {
    WholeScript {
        script,
        latin_lookalikes,
        tlds,
    }
}

/// Words that are whole-script confusables but spell nothing in Latin, which Chromium shows.
const ALLOWED_WORDS: [&str; 9] = [
    "секс",
    "как",
    "коса",
    "курс",
    "парк",
    "такий",
    "укроп",
    "сахарок",
    "покраска",
];

/// The script whose Latin look-alikes alone make up the letters of `label` (of that script),
/// unless the top-level domain (`tld`, as in the host; `tld_unicode`, shown in Unicode) is
/// one where the script is at home, or the label is one of Chromium's allowed words.
pub(crate) fn whole_script_confusable(label: &str, tld: &str, tld_unicode: &str) -> Option<Script> {
    if ALLOWED_WORDS.contains(&label) {
        return None;
    }
    WHOLE_SCRIPTS
        .iter()
        .find(|ws| {
            let mut of_script = label.chars().filter(|c| c.script() == ws.script).peekable();
            let confusable =
                of_script.peek().is_some() && of_script.all(|c| ws.latin_lookalikes.contains(c));
            let at_home =
                tld_unicode.chars().any(|c| c.script() == ws.script) || ws.tlds.contains(&tld);
            confusable && !at_home
        })
        .map(|ws| ws.script)
}

/// Characters that are, or look like, digits: a label of ASCII digits and these, with one of
/// these at least, is refused.
const DIGIT_LOOKALIKES: &str = "θ२২੨੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// Whether `label` is made of digits and digit look-alikes only, with a look-alike at least.
pub(crate) fn digit_lookalike(label: &str) -> bool {
    label
        .chars()
        .all(|c| c.is_ascii_digit() || DIGIT_LOOKALIKES.contains(c))
        && label.chars().any(|c| DIGIT_LOOKALIKES.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of Chromium's table: the same label refused under `.com`, shown under its home TLD.
    #[test]
    fn whole_scripts_at_home() {
        assert_eq!(
            whole_script_confusable("аррӏе", "com", "com"),
            Some(Script::Cyrillic)
        );
        assert_eq!(whole_script_confusable("аррӏе", "ru", "ru"), None);
        // .рф (xn--p1ai) holds Cyrillic letters.
        assert_eq!(whole_script_confusable("аррӏе", "xn--p1ai", "рф"), None);
        assert_eq!(
            whole_script_confusable("ικα", "com", "com"),
            Some(Script::Greek)
        );
        assert_eq!(whole_script_confusable("как", "com", "com"), None);
        // A Cyrillic letter that looks like no Latin one: no confusable.
        assert_eq!(whole_script_confusable("яндекс", "com", "com"), None);
    }

    #[test]
    fn digits() {
        assert!(digit_lookalike("1շ"));
        assert!(digit_lookalike("੨੨੨"));
        assert!(!digit_lookalike("123"));
        assert!(!digit_lookalike("1շa"));
    }
}
