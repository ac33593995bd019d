//! `parse`: the URL Standard's readings checked against WPT (`wpt.rs`) and rust-url
//! (`peer.rs`), RFC 3986's against §5.3's recomposition and its own examples, trurl's cases
//! (`trurl.rs`), templates and every format's one line per record.

pub(crate) mod peer;
pub(crate) mod trurl;
mod wpt;

use proptest::prelude::*;
use serde_json::Value;
use uriesc::check::{self, Target};
use uriesc::sets::Standard;

use crate::check::uri_shaped;
use crate::util::{fails, ok, ok_str, run};

/// Each line of `output` as JSON.
pub(crate) fn json_lines(output: &[u8]) -> Vec<Value> {
    output
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).expect("a JSON line"))
        .collect()
}

/// RFC 3986 §5.3 "Component Recomposition", from the JSON of the RFC reading.
fn recompose(parts: &Value) -> String {
    let mut result = String::new();
    let text = |name: &str| parts[name].as_str().map(str::to_string);
    if let Some(scheme) = text("scheme") {
        result += &scheme;
        result += ":";
    }
    // The authority is defined wherever the host is (§3.2: `[ userinfo "@" ] host [ ":" port ]`).
    if let Some(host) = text("host") {
        result += "//";
        if let Some(userinfo) = text("userinfo") {
            result += &userinfo;
            result += "@";
        }
        result += &host;
        if let Some(port) = text("port") {
            result += ":";
            result += &port;
        }
    }
    result += &text("path").expect("a path is always defined");
    if let Some(query) = text("query") {
        result += "?";
        result += &query;
    }
    if let Some(fragment) = text("fragment") {
        result += "#";
        result += &fragment;
    }
    result
}

/// RFC 3986 §3's example and §1.1.2's, as the RFC names their parts.
#[test]
fn rfc_3986_examples_give_their_components() {
    let out = ok(
        &["parse", "--format", "json"],
        b"foo://example.com:8042/over/there?name=ferret#nose\nurn:example:animal:ferret:nose\n\
          ldap://[2001:db8::7]/c=GB?objectClass?one\nmailto:John.Doe@example.com\n",
    );
    let lines = json_lines(&out);
    let want = [
        r#"{"scheme":"foo","userinfo":null,"host":"example.com","host_type":"reg-name","port":"8042","path":"/over/there","query":"name=ferret","fragment":"nose"}"#,
        r#"{"scheme":"urn","userinfo":null,"host":null,"host_type":null,"port":null,"path":"example:animal:ferret:nose","query":null,"fragment":null}"#,
        r#"{"scheme":"ldap","userinfo":null,"host":"[2001:db8::7]","host_type":"IPv6","port":null,"path":"/c=GB","query":"objectClass?one","fragment":null}"#,
        r#"{"scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"John.Doe@example.com","query":null,"fragment":null}"#,
    ];
    assert_eq!(lines.len(), want.len());
    for (line, want) in lines.iter().zip(want) {
        let want: Value = serde_json::from_str(want).unwrap();
        for (name, value) in want.as_object().unwrap() {
            assert_eq!(&line[name], value, "{name} of {line}");
        }
    }
}

/// §5.3: absent and empty components are told apart, and recompose to the same string.
#[test]
fn absent_and_empty_components_differ() {
    let out = ok(
        &["parse", "--format", "json"],
        b"http://h?#\nhttp://h\n//@h:\n",
    );
    let lines = json_lines(&out);
    assert_eq!(
        (&lines[0]["query"], &lines[0]["fragment"]),
        (&"".into(), &"".into())
    );
    assert_eq!(
        (&lines[1]["query"], &lines[1]["fragment"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(
        (&lines[2]["userinfo"], &lines[2]["port"]),
        (&"".into(), &"".into())
    );
    assert_eq!(lines[0]["params"], serde_json::json!([]));
    assert_eq!(lines[1]["params"], Value::Null);
    for (line, input) in lines.iter().zip(["http://h?#", "http://h", "//@h:"]) {
        assert_eq!(recompose(line), input);
    }
}

/// Every valid URI reference of the slice of real URLs recomposes to itself, byte for byte;
/// every invalid one gives one error object; one line for each line, in every reading and
/// format.
#[test]
fn real_urls_recompose_and_give_one_line_each() {
    let urls = include_str!("../data/urls-permissive-slice.txt");
    let count = urls.lines().count();
    let out = run(&["parse", "--format", "json"], urls.as_bytes());
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), count);
    let mut invalid = 0;
    for (line, input) in lines.iter().zip(urls.lines()) {
        let valid = check::check(input.as_bytes(), Standard::Rfc3986, Target::Reference).is_ok();
        match valid {
            true => assert_eq!(recompose(line), input),
            false => {
                invalid += 1;
                assert!(line["error"]["rule"].is_string(), "{input}: {line}");
            }
        }
    }
    assert!(invalid > 100, "the slice has invalid lines: {invalid}");
    assert_eq!(out.status.code(), Some(1));
    for reading in [
        ["-r", "3986"],
        ["-r", "3987"],
        ["-r", "2396"],
        ["-r", "1738"],
        ["-w", "-w"],
    ] {
        let reading = &reading[..if reading[0] == "-w" { 1 } else { 2 }];
        for format in [
            &["--format", "text"][..],
            &["--format", "json"],
            &["--get", "{host}"],
        ] {
            let args: Vec<&str> = ["parse"]
                .iter()
                .chain(reading)
                .chain(format)
                .copied()
                .collect();
            let out = run(&args, urls.as_bytes());
            let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(lines, count, "{args:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// §5.3 as a law: the components of a valid reference recompose to it.
    #[test]
    fn valid_references_recompose(refs in prop::collection::vec(uri_shaped(), 1..32)) {
        let valid: Vec<String> = refs
            .into_iter()
            .filter(|r| check::check(r.as_bytes(), Standard::Rfc3986, Target::Reference).is_ok())
            .collect();
        let input: Vec<u8> = valid.iter().flat_map(|r| r.bytes().chain([0])).collect();
        let out = ok(&["parse", "--format", "json", "-z"], &input);
        let lines: Vec<Value> = out
            .split(|&b| b == 0)
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect();
        prop_assert_eq!(lines.len(), valid.len());
        for (line, input) in lines.iter().zip(&valid) {
            prop_assert_eq!(&recompose(line), input);
        }
    }
}

/// Segments (RFC 3986 §3.3) and pairs, decoded; `+` a space only with `--plus`.
#[test]
fn segments_and_params_are_decoded() {
    let out = ok(
        &["parse", "--format", "json"],
        b"http://h/a%20b/c%2Fd/?x=1+2&y=%26&x=3&&z\n",
    );
    let line = &json_lines(&out)[0];
    assert_eq!(line["segments"], serde_json::json!(["a b", "c/d", ""]));
    let pairs = serde_json::json!([["x", "1+2"], ["y", "&"], ["x", "3"], ["z", ""]]);
    assert_eq!(line["params"], pairs);
    let out = ok(
        &["parse", "--plus", "--format", "json", "http://h/?x=1+2"],
        b"",
    );
    assert_eq!(
        json_lines(&out)[0]["params"],
        serde_json::json!([["x", "1 2"]])
    );
    // Bytes that are not UTF-8 as check's JSON carries them.
    let out = ok(&["parse", "--format", "json", "http://h/%FF"], b"");
    assert_eq!(
        json_lines(&out)[0]["segments"],
        serde_json::json!([{"bytes": "/w=="}])
    );
}

#[test]
fn templates_take_fields_segments_and_parameters() {
    let url = "https://u@h.example:8080/a/b%20c/d?id=7&q=x%20y&id=8#f";
    let get = |template: &str| ok_str(&["parse", "--get", template, url], "");
    assert_eq!(
        get("{scheme} {userinfo} {host} {port} {fragment}"),
        "https u h.example 8080 f\n"
    );
    assert_eq!(
        get("{segment:1}|{segment:2}|{segment:-1}|{segment:9}"),
        "a|b%20c|d|\n"
    );
    assert_eq!(get("{segment:2|decoded}"), "b c\n");
    assert_eq!(
        get("{query:id} {query-all:id} {query:q} {query:q|decoded} {query:none}."),
        "7 7 8 x%20y x y .\n"
    );
    assert_eq!(get("{{{host}}}"), "{h.example}\n");
    assert_eq!(get("{segments}"), "a b%20c d\n");
    // An absent part is empty.
    assert_eq!(
        ok_str(&["parse", "--get", "[{query}{port}]", "http://h/"], ""),
        "[]\n"
    );
    // A decoded control stays escaped, and the line stays one line.
    let out = ok_str(
        &[
            "parse",
            "--get",
            "{query:a|decoded}",
            "http://h/?a=x%0Ay%1B",
        ],
        "",
    );
    assert_eq!(out, "x%0Ay%1B\n");
}

#[test]
fn a_bad_template_is_a_usage_error_that_says_why() {
    for (template, says) in [
        ("{host", "not closed"),
        ("host}", "closes no"),
        ("{hostname}", "--whatwg"),
        ("{nothing}", "no field {nothing}"),
        ("{segment:0}", "from 1"),
    ] {
        let (code, _, stderr) = fails(&["parse", "--get", template, "http://h/"], b"");
        assert_eq!(code, 2, "{template}");
        assert!(stderr.contains(says), "{template}: {stderr}");
    }
    let (code, _, stderr) = fails(&["parse", "-w", "--get", "{userinfo}", "http://h/"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("drop --whatwg"), "{stderr}");
}

/// A record that does not parse: an empty line and its place on stderr (--get), an error
/// object (json), an error line (text); status 1 in each.
#[test]
fn a_record_that_does_not_parse_keeps_its_line() {
    let input = b"http://a/\nhttp://a b/\nhttp://c/\n";
    let (code, stdout, stderr) = fails(&["parse", "--get", "{host}"], input);
    assert_eq!((code, stdout.as_slice()), (1, &b"a\n\nc\n"[..]));
    assert!(
        stderr.starts_with("<stdin>:2:9: error: space is not allowed in a host"),
        "{stderr}"
    );
    let (code, stdout, _) = fails(&["parse", "--format", "json"], input);
    let lines = json_lines(&stdout);
    assert_eq!((code, lines.len()), (1, 3));
    assert_eq!(lines[1]["error"]["line"], 2);
    assert_eq!(lines[1]["error"]["column"], 9);
    assert_eq!(lines[1]["error"]["rule"], "reg-name");
    let (code, stdout, _) = fails(&["parse"], input);
    let text = String::from_utf8(stdout).unwrap();
    assert_eq!(code, 1);
    assert!(text.lines().nth(1).unwrap().starts_with("error="), "{text}");
    assert!(text.contains(" at=<stdin>:2:9"), "{text}");
    // The URL Standard's parser refuses what it cannot read; not UTF-8 is not a URL.
    let (code, stdout, stderr) = fails(&["parse", "-w", "--get", "{host}"], b"http://[/\n\xff\n");
    assert_eq!((code, stdout.as_slice()), (1, &b"\n\n"[..]));
    assert!(stderr.contains("<stdin>:2:1:"), "{stderr}");
}

/// The text line: labelled parts, absent ones left out, empty ones quoted, controls shown.
#[test]
fn the_text_line_labels_each_part() {
    let out = ok_str(&["parse", "http://u@h:1/p?"], "");
    // The public suffix of a one-label name not on the list: the default rule `*`.
    let want = "scheme=http userinfo=u host=h host_type=reg-name port=1 path=/p query=\"\" \
                public_suffix=h\n";
    assert_eq!(out, want);
    let out = ok_str(&["parse", "-w", "HTTP://H/"], "");
    assert_eq!(
        out,
        "href=http://h/ origin=http://h protocol=http: host=h hostname=h pathname=/ \
         public_suffix=h\n"
    );
    // Where RFC 3986 and the URL Standard disagree, both readings: RFC 3986 reads no
    // authority after "http:" (a path, §3.3), the URL Standard a host (url.bs "special
    // authority ignore slashes state").
    let out = ok_str(&["parse", "http:b.example/x"], "");
    assert!(
        out.contains(r#"whatwg="scheme 'http', host 'b.example'""#),
        "{out}"
    );
    let out = ok_str(&["parse", "-w", "http:b.example/x"], "");
    assert!(out.contains(r#"rfc3986="scheme 'http', no host""#), "{out}");
}

/// `--base` resolves first: RFC 3986 §5.4.1's examples, and the URL Standard's parser.
#[test]
fn records_are_resolved_against_the_base() {
    let out = ok_str(
        &[
            "parse",
            "--base",
            "http://a/b/c/d;p?q",
            "--get",
            "{path} {query}",
        ],
        "g\n../g?y\n//g\n",
    );
    assert_eq!(out, "/b/c/g \n/b/g y\n \n");
    let out = ok_str(
        &["parse", "-w", "--base", "http://a/b/c", "--get", "{href}"],
        "../d e\n",
    );
    assert_eq!(out, "http://a/d%20e\n");
    let (code, _, stderr) = fails(&["parse", "--base", "/relative", "x"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("§5.1"), "{stderr}");
}

/// `{param_names}`: the name of each of the query's pairs, in order, duplicates kept, as url.bs
/// "application/x-www-form-urlencoded parsing" splits them (empty sequences skipped, the name
/// up to the first `=`); decoded with `|decoded` (`+` a space under --whatwg, as the parser
/// says, and under an RFC only with --plus). The recon job of listing a URL's parameters.
#[test]
fn param_names_lists_each_pairs_name() {
    let get = |args: &[&str]| {
        let mut all = vec!["parse"];
        all.extend(args);
        ok_str(&all, "")
    };
    let url = "https://h/p?id=7&q=x%20y&&id=8&flag&a+b%3D=1";
    assert_eq!(
        get(&["--get", "{param_names}", url]),
        "id q id flag a+b%3D\n"
    );
    assert_eq!(
        get(&["--get", "{param_names|decoded}", url]),
        "id q id flag a+b=\n"
    );
    assert_eq!(
        get(&["--whatwg", "--get", "{param_names|decoded}", url]),
        "id q id flag a b=\n"
    );
    // No query, an empty one, one of separators only: no names, an empty line each.
    let none = get(&[
        "--get",
        "[{param_names}]",
        "http://h/",
        "http://h/?",
        "http://h/?&&",
    ]);
    assert_eq!(none, "[]\n[]\n[]\n");
}
