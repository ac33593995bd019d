//! `uriesc match` as grep: what it selects, writes and exits with. Expected values come from
//! the URLPattern standard (urlpattern.spec) and POSIX grep's conventions (the selected lines
//! unchanged, `-v`, `-c`, `-q`, status 0 selected, 1 none, 2 error).

use std::time::Duration;

use crate::util::{TempDir, fails, ok_str, run, run_with_deadline};

const SCOPE: &str = "https://*.example.com/*";

#[test]
fn a_host_pattern_compares_the_host_whole() {
    let urls = "https://a.example.com/x\nhttps://evil-example.com/\nhttps://example.com.evil.net/\n\
                http://a.example.com/\nhttps://A.B.EXAMPLE.COM:443/p\nnot a url\nhttps://example.com/\n";
    // `*.example.com`: one or more labels, then `.example.com`; the host lowercased and the
    // default port dropped by the URL parser before matching (url.bs "host parsing").
    assert_eq!(
        ok_str(&["match", SCOPE], urls),
        "https://a.example.com/x\nhttps://A.B.EXAMPLE.COM:443/p\n"
    );
    // The other records: the other hosts, the other scheme, and the record that is no URL.
    assert_eq!(
        ok_str(&["match", "-v", SCOPE], urls),
        "https://evil-example.com/\nhttps://example.com.evil.net/\nhttp://a.example.com/\nnot a url\nhttps://example.com/\n"
    );
    assert_eq!(ok_str(&["match", "-c", SCOPE], urls), "2\n");
    assert_eq!(ok_str(&["match", "-c", "-v", SCOPE], urls), "5\n");
    // `{*.}?` makes the subdomain optional (urlpattern.spec "group").
    assert_eq!(
        ok_str(&["match", "-c", "https://{*.}?example.com/*"], urls),
        "3\n"
    );
}

#[test]
fn the_status_is_greps() {
    assert_eq!(
        run(&["match", SCOPE, "https://a.example.com/"], b"")
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        run(&["match", SCOPE, "https://b.example/"], b"")
            .status
            .code(),
        Some(1)
    );
    // -q: nothing written, status 0 at the first selected record; reading stops there.
    let out = run(
        &["match", "-q", SCOPE],
        b"https://x.example.com/\nhttp://[::1\n",
    );
    assert_eq!(
        (out.status.code(), out.stdout.len(), out.stderr.len()),
        (Some(0), 0, 0)
    );
    assert_eq!(
        run(&["match", "-q", SCOPE], b"https://b.example/\n")
            .status
            .code(),
        Some(1)
    );
    // -c writes 0 and exits 1 where nothing is selected, as grep -c.
    let out = run(&["match", "-c", SCOPE], b"https://b.example/\n");
    assert_eq!((out.status.code(), &out.stdout[..]), (Some(1), &b"0\n"[..]));
    // A pattern that does not compile is a usage error: status 2, where and why.
    let (code, _, stderr) = fails(&["match", "https://a/:", "x"], b"");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("'https://a/:'") && stderr.contains("character"),
        "{stderr}"
    );
    let (code, _, stderr) = fails(&["match"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("no pattern"), "{stderr}");
}

#[test]
fn records_come_out_byte_for_byte() {
    // CRLF stays, the last record without a newline stays without one, NUL framing with -z.
    assert_eq!(
        ok_str(&["match", "http://*"], "http://a/\r\nftp://b/\r\nhttp://c/"),
        "http://a/\r\nhttp://c/"
    );
    assert_eq!(
        ok_str(
            &["match", "-z", "http://*"],
            "http://a/\0ftp://b/\0http://c/\0"
        ),
        "http://a/\0http://c/\0"
    );
    // Not UTF-8: no URL (url.bs reads text), so -v selects it as it came.
    let out = run(&["match", "-v", "http://*"], b"http://a/\xff\n");
    assert_eq!(out.stdout, b"http://a/\xff\n");
}

#[test]
fn several_patterns_mean_any() {
    let dir = TempDir::new("match-patterns");
    let file = dir.file(
        "scope.txt",
        b"https://a.example/*\n\nhttps://*.b.example/*\r\n",
    );
    let urls = "https://a.example/1\nhttps://x.b.example/2\nhttps://c.example/3\n";
    let want = "https://a.example/1\nhttps://x.b.example/2\n";
    assert_eq!(ok_str(&["match", "--pattern-file", &file], urls), want);
    assert_eq!(
        ok_str(
            &[
                "match",
                "-e",
                "https://a.example/*",
                "-e",
                "https://*.b.example/*"
            ],
            urls
        ),
        want
    );
    // With -e every positional argument is a record.
    assert_eq!(
        ok_str(
            &[
                "match",
                "-e",
                "https://a.example/*",
                "https://a.example/1",
                "https://c.example/"
            ],
            ""
        ),
        "https://a.example/1\n"
    );
    // A bad line of a pattern file is named by its file and line.
    let bad = dir.file("bad.txt", b"https://a.example/*\nhttps://a/:\n");
    let (code, _, stderr) = fails(&["match", "--pattern-file", &bad, "x"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("bad.txt:2"), "{stderr}");
}

#[test]
fn the_dictionary_by_component_options() {
    let urls = "https://h/api/v2/users\nftp://g/api/1/x\nhttps://h/apiv2\nhttps://h/api/v2\n";
    // `/api/:version/*`: a segment, then `/` and anything (urlpattern.spec "parse a pattern
    // string"); every component not given is `*`.
    assert_eq!(
        ok_str(&["match", "--pathname", "/api/:version/*"], urls),
        "https://h/api/v2/users\nftp://g/api/1/x\n"
    );
    assert_eq!(
        ok_str(
            &[
                "match",
                "--protocol",
                "https",
                "--pathname",
                "/api/:version/*"
            ],
            urls
        ),
        "https://h/api/v2/users\n"
    );
    // baseURL: a relative pattern string takes what it lacks from it.
    assert_eq!(
        ok_str(
            &["match", "--pattern-base", "https://h/", "-e", "/api/*"],
            urls
        ),
        "https://h/api/v2/users\nhttps://h/api/v2\n"
    );
    // ignoreCase: the pathname's letters either case.
    assert_eq!(
        ok_str(&["match", "-i", "https://h/API/*"], urls),
        "https://h/api/v2/users\nhttps://h/api/v2\n"
    );
    // --base: each record resolved against it first, as parse --whatwg --base.
    assert_eq!(
        ok_str(
            &["match", "--base", "https://h/api/", "https://h/api/:v"],
            "v3\n../x\n"
        ),
        "v3\n"
    );
}

#[test]
fn a_template_writes_the_groups() {
    let urls = "https://docs.example.com/api/v2/users?q=1\nhttps://b.example/x\n";
    let pattern = "https://:sub.example.com/api/:version/*";
    assert_eq!(
        ok_str(
            &[
                "match",
                "--get",
                "{sub} {version} {pathname.0} {search} {{x}}",
                pattern
            ],
            urls
        ),
        "docs v2 users q=1 {x}\n"
    );
    // A group only one of the patterns has is empty for the other.
    assert_eq!(
        ok_str(
            &[
                "match",
                "--get",
                "[{id}]",
                "-e",
                "https://*/u/:id",
                "-e",
                "https://*/*"
            ],
            "https://a/u/7\nhttps://a/v\n"
        ),
        "[7]\n[]\n"
    );
    for (template, why) in [
        ("{nope}", "no pattern has a group 'nope'"),
        ("{0}", "more than one component has a group '0'"),
        ("{path.x}", "'path' is no component"),
        ("{sub", "not closed"),
    ] {
        let (code, _, stderr) = fails(&["match", "--get", template, pattern], b"");
        assert_eq!(code, 2, "{template}");
        assert!(stderr.contains(why), "{template}: {stderr}");
    }
}

#[test]
fn json_is_exec_s_result() {
    let out = ok_str(
        &[
            "match",
            "--format",
            "json",
            "-e",
            "https://a/*",
            "-e",
            "https://*/:id{/:tab}?",
        ],
        "https://b/7\n",
    );
    let json: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(json["input"], "https://b/7");
    assert_eq!(json["pattern"], 1);
    assert_eq!(json["hostname"]["groups"]["0"], "b");
    assert_eq!(json["pathname"]["input"], "/7");
    assert_eq!(json["pathname"]["groups"]["id"], "7");
    // An optional group that matched nothing is undefined: null.
    assert_eq!(json["pathname"]["groups"]["tab"], serde_json::Value::Null);
    let keys: Vec<_> = json.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys.len(), 10);
}

#[test]
fn invalid_reports_each_record_that_is_no_url() {
    let out = run(
        &["match", "--invalid", "http://*"],
        b"http://a/\nhttp://[::1\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"http://a/\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("<stdin>:2:"), "{stderr}");
}

/// Hostile input: patterns that go exponential in a backtracking engine (bun#42603's
/// `**.example.com`, nested quantifiers) over long records, and a million-character pattern.
/// No speed is asserted; the deadline only keeps a regression from hanging the run.
#[test]
fn hostile_patterns_and_records_stay_linear() {
    let deadline = Duration::from_secs(120);
    let host = format!("https://{}x/", "a.".repeat(1 << 16));
    let path = format!("https://h/{}c\n", "a".repeat(1 << 20));
    for (pattern, record) in [
        ("https://**.*.*.*.*.*.*.*.example.com/*", &host),
        ("https://h/((?:a+)+)b", &path),
        ("https://h/*a*a*a*a*a*a*a*a*b", &path),
    ] {
        for format in ["text", "json"] {
            let args = ["match", "--format", format, pattern];
            let out = run_with_deadline(&args, record.as_bytes(), deadline);
            assert_eq!(out.status.code(), Some(1), "{pattern}");
        }
    }
    let dir = TempDir::new("match-long-pattern");
    let long = dir.file(
        "long.txt",
        format!("https://h/{}", ":a".repeat(1 << 18)).as_bytes(),
    );
    let out = run_with_deadline(
        &["match", "--pattern-file", &long, "https://h/"],
        b"",
        deadline,
    );
    assert!(matches!(out.status.code(), Some(1 | 2)), "{}", out.status);
}

/// A pattern without a scheme and no base (urlpattern.spec "process a URLPatternInit": a
/// relative pattern needs a base URL) is refused with the two options that give what it
/// lacks: a base, or the path alone on any host.
#[test]
fn a_pattern_without_a_scheme_names_pattern_base_and_pathname() {
    let out = run(&["match", "/api/*", "http://h/api/x"], b"");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--pattern-base URL"), "{said}");
    assert!(said.contains("--pathname '/api/*'"), "{said}");
    // Each of them then matches.
    let with_base = run(
        &[
            "match",
            "--pattern-base",
            "http://h/",
            "/api/*",
            "http://h/api/x",
        ],
        b"",
    );
    assert_eq!(with_base.stdout, b"http://h/api/x\n");
    let pathname = run(&["match", "--pathname", "/api/*", "http://h/api/x"], b"");
    assert_eq!(pathname.stdout, b"http://h/api/x\n");
}
