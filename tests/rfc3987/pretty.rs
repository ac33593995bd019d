//! `pretty-print --rfc 3987`: the URI-to-IRI conversion of RFC 3987 §3.2, through the command.

use crate::util::{fails, ok, ok_str, run};

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

/// `pretty-print --rfc` takes 3987 only. Another RFC's number is refused with the reason (no
/// display form: RFC 3986 §2 allows only ASCII in a URI, so text decoded for people is no URI
/// under it) and what to do instead, not with clap's tip that "a similar value exists: '3987'",
/// which does something else. The advice for RFC 3986 works: `clean --normalize` decodes the
/// escapes of unreserved characters (RFC 3986 §6.2.2.2: `%7E` is `~`).
#[test]
fn other_rfcs_are_refused_with_the_reason_and_what_to_do() {
    for rfc in ["3986", "2396", "1738"] {
        let (code, out, err) = fails(&["pretty-print", "--rfc", rfc, "http://a/%7Euser"], b"");
        assert_eq!(code, 2, "{rfc}");
        assert!(out.is_empty(), "{rfc}");
        assert!(!err.contains("similar value"), "{rfc}: {err}");
        assert!(
            err.starts_with(&format!(
                "uriesc: pretty-print --rfc {rfc}: RFC {rfc} has no form for display"
            )) && err.contains("pretty-print takes --rfc 3987 (RFC 3987 §3.2")
                && err.contains("or no --rfc"),
            "{rfc}: {err}"
        );
        assert_eq!(
            err.contains("use clean --normalize"),
            rfc == "3986",
            "{rfc}: {err}"
        );
    }
    assert_eq!(
        ok(&["clean", "--normalize", "http://a/%7Euser"], b""),
        b"http://a/~user\n"
    );
    // The help lists what is taken.
    let help = String::from_utf8(ok(&["pretty-print", "--help"], b"")).unwrap();
    assert!(help.contains("[possible values: 3987]"), "{help}");
}
