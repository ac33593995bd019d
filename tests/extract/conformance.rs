//! The peers' extraction cases (`tests/data/extract/`, provenance in tests/data/PROVENANCE.md):
//! the GFM spec's autolink examples, RFC 3986 Appendix C's, and lychee's extraction tests, each
//! run through `uriesc extract --format json` and held to the URLs the data expects, in order
//! (or as a set, where the peer's test compares a set), and to lychee's line and column.
//!
//! Expected values are the data's; where uriesc answers otherwise by design, the case is
//! listed in [`DIFFERS`] with the rule that decides, and the test holds uriesc to its own
//! answer there (written here from the rule, not from a run).

use serde_json::Value;

use super::extract_json;

/// Cases where uriesc's rule answers otherwise than the peer's test, with uriesc's answer
/// and why (README, "Differences from the peers").
const DIFFERS: &[(&str, &[&str], &str)] = &[
    (
        "markdown::test_underscore_in_urls_end",
        &["https://example.com/"],
        "GFM's extended autolink path validation leaves a trailing `_` out (cmark-gfm, as \
         GitHub renders it); lychee's linkify keeps it",
    ),
    (
        "markdown::test_link_text_checked_with_include_verbatim",
        &["https://example.com"],
        "a link's text is no autolink (GFM) and no code: --include-code reads code, not link \
         text, which lychee's include_verbatim also reads",
    ),
];

/// Cases not run, with why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "wikilinks",
        "wikilinks are no CommonMark or GitHub syntax (lychee's option)",
    ),
    (
        "css",
        "a CSS file is no document extract reads (CSS in HTML is)",
    ),
];

/// The cases of one file.
fn cases(file: &str) -> Vec<Value> {
    let path = format!("tests/data/extract/{file}");
    let text = std::fs::read_to_string(&path).expect("the conformance data");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON case"))
        .collect()
}

/// What uriesc finds in `input` read as `from` with `flags`: each URL with its kind, line,
/// column and offset.
fn found(input: &str, from: &str, flags: &[&str]) -> Vec<Value> {
    let mut args = vec!["extract", "--format", "json", "--from", from];
    args.extend_from_slice(flags);
    extract_json(&args, input.as_bytes())
}

fn urls(found: &[Value]) -> Vec<String> {
    found
        .iter()
        .map(|f| f["url"].as_str().unwrap().to_string())
        .collect()
}

fn expected(case: &Value) -> Vec<String> {
    let list = case["expected"].as_array().expect("an expected list");
    list.iter()
        .map(|u| u.as_str().unwrap().to_string())
        .collect()
}

/// GFM's autolink examples: the links its autolinks make, by kind (the core `<…>` autolinks
/// alone where the extension is off; a link's or image's destination is no autolink).
#[test]
fn gfm_autolink_examples() {
    let mut wrong = Vec::new();
    let all = cases("gfm.jsonl");
    for case in &all {
        let id = format!("{} ({})", case["id"], case["mode"]);
        let input = case["input"].as_str().unwrap();
        let found = found(input, "markdown", &[]);
        if case["expected"].is_null() {
            // A crash test: found is what it is, and the run ended well.
            continue;
        }
        let core = case["mode"] == "commonmark-autolink";
        let links: Vec<Value> = found
            .into_iter()
            .filter(|f| match f["kind"].as_str().unwrap() {
                "autolink" => true,
                "bare" => !core,
                // In core CommonMark, only an address between `<` and `>`.
                "email" => {
                    let (at, len) = (
                        f["offset"].as_u64().unwrap() as usize,
                        f["url"].as_str().unwrap().len(),
                    );
                    let byte = |i: usize| input.as_bytes().get(i).copied();
                    !core
                        || (byte(at.wrapping_sub(1)) == Some(b'<') && byte(at + len) == Some(b'>'))
                }
                _ => false,
            })
            .collect();
        if urls(&links) != expected(case) {
            wrong.push(format!(
                "{id}: {:?} gave {:?}",
                expected(case),
                urls(&links)
            ));
        }
    }
    assert_eq!(all.len(), 72);
    crate::util::assert_none_wrong(&wrong);
}

/// RFC 3986 Appendix C: its example, and each kind of delimiter.
#[test]
fn rfc3986_appendix_c() {
    let mut wrong = Vec::new();
    for case in cases("rfc3986-appendix-c.jsonl") {
        let found = urls(&found(case["input"].as_str().unwrap(), "text", &[]));
        if found != expected(&case) {
            wrong.push(format!(
                "{}: {:?} gave {found:?}",
                case["id"],
                expected(&case)
            ));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

/// lychee's extraction tests: the URLs, in order where its test says so, and each at lychee's
/// line and column, where lychee counts the URL's own place (plain text, HTML attributes,
/// autolinks, code); where it counts a Markdown link's `[` or a CSS `url(`, at the URL's own
/// place, the first time its text comes after that anchor.
#[test]
fn lychee_extraction_tests() {
    let (mut wrong, mut run, mut not_run) = (Vec::new(), 0, 0);
    for case in cases("lychee.jsonl") {
        let id = case["id"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        let options = &case["options"];
        let mode = case["mode"].as_str().unwrap();
        if options["include_wikilinks"] == true || mode == "css" {
            not_run += 1;
            continue;
        }
        let (from, mut flags) = match mode {
            "plaintext" => ("text", vec!["--emails"]),
            "markdown" => ("markdown", vec![]),
            _ => ("html", vec![]),
        };
        if options["include_verbatim"] == true {
            flags.push("--include-code");
        }
        run += 1;
        let found = found(input, from, &flags);
        let mut got = urls(&found);
        let mut want = expected(&case);
        let differs = DIFFERS.iter().find(|(name, ..)| *name == id);
        if let Some((_, answer, _)) = differs {
            want = answer.iter().map(|s| s.to_string()).collect();
        }
        let ordered = case["semantics"].as_str().unwrap().contains("order exact");
        if !ordered || case["exact"] == false {
            got.sort();
            want.sort();
        }
        if got != want {
            wrong.push(format!("{id}: {want:?} gave {got:?}"));
            continue;
        }
        let Some(raw) = case["expected_raw"]
            .as_array()
            .filter(|_| differs.is_none())
        else {
            continue;
        };
        for expected in raw {
            if let Some(problem) = position_problem(input, expected, &found) {
                wrong.push(format!("{id}: {problem}"));
            }
        }
    }
    assert_eq!((run, not_run), (23, 7), "{NOT_RUN:?}");
    crate::util::assert_none_wrong(&wrong);
}

/// Whether uriesc found lychee's URL `expected` where lychee says (see
/// [`lychee_extraction_tests`]).
fn position_problem(input: &str, expected: &Value, found: &[Value]) -> Option<String> {
    let text = expected["text"].as_str()?;
    let (line, column) = (expected["line"].as_u64()?, expected["column"].as_u64()?);
    let start: usize = input
        .split_inclusive('\n')
        .take(line as usize - 1)
        .map(str::len)
        .sum();
    let anchor = start + input[start..].char_indices().nth(column as usize - 1)?.0;
    let elsewhere = input[anchor..].starts_with('[') || input[anchor..].starts_with("url(");
    let (line, column) = match elsewhere {
        false => (line, column),
        true => {
            // The URL's own place: its text's first place after lychee's `[` or `url(`.
            let at = anchor + input[anchor..].find(text)?;
            let line_start = input[..at].rfind('\n').map_or(0, |n| n + 1);
            let line = input[..at].matches('\n').count() as u64 + 1;
            (line, input[line_start..at].chars().count() as u64 + 1)
        }
    };
    let hit = found.iter().any(|f| {
        f["url"] == text && f["line"].as_u64() == Some(line) && f["column"].as_u64() == Some(column)
    });
    (!hit).then(|| format!("{text} not at {line}:{column}: {found:?}"))
}
