//! The law that a key never merges two hosts: two URLs whose hosts are different names have
//! different keys under every profile (or no key), wherever each host's bytes are written as
//! they are or percent-encoded.
//!
//! The hosts are made so that every source calls two of them the same host only where their
//! bytes, percent-decoded, are the same: labels of lowercase ASCII letters (no `w`, so no
//! `www` label for `surt` to strip, no digits, so no IPv4 form), lowercase NFC letters beyond
//! ASCII that UTS #46 and IDNA 2003 map to themselves (`é`, `ж`, `α`), and bytes that are
//! never UTF-8 (a continuation byte with no lead byte before it, or 0xFE, 0xFF: RFC 3629 §4),
//! joined by single dots. RFC 3986 §6.2.2.1 and §6.2.2.2 make a reg-name's ASCII letters
//! case-insensitive and an escape the octet it stands for, nothing more; the URL Standard
//! percent-decodes a domain and maps it by UTS #46 (url.bs "host parsing", "domain to ASCII"),
//! which leaves these characters as they are and refuses a name that is not UTF-8; the Safe
//! Browsing page and the `surt` package unescape the host, and make Punycode of text.

use proptest::prelude::*;
use uriesc::key::{Options, Profile, Scratch, key};

/// One unit of a label: its bytes.
fn unit() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => "[a-e]".prop_map(String::into_bytes),
        1 => prop_oneof![Just("é"), Just("ж"), Just("α")].prop_map(|c| c.as_bytes().to_vec()),
        2 => prop_oneof![Just(0x80u8), Just(0xA9), Just(0xBF), Just(0xFE), Just(0xFF)]
            .prop_map(|b| vec![b]),
    ]
}

/// A host name: one to three labels of one to four units, as decoded bytes.
fn host() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::collection::vec(unit(), 1..=4), 1..=3).prop_map(|labels| {
        let labels: Vec<Vec<u8>> = labels.into_iter().map(|l| l.concat()).collect();
        labels.join(&b'.')
    })
}

/// `http://HOST/` with each byte of `host` beyond ASCII percent-encoded where `encode` says
/// (cycled), and each ASCII letter where `encode` says so twice in a row.
fn url(host: &[u8], encode: &[bool]) -> Vec<u8> {
    let mut url = b"http://".to_vec();
    for (i, &b) in host.iter().enumerate() {
        let this = encode[i % encode.len()];
        let next = encode[(i + 1) % encode.len()];
        let escaped = (b >= 0x80 && this) || (b.is_ascii_lowercase() && this && next);
        match escaped {
            true => url.extend_from_slice(format!("%{b:02X}").as_bytes()),
            false => url.push(b),
        }
    }
    url.push(b'/');
    url
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn different_hosts_never_share_a_key(
        a in host(),
        b in host(),
        encode_a in prop::collection::vec(any::<bool>(), 1..5),
        encode_b in prop::collection::vec(any::<bool>(), 1..5),
    ) {
        prop_assume!(a != b);
        let (url_a, url_b) = (url(&a, &encode_a), url(&b, &encode_b));
        for profile in Profile::ALL {
            let options = Options::new(profile);
            let mut scratch = Scratch::default();
            let (mut key_a, mut key_b) = (Vec::new(), Vec::new());
            let keyed_a = key(&url_a, &options, &mut scratch, &mut key_a);
            let keyed_b = key(&url_b, &options, &mut scratch, &mut key_b);
            if keyed_a.is_ok() && keyed_b.is_ok() {
                let show = |b: &[u8]| String::from_utf8_lossy(b).escape_debug().to_string();
                prop_assert!(
                    key_a != key_b,
                    "{}: {} and {} share {}",
                    profile.name(),
                    show(&url_a),
                    show(&url_b),
                    show(&key_a)
                );
            }
        }
    }
}

/// The case: a byte that is not UTF-8 in a host, written or escaped, is no host
/// without it (under `surt`, the package's `decode('utf-8', 'ignore')` dropped it).
#[test]
fn a_byte_that_is_not_utf8_stays_in_the_host() {
    let options = Options::new(Profile::Surt);
    let keys: Vec<Vec<u8>> = [&b"http://caf.example/"[..], b"http://caf%E9.example/"]
        .iter()
        .map(|url| {
            let mut out = Vec::new();
            key(url, &options, &mut Scratch::default(), &mut out).unwrap();
            out
        })
        .collect();
    assert_eq!(keys[0], b"example,caf)/");
    // The Google canonicalizer's escaping of a host (`%` and two uppercase hex digits for a
    // byte above 0x7E), lowercased by the IA canonicalizer, the labels reversed.
    assert_eq!(keys[1], b"example,caf%e9)/");
}
