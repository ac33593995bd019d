//! Every option combination: the first bytes of the input choose the standard, the
//! context to encode for and the target to check as (ones the standard lacks too), `--plus`, `--lower`, `--keep`, `--also`, `--basic`,
//! `--normalize`, `--idna` and `--base`, as the command line would hand them to the library;
//! the rest is the record. Nothing panics, a refused choice is an error, and the laws hold:
//! `decode(encode(x)) == x`, `clean` is idempotent, and what `clean` emits passes `check` (as
//! `tests/combinations/clean.rs` holds through the binary).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::check;
use uriesc::clean;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{self, Encoder};
use uriesc::sets::{Context, Standard};

/// What `--keep` and `--also` pick from: delimiters, the escape and plus signs, space, a
/// control, and non-ASCII.
const CHARS: [&[u8]; 8] = [b"%", b"+", b" ", b"/", b"#", b"\t", "ü".as_bytes(), b"a"];

const BASES: [&[u8]; 6] = [
    b"http://a/b/c/d;p?q",
    b"file:///x/y",
    "http://ü/x/".as_bytes(),
    b"foo:/.//x",
    b"1http://a/",
    b"http://a:x/",
];

/// The characters whose bits are set in `bits`.
fn chars(bits: u8) -> Vec<u8> {
    (0..8)
        .filter(|i| bits & (1 << i) != 0)
        .flat_map(|i| CHARS[i].iter().copied())
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let [s, c, flags, keep, also, x @ ..] = data else {
        return;
    };
    let standard = Standard::ALL[usize::from(*s) % Standard::ALL.len()];
    let context = Context::ALL[usize::from(*c) % Context::ALL.len()];
    let target = check::Target::ALL[usize::from(*c) % check::Target::ALL.len()];

    // encode, and decode(encode(x)) == x with the same context and `--plus`.
    let options = encode::Options {
        plus: flags & 1 != 0,
        lower: flags & 2 != 0,
        keep: chars(*keep),
        also: chars(*also),
    };
    if let Ok(encoder) = Encoder::for_context(standard, context, &options) {
        let encoded = encoder.encode_to_vec(x);
        let decoded = Decoder::new(decode::Options {
            plus: options.plus || context == Context::Form,
            strict: true,
            utf8: Utf8::Raw,
        })
        .decode_to_vec(&encoded)
        .expect("encode output decodes strictly");
        assert_eq!(decoded, x, "{standard} {context:?} {options:?}");
    }

    // decode in every mode: an error only where strict.
    let strict = flags & 4 != 0;
    let utf8 = [Utf8::Raw, Utf8::Lossy, Utf8::Strict][usize::from(flags >> 3) % 3];
    let decoded = Decoder::new(decode::Options {
        plus: flags & 1 != 0,
        strict,
        utf8,
    })
    .decode_to_vec(x);
    assert!(decoded.is_ok() || strict || utf8 == Utf8::Strict);

    // check: a problem inside the record.
    if check::supported(standard, target).is_ok()
        && let Err(problem) = check::check(x, standard, target)
    {
        assert!(problem.offset <= x.len());
    }

    // clean, as `uriesc clean` sets it up (lib.rs): -c uri or -c reference, where supported;
    // --normalize not with --whatwg; the base cleaned first.
    let component = if c & 1 == 0 {
        check::Target::Uri
    } else {
        check::Target::Reference
    };
    if check::supported(standard, component).is_err() {
        return;
    }
    let mut options = clean::Options {
        target: component,
        basic: flags & 32 != 0,
        normalize: flags & 64 != 0 && standard != Standard::Whatwg,
        idna: flags & 128 != 0,
        ..clean::Options::new(standard)
    };
    if s & 0x80 != 0 {
        let base = BASES[usize::from(s >> 2) % BASES.len()];
        // As the command line takes a base: prepared by the library (`Options::with_base`:
        // under an RFC cleaned, with `--idna` its host in ASCII, and its dot segments removed;
        // under the URL Standard any URL the parser parses), or refused.
        let Ok(with_base) = options.clone().with_base(base) else {
            return;
        };
        options = with_base;
    }
    let mut once = Vec::new();
    match clean::clean(x, &options, &mut once) {
        Ok(()) => {
            let checked_as = if options.base.is_some() {
                check::Target::Uri
            } else {
                component
            };
            if let Err(problem) = check::check(&once, standard, checked_as) {
                panic!("clean output fails check: {problem:?}");
            }
            let mut twice = Vec::new();
            let cleaned_again = clean::clean(&once, &options, &mut twice);
            assert!(cleaned_again.is_ok(), "clean output cleans: {cleaned_again:?}");
            assert_eq!(once, twice, "idempotent");
        }
        Err(problem) => assert!(problem.offset <= x.len()),
    }
});
