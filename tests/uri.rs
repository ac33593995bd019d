//! RFC 3986 reference resolution (§5.2) and normalization (§6.2) against the collected cases, in
//! the library and through `clean --normalize`.

use serde_json::Value;
use uriesc::uri;

use crate::util::ok_str;

fn cases(key: &str) -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("data/rfc3986-cases.json")).unwrap();
    data[key].as_array().unwrap().clone()
}

/// All 414 cases (RFC 3986 §5.4 and oxiri's), against a strict transcription of §5.2.
#[test]
fn resolution_is_rfc3986_5_2() {
    let mut wrong = Vec::new();
    let all = cases("resolution");
    for case in &all {
        let (base, reference) = (
            case["base"].as_str().unwrap(),
            case["reference"].as_str().unwrap(),
        );
        let expected = case["rfc3986_5_2_result"].as_str().unwrap();
        let got = String::from_utf8(uri::resolve(base.as_bytes(), reference.as_bytes())).unwrap();
        if got != expected {
            wrong.push(format!("{base} + {reference}: {got} (expected {expected})"));
        }
    }
    assert_eq!(all.len(), 414);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The RFC's own example and iri-string's `normalize()` cases, which are RFC 3986 §6.2.2
/// syntax-based normalization; uriparser's cases normalize chosen components only (masks) and
/// are left out.
#[test]
fn syntax_based_normalization() {
    // iri-string keeps the case of a host that holds percent-encoded non-ASCII (case-folding
    // the ASCII letters of an internationalized name is its own choice to avoid); RFC 3986
    // §6.2.2.1 says the host is case-insensitive and normalizes to lower case.
    let deviations = [("SCHEME://Alpha%ce%b1/", "scheme://alpha%CE%B1/")];
    let mut wrong = Vec::new();
    let mut checked = 0;
    for case in cases("normalization") {
        if case["source"] == "uriparser" {
            continue;
        }
        if let Some((input, ours)) = deviations.iter().find(|(i, _)| case["input"] == *i) {
            assert_eq!(uri::normalize_syntax(input.as_bytes()), ours.as_bytes());
            checked += 1;
            continue;
        }
        let input = case["input"].as_str().unwrap();
        let expected = case["expected"].as_str().unwrap();
        let got = String::from_utf8(uri::normalize_syntax(input.as_bytes())).unwrap();
        checked += 1;
        if got != expected {
            wrong.push(format!("{input}: {got} (expected {expected})"));
        }
    }
    assert_eq!(checked, 138);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn scheme_based_normalization() {
    for (input, expected) in [
        ("http://example.com", "http://example.com/"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:443", "https://example.com/"),
        ("http://example.com:/", "http://example.com/"),
        ("http://example.com:8080/", "http://example.com:8080/"),
        ("https://[::1]:443/", "https://[::1]/"),
        ("ftp://example.com", "ftp://example.com"),
    ] {
        assert_eq!(
            uri::normalize_scheme(input.as_bytes()),
            expected.as_bytes(),
            "{input}"
        );
    }
}

/// Found by fuzzing `clean --normalize`: a host escape that decodes to a capital letter was
/// left capital, so normalizing twice changed the result.
#[test]
fn regression_decoded_host_letters_are_lowercased() {
    let once = uri::normalize_syntax(b"u://%4C%4c%2F/%4C");
    assert_eq!(once, b"u://ll%2F/L");
    assert_eq!(uri::normalize_syntax(&once), once);
}

/// RFC 3986 §5.2.4 transcribed with separate input and output buffers, as the RFC writes it:
/// the reference for the in-place version the crate uses.
fn remove_dot_segments_as_written(path: &[u8]) -> Vec<u8> {
    let mut input = path.to_vec();
    let mut output: Vec<u8> = Vec::new();
    let pop = |output: &mut Vec<u8>| {
        let last = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
        output.truncate(last);
    };
    while !input.is_empty() {
        if input.starts_with(b"../") {
            input.drain(..3);
        } else if input.starts_with(b"./") || input.starts_with(b"/./") {
            input.drain(..2);
        } else if input == b"/." {
            input = b"/".to_vec();
        } else if input.starts_with(b"/../") {
            input.drain(..3);
            pop(&mut output);
        } else if input == b"/.." {
            input = b"/".to_vec();
            pop(&mut output);
        } else if input == b"." || input == b".." {
            input.clear();
        } else {
            let from = usize::from(input[0] == b'/');
            let end = input[from..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |p| from + p);
            output.extend(input.drain(..end));
        }
    }
    output
}

proptest::proptest! {
    #[test]
    fn dot_segments_are_removed_in_place_as_the_rfc_writes_it(
        segments in proptest::collection::vec(
            proptest::sample::select(vec!["/", ".", "..", "a", "bc", "./", "../", "/.", "/.."]),
            0..12,
        )
    ) {
        let path = segments.concat();
        proptest::prop_assert_eq!(
            uri::remove_dot_segments(path.as_bytes()),
            remove_dot_segments_as_written(path.as_bytes()),
            "{}", path
        );
    }
}

/// RFC 3986 §6.2.2 normalization of relative references (iri-string's cases and the RFC's):
/// `clean -c reference --normalize` checks the result as a reference, not as a URI.
#[test]
fn clean_normalizes_references_as_references() {
    let data: Value = serde_json::from_str(include_str!("data/rfc3986-cases.json")).unwrap();
    let mut input = String::new();
    let mut expected = String::new();
    for case in data["normalization"].as_array().unwrap() {
        let (i, e) = (
            case["input"].as_str().unwrap(),
            case["expected"].as_str().unwrap(),
        );
        // uriparser normalizes chosen components only; one case differs by design (see
        // tests/uri.rs: a host with escaped non-ASCII is lowercased).
        if case["source"] == "uriparser" || i.contains("%ce%b1") {
            continue;
        }
        input.push_str(i);
        input.push('\n');
        // --normalize adds §6.2.3 for http: the default port goes (the peer leaves it).
        let e = e.replace("example.com:80/", "example.com/");
        expected.push_str(&e);
        expected.push('\n');
    }
    assert!(input.lines().count() > 100);
    assert_eq!(
        ok_str(&["clean", "-c", "reference", "--normalize"], &input),
        expected
    );
}
