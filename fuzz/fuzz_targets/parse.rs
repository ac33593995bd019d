//! `parse --whatwg --format json`: never panics; what it writes goes after what the output
//! already holds, leaves that as it was, and is one JSON object; for a record ada parses, each
//! of url.bs's getters in it is ada's, whether the record took the common URL's layout or the
//! general writer; a record ada refuses gives an `error` member.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use uriesc::parse::{Options, Output, Parser};
use uriesc::sets::Standard;
use uriesc::stream::{Place, RecordFilter};
use uriesc::report::Messages;

fuzz_target!(|data: &[u8]| {
    // The first byte is how much the output holds before (and how little room it has).
    let Some((&before, record)) = data.split_first() else {
        return;
    };
    let before = vec![b'x'; usize::from(before)];
    let mut out = before.clone();
    out.shrink_to_fit();
    let mut parser = Parser::new(
        Options::new(Standard::Whatwg, Output::Json),
        Messages::none(),
    );
    let place = Place {
        source: "<fuzz>",
        file: false,
        line: 1,
    };
    assert!(matches!(parser.record(record, place, &mut out), Ok(true)));
    assert_eq!(&out[..before.len()], &before[..], "what the output held");
    let object: Value = serde_json::from_slice(&out[before.len()..]).expect("one JSON object");
    let Ok(input) = std::str::from_utf8(record) else {
        return;
    };
    let Ok(url) = ada_url::Url::parse(input, None) else {
        assert!(object["error"].is_object(), "{input:?}: {object}");
        return;
    };
    for (getter, value) in [
        ("href", url.href()),
        ("origin", &url.origin()),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("host", url.host()),
        ("hostname", url.hostname()),
        ("port", url.port()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash()),
    ] {
        assert_eq!(object[getter], value, "{input:?} {getter}");
    }
});
