//! `parse --whatwg` against WPT: every urltestdata test's getters through `--format json`, and
//! urlencoded-parser-data's pairs through the JSON's `params` and `{query:NAME}`.

use std::collections::BTreeMap;

use serde_json::Value;

use super::json_lines;
use crate::util::run;

/// The getters WPT lists, which `parse --whatwg --format json` writes under the same names.
pub(crate) const GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Runs `parse --whatwg --format json [--base BASE]` over `inputs`, NUL-separated on stdin:
/// one JSON object per input, and the status.
fn parse_all(base: Option<&str>, inputs: &[&str]) -> (Vec<Value>, Option<i32>) {
    let mut args = vec!["parse", "--whatwg", "--format", "json", "-z"];
    if let Some(base) = base {
        args.extend(["--base", base]);
    }
    let stdin: Vec<u8> = inputs.iter().flat_map(|i| i.bytes().chain([0])).collect();
    let out = run(&args, &stdin);
    let lines = out
        .stdout
        .split(|&b| b == 0)
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("JSON"))
        .collect();
    (lines, out.status.code())
}

/// Every test of WPT urltestdata.json: each getter it lists is the JSON's member of that name;
/// each failure test gives one line, an error, and status 1. Inputs with a NUL (the record
/// separator of `-z`) go one by one with `--whole`.
#[test]
fn wpt_urltestdata_getters() {
    let cases = crate::whatwg::urltestdata();
    // By base, in order: each base is one run.
    let mut by_base: BTreeMap<Option<&str>, Vec<&Value>> = BTreeMap::new();
    let mut with_nul = Vec::new();
    for case in &cases {
        match case["input"].as_str().unwrap().contains('\0') {
            true => with_nul.push(case),
            false => by_base.entry(case["base"].as_str()).or_default().push(case),
        }
    }
    let mut wrong = Vec::new();
    let (mut getters, mut failures) = (0, 0);
    let mut compare = |case: &Value, line: &Value, status: Option<i32>| {
        let input = case["input"].as_str().unwrap();
        if case["failure"].as_bool() == Some(true) {
            failures += 1;
            if !line["error"].is_object() || status != Some(1) {
                wrong.push(format!("{input:?} should fail: {line} (status {status:?})"));
            }
            return;
        }
        for getter in GETTERS {
            if let Some(want) = case.get(getter) {
                getters += 1;
                if &line[getter] != want {
                    wrong.push(format!(
                        "{input:?} {getter}: want {want}, got {}",
                        line[getter]
                    ));
                }
            }
        }
    };
    for (base, cases) in &by_base {
        let inputs: Vec<&str> = cases.iter().map(|c| c["input"].as_str().unwrap()).collect();
        let (lines, status) = parse_all(*base, &inputs);
        assert_eq!(lines.len(), cases.len(), "base {base:?}");
        for (case, line) in cases.iter().zip(&lines) {
            compare(case, line, status);
        }
    }
    for case in with_nul {
        let mut args = vec!["parse", "--whatwg", "--format", "json", "--whole"];
        if let Some(base) = case["base"].as_str() {
            args.extend(["--base", base]);
        }
        let out = run(&args, case["input"].as_str().unwrap().as_bytes());
        let lines = json_lines(&out.stdout);
        assert_eq!(lines.len(), 1);
        compare(case, &lines[0], out.status.code());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        getters > 5000 && failures > 200,
        "{getters} getters, {failures} failures"
    );
}

/// WPT urlencoded-parser-data.json: each input, as the query of a URL, gives its pairs in the
/// JSON's `params`, and the first value of each name through `{query:NAME|decoded}` (where
/// neither holds a control, which the template keeps escaped, nor the `&` and `}` a name in a
/// template cannot hold).
#[test]
fn wpt_urlencoded_pairs() {
    let data: Value =
        serde_json::from_str(include_str!("../data/wpt/urlencoded-parser-data.json")).unwrap();
    let cases = data.as_array().unwrap();
    assert!(cases.len() > 20);
    let mut wrong = Vec::new();
    let mut names = 0;
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let url = format!("http://h/?{input}");
        let (lines, _) = parse_all(None, &[&url]);
        let want = &case["output"];
        if &lines[0]["params"] != want {
            wrong.push(format!(
                "{input:?}: want {want}, got {}",
                lines[0]["params"]
            ));
        }
        for pair in want.as_array().unwrap() {
            let (name, value) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
            let plain = |s: &str| !s.chars().any(|c| c.is_control() || "&}|".contains(c));
            let first = want
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p[0] == pair[0])
                .unwrap();
            if !plain(name) || !plain(value) || first != pair || value.contains('\u{FFFD}') {
                continue;
            }
            names += 1;
            let template = format!("{{query:{name}|decoded}}");
            let out = run(&["parse", "-w", "--get", &template, &url], b"");
            let got = String::from_utf8_lossy(&out.stdout);
            if got != format!("{value}\n") {
                wrong.push(format!(
                    "{input:?} {{query:{name}}}: want {value:?}, got {got:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(names > 10, "{names} names looked up");
}
