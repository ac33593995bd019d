//! The readers' own laws: the text reader finds the same URLs at the same places however its
//! text is cut into pieces; no reader panics on any bytes; the rules of [`super::text`], each
//! on an example of its own.

use proptest::prelude::*;

use super::text::Text;
use super::{Kind, Options, Reader, find};

/// What the text reader finds in `pieces`, given one after another.
fn in_pieces(pieces: &[&[u8]], emails: bool) -> Vec<(Vec<u8>, u64, u64, u64)> {
    let mut urls = Vec::new();
    let mut text = Text::new(emails).schemeless(true);
    let mut keep = |url: &super::Found<'_>| {
        urls.push((url.url.to_vec(), url.offset, url.line, url.column));
    };
    for piece in pieces {
        text.piece(piece, &mut keep);
    }
    text.end(&mut keep);
    urls
}

fn urls(reader: Reader, document: &str) -> Vec<String> {
    let mut urls = Vec::new();
    let options = Options {
        emails: true,
        ..Options::default()
    };
    find(reader, document.as_bytes(), &options, &mut |url| {
        urls.push(String::from_utf8_lossy(url.url).into_owned());
    });
    urls
}

/// Each URL of the Markdown `document` with its line and column.
fn markdown_places(document: &str) -> Vec<(String, u64, u64)> {
    let mut found = Vec::new();
    find(
        Reader::Markdown,
        document.as_bytes(),
        &Options::default(),
        &mut |url| {
            found.push((
                String::from_utf8_lossy(url.url).into_owned(),
                url.line,
                url.column,
            ));
        },
    );
    found
}

/// `(url, line, column)` as owned strings, to compare with [`markdown_places`].
fn places(expected: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    expected
        .iter()
        .map(|&(url, line, column)| (url.to_string(), line, column))
        .collect()
}

/// A trailing `'` goes where it closes no `'` of the path, and stays where it pairs with one
/// (the linkify crate pairs quotes so).
#[test]
fn a_trailing_quote_stays_where_it_pairs() {
    assert_eq!(
        urls(Reader::Text, "see 'http://a.example/x' here"),
        ["http://a.example/x"]
    );
    assert_eq!(
        urls(Reader::Text, "http://a.example/it's'"),
        ["http://a.example/it's'"]
    );
    assert_eq!(
        urls(Reader::Text, "http://a.example/'q'"),
        ["http://a.example/'q'"]
    );
}

#[test]
fn the_text_rules() {
    let cases: &[(&str, &[&str])] = &[
        // RFC 3986 §3.1: a scheme, not glued to a letter or digit; CJK text glues to none.
        (
            "1http://a.example/ (http://b.example/)",
            &["http://b.example/"],
        ),
        ("見てhttp://c.example/パス。次", &["http://c.example/パス"]),
        // In text, a `.` before the scheme's letters is prose: `e.g.` ends before `http`.
        (
            "e.g.http://z.example/ or 1.http://y.example/",
            &["http://z.example/", "http://y.example/"],
        ),
        // Appendix C: whitespace, `<`, `>`, `"` delimit; inside `<…>` nothing is trimmed.
        (
            "<http://a.example/x.> \"http://b.example/\"",
            &["http://a.example/x.", "http://b.example/"],
        ),
        // Prose punctuation trailing; balanced brackets kept, a surplus closer not.
        (
            "http://a.example/wiki/Foo_(band)!",
            &["http://a.example/wiki/Foo_(band)"],
        ),
        ("[http://[::1]:80/a]?", &["http://[::1]:80/a"]),
        // `*` (emphasis) and an opener with nothing after it trail; `|` and `` ` `` are no URI
        // characters (RFC 3986 §2); a `'` is kept where it closes one of the URL's path.
        (
            "*http://a.example/x* http://b.example/( |http://c.example/|d",
            &[
                "http://a.example/x",
                "http://b.example/",
                "http://c.example/",
            ],
        ),
        (
            "'http://a.example/x' http://b.example/'q' 'http://c.example''",
            &[
                "http://a.example/x",
                "http://b.example/'q'",
                "http://c.example",
            ],
        ),
        // The zero width joiner is part of a Malayalam word (no bidi control, RFC 3987 §4.1).
        (
            "http://a.example/ള്\u{200D}x",
            &["http://a.example/ള്\u{200D}x"],
        ),
        // The schemes without authority, and none other without `//`.
        (
            "mailto:me@a.example, urn:isbn:0451450523; std::io",
            &["mailto:me@a.example", "urn:isbn:0451450523"],
        ),
        ("a URL: http://", &[]),
        // Addresses (with `emails`).
        ("write to me@a.example.", &["me@a.example"]),
    ];
    for (text, expected) in cases {
        assert_eq!(urls(Reader::Text, text), *expected, "{text}");
    }
}

/// `--schemeless` takes a bare name whose top-level domain is on the Public Suffix List, an
/// IPv4 address, a port and a path; not a file name, a version, an address's local part.
#[test]
fn bare_hosts_without_a_scheme() {
    let options = Options {
        schemeless: true,
        ..Options::default()
    };
    let cases: &[(&str, &[&str])] = &[
        ("Do gophers live in golang.org?\n", &["golang.org"]),
        (
            "foo.com:8080/path and foo.com:8080.",
            &["foo.com:8080/path", "foo.com:8080"],
        ),
        (
            "10.50.23.250, 192.168.1.1/abc",
            &["10.50.23.250", "192.168.1.1/abc"],
        ),
        // RFC 3986 §3.2.2 dec-octets: none over 255, no leading zero, four of them.
        ("256.1.1.1 01.1.1.1 1.2.3 1.2.3.4.5 v1.2.3.4", &[]),
        // A file name, with or without a line number after it; with a path, a host.
        (
            "main.rs README.md setup.py main.rs:12:5 docs.rs/serde",
            &["docs.rs/serde"],
        ),
        ("www.example.rs", &["www.example.rs"]),
        // No port past 65535 (RFC 6335 §6), none glued to a word.
        (
            "google.com:500000 a.com:65536 b.com:65535 c.com:80x",
            &["b.com:65535"],
        ),
        // An address's local part; a word or `_` glued after; a name not on the list.
        (
            "first.last@x example.com_x example.comé example.notatld",
            &[],
        ),
        (
            "(see example.com) <example.org>",
            &["example.com", "example.org"],
        ),
        ("", &[]),
        (
            "\0example.com\0\r\nexample.org\r\n",
            &["example.com", "example.org"],
        ),
    ];
    for (text, expected) in cases {
        let mut urls = Vec::new();
        find(Reader::Text, text.as_bytes(), &options, &mut |url| {
            urls.push(String::from_utf8_lossy(url.url).into_owned());
        });
        assert_eq!(urls, *expected, "{text:?}");
    }
    // Not without `--schemeless`.
    assert_eq!(
        urls(Reader::Text, "golang.org 10.50.23.250"),
        [] as [&str; 0]
    );
}

#[test]
fn names_without_a_scheme() {
    let text = "see www.example.com, example.com/a and x.notatld/b, main.rs, src/a.rs, \
                me@example.com/x, a.b.co.uk/x. (www.example.org/a_(b))";
    let mut urls = Vec::new();
    let options = Options {
        schemeless: true,
        ..Options::default()
    };
    find(Reader::Text, text.as_bytes(), &options, &mut |url| {
        urls.push(String::from_utf8_lossy(url.url).into_owned());
    });
    let expected = [
        "www.example.com",
        "example.com/a",
        "a.b.co.uk/x",
        "www.example.org/a_(b)",
    ];
    assert_eq!(urls, expected);
}

#[test]
fn a_url_broken_inside_angle_brackets_is_joined() {
    let text = "in <http://a.example/pub/\n   ietf/x.html> and <http://b.example/\nc d>";
    assert_eq!(
        urls(Reader::Text, text),
        ["http://a.example/pub/ietf/x.html", "http://b.example/"]
    );
}

#[test]
fn markdown_kinds_and_places() {
    let doc =
        "[a](<http://a.example/x y>) ![i](i.png)\n\n<http://auto.example/>\n\n[r]: ref.html\n";
    let mut found = Vec::new();
    find(
        Reader::Markdown,
        doc.as_bytes(),
        &Options::default(),
        &mut |url| {
            found.push((url.kind, url.line, url.column));
        },
    );
    let expected = [
        (Kind::Link, 1, 6),
        (Kind::Image, 1, 34),
        (Kind::Autolink, 3, 2),
        (Kind::Link, 5, 6),
    ];
    assert_eq!(found, expected);
}

/// Bare URLs and destinations at their own places, whether the text around them is the
/// document's own bytes (read in place) or decoded (an escape, an entity: copied), and
/// whether the text before them has anything like a URL or not; inline HTML's attributes
/// however spaced.
#[test]
fn markdown_places_through_escapes() {
    let doc = "Plain prose, then www.a.example/x and a\\_b http://b.example/c\\_d.\n\n\
               An &amp; http://c.example/ and [d](http://d.example/\\(e\\)) then *me@e.example*.\n\n\
               [f](<g h.html>) `http://code.example/` z <br> <img\nsrc = \"i.png\">\n";
    let expected = [
        ("www.a.example/x", 1, 19),
        ("http://b.example/c_d", 1, 44),
        ("http://c.example/", 3, 10),
        ("http://d.example/(e)", 3, 36),
        ("me@e.example", 3, 66),
        ("g h.html", 5, 6),
        ("i.png", 6, 8),
    ];
    assert_eq!(markdown_places(doc), places(&expected));
}

/// Raw HTML blocks are read for URLs in their text, behind character references and in CSS,
/// while those with none of the bytes a URL there needs (`<details>`) are passed over.
#[test]
fn markdown_html_blocks() {
    let doc = "<details>\n<summary>More</summary>\n\n<div>\n&#104;ttp&#58;//r.example/\n</div>\n\n\
               <div>\nsee http://h.example/\n</div>\n\n<style>@import url(s.css)</style>\n\n\
               </details>\n";
    let expected = [
        ("http://r.example/", 5, 1),
        ("http://h.example/", 9, 5),
        ("s.css", 12, 20),
    ];
    assert_eq!(markdown_places(doc), places(&expected));
}

#[test]
fn html_attributes() {
    let doc = r#"<img srcset="a.png 1x, b,c.png 2x" ping="p1 p2" style="background: url('bg.png')">
<meta http-equiv="Refresh" content="5; URL='r.html'"><form><button formaction=f.cgi></form>
<pre>http://pre.example/</pre><p>see http://p.example/&amp;x</p>"#;
    let expected = [
        "a.png",
        "b,c.png",
        "p1",
        "p2",
        "bg.png",
        "r.html",
        "f.cgi",
        "http://p.example/&x",
    ];
    assert_eq!(urls(Reader::Html, doc), expected);
}

/// Each URL of HTML text and attributes at its own place, through the character references
/// and line endings decoded before it.
#[test]
fn html_places_through_references() {
    let doc = "<p>a &amp; b\r\nhttp://one/ &lt;x&gt; http://two/</p>\
               <a href=\"&#x68;ttp://three/\" title=x ping=\"a&amp;b http://four/\">";
    let mut found = Vec::new();
    find(
        Reader::Html,
        doc.as_bytes(),
        &Options::default(),
        &mut |url| {
            let url_text = String::from_utf8_lossy(url.url).into_owned();
            found.push((url_text, url.offset as usize));
        },
    );
    let at = |s: &str| doc.find(s).unwrap();
    let expected = [
        ("http://one/".to_string(), at("http://one/")),
        ("http://two/".to_string(), at("http://two/")),
        ("http://three/".to_string(), at("&#x68;ttp")),
        ("a&b".to_string(), at("a&amp;b")),
        ("http://four/".to_string(), at("http://four/")),
    ];
    assert_eq!(found, expected);
}

/// The HTML Standard's "shared declarative refresh steps", step 9: the time ends at `;`, `,`
/// or ASCII whitespace; then whitespace, an optional `;` or `,`, and whitespace; no URL where
/// the content ends there, or where the time runs into anything else.
#[test]
fn refresh_separators() {
    for (content, expected) in [
        ("5 http://x.example/", Some("http://x.example/")),
        ("5;url=a.html", Some("a.html")),
        ("5,b.html", Some("b.html")),
        (" 0 ;  URL = \"q.html\"", Some("q.html")),
        ("1.5\tc.html", Some("c.html")),
        ("5", None),
        ("5; ", None),
        ("5x http://no.example/", None),
    ] {
        let doc = format!("<meta http-equiv=refresh content='{content}'>");
        let found = urls(Reader::Html, &doc);
        assert_eq!(found.first().map(String::as_str), expected, "{content:?}");
    }
}

proptest! {
    /// The text reader's URLs, offsets, lines and columns are the same in pieces as whole.
    #[test]
    fn text_in_pieces_is_text_whole(
        text in "([ a-z0-9:/.()<>\"\\n@_é。]|http://|www\\.|\\.com/|\\.co\\.uk|\\.rs|:80|1\\.2\\.){0,40}",
        cuts in proptest::collection::vec(0usize..200, 0..4),
    ) {
        let bytes = text.as_bytes();
        let whole = in_pieces(&[bytes], true);
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
        cuts.sort();
        let mut pieces = Vec::new();
        let mut from = 0;
        for cut in cuts {
            pieces.push(&bytes[from..cut]);
            from = cut;
        }
        pieces.push(&bytes[from..]);
        prop_assert_eq!(in_pieces(&pieces, true), whole);
    }

    /// No reader panics on any bytes, and every URL found is inside the document.
    #[test]
    fn no_panic_on_any_bytes(document in proptest::collection::vec(any::<u8>(), 0..300)) {
        for reader in Reader::ALL {
            let options = Options { include_code: true, emails: true, schemeless: true };
            find(reader, &document, &options, &mut |url| {
                assert!(url.offset as usize <= document.len());
                assert!(url.line >= 1 && url.column >= 1);
            });
        }
    }

    /// Nor on text made of what the readers look for.
    #[test]
    fn no_panic_on_markup(document in "([<>\\[\\]()`*_~!:/@.&;#=\"' \\na-z]|http://|www\\.|\\]\\(|<a href=|&amp;|url\\(){0,60}") {
        for reader in Reader::ALL {
            let options = Options { include_code: true, emails: true, schemeless: true };
            find(reader, document.as_bytes(), &options, &mut |url| {
                assert!(url.offset as usize <= document.len());
            });
        }
    }
}
