//! `pretty-print` never shows a host that is not the URL's host: no escape decoded
//! that would change it, one policy whichever form it comes in. The law, on hostile hosts and
//! on every form of every host of Chromium's IDN table: the WHATWG host (ada) of the display is
//! the host of the input.

/// Each record as `pretty-print` shows it (with `args`), one a line.
fn shown(records: &[String], args: &[&str]) -> Vec<String> {
    let input: String = records.iter().map(|r| format!("{r}\n")).collect();
    let mut all = vec!["pretty-print"];
    all.extend_from_slice(args);
    let stdout = crate::util::ok(&all, input.as_bytes());
    let lines: Vec<String> = String::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), records.len());
    lines
}

/// The host of `url` as the URL Standard's parser (ada) gives it, if it parses.
fn whatwg_host(url: &str) -> Option<String> {
    ada_url::Url::parse(url, None)
        .ok()
        .map(|u| u.host().to_owned())
}

/// The escapes that decode to a delimiter, `%`, a space or a control: in a host they stay as
/// they came, with `--idna` and without (as in `bücher.example@evil.com`).
#[test]
fn escapes_that_change_the_host_stay_encoded() {
    let escapes = [
        "%40", "%2F", "%3F", "%23", "%3A", "%5C", "%25", "%20", "%00", "%09", "%2C", "%7C",
    ];
    let records: Vec<String> = escapes
        .iter()
        .map(|e| format!("http://xn--bcher-kva.example{e}evil.com/"))
        .collect();
    for args in [&[][..], &["--idna"]] {
        for (shown, record) in shown(&records, args).iter().zip(&records) {
            assert_eq!(shown, record, "{args:?}");
        }
    }
    // Percent-encoded and raw Unicode hosts likewise keep such an escape, and show nothing
    // decoded.
    let records = [
        "http://b%C3%BCcher.example%40evil.com/",
        "http://bücher.example%2Fevil.com/",
    ];
    let records: Vec<String> = records.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        shown(&records, &[]),
        [
            "http://b%C3%BCcher.example%40evil.com/",
            "http://b%C3%BCcher.example%2Fevil.com/"
        ]
    );
}

/// Hosts that UTS #46 refuses or maps: kept in ASCII, or shown as the name a browser visits,
/// never as they came.
#[test]
fn hosts_uts46_refuses_or_maps() {
    let records: Vec<String> = [
        // The bidi rule (RFC 5893) fails: Arabic then a Latin letter.
        "http://%D8%AC%D8%A7%D8%B1x.eg/",
        // A label may not start with a combining mark (UTS #46 §4.1, criterion 5).
        "http://%CC%80abc.jp/",
        // ᾳ (U+1FB3) maps to αι: the host a browser visits is xn--mxacdw.com.
        "http://%E1%BE%B3%CE%B2%CE%B3.com/",
    ]
    .iter()
    .map(|r| r.to_string())
    .collect();
    for args in [&[][..], &["--idna"]] {
        let shown = shown(&records, args);
        assert_eq!(shown[0], records[0]);
        assert_eq!(shown[1], records[1]);
        assert!(!shown[2].contains('ᾳ'), "{}", shown[2]);
        assert_eq!(whatwg_host(&shown[2]).as_deref(), Some("xn--mxacdw.com"));
    }
}

/// The law on hostile hosts and on every host of Chromium's table in each form: the WHATWG host
/// of the display is the input's (both fail to parse, or both give the same host).
#[test]
fn the_display_has_the_input_host() {
    let mut hosts: Vec<String> = Vec::new();
    for (prefix, suffix) in [
        ("xn--bcher-kva.", ".com"),
        ("b%C3%BCcher.", ".de"),
        ("аррӏе", ".com"),
    ] {
        for escape in [
            "%40",
            "%2F",
            "%3F",
            "%23",
            "%3A",
            "%5C",
            "%25",
            "%20",
            "%00",
            "%09",
            "%2E",
            "%41",
            "%E3%80%82",
            "%EF%BC%8F",
        ] {
            hosts.push(format!("{prefix}{escape}{suffix}"));
        }
    }
    let table = include_str!("../data/chromium/idn_spoof_checker_cases.txt");
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let ace = line.split('\t').next().unwrap();
        let unicode = idna::domain_to_unicode(ace).0;
        let encoded: String = unicode
            .bytes()
            .map(|b| {
                if b.is_ascii() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        hosts.extend([ace.to_owned(), unicode, encoded]);
    }
    let mut records: Vec<String> = hosts.iter().map(|h| format!("http://{h}/")).collect();
    records.extend(hosts.iter().map(|h| format!("ws://user@{h}:8080/p")));
    let mut broken = Vec::new();
    let mut parsed = 0;
    for args in [&[][..], &["--idna"]] {
        for (shown, record) in shown(&records, args).iter().zip(&records) {
            let (expected, got) = (whatwg_host(record), whatwg_host(shown));
            parsed += usize::from(expected.is_some());
            if expected != got {
                broken.push(format!(
                    "{record} shown {shown}: host {got:?}, the input's {expected:?}"
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{}:\n{}",
        broken.len(),
        broken.join("\n")
    );
    // Not a law of nothing: most of the records parse.
    assert!(parsed > records.len(), "{parsed} of {}", 2 * records.len());
}

/// Text a reader takes for a domain, beyond the host, gets the host's policy: its labels are
/// decoded only where a host's would be shown in Unicode.
#[test]
fn lookalikes_beyond_the_host_stay_encoded() {
    let kept = [
        // The domain of a mailto: address (RFC 6068), Cyrillic а in "paypal".
        "mailto:support@p%D0%B0ypal.com",
        // A redirect target in a query: "аррӏе.com", all Cyrillic.
        "https://h.example/?to=https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
        // The same in a fragment, and as user information.
        "https://h.example/#%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com",
        "http://p%D0%B0ypal.com@evil.example/",
    ];
    let shown_as = [
        // A domain the policy shows, and text that is no domain, are decoded as before.
        ("mailto:info@b%C3%BCcher.de", "mailto:info@bücher.de"),
        (
            "https://h.example/?q=%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82",
            "https://h.example/?q=привет",
        ),
        (
            "https://h.example/caf%C3%A9.html",
            "https://h.example/café.html",
        ),
    ];
    let mut records: Vec<String> = kept.iter().map(|r| r.to_string()).collect();
    records.extend(shown_as.iter().map(|(r, _)| r.to_string()));
    for args in [&[][..], &["--idna"], &["--color", "never"]] {
        let shown = shown(&records, args);
        for (n, record) in kept.iter().enumerate() {
            assert_eq!(shown[n], *record, "{args:?}");
        }
        for (n, (_, expected)) in shown_as.iter().enumerate() {
            assert_eq!(shown[kept.len() + n], *expected, "{args:?}");
        }
    }
}

/// The top-domain match reads the host as a browser does, whatever the case of its ASCII
/// labels: `WWW.googlé.COM` looks like google.com (Chromium's list, built in).
#[test]
fn the_top_domain_match_ignores_case() {
    let records: Vec<String> = [
        "http://WWW.xn--googl-fsa.COM/",
        "http://WWW.googl%C3%A9.COM/",
    ]
    .iter()
    .map(|r| r.to_string())
    .collect();
    for args in [&["--idna"][..], &[]] {
        for shown in shown(&records, args) {
            assert!(shown.is_ascii(), "{shown} {args:?}");
        }
    }
}
