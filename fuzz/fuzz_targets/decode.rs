//! `decode` in every mode: never panics, gives the same result (or the same error, at the same
//! column) whatever the read size and block loop, and as its reference loop does, and
//! `--utf8 lossy` agrees with the standard library.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::cpu::Blocks;
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::stream::{Framing, Streamer};

fn stream(
    decoder: Decoder,
    framing: Framing,
    input: &[u8],
    read: usize,
) -> Result<Vec<u8>, String> {
    let mut streamer = Streamer::with_read_size(decoder, framing, Vec::new(), false, read);
    streamer
        .read("<fuzz>".into(), false, input)
        .and_then(|()| streamer.finish())
        .map(|(_, out)| out)
        .map_err(|e| match e {
            uriesc::stream::Error::Data(e) => e.to_string(),
            uriesc::stream::Error::Io(e) => panic!("only data errors: {e}"),
        })
}

fuzz_target!(|data: &[u8]| {
    let Some((&o, input)) = data.split_first() else {
        return;
    };
    let options = decode::Options {
        plus: o & 1 != 0,
        strict: o & 2 != 0,
        utf8: [Utf8::Raw, Utf8::Strict, Utf8::Lossy][usize::from(o >> 2) % 3],
    };
    let framing = [Framing::Lines, Framing::Null, Framing::Whole][usize::from(o >> 4) % 3];
    let read = 1 + usize::from(o >> 6);
    let whole = stream(Decoder::new(options), framing, input, 1 << 16);
    assert_eq!(stream(Decoder::new(options), framing, input, read), whole);
    let reference = Decoder::new(options).reference();
    assert_eq!(
        stream(reference, framing, input, 1 << 16),
        whole,
        "fast path"
    );
    for blocks in Blocks::available() {
        let decoder = Decoder::new(options).with_blocks(blocks);
        assert_eq!(stream(decoder, framing, input, 1 << 16), whole, "{blocks:?}");
    }

    let raw = Decoder::new(decode::Options {
        utf8: Utf8::Raw,
        ..options
    })
    .decode_to_vec(input);
    if let (Ok(raw), false) = (raw, options.strict) {
        let lossy = Decoder::new(decode::Options {
            utf8: Utf8::Lossy,
            ..options
        })
        .decode_to_vec(input)
        .expect("lenient lossy never fails");
        assert_eq!(lossy, String::from_utf8_lossy(&raw).as_bytes());
    }
});
