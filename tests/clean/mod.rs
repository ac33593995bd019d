//! `uriesc clean` and `uriesc pretty-print`: worked examples (a name written both ways, what is
//! mended and what is reported) and RFC 3986's, and the laws that tie them to `check`. Beside
//! this file: [`options`] (`--base`, `--rfc`, `--idna`) and [`pasted`] (the spaces and controls
//! around a pasted URI). `clean --whatwg` is in `whatwg/clean.rs`.

mod options;
mod pasted;

use proptest::prelude::*;
use uriesc::check::{self, Target};
use uriesc::clean::{self, Options};
use uriesc::internals;
use uriesc::pretty::{self, PrettyPrinter};
use uriesc::sets::{Standard, rfc3986};
use uriesc::stream::{Framing, Streamer};

use crate::util::{ok_str, run};

fn cleaned(standard: Standard, s: &str) -> Result<String, check::Problem> {
    let mut out = Vec::new();
    clean::clean(s.as_bytes(), &Options::new(standard), &mut out)
        .map(|()| String::from_utf8(out).unwrap())
}

/// `uri` with its host in the ASCII form of UTS #46 ToASCII where that is a DNS name:
/// pretty-print shows a host that could pass for another so, and RFC 3987 §3.1 (step 2) makes
/// that form and the percent-encoded one the same name.
fn idn_ascii(uri: &str) -> String {
    let Some(authority) = uriesc::uri::Parts::split(uri.as_bytes()).authority else {
        return uri.to_owned();
    };
    let host = uriesc::uri::Authority::split(&uri.as_bytes()[authority.clone()]).host;
    let span = authority.start + host.start..authority.start + host.end;
    let decoded = uriesc::decode::percent_decode(&uri.as_bytes()[span.clone()]).into_owned();
    let ascii = String::from_utf8(decoded)
        .ok()
        .and_then(|name| idna::domain_to_ascii(&name).ok())
        .filter(|a| {
            a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        });
    match ascii {
        Some(ascii) => format!("{}{ascii}{}", &uri[..span.start], &uri[span.end..]),
        None => uri.to_owned(),
    }
}

fn pretty(s: &str) -> String {
    let mut out = Vec::new();
    pretty::pretty_print(s.as_bytes(), &mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn helen_odegard_both_ways() {
    let typed = "http://example.com/admin/login?name=Helen Ødegård&gender=f";
    let sent = "http://example.com/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f";
    assert_eq!(ok_str(&["clean", typed], ""), format!("{sent}\n"));
    assert_eq!(ok_str(&["pretty-print", sent], ""), format!("{typed}\n"));
}

#[test]
fn clean_encodes_only_what_is_illegal_and_mends() {
    let cases = [
        // A valid escape is never encoded again; reserved characters are left alone.
        ("http://example.com/%23funny", "http://example.com/%23funny"),
        (
            "http://example.com/a?b=c&d=e;f",
            "http://example.com/a?b=c&d=e;f",
        ),
        // The brackets of an IP literal stay; elsewhere they are encoded.
        (
            "http://[2001:db8::1]:8080/a b",
            "http://[2001:db8::1]:8080/a%20b",
        ),
        ("http://h/a[1]", "http://h/a%5B1%5D"),
        // A '%' that begins no escape, a second '#', an '@' before the last.
        ("http://h/100%", "http://h/100%25"),
        ("http://h/%zz%4", "http://h/%25zz%254"),
        ("http://h/#a#b", "http://h/#a%23b"),
        ("http://me@home@h/", "http://me%40home@h/"),
        // Hex case as it came; new escapes uppercase.
        ("http://h/%c3%a9 é", "http://h/%c3%a9%20%C3%A9"),
        (
            "http://h/\"<>\\^`{|}",
            "http://h/%22%3C%3E%5C%5E%60%7B%7C%7D",
        ),
    ];
    for (typed, expected) in cases {
        assert_eq!(
            cleaned(Standard::Rfc3986, typed).as_deref(),
            Ok(expected),
            "{typed}"
        );
    }
    // RFC 1738 counts '~' unsafe; RFC 2396 keeps '[' ']' for IPv6 hosts only.
    assert_eq!(
        cleaned(Standard::Rfc1738, "http://h/~me").as_deref(),
        Ok("http://h/%7Eme")
    );
    assert_eq!(
        cleaned(Standard::Rfc2396, "http://h/a[1]").as_deref(),
        Ok("http://h/a%5B1%5D")
    );
}

#[test]
fn what_cannot_be_mended_is_reported_and_passed_through() {
    let out = run(&["clean"], b"ht tp://x/\nhttp://h:8a/\nhttp://ok/a b\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "ht tp://x/\nhttp://h:8a/\nhttp://ok/a%20b\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "<stdin>:1:3: error: space is not allowed in a scheme (letters, digits, '+', '-', '.' only)\n\
         <stdin>:2:11: error: port must be digits, found '8a'\n"
    );
}

#[test]
fn basic_only_encodes_what_is_illegal() {
    assert_eq!(
        ok_str(&["clean", "--basic", "http://h/a b?q=é"], ""),
        "http://h/a%20b?q=%C3%A9\n"
    );
    // Without mending, a bracket in the path stays, so the record cannot be cleaned: it is
    // reported where it stands in the input, and passed through.
    let out = run(&["clean", "--basic", "http://h/a b[1]"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "http://h/a b[1]\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "<arg 1>:1:13: error: '[' is only allowed around an IP literal host; encode it as %5B\n"
    );
}

#[test]
fn pretty_print_decodes_only_what_is_safe() {
    let cases = [
        // unreserved, space and the illegal-but-printable are decoded, but for `\`, which a
        // browser reads as `/` in a special URL's path (the URL Standard's path state), and
        // `|`, which it reads as `:` after a drive letter in a file URL
        (
            "http://h/%41%7E%20%22%3C%3E%5C%5E%60%7B%7C%7D",
            "http://h/A~ \"<>%5C^`{%7C}",
        ),
        // reserved, %25, controls, DEL and invalid UTF-8 are not
        (
            "http://h/%2F%3F%23%25%00%7F%FF%C3",
            "http://h/%2F%3F%23%25%00%7F%FF%C3",
        ),
        // UTF-8 that is safe to display is; bidi controls, zero-width and look-alikes are not
        ("http://h/%C3%A9%E4%B8%AD", "http://h/é中"),
        (
            "http://h/%E2%80%AEx%E2%80%8Bx%E2%81%84x%EF%BC%8Fx%EF%BC%83",
            "http://h/%E2%80%AEx%E2%80%8Bx%E2%81%84x%EF%BC%8Fx%EF%BC%83",
        ),
        (
            "http://h/%C2%A0%E2%80%A8%D8%9C",
            "http://h/%C2%A0%E2%80%A8%D8%9C",
        ),
        // text that is not an escape passes as it came
        ("http://h/100%zz", "http://h/100%zz"),
    ];
    for (sent, shown) in cases {
        assert_eq!(pretty(sent), shown, "{sent}");
    }
}

fn typed() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a", "Z", "0", "-", ".", "_", "~", "/", "?", "#", "[", "]", "@", ":", "!", "$", "&", "'",
        "(", ")", "*", "+", ",", ";", "=", " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "é",
        "中", "\u{202E}", "\u{200B}", "%", "%41", "%2F", "%e9",
    ]);
    (
        prop::sample::select(vec![
            "http://",
            "https://u@h:80",
            "http://[::1]",
            "mailto:",
            "s:",
        ]),
        prop::collection::vec(pieces, 0..30),
    )
        .prop_map(|(start, rest)| format!("{start}{}", rest.concat()))
}

/// [`typed`], as pasted: C0 controls and spaces around it, sometimes.
fn pasted() -> impl Strategy<Value = String> {
    let ends = || {
        prop::collection::vec(
            prop::sample::select(vec![" ", "\t", "\r", "\n", "\0", "\x1F"]),
            0..3,
        )
        .prop_map(|v| v.concat())
    };
    (ends(), typed(), ends()).prop_map(|(lead, s, trail)| format!("{lead}{s}{trail}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Whatever `clean` emits passes `check`; cleaning it again changes nothing.
    #[test]
    fn clean_is_idempotent_and_its_output_is_valid(s in pasted()) {
        for standard in [Standard::Rfc3986, Standard::Rfc2396, Standard::Rfc1738, Standard::Rfc3987] {
            if let Ok(once) = cleaned(standard, &s) {
                prop_assert!(check::check(once.as_bytes(), standard, Target::Uri).is_ok(), "{}", once);
                prop_assert_eq!(cleaned(standard, &once), Ok(once.clone()));
            }
        }
    }

    /// The C0 controls and spaces around a record change nothing of what `clean` makes of it
    /// (url.bs basic URL parser: "Remove any leading and trailing C0 control or space").
    #[test]
    fn clean_ignores_c0_controls_and_spaces_around_a_record(s in typed(), lead in "[ \t\r\n\x00\x1F]{0,3}", trail in "[ \t\r\n\x00\x1F]{0,3}") {
        let around = format!("{lead}{s}{trail}");
        for standard in Standard::ALL {
            prop_assert_eq!(cleaned(standard, &around).ok(), cleaned(standard, &s).ok(), "{}", standard);
        }
    }

    /// The fast path for URIs that are already valid gives what every rule gives.
    #[test]
    fn clean_fast_path_agrees_with_the_rules(s in typed(), basic: bool, reference: bool) {
        let mut options = Options::new(Standard::Rfc3986);
        options.basic = basic;
        options.target = if reference { Target::Reference } else { Target::Uri };
        let (mut quick, mut rules) = (Vec::new(), Vec::new());
        let quick = clean::clean(s.as_bytes(), &options, &mut quick).map(|()| quick);
        let rules = internals::clean_by_rules(s.as_bytes(), &options, &mut rules).map(|()| rules);
        prop_assert_eq!(quick, rules);
    }

    /// pretty-print of a clean URI never shows a control, a bidi control or a decoded
    /// reserved character, and cleaning it gives the URI back.
    #[test]
    fn pretty_print_is_safe_and_clean_undoes_it(s in typed()) {
        let Ok(uri) = cleaned(Standard::Rfc3986, &s.replace('%', "")) else { return Ok(()) };
        let shown = pretty(&uri);
        prop_assert!(!shown.chars().any(|c| c.is_control() || !uriesc::visible::safe_to_display(c) && !c.is_ascii()), "{:?}", shown);
        let reserved = |t: &str| t.bytes().filter(|&b| rfc3986::RESERVED.contains(b)).count();
        prop_assert_eq!(reserved(&shown), reserved(&uri));
        prop_assert_eq!(cleaned(Standard::Rfc3986, &shown).map(|u| idn_ascii(&u)), Ok(idn_ascii(&uri)));
    }

    /// For every valid URI, cleaning what pretty-print shows gives a URI equivalent to it under
    /// --normalize (escapes of any case, of unreserved characters, of non-ASCII all allowed).
    #[test]
    fn clean_of_pretty_print_is_equivalent_under_normalize(s in typed()) {
        let Ok(uri) = cleaned(Standard::Rfc3986, &s) else { return Ok(()) };
        let normalize = Options { normalize: true, ..Options::new(Standard::Rfc3986) };
        let normalized = |t: &str| {
            let mut out = Vec::new();
            clean::clean(t.as_bytes(), &normalize, &mut out).map(|()| out)
        };
        let round_trip = idn_ascii(&cleaned(Standard::Rfc3986, &pretty(&uri)).unwrap());
        let uri = idn_ascii(&uri);
        prop_assert_eq!(normalized(&round_trip), normalized(&uri), "{} -> {}", uri, round_trip);
    }

    /// pretty-print streams: pieces of any size give what the whole record gives.
    #[test]
    fn pretty_print_does_not_depend_on_where_reads_split(s in typed(), read_size in 1usize..20) {
        let mut streamer = Streamer::with_read_size(PrettyPrinter::default(), Framing::Whole, Vec::new(), false, read_size);
        streamer.read("<test>".into(), false, s.as_bytes()).unwrap();
        let (_, out) = streamer.finish().unwrap();
        prop_assert_eq!(String::from_utf8(out).unwrap(), pretty(&s));
    }
}

#[test]
fn base_normalize_and_idna() {
    let clean_with = |options: Options, s: &str| {
        let mut out = Vec::new();
        clean::clean(s.as_bytes(), &options, &mut out).map(|()| String::from_utf8(out).unwrap())
    };
    let base = Options {
        base: Some(b"http://a/b/c/d;p?q".to_vec()),
        ..Options::new(Standard::Rfc3986)
    };
    // RFC 3986 §5.4.1, with a space to clean on the way.
    assert_eq!(
        clean_with(base.clone(), "../g h").as_deref(),
        Ok("http://a/b/g%20h")
    );
    assert_eq!(
        clean_with(base.clone(), "?y").as_deref(),
        Ok("http://a/b/c/d;p?y")
    );
    assert_eq!(
        clean_with(base, "g;x?y#s").as_deref(),
        Ok("http://a/b/c/g;x?y#s")
    );
    let normalize = Options {
        normalize: true,
        ..Options::new(Standard::Rfc3986)
    };
    assert_eq!(
        clean_with(normalize, "HTTP://Example.COM:80/a/./b/../c/%7e%2f").as_deref(),
        Ok("http://example.com/a/c/~%2F")
    );
    // UTS #46 as in the WHATWG standard: bücher -> xn--bcher-kva.
    let idna = Options {
        idna: true,
        ..Options::new(Standard::Rfc3986)
    };
    assert_eq!(
        clean_with(idna.clone(), "http://bücher.example/ä").as_deref(),
        Ok("http://xn--bcher-kva.example/%C3%A4")
    );
    assert!(clean_with(idna, "http://a\u{FFFD}b/").is_err());
    // Without --idna a non-ASCII host is percent-encoded (RFC 3986 §3.2.2).
    assert_eq!(
        cleaned(Standard::Rfc3986, "http://bücher.example/").as_deref(),
        Ok("http://b%C3%BCcher.example/")
    );
}

#[test]
fn pretty_print_idna_shows_only_safe_names() {
    let shown = ok_str(
        &["pretty-print", "--idna"],
        "http://xn--bcher-kva.example/a%20b\nhttp://u@xn--80ak6aa92e.com:80/\nhttp://xn--pple-43d.com/\nhttp://xn--e1afmkfd.xn--p1ai/\n",
    );
    // bücher (UTS #46 ToUnicode) and пример.рф are shown; аррӏе (all Cyrillic look-alikes of
    // Latin) and аpple (Cyrillic а among Latin letters) stay in ASCII.
    assert_eq!(
        shown,
        "http://bücher.example/a b\nhttp://u@xn--80ak6aa92e.com:80/\nhttp://xn--pple-43d.com/\nhttp://пример.рф/\n"
    );
    // Without --idna the host is left as it came.
    assert_eq!(
        ok_str(&["pretty-print", "http://xn--bcher-kva.example/"], ""),
        "http://xn--bcher-kva.example/\n"
    );
}

#[test]
fn pretty_print_colours_components_only_when_asked() {
    let uri = "http://user@h:80/a%20b%2F?q=1#f";
    assert_eq!(
        ok_str(&["pretty-print", uri], ""),
        "http://user@h:80/a b%2F?q=1#f\n"
    );
    let painted = ok_str(&["pretty-print", "--color", "always", uri], "");
    assert_eq!(
        painted,
        "\x1b[35mhttp\x1b[0m://\x1b[33muser\x1b[0m@\x1b[1m\x1b[32mh\x1b[0m:\x1b[32m80\x1b[0m\
         \x1b[34m/a b\x1b[2m%2F\x1b[0m\x1b[34m\x1b[0m?\x1b[36mq=1\x1b[0m#\x1b[35mf\x1b[0m\n"
    );
}

proptest! {
    // Each case is one parse: many cases, so that every pairing of scheme and port is met.
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// The WHATWG fast path (a URL of the plain shape, serialized without the parser) gives
    /// what the parser gives, on URLs at the edges of its rules: case, default ports and
    /// leading zeros, dot segments plain and percent-encoded, `'` in a query, an empty path.
    #[test]
    fn clean_whatwg_fast_path_agrees_with_the_parser(
        s in "(https?|HTTPS?|Http|wss?|ftp|file|foo)://([a-zA-Z0-9-]{1,5})(\\.[a-zA-Z0-9-]{1,4}){0,2}(:(0|00|21|80|443|080|8080|65536))?(/(\\.|\\.\\.|%2e|%2E|\\.%2e|%2e%2E|a|%41|'|;|\\.a)){0,4}(\\?[a-z'%.]{0,4})?(#[a-z'?#]{0,3})?",
        basic: bool,
    ) {
        let options = Options { basic, ..Options::new(Standard::Whatwg) };
        let (mut quick, mut rules) = (Vec::new(), Vec::new());
        let quick = clean::clean(s.as_bytes(), &options, &mut quick).map(|()| quick);
        let rules = internals::clean_by_rules(s.as_bytes(), &options, &mut rules).map(|()| rules);
        prop_assert_eq!(quick, rules);
    }
}

/// A message quotes a long part of a record (here a host of 6000 bytes) by its ends, with what
/// is cut between them said; the column counts in the whole record.
#[test]
fn a_long_host_is_quoted_by_its_ends() {
    let record = format!("http://{} b/", "é".repeat(3000));
    let out = run(&["clean", "--idna", &record], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    // "http://" is 7 characters, the host 3000 more: the space is the 3008th.
    assert!(
        err.starts_with("<arg 1>:1:3008: error: space is not allowed in a domain"),
        "{err}"
    );
    assert!(err.contains(&format!("'{}…(", "é".repeat(128))), "{err}");
    assert!(err.contains(" bytes cut)…"), "{err}");
    assert!(err.len() < 1024, "{err}");
}
