//! urlcanon's sections of `surt.json` that test one step of the `surt` package
//! (`alphaRorderQuery`, `massageHost`, `stripPathSessionId`), each case a test of the function
//! here that does that step; and the steps on hostile input (linear time).

use super::*;

fn section(name: &str) -> Vec<(String, String)> {
    let json = include_str!("../../../tests/data/canon/urlcanon_surt.json");
    super::super::urlcanon_data::section(json, name)
}

fn sorted(query: &str) -> String {
    let (mut params, mut out) = (Vec::new(), Vec::new());
    query::sort_parameters(query.as_bytes(), &mut params, &mut out);
    String::from_utf8(out).unwrap()
}

/// The file has 12 cases: `""` twice, with the same answer, which JSON reads as one.
#[test]
fn urlcanon_alpha_reorder_query() {
    let cases = section("alphaRorderQuery");
    assert_eq!(cases.len(), 11);
    for (input, expected) in cases {
        assert_eq!(sorted(&input), expected, "{input}");
    }
}

/// All five cases as urlcanon has them: none is a name of `www` and digits alone (surt#28).
#[test]
fn urlcanon_massage_host() {
    let cases = section("massageHost");
    assert_eq!(cases.len(), 5);
    for (input, expected) in cases {
        let host = host::massage(input.as_bytes());
        assert_eq!(String::from_utf8_lossy(host), expected, "{input}");
    }
}

#[test]
fn urlcanon_strip_path_session_id() {
    let cases = section("stripPathSessionId");
    assert_eq!(cases.len(), 4);
    for (input, expected) in cases {
        let mut path = input.clone().into_bytes();
        query::strip_path_session_ids(&mut path);
        assert_eq!(String::from_utf8(path).unwrap(), expected, "{input}");
    }
}

fn strip_query(query: &str) -> String {
    let mut query = query.as_bytes().to_vec();
    query::strip_query_session_ids(&mut query);
    String::from_utf8(query).unwrap()
}

/// The package's query session ids: the last one before `&` or the end, with its `&`.
#[test]
fn query_session_ids() {
    let id = "0123456789abcdefABCDEF0123456789";
    let cases = [
        (format!("a=1&jsessionid={id}&b=2"), "a=1&b=2".to_owned()),
        (format!("a=1&PHPSESSID={id}"), "a=1&".to_owned()),
        (format!("sid={id}x&b"), format!("sid={id}x&b")),
        (
            "ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx&c".to_owned(),
            "c".to_owned(),
        ),
        ("x&cfid=1&cftoken=2&y".to_owned(), "x&y".to_owned()),
        (
            "x&cfid=1&cftoken=".to_owned(),
            "x&cfid=1&cftoken=".to_owned(),
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(strip_query(&input), expected, "{input}");
    }
}

#[test]
fn the_www_strip_leaves_a_domain() {
    for (host, expected) in [
        ("www1355544.com", "www1355544.com"),
        ("www.com", "www.com"),
        ("www3.a.b", "a.b"),
        ("wwwx.a.b", "wwwx.a.b"),
        ("WWW2.A.b", "A.b"),
    ] {
        assert_eq!(
            String::from_utf8_lossy(host::massage(host.as_bytes())),
            expected
        );
    }
}

fn surt(record: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = key(record, Flags::default(), &mut Scratch::default(), &mut out);
    out
}

/// A host of 100,000 labels, a query of 100,000 parameters, a path of 100,000 near-miss
/// session ids and queries of 100,000 near-miss session ids: each keyed in linear time (a
/// quadratic step would take minutes here).
#[test]
fn hostile_input_is_linear() {
    let host = format!("http://{}x/", "a.".repeat(100_000));
    assert_eq!(
        surt(host.as_bytes()).len(),
        host.len() - "http://".len() + 1
    );
    let query = format!("http://x/?{}", "b=1&a=2&".repeat(50_000));
    assert!(surt(query.as_bytes()).starts_with(b"x)/?&a=2&a=2"));
    let near = format!("/{}/", "(s(0123456789abcdefghijklmn))/".repeat(20_000));
    let mut path = near.clone().into_bytes();
    query::strip_path_session_ids(&mut path);
    assert_eq!(path, near.as_bytes());
    for unit in [
        "cfid=",
        "cfid=1&cftoken=&",
        "jsessionid=",
        "sid=0123456789abcdef0123456789abcde&",
    ] {
        let query = unit.repeat(100_000 / unit.len() * 5);
        assert!(!strip_query(&query).is_empty());
    }
    let percent = format!("http://x/?{}", "%25".repeat(100_000));
    assert!(surt(percent.as_bytes()).ends_with(b"%25"));
}

#[test]
fn never_panics_on_odd_records() {
    for record in [
        &b"http://[/"[..],
        b"http://]:/",
        b"http://@:",
        b"http:",
        b"a:",
        b"http://x:0/",
        b"http://\xff\xfe/",
        b"http://%e2%82/",
        b"http://...",
        b"http://x/%",
        b"\x0b\x0c",
        b"http://0x10/",
        b"http://999999999999999999999/",
        b"http://1.2.3.4.5/",
    ] {
        let mut out = Vec::new();
        let _ = key(record, Flags::default(), &mut Scratch::default(), &mut out);
    }
}

proptest::proptest! {
    /// Any bytes, weighted to the ones the steps look at: a key or a reason, never a panic.
    #[test]
    fn any_record_keys_or_is_refused(record in proptest::collection::vec(
        proptest::sample::select(b"hHtTpPsS:/@[]%2e6Ff.?&=#w1(x)\\ \t\xc3\xbc0;".to_vec()), 0..40)
    ) {
        let mut out = Vec::new();
        let _ = key(&record, Flags { with_scheme: true, trailing_comma: true, keep_www: false },
            &mut Scratch::default(), &mut out);
    }
}

/// Step 1 of a common URL read at once ([`common`]) gives the parts the general reading
/// ([`parse_any`]) gives: on the edges (ports 0, with leading zeros, at 65535; uppercase; a
/// host `http` before a path `//`; `?` and `#` in every order) and on random common URLs.
fn common_reads_as_any(record: &[u8]) {
    let Some(mut common) = common(record) else {
        return;
    };
    let mut url = Vec::new();
    let any = parse_any(record, &mut url).expect("a common URL has a key");
    assert!(common.plain_host);
    common.plain_host = false;
    assert_eq!(common, any, "{}", String::from_utf8_lossy(record));
}

#[test]
fn common_urls_read_at_once_as_one_by_one() {
    let edges = [
        "http://a.example",
        "HTTPS://WWW.Example.COM:443/A/./b?Q=1#F",
        "http://a.example:0/",
        "http://a.example:00080/x",
        "https://a.example:65535?#",
        "http://http:80//a.example/",
        "http://a.example#x?y",
        "http://a.example/?",
        "ws://a-b.c9.example/p?q&r=s#t",
        "ftp://a.example/%41%2F",
    ];
    let mut common_ones = 0;
    for edge in edges {
        common_ones += usize::from(common(edge.as_bytes()).is_some());
        common_reads_as_any(edge.as_bytes());
    }
    assert!(common_ones >= 8, "the edges are common URLs");
    let url = "(https?|HTTP|wss?|ftp)://[a-zA-Z0-9]{1,5}(\\.[a-zA-Z][a-zA-Z0-9-]{0,4}){0,3}\
               (:[0-9]{1,5})?(/[a-zA-Z0-9./%-]{0,8})*(\\?[a-zA-Z0-9=&/?.-]{0,12})?(#[a-z?#]{0,4})?";
    let config = proptest::test_runner::Config::with_cases(3000);
    proptest::proptest!(config, |(record in url)| {
        common_reads_as_any(record.as_bytes());
    });
}

/// The labels reversed as the package's `','.join(reversed(host.split('.')))` gives them, empty
/// labels too, lowercased.
#[test]
fn labels_reversed_and_lowercased() {
    for (host, expected) in [
        ("www.Example.COM", "com,example,www"),
        ("a", "a"),
        ("a.b.", ",b,a"),
        (".a", "a,"),
        ("a..b", "b,,a"),
        ("xn--bcher-kva.example", "example,xn--bcher-kva"),
    ] {
        let mut out = b"(".to_vec();
        host::reversed_labels(host.as_bytes(), &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("({expected}"),
            "{host}"
        );
    }
}
