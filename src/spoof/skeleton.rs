//! The skeletons of a host name that Chromium compares with those of top domains
//! (`SkeletonGenerator::GetSkeletons`, `components/url_formatter/spoof_checks/
//! skeleton_generator.cc`): UTS #39 §4's skeleton, after Chromium's own steps before it:
//!
//! 1. diacritics removed (NFD, non-spacing marks dropped, NFC; `ł`, `ø`, `đ` to `l`, `o`,
//!    `d`) where the name is all Latin, Greek, Cyrillic and `[0-9._-]`;
//! 2. each of `þ`, `œ`, `ł` taken as itself and as each letter pair or letter it looks like
//!    (`b`/`p`, `ce`/`oe`, `l`/`t`), for names of at most 32 UTF-16 units with at most five such
//!    characters, at most 128 variants;
//! 3. Chromium's extra confusables, which confusables.txt lacks (`н` is `h`, `ш` is `w`, …);
//! 4. `ӏ` (U+04CF) read as `l` as well as `i`.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use unicode_normalization::UnicodeNormalization;

use super::chars::{latin_greek_cyrillic_or_ascii, nonspacing_mark};

/// The skeletons of `host` (a trailing dot aside).
pub(crate) fn skeletons(host: &str) -> BTreeSet<String> {
    let host = host.strip_suffix('.').unwrap_or(host);
    // Steps 1 to 4 change nothing in ASCII (the top domains, mostly): only UTS #39's.
    if host.is_ascii() {
        return BTreeSet::from([skeleton(host)]);
    }
    let mut variants = supplemental(&without_diacritics(host));
    if host.contains('ł') {
        variants.extend(supplemental(host));
    }
    let mut skeletons = BTreeSet::new();
    for variant in variants {
        let mapped: String = variant.chars().map(extra_confusable).collect();
        if mapped.contains('ӏ') {
            skeletons.insert(skeleton(&mapped.replace('ӏ', "l")));
        }
        skeletons.insert(skeleton(&mapped));
    }
    skeletons
}

/// UTS #39 §4's skeleton of `s`.
fn skeleton(s: &str) -> String {
    if s.is_ascii()
        && let Some(skeleton) = ascii_skeleton(s)
    {
        return skeleton;
    }
    unicode_security::skeleton(s).collect()
}

/// The skeleton of an ASCII `s` put together from the skeleton of each of its characters,
/// where each of those is ASCII (as those of letters, digits, `.` and `-` are); `None` where
/// one is not. It is UTS #39 §4's: ASCII is its own NFD, so the first NFD changes nothing; the
/// prototypes are mapped a character at a time; and a string of ASCII, all starters, is its
/// own NFD after, as no mark can be reordered across two of them. The general way took 4 ms
/// for the top domains, most of the start of a command that shows a host in Unicode.
fn ascii_skeleton(s: &str) -> Option<String> {
    static OF_EACH: LazyLock<[Option<Box<str>>; 128]> = LazyLock::new(|| {
        std::array::from_fn(|b| {
            let c = char::from(b as u8).to_string();
            let skeleton: String = unicode_security::skeleton(&c).collect();
            skeleton.is_ascii().then(|| skeleton.into())
        })
    });
    let mut skeleton = String::with_capacity(s.len());
    for b in s.bytes() {
        skeleton.push_str(OF_EACH.get(usize::from(b))?.as_deref()?);
    }
    Some(skeleton)
}

/// Step 1, where the whole name is Latin, Greek, Cyrillic and `[0-9._-]`: marks on other
/// scripts are refused before a name comes here.
fn without_diacritics(host: &str) -> String {
    if !host.chars().all(latin_greek_cyrillic_or_ascii) {
        return host.to_owned();
    }
    let bare: String = host.nfd().filter(|&c| !nonspacing_mark(c)).nfc().collect();
    bare.chars()
        .map(|c| match c {
            'ł' => 'l',
            'ø' => 'o',
            'đ' => 'd',
            c => c,
        })
        .collect()
}

/// Step 2: `host` and its variants with `þ`, `œ` and `ł` read as what they look like.
fn supplemental(host: &str) -> Vec<String> {
    let alternatives = |c: char| -> &'static [&'static str] {
        match c {
            'þ' => &["b", "p"],
            'œ' => &["ce", "oe"],
            'ł' => &["l", "t"],
            _ => &[],
        }
    };
    if host.is_empty() || host.encode_utf16().count() > 32 {
        return Vec::new();
    }
    if host
        .chars()
        .filter(|&c| !alternatives(c).is_empty())
        .count()
        > 5
    {
        return Vec::new();
    }
    let mut variants = vec![String::new()];
    for c in host.chars() {
        let mut next = Vec::with_capacity(variants.len());
        for v in &variants {
            next.push(format!("{v}{c}"));
            next.extend(alternatives(c).iter().map(|a| format!("{v}{a}")));
        }
        variants = next;
    }
    variants.sort();
    variants.dedup();
    variants.truncate(128);
    variants
}

/// Step 3: Chromium's `extra_confusable_mapper_`, one character to what it looks like.
fn extra_confusable(c: char) -> String {
    const MAP: [(&str, &str); 30] = [
        ("æӕ", "ae"),
        ("ϼҏ", "p"),
        ("ħнћңҥӈӊԋԧԩ", "h"),
        ("ĸκкқҝҟҡӄԟ", "k"),
        ("ŋпԥกח", "n"),
        ("ŧтҭԏ七丅丆丁", "t"),
        ("ƅьҍвß", "b"),
        ("ωшщพฟພຟ", "w"),
        ("мӎ", "m"),
        ("єҽҿၔ", "e"),
        ("ґ", "r"),
        ("ғӻ", "f"),
        ("ҫင", "c"),
        ("ұ丫", "y"),
        ("χҳӽӿ乂", "x"),
        ("ԃძ", "d"),
        ("ԍဌ", "g"),
        ("ടรຣຮ", "s"),
        ("၂", "j"),
        ("०০੦૦ଠ୦೦စ", "o"),
        ("৭੧૧", "q"),
        ("บບ", "u"),
        ("θ", "0"),
        ("२২੨૨೩೭շ", "2"),
        ("зҙӡउওਤ੩૩౩ဒვპੜკ", "3"),
        ("੫丩ㄐ", "4"),
        ("ճ", "6"),
        ("৪੪୫", "8"),
        ("૭୨౨", "9"),
        ("—一―⸺⸻", "-"),
    ];
    MAP.iter()
        .find(|(from, _)| from.contains(c))
        .map_or_else(|| c.to_string(), |(_, to)| (*to).to_owned())
}

#[cfg(test)]
mod tests {
    use super::skeletons;

    /// The skeleton of ASCII put together a character at a time is UTS #39's, for every top
    /// domain built in and for any ASCII.
    #[test]
    fn ascii_skeletons_are_uts_39s() {
        let uts_39 = |s: &str| unicode_security::skeleton(s).collect::<String>();
        let list = include_str!("data/domains.list");
        let domains: Vec<&str> = list.lines().filter(|l| !l.starts_with('#')).collect();
        assert!(domains.len() > 4000);
        for domain in domains {
            assert_eq!(
                super::ascii_skeleton(domain).as_deref(),
                Some(&*uts_39(domain))
            );
        }
        proptest::proptest!(|(s in "[\\x00-\\x7f]{0,24}")| {
            if let Some(skeleton) = super::ascii_skeleton(&s) {
                proptest::prop_assert_eq!(skeleton, uts_39(&s));
            }
        });
    }

    /// Look-alikes of a Latin name share its skeleton (the rows of Chromium's table that only
    /// the top-domain match refuses).
    #[test]
    fn lookalikes_share_a_skeleton() {
        let of = |s: &str| skeletons(s);
        let digklmo = of("digklmo68.com");
        for spoof in [
            "đigklmo68.com",
            "digkłmo68.com",
            "digklmø68.com",
            "digklmoб8.com",
        ] {
            assert!(
                !of(spoof).is_disjoint(&digklmo),
                "{spoof}: {:?} {digklmo:?}",
                of(spoof)
            );
        }
        assert!(!of("þhktb.com").is_disjoint(&of("phktb.com")));
        assert!(!of("aeœ.com").is_disjoint(&of("aece.com")));
        assert!(!of("аррӏе.com").is_disjoint(&of("apple.com")));
        assert!(of("example.com").is_disjoint(&of("exarnple.org")));
    }
}
