//! The WHATWG sets against the web-platform-tests URL data in `tests/data/wpt/` (see the
//! PROVENANCE file there).

use serde_json::Value;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::Encoder;
use uriesc::sets::{ByteSet, whatwg};

fn load(name: &str) -> Value {
    let text = match name {
        "setters" => include_str!("../data/wpt/setters_tests.json"),
        "percent-encoding" => include_str!("../data/wpt/percent-encoding.json"),
        "urlencoded" => include_str!("../data/wpt/urlencoded-parser-data.json"),
        _ => unreachable!(),
    };
    serde_json::from_str(text).expect("WPT data parses")
}

/// The setters' full-ASCII cases percent-encode with the parser's own sets, which leave `%`
/// alone; the parser first removes tab and newlines from a pathname, search or hash.
fn setter_case(attribute: &str, comment_has: &str, set: &ByteSet, strip_tab_newline: bool) {
    let data = load("setters");
    let case = data[attribute]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["comment"]
                .as_str()
                .is_some_and(|s| s.contains(comment_has))
                && c["new_value"].as_str().unwrap().contains("09:;<=>?@AZ")
        })
        .unwrap_or_else(|| panic!("no {attribute} case with {comment_has:?}"));
    let mut input = case["new_value"].as_str().unwrap().to_string();
    if strip_tab_newline {
        input.retain(|c| !matches!(c, '\t' | '\n' | '\r'));
    }
    // The hash setter takes a leading '#' off; the pathname setter of `a:/` keeps the '/'.
    let input = input.strip_prefix('#').unwrap_or(&input);
    let expected = case["expected"][attribute].as_str().unwrap();
    let expected = expected.trim_start_matches(['#', '?']);
    let ours = Encoder::new(set).encode_to_vec(input.as_bytes());
    let ours = String::from_utf8(ours).unwrap();
    let ours = if attribute == "pathname" {
        format!("/{ours}")
    } else {
        ours
    };
    assert_eq!(ours, expected, "{attribute}: {comment_has}");
}

#[test]
fn username_setter_uses_the_userinfo_set() {
    setter_case(
        "username",
        "userinfo encode set",
        &whatwg::USERINFO_PERCENT_ENCODE_SET,
        false,
    );
}

#[test]
fn pathname_setter_uses_the_path_set() {
    setter_case(
        "pathname",
        "default encode set",
        &whatwg::PATH_PERCENT_ENCODE_SET,
        true,
    );
}

#[test]
fn search_setter_of_a_non_special_url_uses_the_query_set() {
    setter_case(
        "search",
        "query encode set",
        &whatwg::QUERY_PERCENT_ENCODE_SET,
        true,
    );
}

#[test]
fn hash_setter_uses_the_fragment_set() {
    for comment in ["Simple percent-encoding", "data: URI", "about:blank"] {
        setter_case("hash", comment, &whatwg::FRAGMENT_PERCENT_ENCODE_SET, true);
    }
}

/// percent-encoding.json tests the special-query set through the URL parser; its `utf-8`
/// column is ours to meet (legacy encodings are out of scope).
#[test]
fn percent_encoding_json_utf8_column() {
    let data = load("percent-encoding");
    let e = Encoder::new(&whatwg::SPECIAL_QUERY_PERCENT_ENCODE_SET);
    let mut checked = 0;
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let expected = case["output"]["utf-8"].as_str().unwrap();
        assert_eq!(
            String::from_utf8(e.encode_to_vec(input.as_bytes())).unwrap(),
            expected,
            "{input:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 7);
}

/// urlencoded-parser-data.json: split on '&' and the first '=' (the test's job), then each
/// name and value is what `decode -c form --utf8 lossy` does: '+' to space, percent-decode,
/// UTF-8 decode with U+FFFD.
#[test]
fn urlencoded_parser_names_and_values() {
    let data = load("urlencoded");
    let mut decoder = Decoder::new(decode::Options {
        plus: true,
        strict: false,
        utf8: Utf8::Lossy,
    });
    let mut checked = 0;
    for case in data.as_array().unwrap() {
        let input = case["input"].as_str().unwrap();
        let pairs: Vec<(String, String)> = input
            .as_bytes()
            .split(|&b| b == b'&')
            .filter(|piece| !piece.is_empty())
            .map(|piece| {
                let (name, value) = match piece.iter().position(|&b| b == b'=') {
                    Some(i) => (&piece[..i], &piece[i + 1..]),
                    None => (piece, &b""[..]),
                };
                let mut text =
                    |b: &[u8]| String::from_utf8(decoder.decode_to_vec(b).unwrap()).unwrap();
                (text(name), text(value))
            })
            .collect();
        let expected: Vec<(String, String)> = case["output"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().into(), p[1].as_str().unwrap().into()))
            .collect();
        assert_eq!(pairs, expected, "{input:?}");
        checked += 1;
    }
    assert_eq!(checked, 35);
}
