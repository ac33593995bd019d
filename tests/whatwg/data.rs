//! `check --whatwg` against the conformance data: Unicode's IdnaTestV2 through the valid-domain
//! check, and WPT's urltestdata, toascii and IdnaTestV2 through the grammar.

use serde_json::Value;
use uriesc::check::Target;
use uriesc::check::whatwg::{self, Base, check_reference, ends_in_a_number, valid_domain};
use uriesc::internals;

/// A column of IdnaTestV2.txt with its `\uXXXX` and `\x{XXXX}` escapes undone.
fn unescape(column: &str) -> String {
    let column = column.trim();
    if column == "\"\"" {
        return String::new();
    }
    let mut out = String::new();
    let mut rest = column;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 1..];
        let (hex, skip) = if let Some(t) = tail.strip_prefix("x{") {
            let end = t.find('}').expect("closing brace");
            (&t[..end], 3 + end)
        } else {
            let t = tail.strip_prefix('u').expect("\\u");
            (&t[..4], 5)
        };
        let n = u32::from_str_radix(hex, 16).expect("hex");
        // A lone surrogate cannot be a Rust string; U+FFFD stands for it (UTS #46 disallows
        // both, so the verdict is the same).
        out.push(char::from_u32(n).unwrap_or('\u{FFFD}'));
        rest = &tail[skip..];
    }
    out.push_str(rest);
    out
}

/// Where `valid_domain` parts from IdnaTestV2 (Unicode 16.0.0), and why.
const DEVIATIONS: [(&str, &str); 1] = [(
    // Punycode for U+32B9A 9 U+A369 U+17D3: U+32B9A is unassigned in Unicode 16.0 (V7,
    // disallowed) and a CJK Unified Ideographs Extension J character in Unicode 17.0, whose
    // data the URL parser's (ada's) IDNA 17.0 tables carry.
    "xn--9-i0j5967eg3qz.ss",
    "unassigned in Unicode 16, assigned in the URL parser's Unicode 17",
)];

/// Unicode 16.0.0 IdnaTestV2.txt: a source is a valid domain (url.bs "Host writing") iff its
/// toAsciiN status is empty (all of VerifyDnsLength, CheckHyphens, CheckJoiners, CheckBidi and
/// UseSTD3ASCIIRules are true under beStrict, so no status is ignored; v16 gives the STD3
/// failures as U1 and the hyphen ones as V2, V3) and the toAsciiN result does not end in a
/// number.
#[test]
fn idna_test_v2_through_valid_domain() {
    let text = include_str!("../data/unicode/IdnaTestV2.txt");
    let (mut lines, mut valid) = (0, 0);
    let mut wrong = Vec::new();
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = data.split(';').map(str::trim).collect();
        assert_eq!(columns.len(), 7, "{line}");
        let source = unescape(columns[0]);
        let to_unicode = if columns[1].is_empty() {
            source.clone()
        } else {
            unescape(columns[1])
        };
        let to_ascii_n = if columns[3].is_empty() {
            to_unicode
        } else {
            unescape(columns[3])
        };
        let status = if columns[4].is_empty() {
            columns[2]
        } else {
            columns[4]
        };
        let expected = matches!(status, "" | "[]") && !ends_in_a_number(to_ascii_n.as_bytes());
        let got = valid_domain(&source);
        lines += 1;
        valid += usize::from(expected);
        if got.is_ok() != expected && !DEVIATIONS.iter().any(|(d, _)| *d == source) {
            wrong.push(format!("{line}\n  got {got:?}"));
        }
    }
    crate::util::assert_none_wrong(&wrong);
    assert_eq!(lines, 6389);
    assert_eq!(valid, 546);
}

/// WPT toascii.json and IdnaTestV2.json give the non-strict domain to ASCII (beStrict false):
/// where it fails, the strict one fails too, so the input is no valid domain.
#[test]
fn wpt_idna_failures_are_no_valid_domains() {
    let mut checked = 0;
    for data in [
        include_str!("../data/wpt/toascii.json"),
        include_str!("../data/wpt/IdnaTestV2.json"),
    ] {
        let data: Value = serde_json::from_str(&without_lone_surrogates(data)).unwrap();
        for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
            let input = case["input"].as_str().unwrap();
            if case["output"].is_null() {
                checked += 1;
                assert!(valid_domain(input).is_err(), "{input:?}");
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// `json` with each `\\uXXXX` escape of a lone surrogate (which no Rust string holds) written
/// as U+FFFD instead: UTS #46 disallows both, so a domain's verdict is the same.
fn without_lone_surrogates(json: &str) -> String {
    let surrogate = |at: &str| {
        let hex = at.strip_prefix("\\u").and_then(|h| h.get(..4))?;
        u16::from_str_radix(hex, 16)
            .ok()
            .filter(|n| (0xD800..=0xDFFF).contains(n))
    };
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    while let Some(p) = json[i..].find("\\u") {
        let at = i + p;
        out.push_str(&json[i..at]);
        match surrogate(&json[at..]) {
            Some(0xD800..=0xDBFF)
                if surrogate(&json[at + 6..]).is_some_and(|low| low >= 0xDC00) =>
            {
                out.push_str(&json[at..at + 12]);
                i = at + 12;
            }
            Some(_) => {
                out.push_str("\\uFFFD");
                i = at + 6;
            }
            None => {
                out.push_str("\\u");
                i = at + 2;
            }
        }
    }
    out.push_str(&json[i..]);
    out
}

/// The kind of base a WPT base URL is, as the grammar switches on it.
fn base_kind(base: &str) -> Base {
    let url = url::Url::parse(base).expect("WPT bases parse");
    match url.scheme() {
        _ if url.cannot_be_a_base() => Base::OpaquePath,
        "http" | "https" | "ws" | "wss" | "ftp" => Base::Special,
        "file" => Base::File,
        _ => Base::NonSpecial,
    }
}

/// The authority of `input` (after `scheme://`, up to `/`, `?` or `#`), if it has one.
fn authority(input: &str) -> Option<&str> {
    let rest = &input[input.find("://")? + 3..];
    Some(&rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())])
}

/// Whether the path of `input` has a single-dot or double-dot URL path segment.
fn dot_segments(input: &str) -> bool {
    let start = input.find("://").map_or(0, |i| i + 3);
    let end = input.find(['?', '#']).unwrap_or(input.len());
    input[start..end.max(start)]
        .split('/')
        .skip(1)
        .any(|segment| {
            [".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"].contains(&&*segment.to_ascii_lowercase())
        })
}

/// Why the href of a valid URL string without a base, `case`, is not the input with its
/// scheme and host lower-cased: what url.bs "URL parsing" and "URL serializing" do besides.
/// `None` where it is just that; `Some("")` where no reason applies.
fn serialization_differs(input: &str, case: &Value) -> Option<&'static str> {
    let href = case["href"].as_str().unwrap();
    // The parser changes no letter's case but the scheme's and the host's.
    if input.eq_ignore_ascii_case(href) {
        return None;
    }
    let field = |key: &str| case[key].as_str().unwrap_or("");
    let scheme = field("protocol").trim_end_matches(':');
    let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&scheme);
    let authority = authority(input);
    let host_and_port = authority.map(|a| a.rsplit(']').next().unwrap_or(a));
    let reasons: [(&str, bool); 7] = [
        (
            "a code point beyond ASCII is percent-encoded, or in a domain mapped to ASCII",
            !input.is_ascii(),
        ),
        (
            "a single-dot or double-dot segment is removed",
            dot_segments(input),
        ),
        (
            "a special scheme's default port, or an empty port, is left out",
            special && field("port").is_empty() && host_and_port.is_some_and(|h| h.contains(':')),
        ),
        (
            "the empty path of a special URL is written '/'",
            special
                && field("pathname") == "/"
                && authority.is_some_and(|a| {
                    !input[input.find(a).unwrap_or(0) + a.len()..].starts_with('/')
                }),
        ),
        (
            "an IPv6 address is serialized compressed",
            input.contains('['),
        ),
        (
            "a special URL's query has ' percent-encoded (the special-query percent-encode set)",
            special && field("search").contains("%27"),
        ),
        (
            "file://localhost is written file://",
            scheme == "file"
                && field("host").is_empty()
                && authority.is_some_and(|a| !a.is_empty()),
        ),
    ];
    Some(
        reasons
            .iter()
            .find(|(_, applies)| *applies)
            .map_or("", |(reason, _)| reason),
    )
}

/// The 891 tests of WPT urltestdata.json (its objects; its strings are comments).
pub(crate) fn urltestdata() -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let cases: Vec<Value> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object())
        .cloned()
        .collect();
    assert_eq!(cases.len(), 891);
    cases
}

/// WPT urltestdata.json, all 891 tests: every input WPT marks `failure` is invalid (without a
/// base, as a URL; with one, against its kind of base); every input the grammar accepts parses
/// (ada, after the grammar: no `failure` problem), and without a base its href is the input
/// with scheme and host lower-cased, or differs for a reason of the URL serializer's, named.
#[test]
fn wpt_urltestdata() {
    let cases = urltestdata();
    let mut wrong = Vec::new();
    let (mut valid, mut valid_with_base, mut same_href) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let failure = case["failure"].as_bool() == Some(true);
        let got = match case["base"].as_str() {
            None => whatwg::check(input.as_bytes(), Target::Uri),
            Some(base) => check_reference(input.as_bytes(), base_kind(base)),
        };
        if matches!(&got, Err(p) if p.rule == "failure") {
            wrong.push(format!(
                "the parser refuses {input:?}, the grammar accepts it"
            ));
        }
        if failure && got.is_ok() {
            wrong.push(format!("accepted failure {input:?}"));
        }
        if got.is_err() || failure {
            continue;
        }
        if !case["base"].is_null() {
            valid_with_base += 1;
            continue;
        }
        valid += 1;
        match serialization_differs(input, &case) {
            None => same_href += 1,
            Some("") => wrong.push(format!("{input:?} serializes as {}", case["href"])),
            Some(reason) => *reasons.entry(reason).or_insert(0) += 1,
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The figures of this data (WPT at the commit PROVENANCE.md names): how many inputs are
    // valid URL strings, and why the href of each valid one without a base differs.
    assert_eq!(
        (valid, same_href, valid_with_base),
        (182, 114, 173),
        "{reasons:#?}"
    );
    assert_eq!(reasons.values().sum::<usize>(), 182 - 114);
}

/// The fast path takes most real URLs, and only ones the grammar finds valid; and on every WPT
/// input it takes, the grammar agrees.
#[test]
fn the_fast_path_takes_real_urls() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let quick: Vec<&str> = urls
        .lines()
        .filter(|l| internals::common_url(l.as_bytes()))
        .collect();
    for line in &quick {
        let grammar = internals::whatwg_check_by_grammar(line.as_bytes(), Target::Uri);
        assert_eq!(grammar, Ok(()), "{line}");
    }
    let total = urls.lines().count();
    assert!(quick.len() * 10 > total * 7, "{} of {total}", quick.len());
    let data: Value = serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let inputs = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str());
    let mut taken = 0;
    for input in inputs.filter(|i| internals::common_url(i.as_bytes())) {
        let grammar = internals::whatwg_check_by_grammar(input.as_bytes(), Target::Uri);
        assert_eq!(grammar, Ok(()), "{input}");
        taken += 1;
    }
    assert!(taken > 20, "{taken}");
}
