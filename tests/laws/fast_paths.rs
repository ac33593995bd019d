//! The fast paths agree with the reference loops: encoding and decoding, in every block loop
//! the CPU has, on random inputs and at every length and place.

use proptest::prelude::*;
use uriesc::cpu::Blocks;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{Encoder, Options};
use uriesc::sets::{self, ByteSet, Context, Standard};
use uriesc::stream::Framing;

use super::{all_cells, byte, bytes, cells, framing, stream, url_byte};

/// Every block loop the CPU has decodes `x` as the reference decoder does: output, and the
/// error with what was written before it.
fn decode_blocks_agree(
    options: decode::Options,
    framing: Framing,
    x: &[u8],
    read_size: usize,
) -> Result<(), TestCaseError> {
    let reference = stream(Decoder::new(options).reference(), framing, x, read_size);
    for blocks in Blocks::available() {
        let fast = stream(
            Decoder::new(options).with_blocks(blocks),
            framing,
            x,
            read_size,
        );
        prop_assert_eq!(&fast, &reference, "{:?}", blocks);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The fast path of encoding agrees with the plain reference loop, for every cell, on
    /// inputs long enough to cross the sixteen-byte blocks several times.
    #[test]
    fn encode_fast_path_agrees_with_the_reference(
        x in prop::collection::vec(byte(), 0..400),
        plus: bool,
    ) {
        for (standard, component) in all_cells() {
            let options = Options { plus, ..Options::default() };
            let encoder = Encoder::for_context(standard, component, &options).unwrap();
            let mut reference = Vec::new();
            encoder.encode_reference(&x, &mut reference);
            prop_assert_eq!(encoder.encode_to_vec(&x), reference, "{} {:?}", standard, component);
        }
    }

    /// The same on URL-like inputs of every length to a few hundred bytes, with bytes kept or
    /// added (which can make the literal set non-ASCII, where there is no fast path).
    #[test]
    fn encode_blocks_agree_with_the_reference(
        x in prop::collection::vec(url_byte(), 0..400),
        (standard, component) in cells(),
        plus: bool,
        lower: bool,
        keep in prop::collection::vec(prop::sample::select(b"/:?\xC3\xFF\r".to_vec()), 0..2),
        also in prop::collection::vec(prop::sample::select(b"abc9.".to_vec()), 0..2),
    ) {
        // The library's own set arithmetic, since the command line refuses non-ASCII --keep.
        let set = sets::data_set(standard, component)
            .unwrap()
            .minus(ByteSet::of(&keep))
            .union(ByteSet::of(&also));
        let style = uriesc::encode::Style {
            plus: plus || component == Context::Form,
            lower,
        };
        let encoder = Encoder::styled(&set, style);
        let mut reference = Vec::new();
        encoder.encode_reference(&x, &mut reference);
        for blocks in Blocks::available() {
            let encoder = encoder.clone().with_blocks(blocks);
            prop_assert_eq!(&encoder.encode_to_vec(&x), &reference, "{:?}", blocks);
        }
    }

    /// The same on long runs of escapes (whole, broken, in either case) between literal
    /// bytes, so that every step of every block loop the CPU has (AVX2: 32 bytes, AVX-512:
    /// 64, an escape across two) starts everywhere.
    #[test]
    fn decode_blocks_agree_with_the_reference(
        parts in prop::collection::vec(prop_oneof![
            8 => (any::<u8>(), any::<bool>()).prop_map(|(b, lower)| match lower {
                true => format!("%{b:02x}").into_bytes(),
                false => format!("%{b:02X}").into_bytes(),
            }),
            2 => prop::collection::vec(url_byte(), 1..40),
            2 => prop::collection::vec(any::<u8>(), 1..80).prop_map(|run| {
                run.iter().map(|b| format!("%{b:02x}")).collect::<String>().into_bytes()
            }),
            1 => prop::sample::select(vec![b"%".to_vec(), b"%4".to_vec(), b"%G1".to_vec(), b"%4g".to_vec(), b"+".to_vec()]),
        ], 0..200),
        framing in framing(),
        plus: bool,
        strict: bool,
        read_size in prop_oneof![1usize..100, Just(4096)],
    ) {
        let x = parts.concat();
        let options = decode::Options { plus, strict, utf8: Utf8::Raw };
        decode_blocks_agree(options, framing, &x, read_size)?;
    }

    /// The fast path of decoding agrees with the plain reference loop, on every length and on
    /// pieces that cut escapes anywhere.
    #[test]
    fn decode_fast_path_agrees_with_the_reference(
        x in bytes(),
        framing in framing(),
        plus: bool,
        strict: bool,
        read_size in 1usize..300,
    ) {
        let options = decode::Options { plus, strict, utf8: Utf8::Raw };
        decode_blocks_agree(options, framing, &x, read_size)?;
    }
}

/// Every block loop the CPU has decodes as the reference decoder does on every length to 300,
/// with each edge at every place near the start (where the first 32- and 64-byte blocks end)
/// and near the end: an escape cut by a block's end, `%` or `%` and a digit at the end of the
/// input, digits that are no hex, `%%`, `+` (with and without `--plus`), bytes that are not
/// ASCII, in text of escapes, of literal bytes, and of both.
#[test]
fn decode_blocks_agree_at_every_length_and_place() {
    let fillers: [&[u8]; 3] = [b"%C3%a9", b"ab/c-", b"%E4%B8%ADx+%2B"];
    let edges: [&[u8]; 10] = [
        b"%",
        b"%4",
        b"%41",
        b"%G1",
        b"%4g",
        b"%%41",
        b"+",
        b"\xC3\xA9",
        b"%fF",
        b"%\n",
    ];
    let levels = Blocks::available();
    let mut x = Vec::new();
    for filler in fillers {
        for n in 0..300 {
            let base: Vec<u8> = filler.iter().copied().cycle().take(n).collect();
            let places = (0..n.min(70)).chain(n.saturating_sub(40)..=n);
            for at in places {
                for edge in edges {
                    x.clear();
                    x.extend_from_slice(&base[..at]);
                    x.extend_from_slice(edge);
                    x.extend_from_slice(&base[at..]);
                    x.truncate(n.max(1));
                    for plus in [false, true] {
                        for strict in [false, true] {
                            let options = decode::Options {
                                plus,
                                strict,
                                utf8: Utf8::Raw,
                            };
                            let reference = Decoder::new(options).reference().decode_to_vec(&x);
                            for &blocks in &levels {
                                let fast =
                                    Decoder::new(options).with_blocks(blocks).decode_to_vec(&x);
                                assert_eq!(fast, reference, "{blocks:?} {plus} {strict} {x:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Every block loop the CPU has encodes as the reference loop does on every length to 300,
/// with a byte to escape (or a space, with `plus`) at every place near the start and the
/// end, in text of literal bytes, of bytes to escape, and of both.
#[test]
fn encode_blocks_agree_at_every_length_and_place() {
    let fillers: [&[u8]; 3] = [b"abc-xyz.09~", "é漢".as_bytes(), b"a/b c?d=e&f"];
    let edges: [&[u8]; 5] = [b"/", b" ", b"+", b"\xFF", b"\x00"];
    let encoders = [
        Encoder::for_context(Standard::Rfc3986, Context::Any, &Options::default()),
        Encoder::for_context(Standard::Whatwg, Context::Form, &Options::default()),
        Encoder::for_context(
            Standard::Rfc3986,
            Context::Path,
            &Options {
                plus: true,
                lower: true,
                ..Options::default()
            },
        ),
    ];
    let levels = Blocks::available();
    let (mut x, mut reference) = (Vec::new(), Vec::new());
    for encoder in encoders {
        let encoder = encoder.unwrap();
        for filler in fillers {
            for n in 0..300 {
                let base: Vec<u8> = filler.iter().copied().cycle().take(n).collect();
                let places = (0..n.min(70)).chain(n.saturating_sub(40)..n);
                for at in places {
                    for edge in edges {
                        x.clone_from(&base);
                        x[at] = edge[0];
                        reference.clear();
                        encoder.encode_reference(&x, &mut reference);
                        for &blocks in &levels {
                            let fast = encoder.clone().with_blocks(blocks).encode_to_vec(&x);
                            assert_eq!(fast, reference, "{blocks:?} {x:?}");
                        }
                    }
                }
            }
        }
    }
}

/// `check`'s suggestion is `clean`'s result where that is valid and differs from the record,
/// as its docs say, under each RFC and for a URI, a reference and each component: its own
/// short way (the rules without the words of a problem) finds what `clean` finds.
#[test]
fn suggestion_is_cleans_valid_result() {
    use uriesc::check::{self, Target};
    use uriesc::clean;
    let targets: Vec<Target> = [Target::Uri, Target::Reference]
        .into_iter()
        .chain(sets::Component::ALL.into_iter().map(Target::Component))
        .collect();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(1500));
    // Half of them begin as a URI does, so that the rest is read as its parts.
    let records = (any::<bool>(), proptest::collection::vec(url_byte(), 0..40));
    runner
        .run(&records, |(scheme, rest)| {
            let record = [if scheme { &b"http://a.b"[..] } else { b"" }, &rest].concat();
            for standard in Standard::ALL.into_iter().filter(|s| s.rfc().is_some()) {
                for &target in &targets {
                    if check::supported(standard, target).is_err() {
                        continue;
                    }
                    let options = clean::Options {
                        target,
                        ..clean::Options::new(standard)
                    };
                    let mut cleaned = Vec::new();
                    let expected = clean::clean(&record, &options, &mut cleaned)
                        .ok()
                        .filter(|()| check::check(&cleaned, standard, target).is_ok())
                        .filter(|()| cleaned != record)
                        .map(|()| cleaned);
                    let got = clean::suggestion(&record, standard, target);
                    prop_assert_eq!(got, expected, "{:?} {:?}", standard, target);
                }
            }
            Ok(())
        })
        .unwrap();
}
