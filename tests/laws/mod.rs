//! The laws, as property tests: `decode(encode(x)) == x` for every byte string, standard,
//! component and framing; `encode` writes only what its set allows; decoding does not depend
//! on where the reads split the input; and what `encode` writes reads back as the data in its
//! component of a URL.

mod decode_modes;
mod fast_paths;
mod meaning;
mod round_trips;
mod streaming;

use proptest::prelude::*;
use uriesc::sets::{self, Context, Standard};
use uriesc::stream::{DataError, Filter, Framing, Streamer};

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
fn all_cells() -> Vec<(Standard, Context)> {
    Standard::ALL
        .iter()
        .flat_map(|&s| Context::ALL.iter().map(move |&c| (s, c)))
        .filter(|&(s, c)| sets::data_set(s, c).is_ok())
        .collect()
}

fn cells() -> impl Strategy<Value = (Standard, Context)> {
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
) -> Result<Vec<u8>, Box<(Vec<u8>, DataError)>> {
    let written = Shared::default();
    let mut streamer = Streamer::with_read_size(filter, framing, written.clone(), false, read_size);
    let run = match streamer.read("<test>".into(), false, input) {
        Ok(()) => streamer.finish().map(drop),
        Err(error) => streamer.finish_partial().and(Err(error)),
    };
    let written = written.0.take();
    match run {
        Ok(()) => Ok(written),
        Err(uriesc::stream::Error::Data(e)) => Err(Box::new((written, e))),
        Err(uriesc::stream::Error::Io(e)) => panic!("only data errors in memory: {e}"),
    }
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
