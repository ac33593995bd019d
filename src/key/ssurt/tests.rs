//! urlcanon's `ssurtHost` and `reverseHost` sections (`tests/data/canon/urlcanon_ssurt.json`),
//! each case a test of the function it names; the whole-URL sections are in `tests/key/`.

use super::*;

fn section(name: &str) -> Vec<(String, String)> {
    let json = include_str!("../../../tests/data/canon/urlcanon_ssurt.json");
    super::super::urlcanon_data::section(json, name)
}

#[test]
fn urlcanon_ssurt_host() {
    let cases = section("ssurtHost");
    assert_eq!(cases.len(), 3);
    for (input, expected) in cases {
        let mut out = Vec::new();
        ssurt_host(input.as_bytes(), &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), expected, "{input}");
    }
}

#[test]
fn urlcanon_reverse_host() {
    let cases = section("reverseHost");
    assert_eq!(cases.len(), 5);
    for (input, expected) in cases {
        let mut out = Vec::new();
        reverse_host(input.as_bytes(), &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), expected, "{input}");
    }
}

#[test]
fn addresses_stay_and_names_turn() {
    let cases = [
        ("0.0.0.0", "0.0.0.0"),
        ("0x7f.1", "0x7f.1"),
        ("1.2.3.4.5", "5,4,3,2,1,"),
        ("1.256.3.4", "4,3,256,1,"),
        ("[::1]", "[::1]"),
    ];
    for (input, expected) in cases {
        let mut out = Vec::new();
        ssurt_host(input.as_bytes(), &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), expected, "{input}");
    }
}

#[test]
fn a_host_of_many_labels_is_linear() {
    let host = "a.".repeat(100_000);
    let mut out = Vec::new();
    ssurt_host(host.as_bytes(), &mut out);
    assert_eq!(out.len(), host.len() + 1);
}

proptest::proptest! {
    /// Any bytes through urlcanon's reading: never a panic, nothing lost but reordered.
    #[test]
    fn any_bytes_are_reordered(url in proptest::collection::vec(
        proptest::sample::select(b"hHtTpPsSfF:/\\@[]1.x,?#\t ".to_vec()), 0..40)
    ) {
        let mut out = Vec::new();
        ssurt(&url, &mut out);
        let count = |bytes: &[u8], b: u8| bytes.iter().filter(|&&c| c == b).count();
        for b in [b'x', b'1', b'?', b'#', b'@'] {
            proptest::prop_assert_eq!(count(&url, b), count(&out, b));
        }
    }
}
