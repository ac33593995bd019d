//! The laws, as property tests: `decode(encode(x)) == x` for every byte string, standard,
//! component and framing; `encode` writes only what its set allows; decoding does not depend
//! on where the reads split the input.

use proptest::prelude::*;
use uriesc::check::{self, Checker, Format, Select};
use uriesc::clean::{self, CleanStream, Cleaner};
use uriesc::cpu::Blocks;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{Encoder, Options};
use uriesc::pretty::{self, PrettyPrinter};
use uriesc::sets::{self, ByteSet, Component, Standard};
use uriesc::stream::{DataError, Filter, Framing, Streamer, WholeRecords};

/// Bytes that make the edges likely: escapes whole and broken, `+`, terminators, UTF-8 lead
/// and continuation bytes, and anything else.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"%%%+ aZ09fF\r\n\0~#/?".to_vec()),
        2 => prop::sample::select(vec![0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x80, 0xBF, 0xED, 0xFF]),
        2 => any::<u8>(),
    ]
}

/// Bytes as in URLs: mostly ones every set leaves literal, so that the encoder's blocks hold
/// few escapes, at any place.
fn url_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        12 => prop::sample::select(b"abcXYZ0189-._~".to_vec()),
        3 => prop::sample::select(b"/:?&=%+# \r\n\0".to_vec()),
        1 => any::<u8>(),
    ]
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(byte(), 0..160)
}

/// Every (standard, component) that takes data.
fn all_cells() -> Vec<(Standard, Component)> {
    Standard::ALL
        .iter()
        .flat_map(|&s| Component::DATA.iter().map(move |&c| (s, c)))
        .filter(|&(s, c)| sets::data_set(s, c).is_ok())
        .collect()
}

fn cells() -> impl Strategy<Value = (Standard, Component)> {
    prop::sample::select(all_cells())
}

fn framing() -> impl Strategy<Value = Framing> {
    prop::sample::select(vec![Framing::Lines, Framing::Null, Framing::Whole])
}

/// Runs `filter` over `input` read `read_size` bytes at a time.
/// What `filter` writes for `input` read `read_size` bytes at a time, and the error that ends
/// the run, if one does, with what was written before it.
fn stream(
    filter: impl Filter,
    framing: Framing,
    input: &[u8],
    read_size: usize,
) -> Result<Vec<u8>, (Vec<u8>, DataError)> {
    let written = Shared::default();
    let mut streamer = Streamer::with_read_size(filter, framing, written.clone(), false, read_size);
    let run = match streamer.read("<test>".into(), false, input) {
        Ok(()) => streamer.finish().map(drop),
        Err(error) => streamer.finish_partial().and(Err(error)),
    };
    let written = written.0.take();
    match run {
        Ok(()) => Ok(written),
        Err(e) => Err((
            written,
            e.downcast::<DataError>()
                .expect("only data errors in memory"),
        )),
    }
}

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

/// Output or error messages, written where a test can read them.
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A filter given its records one by one: the same filter without [`Filter::records`].
struct OneByOne<F>(F);

impl<F: Filter> Filter for OneByOne<F> {
    fn piece(
        &mut self,
        piece: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), uriesc::stream::RecordError> {
        self.0.piece(piece, out)
    }

    fn end_record(
        &mut self,
        place: uriesc::stream::Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, uriesc::stream::RecordError> {
        self.0.end_record(place, out)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every case runs every cell, so each standard sees thousands of inputs.
    #[test]
    fn decode_inverts_encode(x in bytes(), plus: bool, lower: bool) {
        for (standard, component) in all_cells() {
            let options = Options { plus, lower, ..Options::default() };
            let encoder = Encoder::for_component(standard, component, &options).unwrap();
            let encoded = encoder.encode_to_vec(&x);
            let mut decoder = Decoder::new(decode::Options {
                plus: plus || component == Component::Form,
                strict: true,
                utf8: Utf8::Raw,
            });
            prop_assert_eq!(decoder.decode_to_vec(&encoded).unwrap(), x.clone(), "{} {:?}", standard, component);
        }
    }

    #[test]
    fn encode_writes_only_what_the_set_allows(x in bytes(), (standard, component) in cells(), lower: bool) {
        let set = sets::data_set(standard, component).unwrap();
        let plus = component == Component::Form;
        let options = Options { lower, ..Options::default() };
        let encoded = Encoder::for_component(standard, component, &options).unwrap().encode_to_vec(&x);
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
        let encoder = Encoder::for_component(standard, component, &Options::default()).unwrap();
        let encoded = stream(encoder, framing, &x, read_size).unwrap();
        let decoder = Decoder::new(decode::Options {
            plus: component == Component::Form,
            strict: true,
            utf8: Utf8::Raw,
        });
        prop_assert_eq!(stream(decoder, framing, &encoded, read_size.max(3) - 2).unwrap(), x);
    }

    #[test]
    fn decoding_does_not_depend_on_where_reads_split(
        x in bytes(),
        framing in framing(),
        plus: bool,
        strict: bool,
        utf8 in prop::sample::select(vec![Utf8::Raw, Utf8::Strict, Utf8::Lossy]),
        read_size in 1usize..7,
    ) {
        let options = decode::Options { plus, strict, utf8 };
        let whole = stream(Decoder::new(options), framing, &x, 1 << 16);
        let split = stream(Decoder::new(options), framing, &x, read_size);
        prop_assert_eq!(split, whole);
    }

    /// The fast path of encoding agrees with the plain reference loop, for every cell, on
    /// inputs long enough to cross the sixteen-byte blocks several times.
    #[test]
    fn encode_fast_path_agrees_with_the_reference(
        x in prop::collection::vec(byte(), 0..400),
        plus: bool,
    ) {
        for (standard, component) in all_cells() {
            let options = Options { plus, ..Options::default() };
            let encoder = Encoder::for_component(standard, component, &options).unwrap();
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
        let encoder = Encoder::new(&set, plus || component == Component::Form, lower);
        let mut reference = Vec::new();
        encoder.encode_reference(&x, &mut reference);
        for blocks in Blocks::available() {
            let encoder = encoder.clone().with_blocks(blocks);
            prop_assert_eq!(&encoder.encode_to_vec(&x), &reference, "{:?}", blocks);
        }
    }

    /// Records handed over many at a time ([`Filter::records`]) come out as they do one by
    /// one, wherever the reads cut them.
    #[test]
    fn batched_records_agree_with_one_by_one(
        x in prop::collection::vec(prop_oneof![
            8 => url_byte().prop_map(|b| vec![b]),
            1 => prop::sample::select(vec![
                b"%C3%A9".to_vec(), b"%E4%B8%AD".to_vec(), b"%F0%9F%98%80".to_vec(),
                b"%C3".to_vec(), b"%20".to_vec(), b"%2F".to_vec(),
            ]),
        ], 0..400).prop_map(|parts| parts.concat()),
        framing in framing(),
        (standard, component) in cells(),
        plus: bool,
        read_size in prop_oneof![1usize..70, Just(4096)],
    ) {
        let options = Options { plus, ..Options::default() };
        let encoder = Encoder::for_component(standard, component, &options).unwrap();
        let batched = stream(encoder.clone(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(encoder), framing, &x, read_size));
        let options = decode::Options { plus, strict: false, utf8: Utf8::Raw };
        let batched = stream(Decoder::new(options), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(Decoder::new(options)), framing, &x, read_size));
        let printer = || PrettyPrinter::new(pretty::Options::default());
        let batched = stream(printer(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(printer()), framing, &x, read_size));
    }

    /// The same for a command that holds records, whose batches [`WholeRecords`] loops over itself:
    /// `check`, whose reports name each record's line (`clean` goes through the same loop).
    #[test]
    fn held_batches_agree_with_one_by_one(
        x in prop::collection::vec(prop_oneof![
            8 => url_byte().prop_map(|b| vec![b]),
            1 => prop::sample::select(vec![
                b"http://a/".to_vec(), b"\nhttps://h:8x/p".to_vec(), b"%zz".to_vec(),
                b"[".to_vec(), b"s:".to_vec(),
            ]),
        ], 0..400).prop_map(|parts| parts.concat()),
        framing in prop::sample::select(vec![Framing::Lines, Framing::Null]),
        // With --valid or --invalid the reports go to stderr: quiet there, to keep it clean.
        (select, quiet) in prop::sample::select(vec![
            (Select::Reports, false), (Select::Valid, true), (Select::Invalid, true),
        ]),
        read_size in prop_oneof![1usize..70, Just(4096)],
    ) {
        let checker = || WholeRecords::new(Checker::new(check::Options {
            standard: Standard::Rfc3986,
            component: Component::Reference,
            format: Format::Text,
            select,
            quiet,
            color: false,
            confusion: false,
            base: None,
            suggest: None,
        }));
        let batched = stream(checker(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(checker()), framing, &x, read_size));
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

    /// `clean` of records longer than a read (only their head held, the rest mended as it
    /// streams) gives what cleaning each record whole gives: output and error messages.
    #[test]
    fn clean_streams_long_records_as_whole_ones_clean(
        x in prop::collection::vec(prop_oneof![
            6 => url_byte().prop_map(|b| vec![b]),
            2 => prop::sample::select(vec![
                b"http://".to_vec(), b"s://u@h:80/".to_vec(), b"//h/".to_vec(), b"a:".to_vec(),
                b"[::1]".to_vec(), b"%4".to_vec(), b"%41".to_vec(), b"%".to_vec(), b"#".to_vec(),
                b"?".to_vec(), b"@".to_vec(), b"[".to_vec(), b" ".to_vec(), "é".into(),
                b"1a:".to_vec(), b":".to_vec(), b"\n".to_vec(),
            ]),
        ], 0..120).prop_map(|parts| parts.concat()),
        framing in prop::sample::select(vec![Framing::Lines, Framing::Null]),
        component in prop::sample::select(vec![Component::Uri, Component::Reference]),
        read_size in 1usize..40,
    ) {
        let options = clean::Options { component, ..clean::Options::new(Standard::Rfc3986) };
        let cleaner = |errors: &Shared| Cleaner::with_errors(options.clone(), Box::new(errors.clone()));
        let (streamed_errors, whole_errors) = (Shared::default(), Shared::default());
        let streamed = stream(CleanStream::with(cleaner(&streamed_errors)), framing, &x, read_size);
        let whole = stream(OneByOne(WholeRecords::new(cleaner(&whole_errors))), framing, &x, 1 << 16);
        prop_assert_eq!(streamed, whole);
        let (streamed_errors, whole_errors) = (streamed_errors.0.take(), whole_errors.0.take());
        prop_assert_eq!(bstr::BString::from(streamed_errors), bstr::BString::from(whole_errors));
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

/// A reader that gives `data` and then fails, as a disk or a network file system can.
struct FailingReader<'a> {
    data: &'a [u8],
}

impl std::io::Read for FailingReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.data.is_empty() {
            return Err(std::io::Error::other("device error"));
        }
        let n = buf.len().min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// A read error ends that input, as `cat` does, after everything before it is written: the
/// record it cut short is a record like any other, and the run goes on (status 2 at its end).
#[test]
fn a_read_error_keeps_the_output_and_goes_on() {
    let encoder =
        Encoder::for_component(Standard::Rfc3986, Component::Any, &Options::default()).unwrap();
    let mut out = Vec::new();
    let mut streamer = Streamer::with_read_size(encoder, Framing::Lines, &mut out, false, 4);
    streamer
        .read(
            "data.txt".into(),
            true,
            FailingReader {
                data: b"a b\nc d\ne",
            },
        )
        .unwrap();
    streamer.value("<arg 1>".into(), b"f g").unwrap();
    assert_eq!(streamer.unreadable_inputs(), 1);
    streamer.finish().unwrap();
    assert_eq!(out, b"a%20b\nc%20d\ne\nf%20g\n");
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
        Encoder::for_component(Standard::Rfc3986, Component::Any, &Options::default()),
        Encoder::for_component(Standard::Whatwg, Component::Form, &Options::default()),
        Encoder::for_component(
            Standard::Rfc3986,
            Component::Path,
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
