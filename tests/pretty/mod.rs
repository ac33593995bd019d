//! `uriesc pretty-print`: what it shows a person is the URL it was given.
//!
//! Here: it cannot be used to spoof: the characters it never decodes, the escapes it keeps
//! where a browser would read the decoded text as another URL, and the hosts it shows in
//! ASCII. The expected values come from the browsers' lists and the standards named at each
//! test, not from the code's output. Beside this file: [`stream`] (it streams), [`idn`] (the
//! host shown is the URL's host) and [`chromium`] (Chromium's IDN display table). The laws that
//! tie it to `clean` are in `clean/`; `--rfc 3987` is in `rfc3987/pretty.rs`.

mod chromium;
mod idn;
mod stream;

use uriesc::pretty;

pub(crate) fn shown(sent: &str) -> String {
    let mut out = Vec::new();
    pretty::pretty_print(sent.as_bytes(), &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// `c` as the escapes of its UTF-8 bytes (RFC 3986 §2.5).
fn escaped(c: char) -> String {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// Each character of the browsers' lists, one by one, stays encoded in a path, a query and a
/// fragment.
#[test]
fn never_decoded_characters_stay_encoded() {
    let never = [
        // Bidirectional controls and marks (UAX #9; Mozilla's list, UTS #39).
        '\u{061C}',
        '\u{200E}',
        '\u{200F}',
        '\u{202A}',
        '\u{202B}',
        '\u{202C}',
        '\u{202D}',
        '\u{202E}',
        '\u{2066}',
        '\u{2067}',
        '\u{2068}',
        '\u{2069}',
        // Zero-width and other Default_Ignorable_Code_Points (DerivedCoreProperties.txt).
        '\u{00AD}',
        '\u{034F}',
        '\u{115F}',
        '\u{1160}',
        '\u{17B4}',
        '\u{180E}',
        '\u{200B}',
        '\u{200C}',
        '\u{200D}',
        '\u{2060}',
        '\u{2064}',
        '\u{3164}',
        '\u{FE00}',
        '\u{FE0F}',
        '\u{FEFF}',
        '\u{FFA0}',
        '\u{1D173}',
        '\u{E0001}',
        '\u{E0041}',
        // Spaces and separators (Zs, Zl, Zp).
        '\u{00A0}',
        '\u{1680}',
        '\u{2000}',
        '\u{2007}',
        '\u{200A}',
        '\u{2028}',
        '\u{2029}',
        '\u{202F}',
        '\u{205F}',
        '\u{3000}',
        // C1 controls.
        '\u{0080}',
        '\u{0085}',
        '\u{009F}',
        // Look-alikes of `/`.
        '\u{2215}',
        '\u{2044}',
        '\u{FF0F}',
        '\u{2571}',
        '\u{29F8}',
        '\u{0338}',
        // Of `?`.
        '\u{FE56}',
        '\u{FF1F}',
        // Of `.`.
        '\u{2024}',
        '\u{FF0E}',
        '\u{FE52}',
        '\u{3002}',
        '\u{FF61}',
        '\u{06D4}',
        // Of `@`, `%`, `#`, `:`.
        '\u{FE6B}',
        '\u{FF20}',
        '\u{FE6A}',
        '\u{FF05}',
        '\u{2052}',
        '\u{FF03}',
        '\u{FE5F}',
        '\u{FE55}',
        '\u{FF1A}',
        '\u{2236}',
        '\u{02D0}',
        '\u{0589}',
        '\u{A789}',
        // Of `\`.
        '\u{FF3C}',
        '\u{FE68}',
        '\u{2216}',
        '\u{29F5}',
    ];
    for c in never {
        let e = escaped(c);
        for uri in [
            format!("http://h/a{e}b"),
            format!("http://h/?a{e}b"),
            format!("http://h/#a{e}b"),
        ] {
            assert_eq!(shown(&uri), uri, "U+{:04X}", c as u32);
        }
        assert!(!uriesc::visible::safe_to_display(c), "U+{:04X}", c as u32);
    }
}

/// Letters of many scripts are shown decoded (RFC 3987 §3.2): the list above is not "all of
/// non-ASCII".
#[test]
fn letters_are_decoded() {
    for (e, c) in [
        ("%C3%A9", "é"),
        ("%D0%B6", "ж"),
        ("%E4%B8%AD", "中"),
        ("%E3%81%82", "あ"),
        ("%D8%B9", "ع"),
        ("%F0%9F%98%80", "😀"),
    ] {
        assert_eq!(shown(&format!("http://h/a{e}b")), format!("http://h/a{c}b"));
    }
}

/// Escapes of byte sequences that are not well-formed UTF-8 (Unicode §3.9, Table 3-7: no
/// overlong form, no surrogate, nothing past U+10FFFF, no lone or missing continuation byte)
/// stay encoded (RFC 3987 §3.2 step 3); the edges of each well-formed range are decoded.
#[test]
fn only_well_formed_utf8_is_decoded() {
    for ill_formed in [
        "%C0%AF",
        "%C1%BF",
        "%E0%80%AF",
        "%E0%9F%BF",
        "%ED%A0%80",
        "%ED%BF%BF",
        "%F0%80%80%AF",
        "%F0%8F%BF%BF",
        "%F4%90%80%80",
        "%F5%80%80%80",
        "%FF",
        "%80",
        "%C3",
        "%C3%28",
        "%E4%B8",
        "%F0%9F%98",
        "%C3%C3%A9",
    ] {
        let sent = format!("http://h/a{ill_formed}");
        let kept = match ill_formed {
            // The second `%C3` starts a well-formed `é`.
            "%C3%C3%A9" => "http://h/a%C3é".to_string(),
            _ => sent.clone(),
        };
        assert_eq!(shown(&sent), kept, "{ill_formed}");
    }
    for (e, c) in [
        ("%C2%A9", "\u{A9}"),
        ("%DF%BF", "\u{7FF}"),
        ("%E0%A0%80", "\u{800}"),
        ("%ED%9F%BB", "\u{D7FB}"),
        ("%F0%90%80%80", "\u{10000}"),
        ("%F3%A0%80%80", "\u{E0000}"),
    ] {
        let expected = match c {
            // U+E0000 is a default-ignorable code point: never shown decoded.
            "\u{E0000}" => format!("http://h/a{e}"),
            _ => format!("http://h/a{c}"),
        };
        assert_eq!(shown(&format!("http://h/a{e}")), expected, "{e}");
    }
}

/// The WHATWG parser's serialization of `input` (ada's, through `clean --whatwg --basic`);
/// none if it is not a URL. `clean` writes the href and refuses it when it is not a valid URL
/// string (a raw `{`, say): a browser still reads that href, so it counts.
fn whatwg_href(input: &[u8]) -> Option<Vec<u8>> {
    use uriesc::clean::{self, Options};
    let options = Options {
        basic: true,
        ..Options::new(uriesc::sets::Standard::Whatwg)
    };
    let mut out = Vec::new();
    let parsed = clean::clean(input, &options, &mut out).is_ok();
    (parsed || !out.is_empty()).then_some(out)
}

/// `input` as `pretty-print` shows it, with `--idna` if `idna`.
fn display(input: &[u8], idna: bool) -> Vec<u8> {
    use uriesc::stream::{Framing, Streamer};
    let options = pretty::Options {
        idna,
        ..pretty::Options::default()
    };
    let printer = pretty::PrettyPrinter::new(options, uriesc::report::Messages::none());
    let mut streamer = Streamer::with_read_size(printer, Framing::Whole, Vec::new(), false, 4096);
    streamer.read("<test>".into(), false, input).unwrap();
    streamer.finish().unwrap().1
}

/// `input` without the C0 controls and spaces at its ends, which the URL parser strips (url.bs,
/// basic URL parser): `pretty-print` shows a raw control percent-encoded (a terminal would act
/// on it, ECMA-48), so the law is kept for what is between them. An ASCII tab or newline inside
/// is kept: the display drops it, as the parser does, and the law holds for it.
fn as_the_parser_reads(input: &[u8]) -> Vec<u8> {
    let c0_or_space = |b: &u8| *b <= b' ';
    let start = input
        .iter()
        .position(|b| !c0_or_space(b))
        .unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|b| !c0_or_space(b))
        .map_or(start, |n| n + 1);
    input[start..end.max(start)].to_vec()
}

/// Where the law fails for `input`: a browser given the display reads another URL.
fn law_broken(input: &[u8], idna: bool) -> Option<String> {
    let input = &as_the_parser_reads(input)[..];
    let href = whatwg_href(input)?;
    let display = display(input, idna);
    let decoded = |h: &[u8]| uriesc::decode::percent_decode(h).into_owned();
    match whatwg_href(&display) {
        Some(shown) if decoded(&shown) == decoded(&href) => None,
        shown => Some(format!(
            "{:?} shown {:?}: href {:?}, the input's {:?}",
            String::from_utf8_lossy(input),
            String::from_utf8_lossy(&display),
            shown.map(|s| String::from_utf8_lossy(&s).into_owned()),
            String::from_utf8_lossy(&href),
        )),
    }
}

/// What a reader copies is what the URL means: for every URL of the corpus slice and every
/// WPT input without a base that parses, the WHATWG href of the display, percent-decoded, is
/// the input's, with `--idna` and without.
#[test]
fn display_parses_as_the_input_does() {
    let corpus = include_str!("../data/urls-permissive-slice.txt");
    let wpt: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let mut wpt_inputs = wpt
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object() && c["base"].is_null())
        .filter_map(|c| c["input"].as_str());
    let mut broken = Vec::new();
    let mut held = |inputs: &mut dyn Iterator<Item = &str>| {
        let mut held = 0;
        for input in inputs.filter(|i| whatwg_href(i.as_bytes()).is_some()) {
            held += 1;
            broken.extend(law_broken(input.as_bytes(), false));
            broken.extend(law_broken(input.as_bytes(), true));
        }
        held
    };
    let (corpus, wpt) = (held(&mut corpus.lines()), held(&mut wpt_inputs));
    eprintln!("the law held on {corpus} lines of the slice and {wpt} WPT inputs");
    assert!(
        broken.is_empty(),
        "{}:\n{}",
        broken.len(),
        broken.join("\n")
    );
    // Not a test of nothing: most of the slice's lines are URLs to the parser (some hold a `%`
    // in a host, which it refuses), and so are many WPT inputs.
    assert!(corpus > 2000 && wpt > 300, "{corpus} {wpt}");
}

/// Homographs (hosts that pass for another: mixed scripts, whole-script lookalikes of Latin
/// names) and their legitimate neighbours, however the host arrives.
#[test]
fn hosts_that_pass_for_another_are_shown_in_ascii() {
    let cases = [
        // All Cyrillic, reads "apple": a whole-script confusable (UTS #39 §4). The xn-- name is
        // the one UTS #46 ToASCII gives (Chromium's IDN test list has the same host).
        (
            "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
            "http://xn--80ak6aa92e.com/",
        ),
        ("http://аррӏе.com/", "http://xn--80ak6aa92e.com/"),
        // A deviation character (UTS #46 §6): faß is fass to IDNA 2003 (WPT's xn--fa-hia).
        ("http://fa%C3%9F.de/", "http://xn--fa-hia.de/"),
        // Single-script names are shown in Unicode.
        (
            "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/",
            "http://пример.рф/",
        ),
        ("http://b%C3%BCcher.de/", "http://bücher.de/"),
        ("http://%E4%B8%AD%E6%96%87.com/", "http://中文.com/"),
        // Latin with Han and Katakana: highly restrictive (UTS #39 §5.2).
        ("http://abc%E4%B8%AD%E3%82%AB.jp/", "http://abc中カ.jp/"),
        // A bidi control in a host is never decoded, and no ASCII name exists for it.
        (
            "http://ex%E2%80%AEample.com/",
            "http://ex%E2%80%AEample.com/",
        ),
        // Not a special URL: its host is opaque (no IDNA), kept percent-encoded.
        ("sc://pay%D1%80al/", "sc://pay%D1%80al/"),
        // Raw Unicode beside an escape that is not UTF-8: nothing of it shown decoded.
        ("http://%D0%B0%FF.com/", "http://%D0%B0%FF.com/"),
        ("http://а%FF.com/", "http://%D0%B0%FF.com/"),
    ];
    for (sent, expected) in cases {
        assert_eq!(shown(sent), expected, "{sent}");
    }
    // Shown as the peer's WHATWG href (the `url` crate's): one Cyrillic р among Latin letters
    // (mixed scripts, UTS #39 §5.2), and Greek letters that look Latin ("ok", Chromium's list).
    for sent in ["http://pay%D1%80al.com/", "http://%CE%BF%CE%BA.com/"] {
        let href = url::Url::parse(sent).unwrap();
        assert!(href.as_str().contains("xn--"), "{href}");
        assert_eq!(shown(sent), href.as_str(), "{sent}");
    }
}

/// What a browser would read as another URL stays encoded (the URL Standard's basic URL
/// parser: `\` is `/` in a special URL's path, leading and trailing C0 controls and spaces are
/// stripped, tab and newlines are removed).
#[test]
fn escapes_a_browser_reads_otherwise_stay() {
    let cases = [
        ("http://h/a%5Cb", "http://h/a%5Cb"),
        ("http://h/?q=a%5Cb", "http://h/?q=a%5Cb"),
        ("http://h/?q=a%20", "http://h/?q=a%20"),
        ("http://h/a%20%20", "http://h/a%20%20"),
        ("http://h/#a%20", "http://h/#a%20"),
        ("http://h/a%20%09", "http://h/a %09"),
        ("http://h/?q=a%20b", "http://h/?q=a b"),
        ("http://h/a%09b%0Ac%0Dd", "http://h/a%09b%0Ac%0Dd"),
        (
            "http://h/%00%1F%7F%C2%80%C2%9F",
            "http://h/%00%1F%7F%C2%80%C2%9F",
        ),
        ("file:///C%7C/", "file:///C%7C/"),
        // A hex digit decoded after a bare `%` would make an escape that was not there.
        ("http://h/%%34%31", "http://h/%%341"),
        ("http://h/%4%31", "http://h/%4%31"),
    ];
    for (sent, expected) in cases {
        assert_eq!(shown(sent), expected, "{sent}");
    }
}

/// `--explain` says why each host is shown in ASCII, at its record; nothing for the others.
#[test]
fn explain_names_the_rule() {
    let output = crate::util::run(
        &["pretty-print", "--explain"],
        "http://b%C3%BCcher.de/\nhttp://pay%D1%80al.com/\nhttp://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/\n"
            .as_bytes(),
    );
    // Raw Unicode on the line after an ASCII one: the same policy, the right line.
    let raw = crate::util::run(
        &["pretty-print", "--explain"],
        "http://b%C3%BCcher.de/\nhttp://bücher.de/\nhttp://аррӏе.com/\n".as_bytes(),
    );
    assert_eq!(
        String::from_utf8_lossy(&raw.stdout),
        "http://bücher.de/\nhttp://bücher.de/\nhttp://xn--80ak6aa92e.com/\n"
    );
    assert!(
        String::from_utf8_lossy(&raw.stderr)
            .starts_with("<stdin>:3:1: note: host shown as ASCII: label 'аррӏе'"),
        "{}",
        String::from_utf8_lossy(&raw.stderr)
    );
    let payral = url::Url::parse("http://pay%D1%80al.com/").unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("http://bücher.de/\n{payral}\nhttp://xn--80ak6aa92e.com/\n")
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with(
            "<stdin>:2:1: note: host shown as ASCII: label 'payрal': it mixes scripts"
        )
    );
    assert!(
        lines[1]
            .starts_with("<stdin>:3:1: note: host shown as ASCII: label 'аррӏе': a whole-script")
    );
    // --idna decodes `xn--` only in a domain: a non-special URL's host is opaque.
    assert_eq!(
        crate::util::ok_str(&["pretty-print", "--idna"], "sc://xn--bcher-kva/\n"),
        "sc://xn--bcher-kva/\n"
    );
    // A host met again is explained again, on its own line.
    let again = crate::util::run(
        &["pretty-print", "--explain"],
        b"http://pay%D1%80al.com/a\nhttp://a.com/\nhttp://pay%D1%80al.com/b\nhttp://pay%D1%80al.com?c\n",
    );
    let stderr = String::from_utf8_lossy(&again.stderr);
    let places: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.split(": ").next())
        .collect();
    assert_eq!(
        places,
        ["<stdin>:1:1", "<stdin>:3:1", "<stdin>:4:1"],
        "{stderr}"
    );
    // Without --explain, nothing on stderr.
    let quiet = crate::util::run(&["pretty-print"], b"http://pay%D1%80al.com/\n");
    assert!(quiet.stderr.is_empty());
}

/// An escape of a scheme character (RFC 3986 §3.1) that a run of scheme characters ending in
/// `:` follows stays encoded: decoded it would make a scheme of text that has none, which a
/// browser then reads as a URL (the URL Standard's scheme state). Where no `:` ends the run,
/// or the scheme is already there, it is decoded.
#[test]
fn escapes_that_would_make_a_scheme_stay() {
    for sent in [
        "jav%61script:alert(1)",
        "%6Aavascript:alert(1)",
        "java%73cript:x",
        "d%61ta:text/html,x",
        "h%74tp://example.com/",
    ] {
        let display = display(sent.as_bytes(), false);
        assert_eq!(String::from_utf8_lossy(&display), sent);
        assert_eq!(whatwg_href(sent.as_bytes()), None, "{sent}");
        assert_eq!(whatwg_href(&display), None, "{sent} is read as a URL");
    }
    for (sent, shown) in [
        ("%41bc", "Abc"),
        ("mailto:%41lice@example.com", "mailto:Alice@example.com"),
        ("http://h/a%2Db%2Ec", "http://h/a-b.c"),
    ] {
        assert_eq!(
            String::from_utf8_lossy(&display(sent.as_bytes(), false)),
            shown
        );
    }
}
