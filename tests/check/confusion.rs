//! `check --confusion`: the classic examples (`\@`, a hex IPv4 host, `/\`, ...) and one case per
//! class of cause, each with the reading each side must give. The RFC 3986 readings follow Appendix
//! B, the last '@' of the authority, §6.2.2 and §6.2.3; the WHATWG ones the URL Standard's basic
//! URL parser (backslash as '/', IPv4 number forms, UTS #46 mapping, tabs and newlines removed, any
//! number of slashes after a special scheme).

use serde_json::{Value, json};

use crate::util::{ok_str, run};

/// The JSON report of `record`, or `None` where the readings agree (status 0, no report).
fn report(record: &str) -> Option<Value> {
    let out = run(&["check", "--confusion", "--format", "json", record], b"");
    let stdout = String::from_utf8(out.stdout).unwrap();
    match out.status.code() {
        Some(0) => {
            assert!(stdout.is_empty(), "{record}: {stdout}");
            None
        }
        Some(1) => Some(serde_json::from_str(&stdout).expect("one JSON report")),
        other => panic!("{record}: status {other:?}"),
    }
}

/// A reading as the JSON report writes it.
fn reading(scheme: &str, host: Option<&str>, port: Option<&str>) -> Value {
    json!({"scheme": scheme, "host": host, "port": port})
}

#[track_caller]
fn reported(record: &str, rfc: Value, whatwg: Value, column: u64, cause: &str) {
    let report = report(record).unwrap_or_else(|| panic!("{record:?} not reported"));
    assert_eq!(report["rfc3986"], rfc, "{record:?}");
    assert_eq!(report["whatwg"], whatwg, "{record:?}");
    assert_eq!(report["rule"], "confusion");
    assert_eq!(report["column"], column, "{record:?}");
    let message = report["message"].as_str().unwrap();
    assert!(message.contains(cause), "{record:?}: {message}");
}

#[test]
fn classic_confusions_are_reported_with_both_readings() {
    // RFC 3986: the authority runs to the first '/', so `evil.com\@good.com`, and its last '@'
    // ends the user info. WHATWG: '\' is '/' in a special URL, so the host ends before it.
    reported(
        r"http://evil.com\@good.com/",
        reading("http", Some("good.com"), None),
        reading("http", Some("evil.com"), None),
        16,
        r"'\' is read as '/'",
    );
    reported(
        "http://0x7f.1/",
        reading("http", Some("0x7f.1"), None),
        reading("http", Some("127.0.0.1"), None),
        8,
        "IPv4 address 127.0.0.1",
    );
    // RFC 3986: no "//", so no authority. WHATWG: "/\" are two slashes of a special URL.
    reported(
        r"http:/\evil.com/",
        reading("http", None, None),
        reading("http", Some("evil.com"), None),
        7,
        r"'\' is read as '/'",
    );
    reported(
        "http://ｅxample.com/",
        reading("http", Some("ｅxample.com"), None),
        reading("http", Some("example.com"), None),
        8,
        "UTS #46",
    );
}

#[test]
fn what_both_read_alike_is_not_reported() {
    for record in [
        // The fragment begins at '#' for both.
        "http://good.com#@evil.com/",
        // Case and the default port (§6.2.2.1, §6.2.3).
        "http://EXAMPLE.COM:80/",
        // An escape of an unreserved character (§6.2.2.2) is the character.
        "http://exam%70le.com/",
        // Both take the last '@': the host is evil.com.
        "https://example.com:443@evil.com/",
        // An internationalized name and its ASCII form are one (RFC 3986 §3.2.2).
        "http://bücher.example/",
        // Leading zeros of a port; an IPv6 literal written longer; an opaque host's case.
        "http://a:0080/",
        "http://[0:0::1]/",
        "foo://EXAMPLE/",
        // file: "localhost" is the local machine (RFC 8089 §2), as no host is.
        "file://localhost/etc/hosts",
        // RFC 3986 §3.2.2: a reg-name's escapes are the UTF-8 of a non-ASCII name, which is
        // transformed to IDNA for lookup: '%e2%98%83' is '☃', xn--n3h, the WHATWG host.
        "https://%e2%98%83/",
        "https://%E2%98%83.example/",
        "http://b%C3%BCcher.example/",
    ] {
        assert_eq!(report(record), None, "{record:?}");
    }
}

/// A URL the WHATWG parser refuses goes nowhere in a browser: it is not reported (status 0),
/// and not counted as read alike either, but as refused; neither --valid nor --invalid prints
/// it (it is neither read alike nor read differently).
#[test]
fn what_the_whatwg_parser_refuses_is_counted_apart() {
    // url.bs "host parsing": a space is a forbidden host code point; a URL with no scheme and
    // no base is a failure ("missing-scheme-non-relative-URL").
    for record in ["http://a b/", "no scheme", ""] {
        assert!(!ada_url::Url::can_parse(record, None), "{record:?}");
        assert_eq!(report(record), None, "{record:?}");
    }
    let input = "http://a/\nhttp://a b/\nhttp://0x7f.1/\n";
    let out = run(&["check", "--confusion"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "checked 3 records: 1 read alike, 1 read differently, 1 refused by the WHATWG parser\n"
    );
    let out = run(&["check", "--confusion", "--valid"], input.as_bytes());
    assert_eq!(out.stdout, b"http://a/\n");
    let out = run(&["check", "--confusion", "--invalid"], input.as_bytes());
    assert_eq!(out.stdout, b"http://0x7f.1/\n");
    let out = run(&["check", "--confusion"], b"http://a b/\n");
    assert_eq!(out.status.code(), Some(0));
}

/// UTS #46 maps U+2460..U+2466 (CIRCLED DIGIT ONE..SEVEN) to the digits (IdnaMappingTable.txt:
/// "2460 ; mapped ; 0031"), and the WHATWG host parser maps before its IPv4 parser (url.bs
/// "host parsing": domain to ASCII, then "ends in a number"): '①②⑦.0.0.1' is 127.0.0.1
/// because of the mapping, not of hex, octal or fewer parts.
#[test]
fn an_address_made_by_uts46_mapping_names_the_mapping() {
    let found = report("http://①②⑦.0.0.1/").expect("reported");
    assert_eq!(found["whatwg"], reading("http", Some("127.0.0.1"), None));
    let message = found["message"].as_str().unwrap();
    assert!(message.contains("UTS #46"), "{message}");
    assert!(message.contains("'127.0.0.1'"), "{message}");
    assert!(!message.contains("hex"), "{message}");
    // Mapped to fewer parts, both causes are named.
    let found = report("http://①②⑦.1/").expect("reported");
    let message = found["message"].as_str().unwrap();
    assert!(message.contains("UTS #46"), "{message}");
    assert!(message.contains("fewer parts"), "{message}");
    // An ASCII number form names the IPv4 parser's forms alone.
    let found = report("http://0x7f.1/").expect("reported");
    let message = found["message"].as_str().unwrap();
    assert!(!message.contains("UTS #46"), "{message}");
}

#[test]
fn each_class_of_cause() {
    // Tabs and newlines are removed by the WHATWG parser, kept by the generic split.
    reported(
        "http://exa\tmple.com/",
        reading("http", Some("exa\tmple.com"), None),
        reading("http", Some("example.com"), None),
        11,
        "removes tabs and newlines",
    );
    // Leading spaces and controls are stripped: the generic split takes them into the scheme.
    reported(
        " http://a/",
        reading(" http", Some("a"), None),
        reading("http", Some("a"), None),
        1,
        "strips leading and trailing spaces",
    );
    // A special scheme with one slash, or three: a host for WHATWG, none for RFC 3986.
    reported(
        "http:/evil.com/",
        reading("http", None, None),
        reading("http", Some("evil.com"), None),
        6,
        "any number of slashes",
    );
    reported(
        "http:///evil.com/",
        reading("http", None, None),
        reading("http", Some("evil.com"), None),
        6,
        "any number of slashes",
    );
    // An '@' in what RFC 3986 calls the path: credentials and a host to the WHATWG parser.
    reported(
        "http:evil.com@good.com",
        reading("http", None, None),
        reading("http", Some("good.com"), None),
        14,
        "'@' is in what RFC 3986 calls the path",
    );
    // IPv4 forms: fewer parts and a single decimal number.
    reported(
        "http://127.1/",
        reading("http", Some("127.1"), None),
        reading("http", Some("127.0.0.1"), None),
        8,
        "IPv4 address 127.0.0.1",
    );
    reported(
        "http://2130706433/",
        reading("http", Some("2130706433"), None),
        reading("http", Some("127.0.0.1"), None),
        8,
        "IPv4 address 127.0.0.1",
    );
    // The WHATWG parser percent-decodes all of the host, then maps it by UTS #46 (here
    // U+2102 DOUBLE-STRUCK CAPITAL C to "c"); RFC 3986 decodes unreserved characters only.
    reported(
        "http://%E2%84%82url.com/",
        reading("http", Some("%E2%84%82url.com"), None),
        reading("http", Some("curl.com"), None),
        8,
        "percent-decodes the whole host",
    );
    // A drive letter in a file URL: a host (a network share) to RFC 3986.
    reported(
        "file://d:/x",
        reading("file", Some("d"), None),
        reading("file", None, None),
        8,
        "Windows drive letter",
    );
    // The port: a backslash moves it too.
    reported(
        r"http://a:1\@b:2/",
        reading("http", Some("b"), Some("2")),
        reading("http", Some("a"), Some("1")),
        11,
        r"'\' is read as '/'",
    );
}

#[test]
fn statuses_selection_and_formats() {
    let input = "http://a/\nhttp://0x7f.1/\n";
    let out = run(&["check", "--confusion"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("<stdin>:2:8: error: RFC 3986 reads scheme 'http', host '0x7f.1'; WHATWG reads scheme 'http', host '127.0.0.1': "), "{text}");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "checked 2 records: 1 read alike, 1 read differently, 0 refused by the WHATWG parser\n"
    );
    // --valid: the records read alike; --invalid: those read differently.
    let out = run(&["check", "--confusion", "--valid"], input.as_bytes());
    assert_eq!(out.stdout, b"http://a/\n");
    let out = run(&["check", "--confusion", "--invalid"], input.as_bytes());
    assert_eq!(out.stdout, b"http://0x7f.1/\n");
    assert_eq!(ok_str(&["check", "--confusion", "-q", "http://a/"], ""), "");
    let out = run(
        &[
            "check",
            "--confusion",
            "--format",
            "github",
            "http://0x7f.1/",
        ],
        b"",
    );
    let annotation = String::from_utf8(out.stdout).unwrap();
    assert!(
        annotation.starts_with("::error line=1,col=8,title=uriesc check (confusion)::"),
        "{annotation}"
    );
    // It compares two fixed readings: a standard or a component is refused.
    for args in [&["--whatwg"][..], &["-r", "2396"], &["-c", "host"]] {
        let mut argv = vec!["check", "--confusion"];
        argv.extend_from_slice(args);
        argv.push("http://a/");
        assert_eq!(run(&argv, b"").status.code(), Some(2), "{args:?}");
    }
}

/// The counts docs/fine-print.md gives for the corpus slice in tests/data: none read differently, and
/// those the WHATWG parser (ada) refuses, counted by ada itself (curl's test templates such as
/// `http://%HOSTIP:%HTTPPORT/`), apart.
#[test]
fn the_corpus_slice_reads_alike() {
    let slice = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/urls-permissive-slice.txt"
    );
    let text = std::fs::read(slice).expect("the corpus slice");
    let lines: Vec<&[u8]> = text
        .strip_suffix(b"\n")
        .unwrap_or(&text)
        .split(|&b| b == b'\n')
        .collect();
    let refused = lines
        .iter()
        .filter(|line| {
            !std::str::from_utf8(line).is_ok_and(|url| ada_url::Url::can_parse(url, None))
        })
        .count();
    assert_eq!(
        (lines.len(), refused),
        (3000, 579),
        "docs/fine-print.md's figures"
    );
    let out = run(&["check", "--confusion", "-f", slice], b"");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "checked 3000 records: {} read alike, 0 read differently, {refused} refused by the \
             WHATWG parser\n",
            3000 - refused
        )
    );
}

proptest::proptest! {
    /// The fast path of `check --confusion` (the shape of `check --whatwg`'s fast path)
    /// holds only where the two readings agree.
    #[test]
    fn the_fast_path_is_right(
        url in proptest::string::string_regex(
            "(https?|wss?|ftp|HTTP|file|foo):(//)?([a-zA-Z0-9-]{0,6}\\.){0,2}[a-zA-Z0-9-]{1,6}(:[0-9]{0,6})?(/[a-zA-Z0-9@:%.~!$&'()*+,;=-]{0,6}){0,3}(\\?[a-z=&/?]{0,6})?(#[a-z/?]{0,4})?"
        ).unwrap()
    ) {
        if uriesc::internals::common_url(url.as_bytes()) {
            let readings = uriesc::check::confusion::Readings::of(url.as_bytes());
            proptest::prop_assert!(readings.agree(), "{}: {:?}", url, readings);
        }
    }
}

/// The WHATWG reading parses only the start of a record that decides the scheme, host and
/// port (a long path is no part of it). On every WPT urltestdata input without a base it is
/// what WPT expects of the URL parser: failure or not, the scheme, the port, and a special
/// URL's host (an address compared as one), a non-special URL's host present or not.
#[test]
fn the_whatwg_reading_is_wpts_on_every_input_without_a_base() {
    use uriesc::check::confusion::{Host, whatwg_reading};
    let data: Value =
        serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).expect("WPT data");
    let mut checked = 0;
    for case in data
        .as_array()
        .expect("a list")
        .iter()
        .filter(|c| c.is_object())
    {
        if !case["base"].is_null() {
            continue;
        }
        let input = case["input"].as_str().expect("input");
        let reading = whatwg_reading(input.as_bytes());
        checked += 1;
        if case["failure"].as_bool() == Some(true) {
            assert!(reading.is_err(), "{input:?}: {reading:?}");
            continue;
        }
        let reading = reading.unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let scheme = case["protocol"]
            .as_str()
            .expect("protocol")
            .trim_end_matches(':');
        assert_eq!(reading.scheme.as_deref(), Some(scheme), "{input:?}");
        let port = case["port"].as_str().expect("port");
        assert_eq!(
            reading.port.as_deref(),
            (!port.is_empty()).then_some(port),
            "{input:?}"
        );
        let hostname = case["hostname"].as_str().expect("hostname");
        let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&scheme);
        match &reading.host {
            None => assert!(hostname.is_empty(), "{input:?}: {hostname}"),
            Some(_) if !special => {}
            Some(Host::Name(name)) => assert_eq!(name, hostname, "{input:?}"),
            Some(Host::Ipv4(address)) => assert_eq!(address.to_string(), hostname, "{input:?}"),
            Some(Host::Ipv6(address)) => {
                let expected = hostname.trim_start_matches('[').trim_end_matches(']');
                assert_eq!(Ok(*address), expected.parse(), "{input:?}");
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
