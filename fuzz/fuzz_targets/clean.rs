//! `clean` under every RFC and `pretty-print`: never panic; `clean`'s quick way agrees with its
//! rules (under the URL Standard too, where a record passed on as it came is the parser's
//! serialization); what `clean` emits passes `check` and cleans to itself; `pretty-print` of a clean URI shows no control or bidi control and
//! cleans back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::internals;
use uriesc::check;
use uriesc::clean::{self, Options};
use uriesc::pretty;
use uriesc::sets::Standard;

fuzz_target!(|data: &[u8]| {
    // The URL Standard: the quick way agrees with the rules (the parser), and a record the
    // quick way passes on as it came is what the rules make of it.
    let options = Options::new(Standard::Whatwg);
    let mut once = Vec::new();
    let cleaned = clean::clean(data, &options, &mut once).map(|()| once);
    let mut by_rules = Vec::new();
    let by_rules = internals::clean_by_rules(data, &options, &mut by_rules).map(|()| by_rules);
    assert_eq!(cleaned, by_rules, "quick way (WHATWG)");
    if internals::whatwg_own_serialization(data) {
        assert_eq!(by_rules.as_deref(), Ok(data), "own serialization");
    }
    // The input as a stream of records: the run passed on as it came is the same as record by
    // record, for each terminator.
    for end in [b'\n', 0] {
        assert_eq!(
            internals::whatwg_own_run(data, end),
            internals::whatwg_own_run_bytewise(data, end)
        );
    }
    let mut shown = Vec::new();
    pretty::pretty_print(data, &mut shown);
    for standard in [Standard::Rfc3986, Standard::Rfc2396, Standard::Rfc1738] {
        for (basic, normalize) in [(false, false), (true, false), (false, true)] {
            let options = Options {
                basic,
                normalize,
                ..Options::new(standard)
            };
            let mut once = Vec::new();
            let cleaned = clean::clean(data, &options, &mut once);
            let mut by_rules = Vec::new();
            let by_rules = internals::clean_by_rules(data, &options, &mut by_rules).map(|()| by_rules);
            assert_eq!(
                cleaned.clone().map(|()| once.clone()),
                by_rules,
                "quick way"
            );
            match cleaned {
                Ok(()) => {
                    assert!(check::check(&once, standard, check::Target::Uri).is_ok());
                    let mut twice = Vec::new();
                    clean::clean(&once, &options, &mut twice).expect("clean output cleans");
                    assert_eq!(once, twice, "idempotent");
                    if standard == Standard::Rfc3986 && !basic && !normalize {
                        let mut shown = Vec::new();
                        pretty::pretty_print(&once, &mut shown);
                        let text = String::from_utf8(shown).expect("a clean URI shows as UTF-8");
                        assert!(text.chars().all(
                            |c| !c.is_control() && (c.is_ascii() || uriesc::visible::safe_to_display(c))
                        ));
                    }
                }
                Err(problem) => assert!(problem.offset <= data.len()),
            }
        }
    }
});
