//! `pretty-print --rfc 3987`: the URI-to-IRI conversion of RFC 3987 §3.2, through the command.

use crate::util::{ok, ok_str, run};

/// §3.2's own examples, and what §2.2 and §4.1 keep encoded: `iprivate` outside the query, a
/// bidi formatting character (U+202E), bytes that are no UTF-8.
#[test]
fn the_rfc_examples_and_what_stays_encoded() {
    let shown = ok_str(
        &["pretty-print", "--rfc", "3987"],
        "http://www.example.org/D%C3%BCrst\n\
         http://www.example.org/D%FCrst\n\
         http://xn--99zt52a.example.org/%e2%80%ae\n\
         http://h/%EE%80%80?q=%EE%80%80\n",
    );
    assert_eq!(
        shown,
        "http://www.example.org/Dürst\n\
         http://www.example.org/D%FCrst\n\
         http://xn--99zt52a.example.org/%e2%80%ae\n\
         http://h/%EE%80%80?q=\u{E000}\n"
    );
}

/// Every valid URI of the corpus slice shows as a valid IRI (`check --rfc 3987` passes all the
/// output), and cleaning that IRI as a URI gives back the URI up to the case of its escapes'
/// hex digits (RFC 3986 §6.2.2.1: equivalent).
#[test]
fn the_display_of_every_valid_uri_is_a_valid_iri_and_cleans_back() {
    let slice = include_str!("../data/urls-permissive-slice.txt");
    // `check --valid` prints the valid records (and exits 1, as some are not).
    let uris = run(&["check", "--valid", "--color", "never"], slice.as_bytes()).stdout;
    let iris = ok(&["pretty-print", "--rfc", "3987"], &uris);
    ok(&["check", "-q", "--rfc", "3987"], &iris);
    let back = ok(&["clean"], &iris);
    // Each escape's hex digits in upper case, nothing else changed.
    let hex_upper = |line: &str| {
        let mut bytes = line.as_bytes().to_vec();
        for i in 0..bytes.len() {
            if bytes[i] == b'%' && i + 2 < bytes.len() {
                bytes[i + 1].make_ascii_uppercase();
                bytes[i + 2].make_ascii_uppercase();
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let lines =
        |b: &[u8]| -> Vec<String> { String::from_utf8_lossy(b).lines().map(hex_upper).collect() };
    let (uris, back) = (lines(&uris), lines(&back));
    assert!(uris.len() > 2000, "{}", uris.len());
    assert_eq!(uris.len(), back.len());
    let differ: Vec<_> = uris.iter().zip(&back).filter(|(u, b)| u != b).collect();
    assert!(
        differ.is_empty(),
        "{} differ: {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
}
