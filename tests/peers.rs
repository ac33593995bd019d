//! uriesc against real peer implementations, through the answers they gave for the inputs in
//! `tests/data/peers/peers.json` (made by `tests/data/peers/generate.py` with Python's
//! `urllib.parse` and Node's `encodeURIComponent` / `URLSearchParams`).

use serde_json::Value;
use uriesc::decode::{self, Decoder};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{Context, Standard};

fn peers() -> Value {
    serde_json::from_str(include_str!("data/peers/peers.json")).expect("peers.json parses")
}

fn encoder(standard: Standard, component: Context) -> Encoder {
    Encoder::for_context(standard, component, &Options::default()).expect("a data cell")
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn encoded(e: &Encoder, input: &[u8]) -> String {
    String::from_utf8(e.encode_to_vec(input)).expect("encoded output is ASCII")
}

fn decoded(plus: bool, input: &[u8]) -> Vec<u8> {
    let options = decode::Options {
        plus,
        ..Default::default()
    };
    Decoder::new(options)
        .decode_to_vec(input)
        .expect("lenient decoding never fails")
}

fn compare(cases: &[Value], field: &str, ours: impl Fn(&Value) -> String) {
    let mut checked = 0;
    for case in cases {
        let expected = case[field].as_str().expect(field);
        assert_eq!(ours(case), expected, "{field} of {case}");
        checked += 1;
    }
    assert!(checked >= 500, "only {checked} cases for {field}");
}

#[test]
fn rfc3986_any_is_python_quote_safe_empty() {
    let peers = peers();
    let e = encoder(Standard::Rfc3986, Context::Any);
    compare(peers["strings"].as_array().unwrap(), "python_quote", |c| {
        encoded(&e, c["input"].as_str().unwrap().as_bytes())
    });
    compare(peers["bytes"].as_array().unwrap(), "python_quote", |c| {
        encoded(&e, &hex(c["input_hex"].as_str().unwrap()))
    });
}

#[test]
fn whatwg_any_and_rfc2396_any_are_encode_uri_component() {
    let peers = peers();
    let cases = peers["strings"].as_array().unwrap();
    for standard in [Standard::Whatwg, Standard::Rfc2396] {
        let e = encoder(standard, Context::Any);
        compare(cases, "encodeURIComponent", |c| {
            encoded(&e, c["input"].as_str().unwrap().as_bytes())
        });
    }
}

#[test]
fn whatwg_form_is_url_search_params() {
    let peers = peers();
    let e = encoder(Standard::Whatwg, Context::Form);
    compare(
        peers["strings"].as_array().unwrap(),
        "URLSearchParams",
        |c| encoded(&e, c["input"].as_str().unwrap().as_bytes()),
    );
}

#[test]
fn decode_is_python_unquote_to_bytes() {
    let peers = peers();
    compare(
        peers["strings"].as_array().unwrap(),
        "python_unquote_to_bytes",
        |c| hex_string(&decoded(false, c["input"].as_str().unwrap().as_bytes())),
    );
    compare(
        peers["bytes"].as_array().unwrap(),
        "python_unquote_to_bytes",
        |c| hex_string(&decoded(false, &hex(c["input_hex"].as_str().unwrap()))),
    );
    compare(
        peers["strings"].as_array().unwrap(),
        "python_unquote_plus_bytes",
        |c| hex_string(&decoded(true, c["input"].as_str().unwrap().as_bytes())),
    );
}

fn hex_string(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// rust-url's segment setter (`path_segments_mut().push`) on a special URL encodes its
/// `SPECIAL_PATH_SEGMENT` set: the path set, `/`, `%` and `\`, which a special URL's path
/// reads as `/` (url.bs path state). Printable ASCII but `^`, which url 2.5 leaves out of the
/// path set (url.bs added it in 2025).
#[test]
fn whatwg_segment_is_rust_url_segment_setter() {
    let e = encoder(Standard::Whatwg, Context::Segment);
    for c in (0x20..0x7Fu8).map(char::from).filter(|&c| c != '^') {
        let data = format!("a{c}b");
        let mut url = url::Url::parse("https://h/").unwrap();
        url.path_segments_mut().unwrap().pop_if_empty().push(&data);
        let theirs = url.path().strip_prefix('/').unwrap().to_owned();
        assert_eq!(encoded(&e, data.as_bytes()), theirs, "{c:?}");
    }
}
