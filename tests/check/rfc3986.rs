//! RFC 3986: the grammar against the collected suites and fluent-uri, the fast path against the
//! grammar, and the messages.

use proptest::prelude::*;
use serde_json::Value;
use uriesc::check::{Target, rfc3986};
use uriesc::internals;
use uriesc::sets::{Component, Standard};

use super::{problem, valid};

/// Every URI and URI-reference verdict of the collected suites, as recomputed from the
/// Appendix A grammar in the data (so the RFC 6874 zone IDs and IRIs that some libraries accept
/// count as the grammar says: invalid).
#[test]
fn rfc3986_cases_json_verdicts() {
    let data: Value = serde_json::from_str(include_str!("../data/rfc3986-cases.json")).unwrap();
    let mut wrong = Vec::new();
    let cases = data["uri_references"].as_array().unwrap();
    for case in cases {
        let input = case["input"].as_str().unwrap();
        for (component, key) in [(Target::Uri, "URI"), (Target::Reference, "URI_reference")] {
            let expected = case[key].as_bool().unwrap();
            if valid(Standard::Rfc3986, component, input) != expected {
                wrong.push(format!("{key} {input:?}: expected {expected}"));
            }
        }
    }
    for (key, rule) in [
        ("ipv4address", rfc3986::ipv4address as fn(&[u8]) -> bool),
        ("ipv6address", rfc3986::ipv6address),
    ] {
        for case in data[key].as_array().unwrap() {
            let input = case["input"].as_str().unwrap();
            let expected = case["valid"].as_bool().unwrap();
            if rule(input.as_bytes()) != expected {
                wrong.push(format!("{key} {input:?}: expected {expected}"));
            }
        }
    }
    assert!(
        cases.len() == 441 && wrong.is_empty(),
        "{}",
        wrong.join("\n")
    );
}

fn fluent_verdicts(s: &str) -> (bool, bool) {
    (
        fluent_uri::Uri::parse(s).is_ok(),
        fluent_uri::UriRef::parse(s).is_ok(),
    )
}

fn our_verdicts(s: &str) -> (bool, bool) {
    (
        valid(Standard::Rfc3986, Target::Uri, s),
        valid(Standard::Rfc3986, Target::Reference, s),
    )
}

/// fluent-uri follows RFC 3986 with no leniency: every real URL of the slice gets its verdict.
#[test]
fn rfc3986_agrees_with_fluent_uri_on_real_urls() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let mut disagree = Vec::new();
    let mut invalid = 0;
    for line in urls.lines() {
        if our_verdicts(line) != fluent_verdicts(line) {
            disagree.push(line);
        }
        invalid += usize::from(!our_verdicts(line).1);
    }
    assert!(disagree.is_empty(), "{disagree:#?}");
    assert!(
        invalid > 100,
        "the slice has curl's placeholders: {invalid} invalid"
    );
}

pub(crate) fn uri_like() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "ab1:/?#[]@!$&'()*+,;=-._~%2F %zv.<>\\^`{|}\"é"
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..40)
        .prop_map(|chars| chars.into_iter().collect())
}

pub(crate) fn uri_shaped() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "", "http:", "a+b.c-d:", "1a:", "//", "http://", "s://u:p@",
        ]),
        prop::sample::select(vec![
            "",
            "host",
            "[::1]",
            "[v7.x:y]",
            "[::ffff:1.2.3.4]",
            "[1::2::3]",
            "h:80",
            "h:8a",
            "1.2.3.256",
            "[fe80::1%25en0]",
        ]),
        uri_like(),
    )
        .prop_map(|(a, b, c)| format!("{a}{b}{c}"))
}

/// Bracketed hosts made of what IPv6 addresses are made of, so that every alternative of the
/// IPv6address rule (and the near misses) comes up.
fn ip_literal_like() -> impl Strategy<Value = String> {
    let parts = prop::sample::select(vec![
        "0",
        "1",
        "ab",
        "FFFF",
        "12345",
        "::",
        ":",
        ".",
        "1.2.3.4",
        "255.255.255.255",
        "256.1.1.1",
        "01.2.3.4",
        "v1.x",
        "g",
    ]);
    prop::collection::vec(parts, 0..12).prop_map(|p| format!("http://[{}]/", p.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn rfc3986_ip_literals_agree_with_fluent_uri(s in ip_literal_like()) {
        prop_assert_eq!(our_verdicts(&s), fluent_verdicts(&s), "{:?}", s);
    }

    #[test]
    fn rfc3986_agrees_with_fluent_uri(s in prop_oneof![uri_like(), uri_shaped()]) {
        prop_assert_eq!(our_verdicts(&s), fluent_verdicts(&s), "{:?}", s);
    }

    /// The fast path accepts only what the grammar accepts, and `check` with it gives the
    /// same verdict and problem as the grammar alone.
    #[test]
    fn rfc3986_fast_path_agrees_with_the_grammar(
        s in prop_oneof![uri_like(), uri_shaped(), ip_literal_like()],
        long in "[a-z0-9/]{0,40}",
    ) {
        for s in [s.clone(), format!("http://{long}{s}"), format!("{s}{long}")] {
            let s = s.as_bytes();
            for component in [Target::Uri, Target::Reference] {
                let grammar = internals::rfc3986_check_by_grammar(s, component);
                if internals::common_uri(s) {
                    prop_assert!(grammar.is_ok(), "{:?}", bstr::BStr::new(s));
                }
                prop_assert_eq!(rfc3986::check(s, component), grammar);
            }
        }
    }
}

/// The fast path takes most real URLs (it is there to be fast on them) and only valid ones.
#[test]
fn rfc3986_fast_path_takes_real_urls() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let quick = urls
        .lines()
        .filter(|l| internals::common_uri(l.as_bytes()))
        .count();
    for line in urls.lines().filter(|l| internals::common_uri(l.as_bytes())) {
        assert!(fluent_uri::Uri::parse(line).is_ok(), "{line}");
    }
    let total = urls.lines().count();
    assert!(quick * 10 > total * 7, "{quick} of {total}");
}

#[test]
fn rfc3986_messages_name_the_rule_and_the_fix() {
    let cases: &[(Target, &str, usize, &str)] = &[
        (
            Target::Uri,
            "https://exa mple.com/",
            11,
            "space is not allowed in a host; encode it as %20",
        ),
        (
            Target::Uri,
            "http://h/100%",
            12,
            "'%' must begin an escape like %25",
        ),
        (
            Target::Uri,
            "http://h:http/",
            9,
            "port must be digits, found 'http'",
        ),
        (
            Target::Uri,
            "http://h/[x]",
            9,
            "'[' is only allowed around an IP literal host",
        ),
        (
            Target::Uri,
            "example.com/x",
            0,
            "missing scheme (did you mean a reference? use -c reference)",
        ),
        (Target::Reference, "a:b/c:d?x", 9, "xx"),
        (
            Target::Reference,
            "1a:b",
            2,
            "':' is not allowed in the first segment of a relative reference (write './' before it)",
        ),
        (
            Target::Uri,
            "http://[fe80::1%25en0]/",
            8,
            "zone identifiers",
        ),
        (
            Target::Uri,
            "ht tp://x",
            2,
            "space is not allowed in a scheme",
        ),
        (
            Target::Uri,
            "http://x/a#b#c",
            12,
            "a second '#' is not allowed",
        ),
        (
            Target::Uri,
            "http://x/é",
            9,
            "'é' (U+00E9) is not allowed in a path; encode it as %C3%A9",
        ),
        (
            Target::Component(Component::Host),
            "a:b",
            1,
            "':' is not allowed in a host",
        ),
        (
            Target::Component(Component::Scheme),
            "1http",
            0,
            "a scheme must begin with a letter",
        ),
        (
            Target::Component(Component::Port),
            "80a",
            2,
            "port must be digits",
        ),
    ];
    for &(component, input, offset, message) in cases {
        if message == "xx" {
            assert!(valid(Standard::Rfc3986, component, input), "{input}");
            continue;
        }
        let p = problem(Standard::Rfc3986, component, input);
        assert_eq!(p.offset, offset, "{input}: {p:?}");
        assert!(p.message.contains(message), "{input}: {}", p.message);
    }
}
