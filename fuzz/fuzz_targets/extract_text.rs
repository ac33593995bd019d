//! `extract --from text`: never panics; finds the same URLs at the same offsets, lines and
//! columns whole and cut into two pieces anywhere (the first byte says where); each URL is
//! the document's bytes at its offset but for a URL joined inside `<…>`, and holds no space.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uriesc::extract::text::Text;

type Url = (Vec<u8>, u64, u64, u64);

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

fuzz_target!(|data: &[u8]| {
    let Some((&cut, document)) = data.split_first() else {
        return;
    };
    let whole = urls(&[document]);
    let cut = usize::from(cut).min(document.len());
    assert_eq!(urls(&[&document[..cut], &document[cut..]]), whole);
    for (url, offset, ..) in &whole {
        assert!(!url.is_empty() && !url.contains(&b' '));
        let at = *offset as usize;
        let same = document.get(at..at + url.len()) == Some(url.as_slice());
        assert!(same || at > 0 && document[at - 1] == b'<');
    }
});
