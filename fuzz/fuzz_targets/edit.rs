//! `edit` under RFC 3986 and the URL Standard: never panics; what it writes for a record it
//! edits passes `check` under RFC 3986; removing and sorting pairs are idempotent; and under
//! the URL Standard a host set without the parser (a common URL, a plain domain) is what ada's
//! setter makes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::check::{self, Target};
use uriesc::edit::{self, Glob, Options, ParamScratch, Part, Set};
use uriesc::sets::Standard;

fn edited(record: &[u8], options: &Options) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    edit::edit(record, options, &mut ParamScratch::default(), &mut out).ok()?;
    Some(out)
}

fuzz_target!(|data: &[u8]| {
    // The first line is the value, the rest the record.
    let (value, record) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&b"example.org"[..], data),
    };
    for part in ["path", "query", "fragment", "userinfo", "host"] {
        let spec = [part.as_bytes(), b"=", value].concat();
        let Ok(set) = Set::parse(&spec, Standard::Rfc3986) else {
            continue;
        };
        let mut options = Options::new(Standard::Rfc3986);
        options.sets.push(set);
        if let Some(out) = edited(record, &options) {
            assert!(check::check(&out, Standard::Rfc3986, Target::Reference).is_ok());
        }
    }
    for standard in [Standard::Rfc3986, Standard::Whatwg] {
        let mut options = Options::new(standard);
        options.params.remove.push(Glob::new(value));
        options.params.sort = true;
        if let Some(once) = edited(record, &options) {
            assert_eq!(edited(&once, &options), Some(once.clone()), "idempotent");
        }
    }
    let Ok(host) = std::str::from_utf8(value) else {
        return;
    };
    let mut options = Options::new(Standard::Whatwg);
    options.sets.push(Set {
        part: Part::Host,
        value: Some(value.to_vec()),
        // As `host:=VALUE` gives it: no other form was given.
        given: None,
    });
    let mut ours = Vec::new();
    let result = edit::edit(record, &options, &mut ParamScratch::default(), &mut ours);
    let Some(Ok(mut url)) = std::str::from_utf8(record)
        .ok()
        .map(|r| ada_url::Url::parse(r, None))
    else {
        return;
    };
    let before = url.href().to_string();
    let peer = match url.set_host(Some(host)) {
        Ok(()) => url.href().to_string(),
        Err(()) => before,
    };
    let _ = result;
    assert_eq!(String::from_utf8_lossy(&ours), peer, "set host");
});
