//! `extract --from markdown`: never panics, and gives each URL in the document's order, at
//! an offset inside it, with a line and a column from 1; with code included too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::extract::{Options, Reader, find};

fuzz_target!(|data: &[u8]| {
    for include_code in [false, true] {
        let options = Options {
            include_code,
            emails: true,
            schemeless: true,
        };
        let mut last = 0;
        find(Reader::Markdown, data, &options, &mut |url| {
            assert!(url.offset as usize <= data.len() && url.offset >= last);
            assert!(url.line >= 1 && url.column >= 1);
            last = url.offset;
        });
    }
});
