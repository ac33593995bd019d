//! `encode` under every standard and context: never panics, agrees with its reference loop
//! (with each block loop the CPU has), and decoding gives the input back, whole and when the
//! streamer feeds it in pieces of any size.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::cpu::Blocks;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{Context, Standard};

fuzz_target!(|data: &[u8]| {
    let (options, input) = match data.split_first() {
        Some((&o, rest)) => (o, rest),
        None => (0, data),
    };
    for standard in Standard::ALL {
        for component in Context::ALL {
            let opts = Options {
                plus: options & 1 != 0,
                lower: options & 2 != 0,
                ..Options::default()
            };
            let Ok(encoder) = Encoder::for_context(standard, component, &opts) else {
                continue;
            };
            let encoded = encoder.encode_to_vec(input);
            let mut reference = Vec::new();
            encoder.encode_reference(input, &mut reference);
            assert_eq!(encoded, reference, "fast path");
            for blocks in Blocks::available() {
                let encoder = encoder.clone().with_blocks(blocks);
                assert_eq!(encoder.encode_to_vec(input), reference, "{blocks:?}");
            }
            let mut decoder = Decoder::new(decode::Options {
                plus: opts.plus || component == Context::Form,
                strict: true,
                utf8: Utf8::Raw,
            });
            let decoded = decoder
                .decode_to_vec(&encoded)
                .expect("encode output decodes strictly");
            assert_eq!(decoded, input, "{standard} {component:?}");
        }
    }
});
