//! `uriesc clean --whatwg`: the URL parser's serialization, held to web-platform-tests'
//! urltestdata and toascii data, and to the parser on the corpus slice.

use uriesc::check::Target;
use uriesc::clean::{self, Options};
use uriesc::internals;
use uriesc::sets::Standard;

use crate::util::run;

/// WPT urltestdata.json, every test, through the command: `clean --whatwg --basic [--base B]`
/// prints the parser's `href` for each test that has one (status 0, or 1 where that href is
/// not a valid URL string, such as one with credentials), and for each test WPT marks as a
/// failure passes the input through with status 1. An input is given as an argument, or, where
/// it holds a NUL (which no argument can) or a newline, on stdin as the whole input.
#[test]
fn clean_whatwg_basic_is_the_href_of_every_urltestdata_test() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let mut wrong = Vec::new();
    let (mut hrefs, mut failures) = (0, 0);
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let mut args = vec!["clean", "--whatwg", "--basic"];
        if let Some(base) = case["base"].as_str() {
            args.extend(["--base", base]);
        }
        let through_stdin = input.contains(['\0', '\n']);
        let output = if through_stdin {
            args.push("--whole");
            run(&args, input.as_bytes())
        } else {
            args.extend(["--", input]);
            run(&args, b"")
        };
        let status = output.status.code();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let printed = if through_stdin {
            stdout.as_ref()
        } else {
            stdout.strip_suffix('\n').unwrap_or(&stdout)
        };
        match case["href"].as_str() {
            Some(href) => {
                hrefs += 1;
                if printed != href || !matches!(status, Some(0 | 1)) {
                    wrong.push(format!(
                        "{input:?} (base {}): {status:?} {printed:?}, expected {href:?}",
                        case["base"]
                    ));
                }
            }
            None => {
                failures += 1;
                if printed != input || status != Some(1) {
                    wrong.push(format!(
                        "{input:?} (base {}): {status:?} {printed:?}, expected failure",
                        case["base"]
                    ));
                }
            }
        }
    }
    // The counts of the snapshot (tests/data/PROVENANCE.md): 891 tests, 267 of them failures.
    assert_eq!((hrefs, failures), (624, 267));
    crate::util::assert_none_wrong(&wrong);
}

/// The WHATWG fast path on real URLs: every line of the corpus slice cleans as the parser
/// cleans it.
#[test]
fn clean_whatwg_fast_path_on_the_corpus_slice() {
    let options = Options::new(Standard::Whatwg);
    for line in include_str!("../data/urls-permissive-slice.txt").lines() {
        let (mut quick, mut rules) = (Vec::new(), Vec::new());
        let quick = clean::clean(line.as_bytes(), &options, &mut quick).map(|()| quick);
        let rules =
            internals::clean_by_rules(line.as_bytes(), &options, &mut rules).map(|()| rules);
        assert_eq!(quick, rules, "{line}");
    }
}

/// URLs of the common shape, or one step from it, with what the parser rewrites in them: an
/// uppercase scheme or host, a default port or another, an empty path, dot segments written
/// with `.` or `%2e`, and `'` in the query or the fragment.
fn common_shaped() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let scheme = prop::sample::select(vec!["http://", "HTTPS://", "ws://", "wss://", "fTp://"]);
    let label = prop::sample::select(vec!["a", "example", "Ex-ample", "b", "com"]);
    let port = prop::sample::select(vec!["", "", ":80", ":443", ":21", ":8080"]);
    let piece = prop::sample::select(vec![
        "/", "/a", "/.", "/..", "/%2e", "/%2E.", "/.a", "/a.", "/A", "?q", "?'", "#f", "#'",
    ]);
    (
        scheme,
        prop::collection::vec(label, 1..4),
        port,
        prop::collection::vec(piece, 0..5),
    )
        .prop_map(|(scheme, labels, port, pieces)| {
            format!("{scheme}{}{port}{}", labels.join("."), pieces.concat())
        })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// A record `clean --whatwg` passes on as it came (its fast path says it is its own
    /// serialization) is the parser's `href` of it, byte for byte; and `clean` agrees with the
    /// parser on every URL-shaped string.
    #[test]
    fn clean_whatwg_own_serialization_is_the_href(
        s in proptest::prop_oneof![super::url_shaped(), common_shaped()],
    ) {
        let href = ada_url::Url::parse(&s, None).map(|url| url.href().to_string());
        if internals::whatwg_own_serialization(s.as_bytes()) {
            proptest::prop_assert_eq!(href.as_deref(), Ok(s.as_str()));
        }
        let options = Options::new(Standard::Whatwg);
        let (mut quick, mut rules) = (Vec::new(), Vec::new());
        let quick = clean::clean(s.as_bytes(), &options, &mut quick).map(|()| quick);
        let rules = internals::clean_by_rules(s.as_bytes(), &options, &mut rules).map(|()| rules);
        proptest::prop_assert_eq!(quick, rules);
    }
}

/// A `check --whatwg` report's suggestion is what `clean --whatwg` makes of the record where
/// that is a valid URL string and differs from it (`clean::suggestion`'s promise, which its own
/// way under the URL Standard keeps): on the corpus slice, every urltestdata input, and strings
/// with spaces and controls around them.
#[test]
fn clean_whatwg_suggestion_is_the_cleaned_record() {
    let by_clean = |record: &[u8]| {
        let mut out = Vec::new();
        clean::clean(record, &Options::new(Standard::Whatwg), &mut out).ok()?;
        let valid = uriesc::check::check(&out, Standard::Whatwg, Target::Uri).is_ok();
        (valid && out != record).then_some(out)
    };
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let wpt = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str());
    let slice = include_str!("../data/urls-permissive-slice.txt").lines();
    let mut suggested = 0;
    for record in wpt
        .chain(slice)
        .flat_map(|r| [r.to_string(), format!(" {r}\t")])
    {
        let got = clean::suggestion(record.as_bytes(), Standard::Whatwg, Target::Uri);
        suggested += usize::from(got.is_some());
        assert_eq!(got, by_clean(record.as_bytes()), "{record:?}");
    }
    assert!(suggested > 1000, "{suggested}");
}

/// Where a problem of a record tells alone that cleaning it gives no valid URL string
/// (`check::whatwg::no_valid_serialization`, which spares a report the parser), `clean` then
/// `check` agrees: on every urltestdata input, the corpus slice, and URLs whose domain holds
/// each ASCII byte before each kind of byte (an escape, a combining mark, a tab, a port, the
/// record's end, spaces), URLs with credentials, empty and not, and URLs with ports, alone or
/// after a problem the grammar meets first.
#[test]
fn clean_whatwg_no_valid_serialization_where_told() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let wpt = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str())
        .map(String::from);
    let slice = include_str!("../data/urls-permissive-slice.txt")
        .lines()
        .map(String::from);
    let made = made_records();
    let mut told = 0;
    for record in wpt.chain(slice).chain(made) {
        let record = record.as_bytes();
        let Err(problem) = uriesc::check::check(record, Standard::Whatwg, Target::Uri) else {
            continue;
        };
        if internals::whatwg_no_valid_serialization(record, &problem) {
            told += 1;
            let mut out = Vec::new();
            if clean::clean(record, &Options::new(Standard::Whatwg), &mut out).is_ok() {
                let checked = uriesc::check::check(&out, Standard::Whatwg, Target::Uri);
                assert!(
                    checked.is_err(),
                    "{:?} cleans to {:?}",
                    bstr::BStr::new(record),
                    bstr::BStr::new(&out)
                );
            }
        }
    }
    assert!(told > 1000, "{told}");
}

/// Records made to meet each rule of `whatwg_no_valid_serialization`: every printable ASCII
/// byte in a host, before each kind of thing that can follow it; credentials; ports, taken and
/// refused; and a refused port after a problem the grammar meets first.
fn made_records() -> Vec<String> {
    let mut made = Vec::new();
    for byte in 0x21u8..0x7F {
        for after in [
            "",
            "x",
            ".x",
            "%41",
            "%CC%B8",
            "\u{338}",
            "\t\u{338}",
            "\n41",
            "%\t41",
            ":80",
            "/p",
            "?q",
            "#f",
            "@h",
            "  ",
            "\u{1}",
            "4",
            "41",
            "4x",
            "-",
            "_",
        ] {
            for scheme in ["http", "file", "foo"] {
                made.push(format!("{scheme}://a{}{after}/p", byte as char));
                made.push(format!("{scheme}://a.{}{after}", byte as char));
            }
        }
    }
    for credentials in [
        "", ":", "::", "u", ":p", "u:", "\t:", ":\t", "\t", "u@", "@", "%40", "\t\n:\r",
    ] {
        for scheme in ["http", "file", "foo", "HTTPS"] {
            for host in ["h", "h.example", "", "%41", "[::1]", "h:80", "a b"] {
                made.push(format!("{scheme}://{credentials}@{host}/p"));
            }
        }
    }
    for port in [
        "8a", "a", "99999", "080", "65536", "80 ", "8\t0", "%38", "8\\0", ":80", "8\u{1}", "8é",
    ] {
        for scheme in ["http", "foo", "ws"] {
            for host in ["h", "[::1]", "h.example"] {
                made.push(format!("{scheme}://{host}:{port}/p"));
                made.push(format!("{scheme}://{host}:{port}"));
            }
        }
    }
    // A port the parser refuses after a problem the grammar meets first (an escape that is
    // none, in an opaque host), and near ones it takes.
    for authority in [
        "%HOSTIP:%SSHPORT",
        "%zz:80x",
        "%zz:80",
        "%zz:8\t0",
        "%zz:80 ",
        "u@%zz:x",
        "u:%@%zz:1",
        "[::1%]:x",
        "[::1:x]",
        "[a@b]:x",
        "%zz\\:x",
        "%zz:1\\x",
        "%zz:é",
        "%zz:\u{1}",
    ] {
        for scheme in ["sftp", "HTTP", "file", "Foo+1", "1foo", " foo"] {
            made.push(format!("{scheme}://{authority}/p"));
            made.push(format!("{scheme}://{authority}"));
            made.push(format!("{scheme}:///{authority}"));
        }
    }
    made
}

/// The port told alone, after a problem the grammar meets first: url.bs "port state" returns
/// failure at a byte that is no digit (ada refuses each: no clean, no suggestion).
#[test]
fn clean_whatwg_port_refused_after_an_earlier_problem() {
    for record in [
        "sftp://%HOSTIP:%SSHPORT/p",
        "foo://%zz:80x",
        "HTTP://u@%zz:x/",
    ] {
        let problem = uriesc::check::check(record.as_bytes(), Standard::Whatwg, Target::Uri)
            .expect_err(record);
        assert!(
            internals::whatwg_no_valid_serialization(record.as_bytes(), &problem),
            "{record}"
        );
        let mut out = Vec::new();
        assert!(
            clean::clean(record.as_bytes(), &Options::new(Standard::Whatwg), &mut out).is_err()
        );
    }
}

/// WPT toascii.json through `clean --whatwg --basic` on `http://{input}/` (as the WPT test
/// itself does, url/toascii.window.js): the host of the href is the expected ASCII form, and
/// an input whose output is null is a failure.
#[test]
fn clean_whatwg_toascii() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt/toascii.json")).unwrap();
    let mut wrong = Vec::new();
    let mut tested = 0;
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let url = format!("http://{input}/x");
        let output = run(&["clean", "--whatwg", "--basic", "--whole"], url.as_bytes());
        let printed = String::from_utf8_lossy(&output.stdout);
        tested += 1;
        match case["output"].as_str() {
            Some(host) => {
                let expected = format!("http://{host}/x");
                if printed != expected {
                    wrong.push(format!("{input:?}: {printed:?}, expected {expected:?}"));
                }
            }
            None => {
                if output.status.code() != Some(1) || printed != url {
                    wrong.push(format!("{input:?}: {printed:?}, expected failure"));
                }
            }
        }
    }
    assert_eq!(tested, 87);
    crate::util::assert_none_wrong(&wrong);
}

/// A domain the parser refuses because of what an escape stands for (url.bs "host parsing"
/// percent-decodes it first; space and `/` are forbidden domain code points) is reported at
/// the escape, saying what it decodes to; the record is passed through, status 1.
#[test]
fn clean_whatwg_reports_a_domain_escape_at_its_byte() {
    for (input, column, says) in [
        ("http://www.a-%20b.com/", 14, "'%20' decodes to a space"),
        ("http://a%2Fb/", 9, "'%2F' decodes to '/'"),
        ("http://a%41%zz/", 12, "'%' that begins no escape"),
    ] {
        let output = run(&["clean", "--whatwg", "--", input], b"");
        assert_eq!(output.status.code(), Some(1), "{input}");
        assert_eq!(output.stdout, format!("{input}\n").as_bytes());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with(&format!(
                "<arg 1>:1:{column}: error: the URL parser refuses this URL: {says}"
            )),
            "{stderr}"
        );
    }
}
