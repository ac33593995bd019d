//! Streaming does not change the output: wherever the reads split the input, records handed
//! over in batches or one by one, long records cleaned as they stream, and read errors.

use proptest::prelude::*;
use uriesc::check::{self, Checker, Select, Target};
use uriesc::clean::{self, CleanStream, Cleaner};
use uriesc::decode::{self, Decoder, Utf8};
use uriesc::encode::{Encoder, Options};
use uriesc::pretty::{self, PrettyPrinter};
use uriesc::report::Messages;
use uriesc::sets::{Context, Standard};
use uriesc::stream::{Filter, Framing, Streamer, WholeRecords};

use super::{Shared, bytes, cells, framing, stream, url_byte};

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
        let encoder = Encoder::for_context(standard, component, &options).unwrap();
        let batched = stream(encoder.clone(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(encoder), framing, &x, read_size));
        let options = decode::Options { plus, strict: false, utf8: Utf8::Raw };
        let batched = stream(Decoder::new(options), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(Decoder::new(options)), framing, &x, read_size));
        let printer = || PrettyPrinter::new(pretty::Options::default(), Messages::none());
        let batched = stream(printer(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(printer()), framing, &x, read_size));
    }

    /// `pretty-print`'s batches, whose records have hosts to decide on (escapes, raw Unicode, an
    /// authority with `%` in its user info or port), agree with its records one by one.
    #[test]
    fn pretty_print_batches_agree_with_one_by_one(
        x in prop::collection::vec(prop_oneof![
            6 => url_byte().prop_map(|b| vec![b]),
            1 => prop::sample::select(vec![
                b"\nhttp://".to_vec(), b"\nftp://".to_vec(), b"\nx-y://".to_vec(),
                b"\nmailto:".to_vec(), b"%D0%B0%D1%80".to_vec(),
                "\u{430}\u{440}\u{440}\u{4CF}e".as_bytes().to_vec(),
                "b\u{fc}cher".as_bytes().to_vec(), b"%C3%BC".to_vec(), b"%HOSTIP".to_vec(),
                b"%41".to_vec(), b"u%40x@".to_vec(), b":%PORT".to_vec(), b"[::1%25e]".to_vec(),
                b"%EF%B9%96".to_vec(), b"%20".to_vec(), b".com".to_vec(),
            ]),
        ], 0..300).prop_map(|parts| parts.concat()),
        framing in framing(),
        read_size in prop_oneof![1usize..70, Just(4096)],
    ) {
        let printer = || PrettyPrinter::new(pretty::Options::default(), Messages::none());
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
                b"[".to_vec(), b"s:".to_vec(), b"\nhttp://a/b?c#d\r\n".to_vec(),
            ]),
        ], 0..400).prop_map(|parts| parts.concat()),
        framing in prop::sample::select(vec![Framing::Lines, Framing::Null]),
        // With --valid or --invalid the reports go to stderr: quiet there, to keep it clean.
        (select, quiet) in prop::sample::select(vec![
            (Select::Reports, false), (Select::Valid, true), (Select::Invalid, true),
        ]),
        read_size in prop_oneof![1usize..70, Just(4096)],
    ) {
        let options = check::Options::new(Standard::Rfc3986, Target::Reference)
            .with_select(select)
            .with_quiet(quiet);
        let checker = || WholeRecords::new(Checker::new(options.clone(), Messages::none()));
        let batched = stream(checker(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(checker()), framing, &x, read_size));
        // `clean`, whose runs of valid URIs are copied at once, and its messages.
        let cleaner = |errors: &Shared| {
            WholeRecords::new(Cleaner::new(clean::Options::new(Standard::Rfc3986), Messages::to(Box::new(errors.clone()))))
        };
        let (batched_errors, one_errors) = (Shared::default(), Shared::default());
        let batched = stream(cleaner(&batched_errors), framing, &x, read_size);
        let one = stream(OneByOne(cleaner(&one_errors)), framing, &x, read_size);
        prop_assert_eq!(batched, one);
        prop_assert_eq!(batched_errors.0.borrow().clone(), one_errors.0.borrow().clone());
    }

    /// The same under the URL Standard, where `check` takes runs of common URLs at once and
    /// `clean` runs of URLs that are their own serialization, writing the record a run stops
    /// at from what the run found of it: output and messages as record by record. The records
    /// are mostly common URLs, some their own serialization and some not (uppercase, a port, a
    /// dot segment, `'` in the query), so that runs are long and stop at every kind of record.
    #[test]
    fn whatwg_batches_agree_with_one_by_one(
        x in prop::collection::vec(prop_oneof![
            2 => url_byte().prop_map(|b| vec![b]),
            3 => prop::sample::select(vec![
                b"http://a.example/p".to_vec(), b"HTTP://A.example/p".to_vec(),
                b"https://a.example:443/".to_vec(), b"https://a.example:8443/x".to_vec(),
                b"ws://h".to_vec(), b"ftp://h/a/../b".to_vec(), b"http://h/p?'".to_vec(),
                b"http://h/%2e/".to_vec(), b"foo://h/p".to_vec(), b"%zz".to_vec(),
                b"http://a b/".to_vec(), "http://\u{e9}.example/".as_bytes().to_vec(),
            ]),
            3 => prop::sample::select(vec![b"\n".to_vec(), b"\r\n".to_vec(), b"\0".to_vec()]),
        ], 0..200).prop_map(|parts| parts.concat()),
        framing in prop::sample::select(vec![Framing::Lines, Framing::Null]),
        basic: bool,
        read_size in prop_oneof![1usize..70, Just(4096)],
    ) {
        let options = check::Options::new(Standard::Whatwg, Target::Uri)
            .with_suggest(Some(clean::suggestion));
        let checker = || WholeRecords::new(Checker::new(options.clone(), Messages::none()));
        let batched = stream(checker(), framing, &x, read_size);
        prop_assert_eq!(batched, stream(OneByOne(checker()), framing, &x, read_size));
        let options = clean::Options { basic, ..clean::Options::new(Standard::Whatwg) };
        let cleaner = |errors: &Shared| {
            WholeRecords::new(Cleaner::new(options.clone(), Messages::to(Box::new(errors.clone()))))
        };
        let (batched_errors, one_errors) = (Shared::default(), Shared::default());
        let batched = stream(cleaner(&batched_errors), framing, &x, read_size);
        let one = stream(OneByOne(cleaner(&one_errors)), framing, &x, read_size);
        prop_assert_eq!(batched, one);
        prop_assert_eq!(batched_errors.0.borrow().clone(), one_errors.0.borrow().clone());
    }

    /// `clean` of records longer than a read (only their head held, the rest mended as it
    /// streams) gives what cleaning each record whole gives: output and error messages, under
    /// RFC 3986 and under the URL Standard (whose runs of own serializations and their stops
    /// meet records cut by a read).
    #[test]
    fn clean_streams_long_records_as_whole_ones_clean(
        x in prop::collection::vec(prop_oneof![
            6 => url_byte().prop_map(|b| vec![b]),
            2 => prop::sample::select(vec![
                b"http://".to_vec(), b"s://u@h:80/".to_vec(), b"//h/".to_vec(), b"a:".to_vec(),
                b"[::1]".to_vec(), b"%4".to_vec(), b"%41".to_vec(), b"%".to_vec(), b"#".to_vec(),
                b"?".to_vec(), b"@".to_vec(), b"[".to_vec(), b" ".to_vec(), "é".into(),
                b"1a:".to_vec(), b":".to_vec(), b"\n".to_vec(),
                // C0 controls and spaces, which `clean` trims from a record's ends.
                b"   ".to_vec(), b"\t".to_vec(), b"\r".to_vec(), b"\0".to_vec(), b" \x1F ".to_vec(),
            ]),
        ], 0..120).prop_map(|parts| parts.concat()),
        framing in prop::sample::select(vec![Framing::Lines, Framing::Null]),
        component in prop::sample::select(vec![Target::Uri, Target::Reference]),
        standard in prop::sample::select(vec![Standard::Rfc3986, Standard::Whatwg]),
        read_size in 1usize..40,
    ) {
        let options = clean::Options { target: component, ..clean::Options::new(standard) };
        let cleaner = |errors: &Shared| Cleaner::new(options.clone(), Messages::to(Box::new(errors.clone())));
        let (streamed_errors, whole_errors) = (Shared::default(), Shared::default());
        let streamed = stream(CleanStream::with(cleaner(&streamed_errors)), framing, &x, read_size);
        let whole = stream(OneByOne(WholeRecords::new(cleaner(&whole_errors))), framing, &x, 1 << 16);
        prop_assert_eq!(streamed, whole);
        let (streamed_errors, whole_errors) = (streamed_errors.0.take(), whole_errors.0.take());
        prop_assert_eq!(bstr::BString::from(streamed_errors), bstr::BString::from(whole_errors));
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
        Encoder::for_context(Standard::Rfc3986, Context::Any, &Options::default()).unwrap();
    let mut out = Vec::new();
    let warnings = Shared::default();
    let mut streamer = Streamer::with_read_size(encoder, Framing::Lines, &mut out, false, 4)
        .with_warnings(Messages::to(Box::new(warnings.clone())));
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
    // Said as `cat` says it: the input, how far it got, and the system's reason.
    assert_eq!(
        bstr::BString::from(warnings.0.take()),
        "uriesc: reading data.txt after line 2: device error\n"
    );
}
