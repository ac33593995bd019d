//! `key`: under every profile (and Safe Browsing's expressions, hashed or not, and SURT's
//! flags), keying never panics; a record without a key leaves the output as it was; the URL
//! keys (whatwg, rfc3986, safebrowsing) are their own keys (a key of a key is itself).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::key::{Options, Profile, Scratch, key};

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the options; the rest is the record.
    let Some((&choice, record)) = data.split_first() else {
        return;
    };
    let mut scratch = Scratch::default();
    for profile in Profile::ALL {
        let mut options = Options::new(profile);
        options.exclude_fragment = choice & 1 != 0;
        options.expressions = choice & 2 != 0;
        options.hash = choice & 4 != 0;
        options.with_scheme = choice & 8 != 0;
        options.trailing_comma = choice & 16 != 0;
        options.keep_www = choice & 32 != 0;
        let before = b"held".to_vec();
        let mut out = before.clone();
        let keyed = key(record, &options, &mut scratch, &mut out);
        assert_eq!(&out[..before.len()], &before[..], "what the output held");
        if keyed.is_err() {
            assert_eq!(out, before, "{profile:?}: a refused record wrote nothing");
            continue;
        }
        let idempotent = matches!(
            profile,
            Profile::Whatwg | Profile::Rfc3986 | Profile::Safebrowsing
        );
        if idempotent && !options.expressions {
            let first = out[before.len()..].to_vec();
            let mut again = Vec::new();
            let rekeyed = key(&first, &options, &mut scratch, &mut again);
            assert!(rekeyed.is_ok(), "{profile:?}: the key {first:?} has no key");
            assert_eq!(again, first, "{profile:?}: the key of a key is itself");
        }
    }
});
