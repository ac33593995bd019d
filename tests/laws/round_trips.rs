//! Round trips: `decode(encode(x)) == x` for every cell, directly and through the streamer, and
//! `encode` writes only what its set allows.

use proptest::prelude::*;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{self, Context, Standard};

use super::{all_cells, bytes, cells, framing, stream};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every case runs every cell, so each standard sees thousands of inputs.
    #[test]
    fn decode_inverts_encode(x in bytes(), plus: bool, lower: bool) {
        for (standard, component) in all_cells() {
            let options = Options { plus, lower, ..Options::default() };
            let encoder = Encoder::for_context(standard, component, &options).unwrap();
            let encoded = encoder.encode_to_vec(&x);
            let mut decoder = Decoder::new(decode::Options {
                plus: plus || component == Context::Form,
                strict: true,
                utf8: Utf8::Raw,
            });
            prop_assert_eq!(decoder.decode_to_vec(&encoded).unwrap(), x.clone(), "{} {:?}", standard, component);
        }
    }

    #[test]
    fn encode_writes_only_what_the_set_allows(mut x in bytes(), (standard, component) in cells(), lower: bool) {
        // RFC 3987 keeps non-ASCII characters by their own rule (§2.2), not by a byte set:
        // the law holds for its ASCII, and tests/rfc3987 holds the rest to the RFC.
        if standard == Standard::Rfc3987 {
            x.retain(u8::is_ascii);
        }
        let set = sets::data_set(standard, component).unwrap();
        let plus = component == Context::Form;
        let options = Options { lower, ..Options::default() };
        let encoded = Encoder::for_context(standard, component, &options).unwrap().encode_to_vec(&x);
        let digits: &[u8] = if lower { b"0123456789abcdef" } else { b"0123456789ABCDEF" };
        let mut i = 0;
        for &b in &x {
            if plus && b == b' ' {
                prop_assert_eq!(encoded[i], b'+');
                i += 1;
            } else if set.contains(b) || (plus && b == b'+') {
                let escape = [b'%', digits[usize::from(b >> 4)], digits[usize::from(b & 15)]];
                prop_assert_eq!(&encoded[i..i + 3], &escape[..]);
                i += 3;
            } else {
                prop_assert_eq!(encoded[i], b);
                i += 1;
            }
        }
        prop_assert_eq!(i, encoded.len());
    }

    #[test]
    fn round_trip_through_the_streamer(
        x in bytes(),
        (standard, component) in cells(),
        framing in framing(),
        read_size in 1usize..9,
    ) {
        let encoder = Encoder::for_context(standard, component, &Options::default()).unwrap();
        let encoded = stream(encoder, framing, &x, read_size).unwrap();
        let decoder = Decoder::new(decode::Options {
            plus: component == Context::Form,
            strict: true,
            utf8: Utf8::Raw,
        });
        prop_assert_eq!(stream(decoder, framing, &encoded, read_size.max(3) - 2).unwrap(), x);
    }
}
