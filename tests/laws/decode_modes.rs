//! Decoding's modes mean what they say: the UTF-8 modes agree with the standard library, and
//! strict decoding fails exactly on a malformed escape.

use proptest::prelude::*;
use uriesc::decode::{self, Decoder, Utf8};

use super::bytes;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn utf8_modes_agree_with_std(x in bytes(), plus: bool) {
        let raw = Decoder::new(decode::Options { plus, ..Default::default() }).decode_to_vec(&x).unwrap();
        let lossy = Decoder::new(decode::Options { plus, utf8: Utf8::Lossy, ..Default::default() })
            .decode_to_vec(&x).unwrap();
        let expected = String::from_utf8_lossy(&raw).into_owned().into_bytes();
        prop_assert_eq!(lossy, expected);
        let strict = Decoder::new(decode::Options { plus, utf8: Utf8::Strict, ..Default::default() })
            .decode_to_vec(&x);
        prop_assert_eq!(strict.is_ok(), std::str::from_utf8(&raw).is_ok());
    }

    #[test]
    fn strict_decoding_fails_exactly_on_a_malformed_escape(x in bytes()) {
        let hex = |b: Option<&u8>| b.is_some_and(u8::is_ascii_hexdigit);
        let malformed = x.iter().enumerate().any(|(i, &b)| {
            b == b'%' && !(hex(x.get(i + 1)) && hex(x.get(i + 2)))
        });
        // A '%' inside a valid escape is a hex digit's place, never a '%': so scanning every
        // '%' as a start is right.
        let result = Decoder::new(decode::Options { strict: true, ..Default::default() }).decode_to_vec(&x);
        prop_assert_eq!(result.is_err(), malformed);
    }
}
