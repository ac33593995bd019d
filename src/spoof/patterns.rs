//! Chromium's dangerous patterns (`IDNSpoofChecker::SafeToDisplayAsUnicode`, the regular
//! expression it builds in `idn_spoof_checker.cc`): characters that pass UTS #39's checks but
//! read as something else beside the characters around them: Kana and Han that look like a
//! slash, a dash or a Latin letter, iteration and prolonged-sound marks out of context,
//! combining marks after characters that do not take them.
//!
//! Each alternative of the expression is one test of a character and its neighbours; they are
//! written as code, not as a regular expression, because they read the Script_Extensions
//! property (`\p{scx=kana}`), which no regular-expression crate of this project's has.

use unicode_script::Script;

use super::chars::scx;

/// Which of Chromium's dangerous patterns a label matches, said for people, if one does.
pub(crate) fn dangerous_pattern(label: &str) -> Option<&'static str> {
    let c: Vec<char> = label.chars().collect();
    let japanese = |c: char| {
        [Script::Katakana, Script::Hiragana, Script::Han]
            .iter()
            .any(|&s| scx(c, s))
    };
    let cjk = |c: char| japanese(c) || scx(c, Script::Bopomofo);
    let kana = |c: char| scx(c, Script::Katakana);
    let hira = |c: char| scx(c, Script::Hiragana);
    let lgc = |c: char| {
        [Script::Latin, Script::Greek, Script::Cyrillic]
            .iter()
            .any(|&s| scx(c, s))
    };
    let before = |i: usize| i.checked_sub(1).map(|j| c[j]);
    let after = |i: usize| c.get(i + 1).copied();
    for (i, &x) in c.iter().enumerate() {
        let (prev, next) = (before(i), after(i));
        // ノ ソ ゾ ン 丶 乀 乁 丿 between two characters that are not Japanese: a slash.
        if matches!(
            x,
            '\u{30CE}'
                | '\u{30F3}'
                | '\u{30BD}'
                | '\u{30BE}'
                | '\u{4E36}'
                | '\u{4E40}'
                | '\u{4E41}'
                | '\u{4E3F}'
        ) && prev.is_some_and(|p| !japanese(p))
            && next.is_some_and(|n| !japanese(n))
        {
            return Some("a Kana or Han look-alike of '/' between non-Japanese characters");
        }
        // ヽ ヾ (Katakana iteration marks) after anything but Katakana.
        if matches!(x, '\u{30FD}' | '\u{30FE}') && !prev.is_some_and(kana) {
            return Some("a Katakana iteration mark not after Katakana");
        }
        // ー (prolonged sound mark) after anything but Kana.
        if x == '\u{30FC}' && !prev.is_some_and(|p| kana(p) || hira(p)) {
            return Some("U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK not after Kana");
        }
        // ・ (Katakana middle dot) beside a Latin letter.
        if x == '\u{30FB}'
            && (prev.is_some_and(|p| p.is_ascii_lowercase())
                || next.is_some_and(|n| n.is_ascii_lowercase()))
        {
            return Some("U+30FB KATAKANA MIDDLE DOT beside a Latin letter");
        }
        // Han and Bopomofo look-alikes of Latin letters and punctuation beside non-CJK.
        if LATIN_LOOKALIKE_CJK.contains(&x)
            && (prev.is_some_and(|p| !cjk(p)) || next.is_some_and(|n| !cjk(n)))
        {
            return Some(
                "a Han or Bopomofo look-alike of a Latin letter or punctuation beside non-CJK characters",
            );
        }
        let combining = matches!(x, '\u{300}'..='\u{339}');
        if combining && prev.is_some_and(|p| !lgc(p)) {
            return Some("a combining mark after a character not Latin, Greek or Cyrillic");
        }
        if combining && prev == Some('\u{131}') {
            return Some("a combining mark over U+0131 LATIN SMALL LETTER DOTLESS I");
        }
        if matches!(x, '\u{3099}' | '\u{309A}') {
            return Some("a combining Kana voiced sound mark");
        }
        if x == '\u{307}' && matches!(prev, Some('i' | 'j' | 'l')) {
            return Some("U+0307 COMBINING DOT ABOVE over i, j or l");
        }
    }
    // へ べ ぺ (Hiragana) inside Katakana, or ヘ ベ ペ (Katakana) inside Hiragana: the two sets
    // are drawn alike.
    let inside = |odd: fn(char) -> bool, rest: &dyn Fn(char) -> bool| {
        c.len() >= 3
            && c[1..c.len() - 1].iter().filter(|&&x| odd(x)).count() == 1
            && c.iter().all(|&x| odd(x) || rest(x))
            && !odd(c[0])
            && !odd(c[c.len() - 1])
    };
    if inside(|x| matches!(x, '\u{3078}'..='\u{307A}'), &kana)
        || inside(|x| matches!(x, '\u{30D8}'..='\u{30DA}'), &hira)
    {
        return Some("a Hiragana へ, べ or ぺ among Katakana, or the Katakana ones among Hiragana");
    }
    None
}

/// U+4E00 一, U+3127 ㄧ, U+4E28 丨, U+4E5B 乛, U+4E03 七, U+4E05 丅, U+5341 十, U+3007 〇,
/// U+3112 ㄒ, U+311A ㄚ, U+311F ㄟ, U+3128 ㄨ, U+3129 ㄩ, U+3108 ㄈ, U+31BA ㆺ, U+31B3 ㆳ,
/// U+5DE5 工, U+31B2 ㆲ, U+8BA0 讠, U+4E01 丁.
const LATIN_LOOKALIKE_CJK: [char; 20] = [
    '\u{4E00}', '\u{3127}', '\u{4E28}', '\u{4E5B}', '\u{4E03}', '\u{4E05}', '\u{5341}', '\u{3007}',
    '\u{3112}', '\u{311A}', '\u{311F}', '\u{3128}', '\u{3129}', '\u{3108}', '\u{31BA}', '\u{31B3}',
    '\u{5DE5}', '\u{31B2}', '\u{8BA0}', '\u{4E01}',
];

#[cfg(test)]
mod tests {
    use super::dangerous_pattern;

    /// Labels of Chromium's table that only a dangerous pattern refuses, and labels beside them
    /// that it shows.
    #[test]
    fn patterns() {
        for refused in [
            "comノevil",
            "abcーdef",
            "ー日本",
            "aヽ",
            "かヽ",
            "一ヽ",
            "abc・def",
            "google一",
            "ip一address",
            "モヒートへブン",
            "pı̀xel",
            "google゙",
        ] {
            assert!(dangerous_pattern(refused).is_some(), "{refused}");
        }
        for shown in ["ヒートへ", "カヽ", "ひらがな", "日本語", "コーヒー", "中国"]
        {
            assert_eq!(dangerous_pattern(shown), None, "{shown}");
        }
    }
}
