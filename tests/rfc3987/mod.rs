//! RFC 3987 (IRIs): `check --rfc 3987` against an independent reading of the RFC's ABNF
//! ([`abnf`]), on a list of real URLs and on IRIs made of non-ASCII text; and the RFC's own
//! examples.

mod abnf;
mod pretty;

use std::sync::LazyLock;

use proptest::prelude::*;
use uriesc::check::{self, Target};
use uriesc::sets::{Component, Standard};

use abnf::{Grammar, RFC3987_ABNF};

static GRAMMAR: LazyLock<Grammar> = LazyLock::new(|| Grammar::new(RFC3987_ABNF));

/// The ABNF rule each component is checked against.
const RULES: [(Target, &str); 10] = [
    (Target::Uri, "IRI"),
    (Target::Reference, "IRI-reference"),
    (Target::Component(Component::Scheme), "scheme"),
    (Target::Component(Component::Userinfo), "iuserinfo"),
    (Target::Component(Component::Host), "ihost"),
    (Target::Component(Component::Port), "port"),
    (Target::Component(Component::Path), "ipath"),
    (Target::Component(Component::Segment), "isegment"),
    (Target::Component(Component::Query), "iquery"),
    (Target::Component(Component::Fragment), "ifragment"),
];

fn valid(component: impl Into<Target>, s: &[u8]) -> bool {
    check::check(s, Standard::Rfc3987, component.into()).is_ok()
}

/// Where the oracle and `check` disagree on `s`, over every component.
fn disagreements(s: &[u8]) -> Vec<String> {
    RULES
        .iter()
        .filter(|&&(component, rule)| GRAMMAR.matches(rule, s) != valid(component, s))
        .map(|&(component, rule)| {
            format!(
                "-c {} ({rule}): oracle {}, check {} on {:?}",
                component.name(),
                GRAMMAR.matches(rule, s),
                valid(component, s),
                bstr::BStr::new(s)
            )
        })
        .collect()
}

/// The oracle reads the RFC as it is written: held to examples whose answer the RFC gives.
#[test]
fn rfc3987_oracle_reads_the_abnf() {
    // §3.1's example IRI and §3.2's example of a URI.
    assert!(GRAMMAR.matches("IRI", "http://r\u{E9}sum\u{E9}.example.org".as_bytes()));
    assert!(GRAMMAR.matches("IRI", b"http://www.example.org/r%C3%A9sum%C3%A9.html"));
    // §2.2: iprivate in iquery only; a non-character is no ucschar.
    assert!(GRAMMAR.matches("IRI", "http://a/?\u{E000}".as_bytes()));
    assert!(!GRAMMAR.matches("IRI", "http://a/\u{E000}".as_bytes()));
    assert!(!GRAMMAR.matches("IRI", "http://a/\u{FFFE}".as_bytes()));
    assert!(GRAMMAR.matches("IPv6address", b"::ffff:192.0.2.1"));
    assert!(!GRAMMAR.matches("IPv4address", b"256.1.1.1"));
    assert!(!GRAMMAR.matches("IRI-reference", b"a:b:c d"));
    assert!(GRAMMAR.matches("ipath-empty", b""));
}

/// RFC 3987's examples and rules, with the answer the RFC gives (not the code's).
#[test]
fn rfc3987_check_examples() {
    // §3.1: "http://r&#xE9;sum&#xE9;.example.org" is an IRI; §3.2's URI form is one too.
    assert!(valid(Target::Uri, "http://résumé.example.org".as_bytes()));
    assert!(valid(
        Target::Uri,
        b"http://www.example.org/r%C3%A9sum%C3%A9.html"
    ));
    assert!(valid(
        Target::Uri,
        "http://www.example.org/résumé.html".as_bytes()
    ));
    // §2.2: iprivate is allowed in iquery, nowhere else.
    assert!(valid(Component::Query, "\u{E000}\u{10FFFD}".as_bytes()));
    assert!(!valid(Component::Fragment, "\u{E000}".as_bytes()));
    // Not ucschar: a C1 control (U+0085) and a non-character (U+FDD0).
    assert!(!valid(Component::Path, "\u{85}".as_bytes()));
    assert!(!valid(Component::Segment, "\u{FDD0}".as_bytes()));
}

/// Reports as `check --rfc 3986` gives them: the byte offset of the first bad character.
#[test]
fn rfc3987_problems_at_their_byte() {
    let at = |component, s: &[u8]| {
        check::check(s, Standard::Rfc3987, component).map_err(|p| (p.offset, p.rule))
    };
    // "é" is two bytes (U+00E9 is C3 A9 in UTF-8), so the space after "/é" is at 12.
    assert_eq!(
        at(Target::Uri, "http://é/é x".as_bytes()),
        Err((12, "ipath"))
    );
    // Invalid UTF-8 at its first bad byte: C3 must be followed by a continuation byte.
    assert_eq!(at(Target::Uri, b"http://a/b\xC3(c"), Err((10, "UTF-8")));
    assert_eq!(at(Target::Uri, b"\xFFhttp://a"), Err((0, "UTF-8")));
    // "ü" begins no scheme (ALPHA is ASCII), so "ü:b" is an irelative-ref, whose first
    // segment (isegment-nz-nc) holds no ':'; the ':' is after ü's two bytes.
    assert_eq!(
        at(Target::Reference, "ü:b".as_bytes()),
        Err((2, "isegment-nz-nc"))
    );
}

/// Every line of a list of real URLs: the same answer as the ABNF, for every component.
#[test]
fn rfc3987_check_agrees_with_the_abnf_on_urls() {
    let urls = include_bytes!("../data/urls-permissive-slice.txt");
    let (mut lines, mut valid_iris) = (0, 0);
    let mut wrong = Vec::new();
    for line in urls.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        lines += 1;
        valid_iris += usize::from(GRAMMAR.matches("IRI", line));
        wrong.extend(disagreements(line));
    }
    eprintln!(
        "{lines} lines, {valid_iris} IRIs by the ABNF, {} disagreements",
        wrong.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The list holds both kinds, or the comparison would say little.
    assert!(
        valid_iris > 0 && valid_iris < lines,
        "{valid_iris} of {lines}"
    );
}

/// Pieces of IRIs: ASCII of every class, escapes whole and broken, `ucschar`, `iprivate`, and
/// characters that are neither (C1 controls, non-characters, tags, space), and a byte that is
/// not UTF-8.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    let pieces: &[&str] = &[
        "a",
        "Z",
        "0",
        "-",
        ".",
        "_",
        "~",
        "!",
        "$",
        "&",
        "'",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        ":",
        "@",
        "/",
        "?",
        "#",
        "[",
        "]",
        "%41",
        "%c3%A9",
        "%",
        "%4",
        "%zz",
        " ",
        "\"",
        "<",
        "\\",
        "^",
        "`",
        "{",
        "|",
        "}",
        "\u{7F}",
        "\u{1}",
        "\u{A0}",
        "é",
        "\u{D7FF}",
        "\u{F900}",
        "\u{FDCF}",
        "\u{FDF0}",
        "\u{FFEF}",
        "\u{10000}",
        "\u{1FFFD}",
        "\u{E1000}",
        "\u{EFFFD}",
        "日本",
        "\u{E000}",
        "\u{F8FF}",
        "\u{F0000}",
        "\u{10FFFD}",
        "\u{85}",
        "\u{9F}",
        "\u{FDD0}",
        "\u{FDEF}",
        "\u{FFFE}",
        "\u{FFFF}",
        "\u{1FFFE}",
        "\u{E0001}",
        "\u{E0FFF}",
        "\u{200F}",
        "[::1]",
        "[v1.x]",
        "[fe80::%25]",
        "127.0.0.1",
        "//",
        "http:",
        "x:80",
    ];
    prop_oneof![
        20 => prop::sample::select(pieces).prop_map(|p| p.as_bytes().to_vec()),
        1 => prop::sample::select(vec![vec![0xFF], vec![0xC3], vec![0xED, 0xA0, 0x80]]),
    ]
}

/// IRIs of the shape `scheme "://" authority path "?" query "#" fragment`, each part drawn
/// from [`piece`], and parts alone.
fn iri() -> impl Strategy<Value = Vec<u8>> {
    let part = || prop::collection::vec(piece(), 0..4).prop_map(|p| p.concat());
    (
        prop::sample::select(vec!["http://", "urn:", "a+b:", "", "//", "/", "1a:"]),
        part(),
        prop::sample::select(vec!["", "@", ":8080", "/"]),
        part(),
        prop::sample::select(vec!["", "?", "#", "/"]),
        part(),
        prop::sample::select(vec!["", "#", "?"]),
        part(),
    )
        .prop_map(|(a, b, c, d, e, f, g, h)| {
            [
                a.as_bytes(),
                &b,
                c.as_bytes(),
                &d,
                e.as_bytes(),
                &f,
                g.as_bytes(),
                &h,
            ]
            .concat()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// IRIs of non-ASCII text in every component: the same answer as the ABNF.
    #[test]
    fn rfc3987_check_agrees_with_the_abnf(s in iri()) {
        let wrong = disagreements(&s);
        prop_assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

/// `encode --rfc 3987` keeps the characters §2.2 allows and writes every other one as the
/// percent-encoding of its UTF-8 (§3.1 step 2), a byte that is not UTF-8 on its own.
#[test]
fn rfc3987_encode_keeps_characters() {
    let encode = |component: &str, input: &[u8]| {
        let input = [input, b"\n"].concat();
        let out = crate::util::run(&["encode", "--rfc", "3987", "-c", component], &input);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).expect("UTF-8 out")
    };
    // ü (U+00FC) is a ucschar; "/" is data in a segment, kept in a path (§3.3's ipath).
    assert_eq!(encode("segment", "a b/ü".as_bytes()), "a%20b%2Fü\n");
    assert_eq!(encode("path", "a b/ü".as_bytes()), "a%20b/ü\n");
    // U+E000 is an iprivate: kept in a query, UTF-8 EE 80 80 encoded elsewhere.
    assert_eq!(encode("query", "\u{E000}".as_bytes()), "\u{E000}\n");
    assert_eq!(encode("fragment", "\u{E000}".as_bytes()), "%EE%80%80\n");
    // U+0085 (C2 85) is a C1 control, U+FDD0 (EF B7 90) a non-character: neither is a
    // ucschar. FF begins no UTF-8 character.
    assert_eq!(
        encode("any", "\u{85}\u{FDD0}".as_bytes()),
        "%C2%85%EF%B7%90\n"
    );
    assert_eq!(encode("any", b"\xFF\xC3"), "%FF%C3\n");
}

/// A record longer than a read: characters split between two reads are still whole ones.
#[test]
fn rfc3987_encode_characters_across_reads() {
    // Three bytes each, so that read boundaries fall inside characters.
    let kept = "日".repeat(1 << 20);
    let out = crate::util::run(&["encode", "--rfc", "3987", "--whole"], kept.as_bytes());
    assert_eq!(out.stdout, kept.as_bytes());
    let encoded = crate::util::run(
        &["encode", "--rfc", "3987", "--whole"],
        "\u{FDD0}".repeat(1 << 20).as_bytes(),
    );
    assert_eq!(encoded.stdout, "%EF%B7%90".repeat(1 << 20).as_bytes());
}

/// `clean --rfc 3987` encodes only what §2.2 forbids: a non-character (U+FDD0, UTF-8 EF B7 90)
/// and a space, and an iprivate (U+E000, EE 80 80) outside the query; ucschar stays, and so
/// does iprivate in the query.
#[test]
fn rfc3987_clean_encodes_what_the_grammar_forbids() {
    let clean = |input: &str| {
        let mut out = Vec::new();
        let options = uriesc::clean::Options::new(Standard::Rfc3987);
        uriesc::clean::clean(input.as_bytes(), &options, &mut out).map(|()| out)
    };
    let cleaned = clean("http://résumé.example/a b\u{FDD0}?q=\u{E000}#\u{E000}");
    assert_eq!(
        cleaned.as_deref(),
        Ok("http://résumé.example/a%20b%EF%B7%90?q=\u{E000}#%EE%80%80".as_bytes())
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// What `clean --rfc 3987` makes is an IRI by the ABNF, and cleaning it again changes
    /// nothing.
    #[test]
    fn rfc3987_clean_makes_iris_and_is_idempotent(s in iri()) {
        let options = uriesc::clean::Options::new(Standard::Rfc3987);
        let mut once = Vec::new();
        if uriesc::clean::clean(&s, &options, &mut once).is_ok() {
            prop_assert!(GRAMMAR.matches("IRI", &once), "{:?}", bstr::BStr::new(&once));
            let mut twice = Vec::new();
            prop_assert!(uriesc::clean::clean(&once, &options, &mut twice).is_ok());
            prop_assert_eq!(&twice, &once);
        }
    }
}

/// `table` shows what `encode --rfc 3987` does above ASCII: ü (U+00FC) is a ucschar, kept in
/// every component; U+E000 is an iprivate, kept in the query only (and its param and form).
#[test]
fn rfc3987_table_shows_characters() {
    let row = |c: &str| {
        let out = crate::util::run(&["table", c], b"");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let row = text.lines().find(|l| l.starts_with("RFC 3987"));
        row.map(|r| {
            r.split_whitespace()
                .skip(2)
                .map(String::from)
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(
        row("ü"),
        Some(
            vec!["ucschar".to_string()]
                .into_iter()
                .chain(vec!["ü*".to_string(); 9])
                .collect()
        )
    );
    let private: Vec<String> = [
        "iprivate",
        "%EE%80%80",
        "%EE%80%80",
        "%EE%80%80",
        "%EE%80%80",
        "%EE%80%80",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(["\u{E000}*"; 3].map(String::from))
    .chain(["%EE%80%80".to_string()])
    .collect();
    assert_eq!(row("\u{E000}"), Some(private));
    let chart = crate::util::run(&["table", "--rfc", "3987"], b"");
    assert!(
        String::from_utf8_lossy(&chart.stdout)
            .contains("RFC 3987 keeps the UTF-8 of a ucschar everywhere")
    );
}

/// §3.2: a URI converted to an IRI is an IRI (by the ABNF), on every valid URI of the list.
#[test]
fn rfc3987_uri_to_iri_gives_iris() {
    let urls = include_bytes!("../data/urls-permissive-slice.txt");
    let uris = urls
        .split(|&b| b == b'\n')
        .filter(|l| check::check(l, Standard::Rfc3986, Target::Uri).is_ok());
    let mut count = 0;
    for uri in uris {
        count += 1;
        let iri = uriesc::iri::uri_to_iri(uri);
        assert!(GRAMMAR.matches("IRI", &iri), "{:?}", bstr::BStr::new(&iri));
    }
    assert!(count > 0);
}
