//! `parse --whatwg` against a peer: every getter of the JSON is the `url` crate's (rust-url,
//! the URL Standard's API in its `quirks` module, another implementation than the ada that
//! uriesc uses), whether the URL went through ada or through the fast path that reads the
//! common shape of URL without a parser.

use proptest::prelude::*;
use serde_json::Value;

use super::wpt::GETTERS;
use crate::util::run;

/// The getters of `input` by rust-url, as a JSON object (the failure as `null`).
fn peer_getters(input: &str) -> Value {
    use url::quirks;
    let Ok(url) = url::Url::parse(input) else {
        return Value::Null;
    };
    let values = [
        quirks::href(&url).to_string(),
        quirks::origin(&url),
        quirks::protocol(&url).into(),
        quirks::username(&url).into(),
        quirks::password(&url).into(),
        quirks::host(&url).into(),
        quirks::hostname(&url).into(),
        quirks::port(&url).into(),
        quirks::pathname(&url).into(),
        quirks::search(&url).into(),
        quirks::hash(&url).into(),
    ];
    GETTERS
        .iter()
        .zip(values)
        .map(|(g, v)| (g.to_string(), Value::from(v)))
        .collect()
}

/// Each of `inputs` (one per line) through `parse --whatwg --format json`, compared with
/// rust-url.
fn agrees_with_peer(inputs: &[&str]) -> Vec<String> {
    let stdin: String = inputs.iter().map(|i| format!("{i}\n")).collect();
    let out = run(&["parse", "--whatwg", "--format", "json"], stdin.as_bytes());
    let lines = super::json_lines(&out.stdout);
    assert_eq!(lines.len(), inputs.len());
    let mut wrong = Vec::new();
    for (input, line) in inputs.iter().zip(&lines) {
        let want = peer_getters(input);
        if want.is_null() {
            if !line["error"].is_object() {
                wrong.push(format!(
                    "{input:?}: rust-url refuses it, parse gives {line}"
                ));
            }
            continue;
        }
        for getter in GETTERS {
            if line[getter] != want[getter] {
                wrong.push(format!(
                    "{input:?} {getter}: rust-url {}, parse {}",
                    want[getter], line[getter]
                ));
            }
        }
    }
    wrong
}

#[test]
fn every_getter_is_the_peers_on_real_urls() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let inputs: Vec<&str> = urls.lines().collect();
    let wrong = agrees_with_peer(&inputs);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// URLs of the common shape and near it: cases, ports (default, leading zeros, too big), dot
/// segments, empty paths, queries with `'`, fragments. Not `file`: the fast path takes no
/// file URL, WPT's urltestdata holds the parser to the standard there (`wpt.rs`), and
/// rust-url reads some otherwise (`file://h//` has the path `//` by url.bs "path state",
/// `/` by rust-url 2.5).
pub(crate) fn common_shaped() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["http", "HTTPS", "ws", "wss", "ftp", "foo", "Http"]),
        prop::sample::select(vec![
            "example.com",
            "EXAMPLE.com",
            "a-b.c",
            "xn--bcher-kva.de",
            "1.2",
            "a..b",
            "-a.com",
        ]),
        prop::sample::select(vec![
            "", ":80", ":443", ":021", ":65535", ":65536", ":", ":8080",
        ]),
        prop::collection::vec(
            prop::sample::select(vec![
                "/", "a", ".", "..", "%2e", "%2E.", "b%20c", "?", "#", "'", "&", "=", "x",
            ]),
            0..8,
        ),
    )
        .prop_map(|(scheme, host, port, rest)| format!("{scheme}://{host}{port}{}", rest.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_getter_is_the_peers_near_the_common_shape(
        inputs in prop::collection::vec(common_shaped(), 1..64)
    ) {
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let wrong = agrees_with_peer(&inputs);
        prop_assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

/// `--get '{hostname}'` writes what the JSON's `hostname` is, line for line (an empty line for
/// a URL that does not parse), on every real URL of the slice.
#[test]
fn the_template_agrees_with_the_json() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let json = run(&["parse", "--whatwg", "--format", "json"], urls.as_bytes());
    let get = run(
        &["parse", "--whatwg", "--get", "{hostname}"],
        urls.as_bytes(),
    );
    let hostnames = String::from_utf8(get.stdout).unwrap();
    let lines = super::json_lines(&json.stdout);
    assert_eq!(lines.len(), urls.lines().count());
    assert_eq!(hostnames.lines().count(), lines.len());
    for ((line, hostname), input) in lines.iter().zip(hostnames.lines()).zip(urls.lines()) {
        let want = line["hostname"].as_str().unwrap_or_default();
        assert_eq!(hostname, want, "{input}");
    }
}

/// The whole JSON object of `inputs`, one a line, from the fast path (no base) and from ada's
/// parser (a base, which an absolute URL leaves alone, sends every record through it): the
/// same bytes, derived parts (segments, pairs, public suffix, registrable domain, host shown)
/// included. A URL that fails fails in both, with another message (the parser's names the
/// base).
fn fast_path_writes_the_parsers_object(inputs: &[&str]) -> Vec<String> {
    let stdin: String = inputs.iter().map(|i| format!("{i}\n")).collect();
    let fast = run(&["parse", "--whatwg", "--format", "json"], stdin.as_bytes());
    let parser = run(
        &[
            "parse",
            "--whatwg",
            "--base",
            "http://base.test/",
            "--format",
            "json",
        ],
        stdin.as_bytes(),
    );
    let fast = String::from_utf8(fast.stdout).unwrap();
    let parser = String::from_utf8(parser.stdout).unwrap();
    assert_eq!(fast.lines().count(), inputs.len());
    assert_eq!(parser.lines().count(), inputs.len());
    inputs
        .iter()
        .zip(fast.lines().zip(parser.lines()))
        .filter(|(_, (fast, parser))| {
            let failed = |line: &str| line.starts_with(r#"{"error":"#);
            match failed(fast) {
                true => !failed(parser),
                false => fast != parser,
            }
        })
        .map(|(input, (fast, parser))| format!("{input:?}:\n  fast   {fast}\n  parser {parser}"))
        .collect()
}

/// Paths and queries the common shape allows, built from the pieces that split them.
fn common_with_pairs() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["http", "https", "ws", "ftp"]),
        prop::sample::select(vec![
            "example.com",
            "a.b.example.co.uk",
            "x.github.io",
            "localhost",
            "a.kawasaki.jp",
            "city.kawasaki.jp",
            "com",
        ]),
        prop::collection::vec(
            prop::sample::select(vec!["/", "a", "bc", "%41", "+", "!"]),
            0..6,
        ),
        prop::option::of(prop::collection::vec(
            prop::sample::select(vec!["&", "=", "a", "bb", "%3D", "+", "?", "/"]),
            0..10,
        )),
        prop::option::of(prop::sample::select(vec!["", "f", "&a=b"])),
    )
        .prop_map(|(scheme, host, path, query, fragment)| {
            let mut url = format!("{scheme}://{host}/{}", path.concat());
            if let Some(query) = query {
                url.push('?');
                url.push_str(&query.concat());
            }
            if let Some(fragment) = fragment {
                url.push('#');
                url.push_str(fragment);
            }
            url
        })
}

#[test]
fn the_fast_paths_object_is_the_parsers_on_real_urls() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let mut inputs: Vec<&str> = urls.lines().collect();
    // Longer than the fast layout takes (4,096 bytes): the general writer's.
    let long = format!("http://example.com/{}?a=b", "x/".repeat(3000));
    inputs.push(&long);
    // Just inside it, each with the most the layout writes for a byte: a `/` (a segment's
    // quotes and comma) and `a&` (a pair's brackets, quotes and comma).
    let slashes = format!("http://a.example/{}", "/".repeat(4000));
    let pairs = format!("http://a.example/?{}", "a&".repeat(2030));
    let both = format!(
        "http://a.example/{}?{}",
        "/".repeat(1000),
        "a&".repeat(1500)
    );
    inputs.extend([&slashes[..], &pairs, &both]);
    let wrong = fast_path_writes_the_parsers_object(&inputs);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_fast_paths_object_is_the_parsers(
        inputs in prop::collection::vec(
            prop_oneof![common_shaped(), common_with_pairs()],
            1..64,
        )
    ) {
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let wrong = fast_path_writes_the_parsers_object(&inputs);
        prop_assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
