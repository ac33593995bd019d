//! Decoding's modes mean what they say: the UTF-8 modes agree with the standard library, and
//! strict decoding fails exactly on a malformed escape.

use proptest::prelude::*;
use uriesc::decode::{self, Decoder, Utf8};

use super::{Shared, bytes};

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

    /// A strict decoder's error says where the problem begins, wherever the record is cut into
    /// pieces ([`Decoder::decode`]): the byte offset of the first '%' that begins no escape
    /// (RFC 3986 §2.1: "%" HEXDIG HEXDIG), and the column of that byte in characters, with
    /// the message of the record decoded whole.
    #[test]
    fn a_strict_error_is_at_the_first_malformed_escape_in_any_pieces(
        x in bytes(),
        cuts in prop::collection::vec(0usize..64, 0..6),
    ) {
        let options = decode::Options { strict: true, ..Default::default() };
        let hex = |b: Option<&u8>| b.is_some_and(u8::is_ascii_hexdigit);
        let first = (0..x.len()).find(|&i| x[i] == b'%' && !(hex(x.get(i + 1)) && hex(x.get(i + 2))));
        let whole = Decoder::new(options).decode_to_vec(&x);
        let mut decoder = Decoder::new(options);
        let mut out = Vec::new();
        let mut at = 0;
        let mut pieces: Vec<&[u8]> = Vec::new();
        for cut in cuts {
            let end = (at + cut).min(x.len());
            pieces.push(&x[at..end]);
            at = end;
        }
        pieces.push(&x[at..]);
        let streamed = pieces
            .into_iter()
            .try_for_each(|piece| decoder.decode(piece, &mut out))
            .and_then(|()| decoder.finish(&mut out));
        match first {
            None => prop_assert!(whole.is_ok() && streamed.is_ok()),
            Some(i) => {
                let (whole, streamed) = (whole.unwrap_err(), streamed.unwrap_err());
                prop_assert_eq!(whole.offset, i as u64);
                let column = String::from_utf8_lossy(&x[..i]).chars().count() as u64 + 1;
                // Columns count UTF-8 sequences (lead bytes): only valid UTF-8 before the '%'
                // is compared with std's count.
                if std::str::from_utf8(&x[..i]).is_ok() {
                    prop_assert_eq!(whole.column, column);
                }
                prop_assert_eq!(&streamed, &whole);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `decode --strict` and `--utf8 strict` judge every record ([`DecodeStream`]): they write
    /// what lenient raw decoding writes, record for record, wherever the reads split the input
    /// (the reports too); and a record is reported exactly when the strict decoder refuses it.
    #[test]
    fn judging_writes_what_lenient_decoding_writes(
        x in bytes(),
        framing in super::framing(),
        plus: bool,
        strict: bool,
        utf8_strict: bool,
        read_size in 1usize..9,
    ) {
        use uriesc::decode::DecodeStream;
        use uriesc::report::Messages;
        let utf8 = if utf8_strict { Utf8::Strict } else { Utf8::Raw };
        let options = decode::Options { plus, strict, utf8 };
        let lenient = decode::Options { plus, ..Default::default() };
        let judged = |read_size: usize| {
            let messages = Shared::default();
            let filter = DecodeStream::new(options, Messages::to(Box::new(messages.clone())));
            let written = super::stream(filter, framing, &x, read_size).expect("no error ends a run");
            (written, bstr::BString::from(messages.0.take()))
        };
        let (whole, whole_messages) = judged(1 << 16);
        let expected = super::stream(Decoder::new(lenient), framing, &x, read_size).unwrap();
        prop_assert_eq!(&whole, &expected);
        let (split, split_messages) = judged(read_size);
        prop_assert_eq!(split, whole);
        prop_assert_eq!(&split_messages, &whole_messages);
        // Each record alone: reported (its line in a message) iff the strict decoder refuses it.
        let mut records = Vec::new();
        match framing.end() {
            None => records.push(&x[..]),
            Some(end) => {
                let mut rest = &x[..];
                while let Some(at) = rest.iter().position(|&b| b == end) {
                    let record = &rest[..at];
                    records.push(match end {
                        b'\n' => record.strip_suffix(b"\r").unwrap_or(record),
                        _ => record,
                    });
                    rest = &rest[at + 1..];
                }
                if !rest.is_empty() {
                    records.push(rest);
                }
            }
        }
        for (i, record) in records.iter().enumerate() {
            let refused = Decoder::new(options).decode_to_vec(record).is_err();
            let place = format!("<test>:{}:", i + 1);
            let reported = whole_messages.split(|&b| b == b'\n').any(|m| m.starts_with(place.as_bytes()));
            prop_assert_eq!(reported, refused, "record {} {:?}: {}", i + 1, bstr::BStr::new(record), whole_messages);
        }
    }
}
