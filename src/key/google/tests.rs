//! The shared steps held to what they stand for: the one-pass unescaping to repeated passes,
//! the IPv4 reading to `inet_aton(3)`'s forms and to each profile's departures from it.

use super::*;
use proptest::prelude::*;

/// Step 3 as the page words it: a pass over the whole URL, again until one changes nothing.
fn unescape_by_passes(mut url: Vec<u8>) -> Vec<u8> {
    loop {
        let decoded = crate::decode::percent_decode(&url).into_owned();
        if decoded == url {
            return url;
        }
        url = decoded;
    }
}

proptest! {
    #[test]
    fn one_pass_unescapes_as_repeated_passes(url in "[%2-5a-fA-F/x]{0,24}") {
        let mut once = url.clone().into_bytes();
        unescape_repeatedly(&mut once);
        prop_assert_eq!(once, unescape_by_passes(url.into_bytes()));
    }
}

#[test]
fn ipv4_in_every_encoding() {
    let cases: [(&str, Option<[u8; 4]>); 9] = [
        ("3279880203", Some([195, 127, 0, 11])),
        ("0xc37f000b", Some([195, 127, 0, 11])),
        ("0303.0177.0.013", Some([195, 127, 0, 11])),
        ("195.127.11", Some([195, 127, 0, 11])),
        ("195.8323083", Some([195, 127, 0, 11])),
        ("256.1.1.1", None),
        ("09", None),
        ("1.2.3.4.5", None),
        ("example.com", None),
    ];
    for (host, expected) in cases {
        assert_eq!(
            ipv4(host.as_bytes(), INET_ATON).map(u32::to_be_bytes),
            expected,
            "{host}"
        );
    }
}

/// Each profile's departure from `inet_aton`: urlcanon reads an empty part as 0; Safe Browsing
/// reads no part of more than 32 digits after its `0` or `0x`.
#[test]
fn ipv4_readings() {
    let urlcanon = Ipv4Reading {
        empty_part_is_zero: true,
        ..INET_ATON
    };
    let safe_browsing = Ipv4Reading {
        max_digits: 32,
        ..INET_ATON
    };
    assert_eq!(ipv4(b"1..2", INET_ATON), None);
    assert_eq!(ipv4(b"1..2", urlcanon), Some(0x0100_0002));
    assert_eq!(ipv4(b"", urlcanon), Some(0));
    assert_eq!(ipv4(b"0x", INET_ATON), Some(0));
    let zeros = format!("0x{}1", "0".repeat(32));
    assert_eq!(ipv4(zeros.as_bytes(), INET_ATON), Some(1));
    assert_eq!(ipv4(zeros.as_bytes(), safe_browsing), None);
    let fewer = format!("0x{}1", "0".repeat(31));
    assert_eq!(ipv4(fewer.as_bytes(), safe_browsing), Some(1));
}
