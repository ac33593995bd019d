//! `check` under every standard and component: never panics, and a problem's offset is inside
//! the record (its column can be reported); RFC 3986's fast path agrees with its grammar (and
//! its one-block form with its scans), and WHATWG's with its grammar (and its block form with
//! its scans, a record alone and a stream of them in a run).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::check::{self, Target, rfc3986, whatwg};
use uriesc::internals;
use uriesc::sets::Standard;

fuzz_target!(|data: &[u8]| {
    assert_eq!(
        internals::common_uri(data),
        internals::common_uri_bytewise(data)
    );
    assert_eq!(
        internals::common_url(data),
        internals::common_url_bytewise(data)
    );
    // The input as a stream of records: the run of common URLs taken at once is the same as
    // record by record, for each terminator.
    for end in [b'\n', 0] {
        assert_eq!(
            internals::whatwg_common_run(data, end),
            internals::whatwg_common_run_bytewise(data, end)
        );
    }
    for component in [Target::Uri, Target::Reference] {
        assert_eq!(
            rfc3986::check(data, component),
            internals::rfc3986_check_by_grammar(data, component)
        );
        assert_eq!(
            whatwg::check(data, component),
            internals::whatwg_check_by_grammar(data, component)
        );
    }
    for standard in Standard::ALL {
        for component in Target::ALL {
            if check::supported(standard, component).is_err() {
                continue;
            }
            if let Err(problem) = check::check(data, standard, component) {
                assert!(
                    problem.offset <= data.len(),
                    "{standard} {component:?}: {problem:?}"
                );
                assert!(!problem.message.is_empty());
            }
        }
    }
});
