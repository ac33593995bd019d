//! `surt` and `ssurt` against urlcanon's data (`data/canon/urlcanon_surt.json`,
//! `urlcanon_ssurt.json`; provenance in `data/PROVENANCE.md`), each case a test. The expected
//! values are urlcanon's; where the profile answers otherwise on purpose, the case's answer is
//! listed here with its reason, and must differ from urlcanon's. The sections that test one
//! function (`alphaRorderQuery`, `massageHost`, `stripPathSessionId`, `ssurtHost`,
//! `reverseHost`) are unit tests of that function, in `src/key/surt/tests.rs` and
//! `src/key/ssurt/tests.rs`.

use serde_json::Value;

use super::{data, keys, latin1};
use crate::util::{assert_none_wrong, fails};

/// The cases of section `name` of urlcanon's file `file`, as bytes.
fn section(file: &str, name: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    let all = data(file);
    let case =
        |(input, expected): (&String, &Value)| (latin1(input), latin1(expected.as_str().unwrap()));
    all[name].as_object().unwrap().iter().map(case).collect()
}

/// Each case whose key under `args` is not `expected`, where `ours` (input, answer) replaces
/// urlcanon's expected value (which must differ from it).
fn wrong(args: &[&str], mut cases: Vec<(Vec<u8>, Vec<u8>)>, ours: &[(&str, &str)]) -> Vec<String> {
    for (input, answer) in ours {
        let case = cases
            .iter_mut()
            .find(|(i, _)| i == input.as_bytes())
            .unwrap_or_else(|| panic!("{input} is a case"));
        assert_ne!(case.1, answer.as_bytes(), "{input}: urlcanon agrees");
        case.1 = answer.as_bytes().to_vec();
    }
    let inputs: Vec<Vec<u8>> = cases.iter().map(|(input, _)| input.clone()).collect();
    let show = |b: &[u8]| String::from_utf8_lossy(b).escape_debug().to_string();
    cases
        .iter()
        .zip(keys(args, &inputs))
        .filter(|((_, expected), got)| got != expected)
        .map(|((input, expected), got)| {
            format!(
                "{}: {} (expected {})",
                show(input),
                show(&got),
                show(expected)
            )
        })
        .collect()
}

/// `defaultIASurt`: `surt.surt` with its defaults (16 cases), all as urlcanon has them.
#[test]
fn surt_urlcanon_default_ia_surt() {
    let cases = section("urlcanon_surt.json", "defaultIASurt");
    assert_eq!(cases.len(), 16);
    assert_none_wrong(&wrong(&["--profile", "surt"], cases, &[]));
}

/// A canonical URL of urlcanon's (`scheme://host[:port]rest`) in the form `--with-scheme`
/// writes it: the host's labels reversed and joined by `,`, the port, in `(…)`. A URL without
/// `//` has no host, and is written as it is.
fn with_scheme(url: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(url.to_vec()).unwrap();
    let Some((scheme, rest)) = text.split_once("://") else {
        return url.to_vec();
    };
    let end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    let (host, port) = authority.split_once(':').unwrap_or((authority, ""));
    let reversed: Vec<&str> = host.rsplit('.').collect();
    let port = if port.is_empty() {
        String::new()
    } else {
        format!(":{port}")
    };
    format!("{scheme}://({}{port}){path}", reversed.join(",")).into_bytes()
}

/// `Canonicalizer.DefaultIA` and `Canonicalizer.IA` (7 cases each): the canonical URL the
/// default canonicalizer gives, which `--with-scheme` writes as a SURT (see [`with_scheme`]).
#[test]
fn surt_urlcanon_ia_canonicalizers() {
    for name in ["Canonicalizer.DefaultIA", "Canonicalizer.IA"] {
        let cases: Vec<(Vec<u8>, Vec<u8>)> = section("urlcanon_surt.json", name)
            .into_iter()
            .map(|(input, expected)| (input, with_scheme(&expected)))
            .collect();
        assert_eq!(cases.len(), 7, "{name}");
        assert_none_wrong(&wrong(&["--profile", "surt", "--with-scheme"], cases, &[]));
    }
}

/// The fixes of the package's two known bugs, and the package's own answer beside each
/// (`bench/surt-diff.sh` lists where the two differ on a URL list).
#[test]
fn surt_fixes_two_known_bugs() {
    let got = keys(
        &["--profile", "surt"],
        &[
            // surt#28: the package gives `com)/` for both, as for `http://com/`.
            b"https://www1355544.com/".to_vec(),
            b"http://www.com/".to_vec(),
            b"http://www2.example.com/".to_vec(),
            // surt#20: the package gives `x)/?a=x&b=1&y`, splitting the value at the `%26`.
            b"http://x/?b=1&a=x%26y".to_vec(),
        ],
    );
    let want: [&[u8]; 4] = [
        b"com,www1355544)/",
        b"com,www)/",
        b"com,example)/",
        b"x)/?a=x%26y&b=1",
    ];
    assert_eq!(got, want);
}

/// urlcanon's `surt` (`ParsedUrl.surt()`) writes a URL's parts as they are; the profile writes
/// the SURT of the `surt` package's canonical URL, so it differs in each of these, for these
/// reasons (the package gives the same answers): the fragment and credentials are dropped (its
/// Google canonicalizer); an empty path is `/`, a trailing `/` dropped; the trailing comma
/// comes after the port (`foo:81,)`, where urlcanon writes `foo,:81)`); an IPv4 address is
/// reversed too (the package's `reverse_ipaddr` is on by default).
const SURT_WITH_SCHEME_AND_COMMA: [(&str, &str); 7] = [
    (
        "http://user:pass@foo.example.org:81/path?query#frag",
        "http://(org,example,foo:81,)/path?query",
    ),
    (
        "http://user:pass@foo.example.org:81/",
        "http://(org,example,foo:81,)/",
    ),
    (
        "http://user:pass@foo.example.org:81",
        "http://(org,example,foo:81,)/",
    ),
    (
        "http://user:pass@foo.example.org:81?query",
        "http://(org,example,foo:81,)/?query",
    ),
    (
        "http://user:pass@foo.example.org:81#frag",
        "http://(org,example,foo:81,)/",
    ),
    (
        "http://user:pass@10.1.2.3:81#frag",
        "http://(3,2,1,10:81,)/",
    ),
    // A URL without a host: its trailing `/` is dropped (the IA canonicalizer).
    (
        "screenshot:http://example.com/",
        "screenshot:http://example.com",
    ),
];

/// ssurt.json's `surt` section: `--with-scheme --trailing-comma` (7 cases, each answered as
/// [`SURT_WITH_SCHEME_AND_COMMA`] says).
#[test]
fn surt_urlcanon_surt_with_scheme_and_comma() {
    let cases = section("urlcanon_ssurt.json", "surt");
    assert_eq!(cases.len(), 7);
    let args = ["--profile", "surt", "--with-scheme", "--trailing-comma"];
    assert_none_wrong(&wrong(&args, cases, &SURT_WITH_SCHEME_AND_COMMA));
}

/// `surtWithoutScheme`: `--trailing-comma` (6 cases), for the reasons of
/// [`SURT_WITH_SCHEME_AND_COMMA`].
#[test]
fn surt_urlcanon_surt_without_scheme() {
    let cases = section("urlcanon_ssurt.json", "surtWithoutScheme");
    assert_eq!(cases.len(), 6);
    let ours: Vec<(&str, String)> = SURT_WITH_SCHEME_AND_COMMA[..6]
        .iter()
        .map(|(input, answer)| (*input, answer.replace("http://(", "")))
        .collect();
    let ours: Vec<(&str, &str)> = ours.iter().map(|(i, a)| (*i, a.as_str())).collect();
    assert_none_wrong(&wrong(
        &["--profile", "surt", "--trailing-comma"],
        cases,
        &ours,
    ));
}

/// `surtWithoutTrailingComma`: `--with-scheme` (5 cases), for the reasons of
/// [`SURT_WITH_SCHEME_AND_COMMA`] but the comma.
#[test]
fn surt_urlcanon_surt_without_trailing_comma() {
    let cases = section("urlcanon_ssurt.json", "surtWithoutTrailingComma");
    assert_eq!(cases.len(), 5);
    // Without the comma, urlcanon's `http://user:pass@foo.example.org:81/` is the profile's
    // too: the one case here that it writes as it stands.
    let ours: Vec<(&str, String)> = SURT_WITH_SCHEME_AND_COMMA[..5]
        .iter()
        .filter(|(input, _)| !input.ends_with(":81/"))
        .map(|(input, answer)| (*input, answer.replace(",)", ")")))
        .collect();
    let ours: Vec<(&str, &str)> = ours.iter().map(|(i, a)| (*i, a.as_str())).collect();
    assert_none_wrong(&wrong(
        &["--profile", "surt", "--with-scheme"],
        cases,
        &ours,
    ));
}

/// ssurt.json's `ssurt` section (11 cases), all as urlcanon has them: each input is already
/// as the URL Standard serializes it.
#[test]
fn ssurt_urlcanon_ssurt() {
    let cases = section("urlcanon_ssurt.json", "ssurt");
    assert_eq!(cases.len(), 11);
    assert_none_wrong(&wrong(&["--profile", "ssurt"], cases, &[]));
}

/// The SSURT is of the serialization: two spellings of one URL have one SSURT.
#[test]
fn ssurt_of_the_serialization() {
    let got = keys(
        &["--profile", "ssurt"],
        &[
            b"HTTP://Foo.Example.ORG:80/a/./b".to_vec(),
            b"file:///tmp/x".to_vec(),
        ],
    );
    let want: [&[u8]; 2] = [b"org,example,foo,//http:/a/b", b"//file:/tmp/x"];
    assert_eq!(got, want);
}

/// The package raises where it has no SURT; the profile reports the record.
#[test]
fn surt_without_a_key() {
    let (code, stdout, stderr) = fails(&["key", "--profile", "surt"], b"http://x:99999/\n \n");
    assert_eq!((code, &stdout[..]), (1, &b"\n\n"[..]));
    assert!(stderr.contains("port"), "{stderr}");
    let (code, _, stderr) = fails(&["key", "--profile", "whatwg", "--with-scheme", "x"], b"");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--with-scheme is for --profile surt"),
        "{stderr}"
    );
}
