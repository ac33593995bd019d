//! `uriesc check`: the validators against conformance data and a peer, and the reports through
//! the binary.

use proptest::prelude::*;
use serde_json::Value;
use uriesc::check::{self, Problem, rfc3986};
use uriesc::sets::{Component, Standard};

use crate::util::{TempDir, fails, ok_str, run};

fn valid(standard: Standard, component: Component, s: &str) -> bool {
    check::check(s.as_bytes(), standard, component).is_ok()
}

fn problem(standard: Standard, component: Component, s: &str) -> Problem {
    check::check(s.as_bytes(), standard, component).expect_err(s)
}

// --- RFC 3986 -----------------------------------------------------------------------------

/// Every URI and URI-reference verdict of the collected suites, as recomputed from the
/// Appendix A grammar in the data (so the RFC 6874 zone IDs and IRIs that some libraries accept
/// count as the grammar says: invalid).
#[test]
fn rfc3986_cases_json_verdicts() {
    let data: Value = serde_json::from_str(include_str!("data/rfc3986-cases.json")).unwrap();
    let mut wrong = Vec::new();
    let cases = data["uri_references"].as_array().unwrap();
    for case in cases {
        let input = case["input"].as_str().unwrap();
        for (component, key) in [
            (Component::Uri, "URI"),
            (Component::Reference, "URI_reference"),
        ] {
            let expected = case[key].as_bool().unwrap();
            if valid(Standard::Rfc3986, component, input) != expected {
                wrong.push(format!("{key} {input:?}: expected {expected}"));
            }
        }
    }
    for (key, rule) in [
        ("ipv4address", rfc3986::ipv4address as fn(&[u8]) -> bool),
        ("ipv6address", rfc3986::ipv6address),
    ] {
        for case in data[key].as_array().unwrap() {
            let input = case["input"].as_str().unwrap();
            let expected = case["valid"].as_bool().unwrap();
            if rule(input.as_bytes()) != expected {
                wrong.push(format!("{key} {input:?}: expected {expected}"));
            }
        }
    }
    assert!(
        cases.len() == 441 && wrong.is_empty(),
        "{}",
        wrong.join("\n")
    );
}

fn fluent_verdicts(s: &str) -> (bool, bool) {
    (
        fluent_uri::Uri::parse(s).is_ok(),
        fluent_uri::UriRef::parse(s).is_ok(),
    )
}

fn our_verdicts(s: &str) -> (bool, bool) {
    (
        valid(Standard::Rfc3986, Component::Uri, s),
        valid(Standard::Rfc3986, Component::Reference, s),
    )
}

/// fluent-uri follows RFC 3986 with no leniency: every real URL of the slice gets its verdict.
#[test]
fn rfc3986_agrees_with_fluent_uri_on_real_urls() {
    let urls = include_str!("data/urls-permissive-slice.txt");
    let mut disagree = Vec::new();
    let mut invalid = 0;
    for line in urls.lines() {
        if our_verdicts(line) != fluent_verdicts(line) {
            disagree.push(line);
        }
        invalid += usize::from(!our_verdicts(line).1);
    }
    assert!(disagree.is_empty(), "{disagree:#?}");
    assert!(
        invalid > 100,
        "the slice has curl's placeholders: {invalid} invalid"
    );
}

pub(crate) fn uri_like() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "ab1:/?#[]@!$&'()*+,;=-._~%2F %zv.<>\\^`{|}\"é"
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..40)
        .prop_map(|chars| chars.into_iter().collect())
}

pub(crate) fn uri_shaped() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "", "http:", "a+b.c-d:", "1a:", "//", "http://", "s://u:p@",
        ]),
        prop::sample::select(vec![
            "",
            "host",
            "[::1]",
            "[v7.x:y]",
            "[::ffff:1.2.3.4]",
            "[1::2::3]",
            "h:80",
            "h:8a",
            "1.2.3.256",
            "[fe80::1%25en0]",
        ]),
        uri_like(),
    )
        .prop_map(|(a, b, c)| format!("{a}{b}{c}"))
}

/// Bracketed hosts made of what IPv6 addresses are made of, so that every alternative of the
/// IPv6address rule (and the near misses) comes up.
fn ip_literal_like() -> impl Strategy<Value = String> {
    let parts = prop::sample::select(vec![
        "0",
        "1",
        "ab",
        "FFFF",
        "12345",
        "::",
        ":",
        ".",
        "1.2.3.4",
        "255.255.255.255",
        "256.1.1.1",
        "01.2.3.4",
        "v1.x",
        "g",
    ]);
    prop::collection::vec(parts, 0..12).prop_map(|p| format!("http://[{}]/", p.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn rfc3986_ip_literals_agree_with_fluent_uri(s in ip_literal_like()) {
        prop_assert_eq!(our_verdicts(&s), fluent_verdicts(&s), "{:?}", s);
    }

    #[test]
    fn rfc3986_agrees_with_fluent_uri(s in prop_oneof![uri_like(), uri_shaped()]) {
        prop_assert_eq!(our_verdicts(&s), fluent_verdicts(&s), "{:?}", s);
    }

    /// The fast path accepts only what the grammar accepts, and `check` with it gives the
    /// same verdict and problem as the grammar alone.
    #[test]
    fn rfc3986_fast_path_agrees_with_the_grammar(
        s in prop_oneof![uri_like(), uri_shaped(), ip_literal_like()],
        long in "[a-z0-9/]{0,40}",
    ) {
        for s in [s.clone(), format!("http://{long}{s}"), format!("{s}{long}")] {
            let s = s.as_bytes();
            for component in [Component::Uri, Component::Reference] {
                let grammar = rfc3986::check_by_grammar(s, component);
                if rfc3986::common_uri(s) {
                    prop_assert!(grammar.is_ok(), "{:?}", bstr::BStr::new(s));
                }
                prop_assert_eq!(rfc3986::check(s, component), grammar);
            }
        }
    }
}

/// The fast path takes most real URLs (it is there to be fast on them) and only valid ones.
#[test]
fn rfc3986_fast_path_takes_real_urls() {
    let urls = include_str!("data/urls-permissive-slice.txt");
    let quick = urls
        .lines()
        .filter(|l| rfc3986::common_uri(l.as_bytes()))
        .count();
    for line in urls.lines().filter(|l| rfc3986::common_uri(l.as_bytes())) {
        assert!(fluent_uri::Uri::parse(line).is_ok(), "{line}");
    }
    let total = urls.lines().count();
    assert!(quick * 10 > total * 7, "{quick} of {total}");
}

#[test]
fn rfc3986_messages_name_the_rule_and_the_fix() {
    let cases: &[(Component, &str, usize, &str)] = &[
        (
            Component::Uri,
            "https://exa mple.com/",
            11,
            "space is not allowed in a host; encode it as %20",
        ),
        (
            Component::Uri,
            "http://h/100%",
            12,
            "'%' must begin an escape like %25",
        ),
        (
            Component::Uri,
            "http://h:http/",
            9,
            "port must be digits, found 'http'",
        ),
        (
            Component::Uri,
            "http://h/[x]",
            9,
            "'[' is only allowed around an IP literal host",
        ),
        (
            Component::Uri,
            "example.com/x",
            0,
            "missing scheme (did you mean a reference? use -c reference)",
        ),
        (Component::Reference, "a:b/c:d?x", 9, "xx"),
        (
            Component::Reference,
            "1a:b",
            2,
            "':' is not allowed in the first segment of a relative reference (write './' before it)",
        ),
        (
            Component::Uri,
            "http://[fe80::1%25en0]/",
            8,
            "zone identifiers",
        ),
        (
            Component::Uri,
            "ht tp://x",
            2,
            "space is not allowed in a scheme",
        ),
        (
            Component::Uri,
            "http://x/a#b#c",
            12,
            "a second '#' is not allowed",
        ),
        (
            Component::Uri,
            "http://x/é",
            9,
            "'é' (U+00E9) is not allowed in a path; encode it as %C3%A9",
        ),
        (Component::Host, "a:b", 1, "':' is not allowed in a host"),
        (
            Component::Scheme,
            "1http",
            0,
            "a scheme must begin with a letter",
        ),
        (Component::Port, "80a", 2, "port must be digits"),
    ];
    for &(component, input, offset, message) in cases {
        if message == "xx" {
            assert!(valid(Standard::Rfc3986, component, input), "{input}");
            continue;
        }
        let p = problem(Standard::Rfc3986, component, input);
        assert_eq!(p.offset, offset, "{input}: {p:?}");
        assert!(p.message.contains(message), "{input}: {}", p.message);
    }
}

// --- RFC 2396 and RFC 1738 ------------------------------------------------------------------

#[test]
fn rfc2396_rules() {
    let s = Standard::Rfc2396;
    let (uri, reference) = (Component::Uri, Component::Reference);
    // absoluteURI = scheme ":" ( hier_part | opaque_part )
    assert!(valid(s, uri, "http://www.ietf.org/rfc/rfc2396.txt"));
    assert!(valid(s, uri, "mailto:John.Doe@example.com")); // opaque_part
    assert!(valid(s, uri, "news:comp.infosystems.www.servers.unix"));
    assert!(!valid(s, uri, "foo:")); // opaque_part = uric_no_slash *uric: one at least
    assert!(valid(s, uri, "ftp://ftp.is.co.za/rfc/rfc1808.txt#frag"));
    // authority = server | reg_name: '_' is no hostname character, but a reg_name one.
    assert!(valid(s, uri, "http://exa_mple.com/"));
    assert!(!valid(s, uri, "http://exa mple.com/"));
    // RFC 2732: IPv6reference, and [ ] in uric (query, fragment).
    assert!(valid(
        s,
        uri,
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html"
    ));
    assert!(valid(s, uri, "http://[::192.9.5.5]/ipng"));
    assert!(!valid(s, uri, "http://[::1/"));
    assert!(valid(s, uri, "http://h/p?a[0]=1"));
    assert!(!valid(s, uri, "http://h/a[0]")); // pchar has no [ ]
    // segment = *pchar *( ";" param )
    assert!(valid(s, uri, "http://h/a;p=1/b;q"));
    // relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
    assert!(valid(s, reference, "../a/b?c"));
    assert!(valid(s, reference, "#f")); // an empty reference with a fragment
    assert!(valid(s, reference, ""));
    assert!(!valid(s, reference, "?q")); // no path: not a relativeURI in 2396
    assert!(!valid(s, reference, "1a:b")); // rel_segment has no ':'
    // excluded: delims and unwise
    for bad in [
        "http://h/a b",
        "http://h/a<b",
        "http://h/a{b",
        "http://h/a|b",
        "http://h/%zz",
    ] {
        assert!(!valid(s, uri, bad), "{bad}");
    }
    // hostname = *( domainlabel "." ) toplabel [ "." ]
    assert!(valid(s, Component::Host, "www.example.com."));
    assert!(!valid(s, Component::Host, "www.-example.com"));
    assert!(!valid(s, Component::Host, "a.1com")); // toplabel starts with a letter
    assert!(valid(s, Component::Host, "10.0.0.1"));
    assert!(!valid(s, Component::Host, "1000.0.0.1")); // RFC 2373's 1*3DIGIT
}

/// Issue 12: RFC 2732 §3 takes RFC 2373's IPv6 text form, whose trailing part is
/// `IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT` (RFC 2373 Appendix B): one
/// to three digits, no range check, so `256` and `01` are allowed where RFC 3986's `dec-octet`
/// refuses them. RFC 2373 §2.2 counts eight 16-bit pieces, the IPv4 part as two. A rejected
/// reference is reported as an IPv6 address, not as a host name.
#[test]
fn rfc2396_ipv6_references_take_rfc2373_ipv4_parts() {
    let accepted = [
        "http://[::1.2.3.4]/",
        "http://[::1.2.3.256]/",
        "http://[::01.2.3.4]/",
        "http://[::999.999.999.999]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[1:2:3:4:5:6:1.2.3.4]/",
        "http://[::FFFF:129.144.52.38]/", // RFC 2373 §2.2's own example
        "http://[::13.1.68.3]/",          // RFC 2373 §2.2's own example
        "http://[1080::8:800:200C:417A]/",
    ];
    let out = run(
        &["check", "-r", "2396", "-q"],
        accepted.join("\n").as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Under RFC 3986 the ones outside dec-octet stay invalid.
    for uri in ["http://[::1.2.3.256]/", "http://[::01.2.3.4]/"] {
        let (code, _, _) = fails(&["check", "-q", uri], b"");
        assert_eq!(code, 1, "{uri}");
    }
    let rejected = [
        (
            "http://[::1.2.3.1234]/",
            "'::1.2.3.1234' is not an IPv6 address",
        ), // 4 digits
        ("http://[::1.2.3]/", "'::1.2.3' is not an IPv6 address"), // 3 parts
        (
            "http://[1:2:3:4:5:6:7:1.2.3.4]/", // 7 pieces and an IPv4 part: 9
            "'1:2:3:4:5:6:7:1.2.3.4' is not an IPv6 address",
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            "'1:2:3:4:5:6:7:8:9' is not an IPv6 address",
        ),
        ("http://[::1.2.3.a]/", "'::1.2.3.a' is not an IPv6 address"),
        ("http://[::1/", "no ']' closes"),
    ];
    for (uri, message) in rejected {
        let (code, report, _) = fails(&["check", "-r", "2396", uri], b"");
        let report = String::from_utf8(report).unwrap();
        assert_eq!(code, 1, "{uri}");
        assert!(report.contains(message), "{uri}: {report}");
        assert!(!report.contains("not a host name"), "{uri}: {report}");
    }
    // The column is that of the address, after the '['.
    let (_, report, _) = fails(&["check", "-r", "2396", "http://[::1.2.3]/"], b"");
    assert!(report.starts_with(b"<arg 1>:1:9: error: "));
    let (_, report, _) = fails(&["check", "-r", "2396", "-c", "host", "[::1]x"], b"");
    let report = String::from_utf8(report).unwrap();
    assert!(
        report.contains("<arg 1>:1:6: error: 'x' cannot follow an IPv6 reference"),
        "{report}"
    );
}

#[test]
fn rfc1738_rules() {
    let s = Standard::Rfc1738;
    let uri = Component::Uri;
    // The examples of RFC 1738 and its schemes (§3).
    for good in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ftp://@host.com/",
        "ftp://foo:@host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://host.dom/a/b;type=d",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "file:///etc/passwd",
        "mailto:mjb@nowhere.edu",
        "news:comp.infosystems.www.misc",
        "news:*",
        "news:1234@host.edu",
        "nntp://news.example.com/comp.lang.c/42",
        "telnet://user:secret@host.example.com:23/",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "wais://quake.think.com/directory-of-servers?weather",
        "prospero://host.dom//pros/name;field=value",
        "http://www.w3.org/hypertext/WWW/TheProject.html",
        "http://host.com:8080/a?b=c",
        "x-custom:anything;goes?here",
    ] {
        assert!(
            valid(s, uri, good),
            "{good}: {:?}",
            check::check(good.as_bytes(), s, uri)
        );
    }
    for (bad, why) in [
        ("http://host.com/a#frag", "'#' is not allowed"),
        ("http://host.com?q", "needs a '/' before the '?'"),
        ("http://host.com/~user", "'~' is not allowed"),
        (
            "http://host.com/a?b/c",
            "'/' is not allowed in a search part",
        ),
        ("ftp://host.dom/a;type=x", "';type=' takes one of A, I, D"),
        ("ftp://host.dom/a;b", "';' is not allowed"),
        ("news:1comp", "a newsgroup name begins with a letter"),
        ("nntp://host/group/12a", "must be digits"),
        ("telnet://host/x", "ends after the host"),
        ("http://host.com:/", "port must be digits, found ''"),
        ("http://host.com./", "is not a host name"),
        ("http:x", "expected '//'"),
        ("mailto:", "missing an address"),
        ("noscheme", "missing scheme"),
    ] {
        let p = problem(s, uri, bad);
        assert!(p.message.contains(why), "{bad}: {}", p.message);
    }
}

// --- the command ----------------------------------------------------------------------------

#[test]
fn the_issue_example() {
    let out = run(&["check"], b"https://exa mple.com/\nhttps://ok.example/\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<stdin>:1:12: error: space is not allowed in a host; encode it as %20; \
         did you mean: https://exa%20mple.com/\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "checked 2 records: 1 valid, 1 invalid\n"
    );
}

#[test]
fn columns_count_characters_and_crlf_is_no_part_of_the_url() {
    let out = run(
        &["check"],
        "http://é.example/中文 x\r\nhttp://ok/\r\n".as_bytes(),
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<stdin>:1:8: error: 'é' (U+00E9) is not allowed in a host; encode it as %C3%A9; \
         did you mean: http://%C3%A9.example/%E4%B8%AD%E6%96%87%20x\n"
    );
    assert_eq!(ok_str(&["check", "-q"], "http://ok/\r\n"), "");
}

#[test]
fn valid_and_invalid_select_records_unchanged() {
    let input = b"http://a/\r\nbad url\nhttp://b/";
    let out = run(&["check", "--valid"], input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"http://a/\r\nhttp://b/");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("<stdin>:2:1: error: missing scheme"),
        "{stderr}"
    );
    let out = run(&["check", "--invalid"], input);
    assert_eq!(out.stdout, b"bad url\n");
    // -q prints nothing, so it has no records to print either (issue 12).
    let (code, _, err) = fails(&["check", "--invalid", "-q"], input);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = fails(&["check", "--valid", "--invalid", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn json_and_github_formats() {
    let dir = TempDir::new("check-formats");
    let file = dir.file("urls.txt", "ok:x\nhttp://h/a\"b\n".as_bytes());
    let out = run(&["check", "--format", "json", "-f", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    let line = String::from_utf8(out.stdout).unwrap();
    let report: Value = serde_json::from_str(&line).expect("one JSON object");
    assert_eq!(report["source"], file.as_str());
    assert_eq!(report["line"], 2);
    assert_eq!(report["column"], 11);
    assert_eq!(report["offset"], 10);
    assert_eq!(report["rule"], "path");
    assert_eq!(report["record"]["text"], "http://h/a\"b");
    assert_eq!(
        report["message"],
        "'\"' is not allowed in a path; encode it as %22"
    );

    let out = run(&["check", "--format", "github", "-f", &file], b"");
    let escaped_file = file.replace(':', "%3A").replace(',', "%2C");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "::error file={escaped_file},line=2,col=11,title=uriesc check (path)::{file}: '\"' is not allowed in a path; encode it as %2522; did you mean: http://h/a%2522b\n"
        )
    );
}

#[test]
fn colour_shows_the_record_and_a_caret() {
    let out = run(&["check", "--color", "always", "http://h/a b"], b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\x1b[1m\x1b[31merror:\x1b[0m"), "{text:?}");
    // The caret is under column 11, after the two-space indent.
    let caret = format!("  {}\x1b[32m^\x1b[0m\n", " ".repeat(10));
    assert!(
        text.ends_with(&format!("  http://h/a b\n{caret}")),
        "{text:?}"
    );
}

#[test]
fn usage_errors() {
    for (args, why) in [
        (
            &["check", "-c", "any", "x"][..],
            "a choice for encoding data",
        ),
        (
            &["check", "-r", "1738", "-c", "fragment", "x"][..],
            "no fragment",
        ),
        (
            &["check", "--format", "xml", "x"][..],
            "possible values: text, json, github",
        ),
    ] {
        let (code, out, err) = fails(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn a_long_record_is_checked_whole() {
    let mut url = b"http://h/".to_vec();
    url.extend(std::iter::repeat_n(b'a', 3 << 20));
    url.extend_from_slice(b" \n");
    let out = run(&["check"], &url);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "<stdin>:1:{}: error: space is not allowed in a path; encode it as %20\n",
            10 + (3 << 20)
        )
    );
}

/// `check` holds one record, once: a 100 MiB record costs about 100 MiB, not two or three
/// copies of it.
#[test]
fn a_100_mib_record_is_held_once() {
    let total = 100 << 20;
    let (peak, written) = crate::stream::peak_memory_on_one_long_line(
        &["check", "-q", "-c", "path"],
        b"abcd/efgh",
        total,
    );
    assert_eq!(written, 0);
    let record_kib = (total / 1024) as u64;
    assert!(
        peak < record_kib + 24 * 1024,
        "peak {peak} KiB for a {record_kib} KiB record"
    );
}
