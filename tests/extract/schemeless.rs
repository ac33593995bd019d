//! `extract --schemeless` held to the peers where they agree: xurls' `Relaxed` and
//! linkify-it's fuzzy links (`fuzzyIP` on), each run over the inputs of both suites
//! (`tests/data/extract/schemeless-agreed.jsonl`, tests/data/PROVENANCE.md); the cases where
//! both answered alike are kept, with their answer: every link of the input, in order.
//!
//! uriesc (`--schemeless --emails`, as both peers find addresses too) must give the same list
//! for 95% of them at least; each case where it does not is listed in [`DIFFER`] with the rule
//! by which it answers otherwise (docs/extract.md, "`--schemeless`").

use serde_json::Value;
use uriesc::extract::{Options, Reader, find};

/// Every URL (or address) the text reader finds in `input`, in order.
fn found(input: &str, options: &Options) -> Vec<String> {
    let mut out = Vec::new();
    find(Reader::Text, input.as_bytes(), options, &mut |f| {
        out.push(String::from_utf8_lossy(f.url).into_owned());
    });
    out
}

#[test]
fn agrees_where_the_peers_agree() {
    let text = std::fs::read_to_string("tests/data/extract/schemeless-agreed.jsonl")
        .expect("the peers' agreed cases");
    let options = Options {
        emails: true,
        schemeless: true,
        ..Options::default()
    };
    let (mut total, mut agree, mut unlisted) = (0, 0, Vec::new());
    let mut listed_seen = Vec::new();
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("a JSON case");
        let input = case["input"].as_str().expect("an input");
        let peers: Vec<String> = case["found"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_str().expect("a URL").to_string())
            .collect();
        let got = found(input, &options);
        total += 1;
        let listed = DIFFER.iter().find(|(i, _)| *i == input);
        if got == peers {
            agree += 1;
            assert!(
                listed.is_none(),
                "{input:?} agrees, but is listed in DIFFER"
            );
            continue;
        }
        match listed {
            Some((_, rule)) => listed_seen.push((input.to_string(), *rule)),
            None => unlisted.push(format!("{input:?}: peers {peers:?}, uriesc {got:?}")),
        }
    }
    crate::util::assert_none_wrong(&unlisted);
    assert_eq!(
        listed_seen.len(),
        DIFFER.len(),
        "a DIFFER case is not in the file"
    );
    assert_eq!(total, 296);
    // At least 95% agree: the bar.
    assert!(agree * 100 >= total * 95, "{agree} of {total} agree");
}

/// The cases where uriesc answers otherwise than both peers on purpose, and the rule by which
/// it does (docs/extract.md says each).
const DIFFER: &[(&str, &str)] = &[
    // A scheme without `//` only from the documented list: `mid:` is not on it.
    ("mid:960830.1639@XIson.com", "authorityless-list"),
    // Full-width `？` ends a sentence in Japanese and Chinese text.
    ("https://shmibbles.me/tmp/自殺でも？.png", "cjk-punctuation"),
    // A host without a scheme is read as RFC 1034 §3.5 letters, digits and `-`.
    ("TEST.FÓO.COM/PÁTH", "schemeless-ldh"),
    ("президент.рф", "schemeless-ldh"),
    // `--emails` is GFM's extended email autolink, which asks no list of top-level domains.
    ("foo@bar.a", "gfm-email"),
];
