//! The block way of the common-URL fast path held to the bytewise way, at every level this CPU
//! runs, on records of every length around the blocks' 64 and 128 bytes.

use proptest::prelude::*;

use super::arch::url_parts as parts_by;
use super::dispatch::{run_by, url_parts};
use super::url::{Parts, special_scheme, url_parts_bytewise, url_shape};
use crate::cpu::Blocks;
use crate::stream::Run;

/// The same answer both ways, where the block way decides; the `bool` of
/// `is_url` (no parts asked for) the same as with them.
fn agree(s: &[u8]) -> Result<(), TestCaseError> {
    let bytewise = url_parts_bytewise(s);
    prop_assert_eq!(bytewise.map(|p| p.shape), url_shape(s));
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

/// The run of common URLs at the start of a stream of `records`, each ended by `\n`, `\r\n`
/// or NUL, the same at every level as record by record the bytewise way: with shapes alone
/// (`check`) and with parts, of records that are their own serialization (`clean`).
fn runs_agree(records: &[Vec<u8>], terminators: &[bool]) -> Result<(), TestCaseError> {
    for end in [b'\n', 0] {
        let mut stream = Vec::new();
        for (record, crlf) in records.iter().zip(terminators.iter().cycle()) {
            stream.extend_from_slice(record);
            if end == b'\n' && *crlf {
                stream.push(b'\r');
            }
            stream.push(end);
        }
        let own = |p: &Parts| p.lowercase && !p.rewritten && p.shape.port.is_none();
        let shapes = Run::each(&stream, end, false, |v| url_shape(v).is_some());
        let owns = Run::each(&stream, end, true, |v| {
            url_parts_bytewise(v).is_some_and(|p| own(&p))
        });
        for blocks in Blocks::available() {
            let shown = bstr::BStr::new(&stream);
            let run = run_by::<false>(&stream, end, false, |_| true, blocks);
            prop_assert_eq!(run, shapes, "{:?} at {:?}", shown, blocks);
            let run = run_by::<true>(&stream, end, true, own, blocks);
            prop_assert_eq!(run, owns, "{:?} at {:?}", shown, blocks);
        }
    }
    Ok(())
}

/// Runs of records of every length from 12 to 200 bytes, each terminator (`\r` before `\n`
/// among them) at every place around the AVX2 way's blocks of 32 and the 64 and 128 bytes, and
/// records near the end of the stream, where fewer than a block's bytes are left. Each run has
/// a record whose last byte is not a URL unit, or is a `%` without its digits, so a block the
/// way leaves unread at the end of a record would show.
#[test]
fn runs_agree_at_every_length() {
    let url = |n: usize, last: &[u8]| {
        let mut url = b"http://a.example/".to_vec();
        url.resize(n - last.len(), b'p');
        url.extend_from_slice(last);
        url
    };
    for n in 12..=200 {
        for last in [&b"|"[..], b"%", b"%4", b"p"] {
            let records = [url(n, b""), url(n + 1, b""), url(n, last), url(n, b"")];
            for crlf in [false, true] {
                for k in 1..=records.len() {
                    runs_agree(&records[..k], &[crlf]).unwrap();
                }
            }
        }
    }
}

/// The special scheme a record begins with, as url.bs says it: the scheme (ASCII
/// case-insensitive, as the parser lowercases it) one of the special schemes but `file`, then
/// `://`.
fn special_scheme_by_definition(s: &[u8]) -> Option<usize> {
    let colon = s.iter().position(|&b| b == b':')?;
    let scheme = s[..colon].to_ascii_lowercase();
    (super::url::SPECIAL.contains(&scheme.as_slice()) && s[colon..].starts_with(b"://"))
        .then_some(colon)
}

/// Each special scheme in mixed case, each with one byte more or one less, and bytes that
/// lowercase to `:` or `/` by their 0x20 bit.
#[test]
fn special_scheme_at_the_edges() {
    let cases: [(&[u8], Option<usize>); 17] = [
        (b"http://", Some(4)),
        (b"HtTpS://a", Some(5)),
        (b"ws://", Some(2)),
        (b"WSS://", Some(3)),
        (b"fTp://", Some(3)),
        (b"ftps://", None),
        (b"httpss://", None),
        (b"wsss://", None),
        (b"htt://", None),
        (b"http:/", None),
        (b"http\x1a//", None),
        (b"http:/\x0f", None),
        (b"https:\x0f/", None),
        (b"file://", None),
        (b"h", None),
        (b"", None),
        (b"\xc8ttp://", None),
    ];
    for (s, expected) in cases {
        assert_eq!(special_scheme(s), expected, "{:?}", bstr::BStr::new(s));
        assert_eq!(
            special_scheme_by_definition(s),
            expected,
            "{:?}",
            bstr::BStr::new(s)
        );
    }
}

/// A record that is its own serialization, of any length up to 200 bytes.
fn plain() -> impl Strategy<Value = Vec<u8>> {
    (1usize..60, 0usize..140).prop_map(|(host, path)| {
        format!("https://{}.example/{}", "h".repeat(host), "p".repeat(path)).into_bytes()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn run_agrees_with_bytewise(
        records in prop::collection::vec(prop_oneof![3 => plain(), 1 => record()], 0..12),
        terminators in prop::collection::vec(any::<bool>(), 1..4),
    ) {
        runs_agree(&records, &terminators)?;
    }

    #[test]
    fn run_agrees_on_any_bytes(
        records in prop::collection::vec(
            prop_oneof![3 => plain(), 1 => prop::collection::vec(any::<u8>(), 0..140)],
            0..8,
        ),
        terminators in prop::collection::vec(any::<bool>(), 1..4),
    ) {
        runs_agree(&records, &terminators)?;
    }

    /// Bytes of the special schemes in both cases, bytes that lowercase to them by their 0x20
    /// bit but are none of them (0x1A for `:`, 0x0F for `/`), and others, in any order.
    #[test]
    fn special_scheme_as_defined(s in prop::collection::vec(
        prop::sample::select(b"hHtTpPsSwWfF:/\x1a\x0f\xc8x.".to_vec()), 0..11)
    ) {
        prop_assert_eq!(special_scheme(&s), special_scheme_by_definition(&s), "{:?}", bstr::BStr::new(&s));
        let mut url = s.clone();
        url.extend_from_slice(b"a.b/");
        prop_assert_eq!(special_scheme(&url), special_scheme_by_definition(&url));
    }

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
        let expected = Parts {
            shape: super::url::Shape {
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
        assert_eq!(url_parts(s), Some(expected), "{url}");
        assert_eq!(url_parts_bytewise(s), Some(expected), "{url}");
        let dots = format!("http://{host}{path}/%2E./x");
        assert!(url_parts(dots.as_bytes()).unwrap().rewritten, "{dots}");
        let plain = format!("http://{host}{path}/.a/x?q#'");
        assert!(!url_parts(plain.as_bytes()).unwrap().rewritten, "{plain}");
    }
}
