//! `edit --whatwg` against WPT's `setters_tests.json`: every test's new value through the
//! setter of its attribute, and the URL it gives (`expected.href`).

use serde_json::Value;
use uriesc::edit::Part;
use uriesc::sets::Standard;

use crate::util::{assert_none_wrong, run};

/// WPT's setter tests, by attribute.
fn setters_tests() -> Vec<(String, Value)> {
    let text =
        std::fs::read_to_string("tests/data/wpt/setters_tests.json").expect("setters_tests.json");
    let data: serde_json::Map<String, Value> = serde_json::from_str(&text).expect("JSON");
    let mut tests = Vec::new();
    for (attribute, cases) in data {
        if attribute == "comment" {
            continue;
        }
        for case in cases.as_array().expect("a list of tests") {
            tests.push((attribute.clone(), case.clone()));
        }
    }
    tests
}

/// Every test: `uriesc edit --whatwg --whole --set ATTRIBUTE:=VALUE` with the test's `href` on
/// stdin writes `expected.href`. `:=` gives the value to the setter as it is, as WPT does (with
/// `=` it would be data, and its `%` encoded). A value with a NUL, which no argument can hold,
/// goes through the library's `edit` with the same options. Where the URL changes, the setter
/// took the value: status 0 (where it does not, it may have refused it, which is status 1).
#[test]
fn wpt_setters_give_the_expected_href() {
    let tests = setters_tests();
    assert!(tests.len() >= 270, "{} tests", tests.len());
    let mut wrong = Vec::new();
    let (mut by_cli, mut by_library) = (0, 0);
    for (attribute, case) in &tests {
        let href = case["href"].as_str().unwrap();
        let value = case["new_value"].as_str().unwrap();
        let expected = case["expected"]["href"].as_str().unwrap();
        let (got, status) = match value.contains('\0') {
            false => {
                by_cli += 1;
                let set = format!("{attribute}:={value}");
                let out = run(
                    &["edit", "--whatwg", "--whole", "--set", &set],
                    href.as_bytes(),
                );
                (
                    String::from_utf8_lossy(&out.stdout).into_owned(),
                    out.status.code(),
                )
            }
            true => {
                by_library += 1;
                let part = Part::named(attribute, Standard::Whatwg).unwrap();
                let (result, out) = super::set_whatwg(href.as_bytes(), part, value.as_bytes());
                match result {
                    Ok(()) => (String::from_utf8(out).unwrap(), Some(0)),
                    Err(_) => (href.to_string(), Some(1)),
                }
            }
        };
        // Where the URL changes from what it was (serialized), the setter took the value.
        let before = ada_url::Url::parse(href, None).map(|u| u.href().to_string());
        let changed = before.as_deref() != Ok(expected);
        if got != expected || (changed && status != Some(0)) {
            wrong.push(format!(
                "{attribute} = {value:?} on {href:?}: got {got:?} (status {status:?}), want {expected:?}"
            ));
        }
    }
    eprintln!("{by_cli} setter tests through the command line, {by_library} through the library");
    assert_none_wrong(&wrong);
}
