//! The block way of the common-URL fast path held to the bytewise way, at every level this CPU
//! runs, on records of every length around the blocks' 64 and 128 bytes.

use proptest::prelude::*;

use super::blocks::parts_by;
use super::{CommonParts, common_url_parts_bytewise, common_url_shape};
use crate::cpu::Blocks;

/// The same answer both ways, where the block way decides; the `bool` of
/// `common_url` (no parts asked for) the same as with them.
fn agree(s: &[u8]) -> Result<(), TestCaseError> {
    let bytewise = common_url_parts_bytewise(s);
    prop_assert_eq!(bytewise.map(|p| p.shape), common_url_shape(s));
    for blocks in Blocks::available() {
        if let Some(block) = parts_by::<true>(s, blocks) {
            prop_assert_eq!(block, bytewise, "{:?} at {:?}", bstr::BStr::new(s), blocks);
        }
        if let Some(block) = parts_by::<false>(s, blocks) {
            prop_assert_eq!(
                block.is_some(),
                bytewise.is_some(),
                "{:?}",
                bstr::BStr::new(s)
            );
        }
    }
    Ok(())
}

/// Records made of the pieces each rule looks at: schemes one byte from special ones, labels
/// that CheckHyphens refuses, numbers, dots, ports at their bounds, dot segments and near ones,
/// escapes whole and broken, `'`, `?` and `#` more than once; with filler to carry any of them
/// across the 64th and 128th bytes.
fn record() -> impl Strategy<Value = Vec<u8>> {
    let scheme = prop::sample::select(vec![
        "http://",
        "HTTPS://",
        "Ws://",
        "wss://",
        "fTp://",
        "file://",
        "foo://",
        "http:/",
        "htt://",
        "http\u{1a}//",
    ]);
    let host = prop::sample::select(vec![
        "a", "Bc", "1", "-", ".", "..", "xn--", "ab--", "a-b", "-a", "a-", "0x", "%41", "é", "u@",
        "_", "example", "com",
    ]);
    let port = prop::sample::select(vec![
        "", "", ":", ":0", ":080", ":65535", ":65536", ":123456",
    ]);
    let rest = prop::sample::select(vec![
        "/", "/a", "/.", "/..", "/.a", "/%2e", "/%2E%2e", "/.%2e", "/%2e.", "/..a", "/a.", "?",
        "?'", "'", "#", "#'", "%", "%4", "%41", "%zz", "&", "=", "|", " ", "\\", "@", "~",
    ]);
    let filler = (0usize..80).prop_map(|n| "x".repeat(n));
    (
        scheme,
        prop::collection::vec(host, 0..6),
        port,
        prop::collection::vec(prop_oneof![rest.prop_map(String::from), filler], 0..8),
    )
        .prop_map(|(scheme, host, port, rest)| {
            format!("{scheme}{}{port}{}", host.concat(), rest.concat()).into_bytes()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn block_way_agrees_with_bytewise(s in record()) {
        agree(&s)?;
    }

    #[test]
    fn block_way_agrees_on_any_bytes(s in prop::collection::vec(any::<u8>(), 0..140)) {
        agree(&s)?;
        let mut url = b"http://a.b/".to_vec();
        url.extend_from_slice(&s);
        agree(&url)?;
    }
}

/// Each record's parts, as url.bs reads them, at lengths that put each part across the block
/// edges: the answer of the parser's serialization written out by hand.
#[test]
fn parts_at_the_edges() {
    for pad in [0, 40, 50, 56, 57, 58, 100, 110, 120, 125] {
        let host = format!("{}a.example", "a".repeat(pad.min(52)));
        let path = format!("/{}", "p".repeat(pad.saturating_sub(52)));
        let url = format!("HTTP://{host}:8080{path}?q'#f");
        let s = url.as_bytes();
        let authority_end = 7 + host.len() + 5;
        let expected = CommonParts {
            shape: super::CommonShape {
                colon: 4,
                host_end: 7 + host.len(),
                port: Some(8080),
                authority_end,
            },
            path_end: authority_end + path.len(),
            query_end: authority_end + path.len() + 3,
            rewritten: true,
            lowercase: false,
        };
        assert_eq!(super::common_url_parts(s), Some(expected), "{url}");
        assert_eq!(common_url_parts_bytewise(s), Some(expected), "{url}");
        let dots = format!("http://{host}{path}/%2E./x");
        assert!(
            super::common_url_parts(dots.as_bytes()).unwrap().rewritten,
            "{dots}"
        );
        let plain = format!("http://{host}{path}/.a/x?q#'");
        assert!(
            !super::common_url_parts(plain.as_bytes()).unwrap().rewritten,
            "{plain}"
        );
    }
}
