//! `extract --from READER`, every reader of `Reader::ALL` (the first byte chooses it): never
//! panics, and gives each URL in the document's order, at an offset inside it, with a line and
//! a column from 1, with code included and not. Plain text finds the same URLs at the same
//! offsets, lines and columns whole and cut into two pieces anywhere (the second byte says
//! where); each URL is the document's bytes at its offset but for a URL joined inside `<…>`,
//! and holds no space.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::extract::text::Text;
use uriesc::extract::{Options, Reader, find};

fuzz_target!(|data: &[u8]| {
    let [choice, cut, document @ ..] = data else {
        return;
    };
    let reader = Reader::ALL[usize::from(*choice) % Reader::ALL.len()];
    in_order(reader, document);
    if reader == Reader::Text {
        cut_anywhere(document, usize::from(*cut));
    }
});

/// Every reader: each URL in the document's order, at an offset inside it, with a line and a
/// column from 1; with code included too.
fn in_order(reader: Reader, document: &[u8]) {
    for include_code in [false, true] {
        let options = Options {
            include_code,
            emails: true,
            schemeless: true,
        };
        let mut last = 0;
        find(reader, document, &options, &mut |url| {
            assert!(url.offset as usize <= document.len() && url.offset >= last);
            assert!(url.line >= 1 && url.column >= 1);
            last = url.offset;
        });
    }
}

type Url = (Vec<u8>, u64, u64, u64);

/// The URLs plain text finds in `pieces`, read one after another.
fn urls(pieces: &[&[u8]]) -> Vec<Url> {
    let mut urls = Vec::new();
    let mut text = Text::new(true).schemeless(true);
    let mut keep = |url: &uriesc::extract::Found<'_>| {
        urls.push((url.url.to_vec(), url.offset, url.line, url.column));
    };
    for piece in pieces {
        text.piece(piece, &mut keep);
    }
    text.end(&mut keep);
    urls
}

/// Plain text: the same URLs whole and cut in two at `cut` (or at the end); each the
/// document's bytes at its offset (or joined inside `<…>`), without a space.
fn cut_anywhere(document: &[u8], cut: usize) {
    let whole = urls(&[document]);
    let cut = cut.min(document.len());
    assert_eq!(urls(&[&document[..cut], &document[cut..]]), whole);
    for (url, offset, ..) in &whole {
        assert!(!url.is_empty() && !url.contains(&b' '));
        let at = *offset as usize;
        let same = document.get(at..at + url.len()) == Some(url.as_slice());
        assert!(same || at > 0 && document[at - 1] == b'<');
    }
}
