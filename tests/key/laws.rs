//! The laws of `key`: the key of a key that is a URL (whatwg, rfc3986, safebrowsing) is
//! itself, on random URLs and on the corpus (a SURT, SSURT or signature is no URL: not theirs);
//! one line out per line in; `--unique` keeps the first record of each key, and the same set
//! as `--with-key | sort -u -k1,1` (every profile).

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use uriesc::key::{Options, Profile, Scratch, key};

use crate::util::run;

/// The profiles whose key is a URL. Not `signature`, `surt` or `ssurt`: a signature, a SURT
/// (`org,archive)/goo`) and an SSURT are no URLs, and to key one again means nothing.
const URL_KEYS: [Profile; 3] = [Profile::Whatwg, Profile::Rfc3986, Profile::Safebrowsing];

/// Where `key(key(x)) != key(x)` under `profile`, said for a person; none where `x` has no key.
fn not_idempotent(profile: Profile, record: &[u8]) -> Option<String> {
    let options = Options::new(profile);
    let mut scratch = Scratch::default();
    let mut once = Vec::new();
    key(record, &options, &mut scratch, &mut once).ok()?;
    let mut twice = Vec::new();
    let again = key(&once, &options, &mut scratch, &mut twice);
    (again.is_err() || twice != once).then(|| {
        let show = |b: &[u8]| String::from_utf8_lossy(b).escape_debug().to_string();
        format!(
            "{}: {} then {} ({again:?})",
            profile.name(),
            show(record),
            show(&twice)
        )
    })
}

fn corpus() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/urls-permissive-slice.txt"
    );
    std::fs::read(path).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_key_is_its_own_key(
        url in "[ \t]?(HTTP|http|https|ftp|x-y|mailto)?(:|://|:/)?([a-zA-Z0-9.%@:\\[\\]-]|%2e|%2E|%25|%2f|%23){0,14}(/([a-zA-Z0-9.%~ ?#&=;+-]|\\.\\.|%2e|%2F|%25|%3F|%C3%A9|é){0,16})?",
    ) {
        for profile in URL_KEYS {
            let wrong = not_idempotent(profile, url.as_bytes());
            prop_assert!(wrong.is_none(), "{}", wrong.unwrap_or_default());
        }
    }
}

#[test]
fn a_key_is_its_own_key_on_the_corpus() {
    let corpus = corpus();
    let mut wrong = Vec::new();
    for line in corpus.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        for profile in URL_KEYS {
            wrong.extend(not_idempotent(profile, line));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

#[test]
fn one_line_out_per_line_in_and_unique_keeps_the_first_of_each_key() {
    let corpus = corpus();
    let lines = corpus
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    for profile in Profile::ALL.map(Profile::name) {
        let keys = run(&["key", "--profile", profile], &corpus).stdout;
        let keys: Vec<&[u8]> = keys.split(|&b| b == b'\n').take(lines).collect();
        assert_eq!(keys.len(), lines, "{profile}");
        // The first record of each key, in input order, by the keys above.
        let mut seen = HashSet::new();
        let mut expected = Vec::new();
        for (record, key) in corpus.split(|&b| b == b'\n').zip(&keys) {
            if !key.is_empty() && seen.insert(*key) {
                expected.extend_from_slice(record);
                expected.push(b'\n');
            }
        }
        let unique = run(&["key", "--profile", profile, "--unique"], &corpus);
        assert_eq!(unique.stdout, expected, "{profile}");
        let stderr = String::from_utf8_lossy(&unique.stderr);
        let dropped = format!(
            "{} of",
            lines - keys.iter().filter(|k| k.is_empty()).count() - seen.len()
        );
        assert!(stderr.contains(&dropped), "{profile}: {stderr}");
        // `--with-key | sort -u -k1,1` keeps one record of each key: the same keys.
        let with_key = run(
            &["key", "--profile", profile, "--with-key", "--unique"],
            &corpus,
        )
        .stdout;
        let sorted: BTreeSet<&[u8]> = with_key
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| l.split(|&b| b == b'\t').next().unwrap())
            .collect();
        let all: BTreeSet<&[u8]> = keys.iter().copied().filter(|k| !k.is_empty()).collect();
        assert_eq!(sorted, all, "{profile}");
    }
}
