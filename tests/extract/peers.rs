//! The peers' own suites run through the library's text reader: the tables of xurls
//! (`xurls_test.go`), the linkify crate (`tests/url.rs`, `tests/email.rs`, `tests/domains.rs`)
//! and linkify-it (`test/fixtures/links.txt`, `not_links.txt`), transcribed with provenance
//! into `tests/data/extract/` (tests/data/PROVENANCE.md).
//!
//! Each case's expected answer is the peer's. Where uriesc answers otherwise on purpose, the
//! case is in `tests/data/extract/peers-differ.jsonl`, with uriesc's answer written from the
//! rule that decides, and the rule's name, one of [`RULES`] (docs/extract.md, "Where uriesc
//! answers otherwise than the peers", says each).

use std::collections::HashMap;

use serde_json::Value;
use uriesc::extract::{Kind, Options, Reader, find};

/// Every URL (or address) that the text reader finds in `input`: its offset and text.
fn spans(input: &str, options: Options) -> Vec<(usize, String, Kind)> {
    let mut out = Vec::new();
    find(Reader::Text, input.as_bytes(), &options, &mut |f| {
        let url = String::from_utf8_lossy(f.url).into_owned();
        out.push((f.offset as usize, url, f.kind));
    });
    out
}

/// `input` with each span between `|`s, as the linkify crate's tests show their answers.
fn marked(input: &str, spans: &[(usize, String, Kind)]) -> String {
    let (mut out, mut at) = (String::new(), 0);
    for (offset, url, _) in spans {
        let end = offset + url.len();
        if *offset < at || input.get(*offset..end) != Some(url.as_str()) {
            return format!("{input} (a span not in the input: {url:?})");
        }
        out.push_str(&input[at..*offset]);
        out.push('|');
        out.push_str(url);
        out.push('|');
        at = end;
    }
    out.push_str(&input[at..]);
    out
}

fn cases(file: &str) -> Vec<Value> {
    let path = format!("tests/data/extract/{file}");
    let text = std::fs::read_to_string(&path).expect("the peers' data");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON case"))
        .collect()
}

fn options(emails: bool, schemeless: bool) -> Options {
    Options {
        emails,
        schemeless,
        ..Options::default()
    }
}

/// The cases where uriesc answers otherwise on purpose: (source, case) to uriesc's answer
/// (the first URL, or the input marked) and the rule's name.
fn differs() -> HashMap<(String, String), (Value, String)> {
    let mut all = HashMap::new();
    for case in cases("peers-differ.jsonl") {
        let rule = case["rule"].as_str().unwrap().to_string();
        assert!(RULES.iter().any(|(r, _)| *r == rule), "no rule {rule}");
        let key = (
            case["source"].as_str().unwrap(),
            case["id"].as_str().unwrap(),
        );
        let key = (key.0.to_string(), key.1.to_string());
        assert!(all.insert(key, (case["uriesc"].clone(), rule)).is_none());
    }
    all
}

/// Holds `got` to the peer's answer `peer`, or to uriesc's where [`differs`] lists the case
/// (and `used` counts it); a line for `wrong` where it is neither.
fn judge(
    (source, id): (&str, &str),
    peer: &Value,
    got: &Value,
    differ: &HashMap<(String, String), (Value, String)>,
    used: &mut usize,
) -> Option<String> {
    let listed = differ.get(&(source.to_string(), id.to_string()));
    let want = match listed {
        Some((answer, _)) => {
            *used += 1;
            answer
        }
        None => peer,
    };
    (got != want).then(|| {
        let json = serde_json::json!({"source": source, "id": id, "peer": peer, "uriesc": got});
        json.to_string()
    })
}

/// xurls: the first URL `FindString` gives, by `Strict` (a scheme; uriesc's text reader) and
/// by `Relaxed` (also no scheme, and addresses: `--schemeless --emails`).
#[test]
fn xurls_tables() {
    let (mut wrong, mut run, mut not_run, mut used) = (Vec::new(), 0, 0, 0);
    let differ = differs();
    for case in cases("xurls.jsonl") {
        let regex = case["regex"].as_str().unwrap();
        let opts = match regex {
            "Strict" | "StrictMatchingScheme(AnyScheme)" => options(false, false),
            "Relaxed" => options(true, true),
            // A list of schemes to find is no option of uriesc.
            _ => {
                not_run += 1;
                continue;
            }
        };
        run += 1;
        let input = case["input"].as_str().unwrap();
        let id = format!("{} {regex}", case["at"].as_str().unwrap());
        let got = spans(input, opts).into_iter().next().map(|s| s.1);
        let got = got.map_or(Value::Null, Value::from);
        let key = ("xurls", id.as_str());
        wrong.extend(judge(key, &case["first"], &got, &differ, &mut used));
    }
    crate::util::assert_none_wrong(&wrong);
    // The 10 cases of a chosen list of schemes (`StrictMatchingScheme`) are not run.
    assert_eq!((run, used, not_run), (431, XURLS_DIFFER, 10));
}

/// The linkify crate: each test's input with its links marked, by the finder the test builds.
#[test]
fn linkify_tests() {
    let (mut wrong, mut run, mut not_run, mut used) = (Vec::new(), 0, 0, 0);
    let differ = differs();
    for case in cases("linkify.jsonl") {
        let finder = case["finder"].as_str().unwrap();
        let (opts, keep): (Options, fn(Kind) -> bool) = match finder {
            "urls+emails" => (options(true, false), |_| true),
            "emails" => (options(true, false), |k| k == Kind::Email),
            "schemeless-urls" => (options(false, true), |k| k != Kind::Email),
            "schemeless+emails" => (options(true, true), |_| true),
            // uriesc finds IRIs always, and an address's domain has a `.` (GFM).
            _ => {
                not_run += 1;
                continue;
            }
        };
        run += 1;
        let input = case["input"].as_str().unwrap();
        let id = case["at"].as_str().unwrap();
        let mut found = spans(input, opts);
        found.retain(|s| keep(s.2));
        let got = Value::from(marked(input, &found));
        wrong.extend(judge(
            ("linkify", id),
            &case["marked"],
            &got,
            &differ,
            &mut used,
        ));
    }
    crate::util::assert_none_wrong(&wrong);
    assert_eq!((run, used, not_run), (LINKIFY_RUN, LINKIFY_DIFFER, 17));
}

/// linkify-it: the first link's text (its normalizer off), fuzzy links and emails on
/// (`--schemeless --emails`).
#[test]
fn linkify_it_fixtures() {
    let (mut wrong, mut run, mut used) = (Vec::new(), 0, 0);
    let differ = differs();
    for case in cases("linkify-it.jsonl") {
        run += 1;
        let input = case["input"].as_str().unwrap();
        let id = case["at"].as_str().unwrap();
        let got = spans(input, options(true, true))
            .into_iter()
            .next()
            .map(|s| s.1);
        let got = got.map_or(Value::Null, Value::from);
        wrong.extend(judge(
            ("linkify-it", id),
            &case["first"],
            &got,
            &differ,
            &mut used,
        ));
    }
    crate::util::assert_none_wrong(&wrong);
    assert_eq!((run, used), (155, LINKIFY_IT_DIFFER));
}

/// How many cases of each peer uriesc answers otherwise by a rule (and how many of the linkify
/// crate's are run: those of finders uriesc has).
const XURLS_DIFFER: usize = 83;
const LINKIFY_RUN: usize = 316;
const LINKIFY_DIFFER: usize = 24;
const LINKIFY_IT_DIFFER: usize = 14;

/// The rules by which uriesc answers otherwise than a peer, by name (docs/extract.md says
/// each, and why).
const RULES: &[(&str, &str)] = &[
    (
        "appendix-c-quote",
        "RFC 3986 Appendix C: `\"` delimits a URI in text",
    ),
    (
        "authorityless-list",
        "a scheme without `//` only from the documented list",
    ),
    (
        "cjk-punctuation",
        "full-width and CJK punctuation end a URL",
    ),
    (
        "find-then-check",
        "extract finds by the delimiters; check judges the host",
    ),
    ("gfm-email", "--emails: GFM's extended email autolink rule"),
    (
        "host-after-slashes",
        "after `//`, punctuation cannot begin a URL",
    ),
    (
        "scheme-after-dot",
        "in text a scheme begins after a `.` (prose, `e.g.http://`)",
    ),
    (
        "scheme-glued",
        "RFC 3986 §3.1: a scheme is the whole run of its characters",
    ),
    (
        "scheme-relative",
        "RFC 3986 §4.2: `//host` is a relative reference, no URL in text",
    ),
    (
        "schemeless-ip",
        "--schemeless: an IPv4 address, not an IPv6 one without its brackets",
    ),
    (
        "schemeless-ldh",
        "--schemeless: a name of letters, digits and `-` (RFC 1034 §3.5)",
    ),
    (
        "schemeless-psl",
        "--schemeless: a top-level domain of the Public Suffix List",
    ),
    (
        "uri-characters",
        "a URI character is kept unless it is prose punctuation at the end",
    ),
];
