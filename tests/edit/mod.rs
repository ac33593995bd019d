//! `edit`: what `--set host=` sets, and refusals that name `NAME:=` where it would do
//! (`host.rs`); the URL Standard's setters against WPT (`wpt.rs`) and its fast path against ada
//! (`peer.rs`); the laws (what `--set C=V` sets, `parse` reads back; no option changes no valid
//! reference; removing and sorting pairs are idempotent: `laws.rs`); trurl's cases that edit
//! (`trurl.rs`); resolution by RFC 3986 §5.4's examples; what a failed record gives.

mod host;
mod laws;
mod peer;
mod trurl;
mod wpt;

use crate::util::{fails, ok_str, run};

/// RFC 3986 §5.4.1's base.
const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn redirect_resolves_against_each_record_as_rfc_3986_5_4_does() {
    // §5.4.1 and §5.4.2: the reference against BASE, BASE the record.
    let examples = [
        ("g:h", "g:h"),
        ("./g", "http://a/b/c/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/g"),
        ("g;x=1/../y", "http://a/b/c/y"),
    ];
    for (reference, target) in examples {
        let got = ok_str(&["edit", "--redirect", reference, BASE], "");
        assert_eq!(got, format!("{target}\n"), "{reference:?}");
    }
    // The URL Standard's parser, the record its base.
    let got = ok_str(&["edit", "--whatwg", "--redirect", "../g", BASE], "");
    assert_eq!(got, "http://a/b/g\n");
    // A base must be a URI (§5.1): a relative record cannot be one.
    let (code, stdout, stderr) = fails(&["edit", "--redirect", "g", "/a/b"], b"");
    assert_eq!((code, &stdout[..]), (1, &b"/a/b\n"[..]));
    assert!(
        stderr.contains("<arg 1>:1:") && stderr.contains("§5.1"),
        "{stderr}"
    );
}

#[test]
fn base_resolves_each_record_first() {
    let got = ok_str(
        &["edit", "--base", BASE, "--set", "fragment=x y", "-f", "-"],
        "../g\n?y\n",
    );
    assert_eq!(got, "http://a/b/g#x%20y\nhttp://a/b/c/d;p?y#x%20y\n");
    let got = ok_str(
        &["edit", "--whatwg", "--base", BASE, "--set", "hash=x y"],
        "../g\n",
    );
    assert_eq!(got, "http://a/b/g#x%20y\n");
}

#[test]
fn a_record_that_cannot_be_edited_is_written_as_it_came_and_reported() {
    let stdin = b"http://a/\nhttp://a b/\nhttp://c/\n";
    let (code, stdout, stderr) = fails(&["edit", "--set", "path=/x"], stdin);
    assert_eq!(code, 1);
    assert_eq!(stdout, b"http://a/x\nhttp://a b/\nhttp://c/x\n");
    assert!(stderr.starts_with("<stdin>:2:9: error: "), "{stderr}");
    // An edit that makes the record invalid: a raw value RFC 3986's host cannot hold.
    let (code, stdout, stderr) = fails(&["edit", "--set", "host:=a b", "http://a/p"], b"");
    assert_eq!((code, &stdout[..]), (1, &b"http://a/p\n"[..]));
    assert!(
        stderr.contains("<arg 1>:1:1: error: edited, the record would be 'http://a b/p', not valid under RFC 3986 at its character 9"),
        "{stderr}"
    );
    // A value the URL Standard's setter refuses (url.bs "port setter": over 65535).
    let (code, stdout, stderr) = fails(
        &["edit", "--whatwg", "--set", "port=65536", "HTTP://A/p"],
        b"",
    );
    // The URL as it was, serialized: the setter left it so (url.bs "port setter").
    assert_eq!((code, &stdout[..]), (1, &b"http://a/p\n"[..]));
    assert!(stderr.contains("port setter refuses '65536'"), "{stderr}");
}

#[test]
fn values_that_cannot_be_a_part_are_usage_errors() {
    let refused: [(&[&str], &str); 6] = [
        (&["--set", "port=80a"], "a port is decimal digits"),
        (&["--set", "scheme=1http"], "RFC 3986 §3.1"),
        (&["--set", "pathname=/x"], "give --whatwg for it"),
        (
            &["--whatwg", "--set", "path=/x"],
            "the parts are: href, protocol",
        ),
        (&["--set", "host"], "NAME=VALUE"),
        (&["--rfc", "1738", "--set", "fragment=x"], "fragment:=VALUE"),
    ];
    for (args, message) in refused {
        let mut all = vec!["edit"];
        all.extend_from_slice(args);
        all.push("http://a/");
        let (code, stdout, stderr) = fails(&all, b"");
        assert_eq!((code, stdout.len()), (2, 0), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn query_pairs_are_edited_and_the_others_stay_as_written() {
    let url = "http://h/p?utm_source=x&id=7&a=b%20c&a=2&utm_medium=y#f";
    let cases: [(&[&str], &str); 6] = [
        (
            &["--remove-param", "utm_*"],
            "http://h/p?id=7&a=b%20c&a=2#f",
        ),
        (
            &["--keep-param", "a", "--keep-param", "i?"],
            "http://h/p?id=7&a=b%20c&a=2#f",
        ),
        (
            &["--set-param", "a=x y"],
            "http://h/p?utm_source=x&id=7&a=x%20y&utm_medium=y#f",
        ),
        (
            &["--append", "n"],
            "http://h/p?utm_source=x&id=7&a=b%20c&a=2&utm_medium=y&n#f",
        ),
        (
            &["--sort-params"],
            "http://h/p?a=b%20c&a=2&id=7&utm_medium=y&utm_source=x#f",
        ),
        (&["--remove-param", "*"], "http://h/p#f"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["edit"];
        all.extend_from_slice(args);
        all.push(url);
        assert_eq!(ok_str(&all, ""), format!("{expected}\n"), "{args:?}");
    }
    // Under the URL Standard, new pairs are written as its form serializer writes them.
    let got = ok_str(
        &["edit", "--whatwg", "--append", "q=a b+c", "http://h/?x=%20"],
        "",
    );
    assert_eq!(got, "http://h/?x=%20&q=a+b%2Bc\n");
    // A query that begins with `?` keeps it (the search setter drops one `?` it is given).
    // '?' sorts before 'b' (url.bs "sort()", code units).
    let got = ok_str(&["edit", "--whatwg", "--sort-params", "http://h/?b&?a"], "");
    assert_eq!(got, "http://h/??a&b\n");
    // `;` between pairs, in and out.
    let got = ok_str(
        &[
            "edit",
            "--param-separator",
            ";",
            "--remove-param",
            "b",
            "http://h/?a=1;b=2;c=3",
        ],
        "",
    );
    assert_eq!(got, "http://h/?a=1;c=3\n");
}

#[test]
fn records_with_nul_and_newline_stay_records() {
    // -z: records hold newlines; each comes out as one record, edited or as it came.
    let out = run(
        &["edit", "-z", "--set", "fragment=f"],
        b"http://a/\0http://a/\nb\0",
    );
    assert_eq!(out.stdout, b"http://a/#f\0http://a/\nb\0");
    assert_eq!(out.status.code(), Some(1));
}

/// On real URLs: with no option, RFC 3986's reading writes every line as it came (a valid one
/// unchanged, an invalid one as it came, reported); the URL Standard's writes each URL's `href`
/// (what `parse --whatwg` reads), and a line that does not parse as it came.
#[test]
fn no_option_on_real_urls() {
    let slice = std::fs::read("tests/data/urls-permissive-slice.txt").unwrap();
    let out = run(&["edit", "-f", "tests/data/urls-permissive-slice.txt"], b"");
    assert!(out.stdout == slice, "edit changed a line");
    // Some lines are invalid, and reported: the test sees both kinds.
    assert_eq!(out.status.code(), Some(1));
    let hrefs = run(
        &[
            "parse",
            "--whatwg",
            "--get",
            "{href}",
            "-f",
            "tests/data/urls-permissive-slice.txt",
        ],
        b"",
    );
    let out = run(
        &[
            "edit",
            "--whatwg",
            "-f",
            "tests/data/urls-permissive-slice.txt",
        ],
        b"",
    );
    let lines = |b: &[u8]| {
        b.split(|&c| c == b'\n')
            .map(<[u8]>::to_vec)
            .collect::<Vec<_>>()
    };
    let (edited, hrefs, input) = (lines(&out.stdout), lines(&hrefs.stdout), lines(&slice));
    assert_eq!(edited.len(), input.len());
    let mut wrong = 0;
    for ((edited, href), input) in edited.iter().zip(&hrefs).zip(&input) {
        let expected = if href.is_empty() { input } else { href };
        wrong += usize::from(edited != expected);
    }
    assert_eq!(
        wrong, 0,
        "lines of edit --whatwg that are neither the href nor the line"
    );
}

/// Through the library, a `Set` may hold bytes that are no UTF-8, which no URL Standard setter
/// takes: refused, and the URL written unedited, as a refused value is.
#[test]
fn a_value_of_no_utf8_is_refused_by_the_setters() {
    use uriesc::edit::{Failure, Part};
    let (result, out) = set_whatwg(b"HTTP://A/p", Part::Pathname, b"/\xff");
    assert_eq!(
        result,
        Err(Failure::Refused(Part::Pathname, b"/\xff".to_vec()))
    );
    assert_eq!(out, b"http://a/p");
}

/// `record` through the library's `edit` under the URL Standard with `part` set to `value`
/// as it is (`PART:=VALUE`): the result and what it wrote.
pub(crate) fn set_whatwg(
    record: &[u8],
    part: uriesc::edit::Part,
    value: &[u8],
) -> (Result<(), uriesc::edit::Failure>, Vec<u8>) {
    use uriesc::edit::{self, Options, ParamScratch, Set};
    let mut options = Options::new(uriesc::sets::Standard::Whatwg);
    options.sets.push(Set {
        part,
        value: Some(value.to_vec()),
        given: None,
    });
    let mut out = Vec::new();
    let result = edit::edit(record, &options, &mut ParamScratch::default(), &mut out);
    (result, out)
}

/// `--set-values VALUE`: every pair's value replaced, each pair keeping its name as written
/// and its place, duplicates kept (qsreplace, `FUZZ`: where it sets one value per name, Go's
/// `url.Values`, and sorts the names, uriesc keeps the query's order, as a probe of each
/// parameter in place needs). The value is data, encoded for a pair's place as --set-param's
/// (RFC 3986 §3.4 `query` less the `&` and `=` of a pair; url.bs's urlencoded serializer under
/// --whatwg, space as `+`); `:=` takes it as written. A URL with no pair is left as it is.
#[test]
fn set_values_replaces_every_value_in_place() {
    let set = |args: &[&str], url: &str| {
        let mut all = vec!["edit"];
        all.extend(args);
        all.push(url);
        ok_str(&all, "")
    };
    let fuzz = &["--set-values", "FUZZ"][..];
    assert_eq!(
        set(fuzz, "http://h/p?a=1&b=x&a=2#f"),
        "http://h/p?a=FUZZ&b=FUZZ&a=FUZZ#f\n"
    );
    // A name alone gets `=`; an empty sequence, no pair, goes; names stay as written.
    assert_eq!(
        set(fuzz, "http://h/?flag&&a%20b=1"),
        "http://h/?flag=FUZZ&a%20b=FUZZ\n"
    );
    for none in ["http://h/", "http://h/?"] {
        assert_eq!(set(fuzz, none), format!("{none}\n"));
    }
    assert_eq!(
        set(&["--set-values", "a b&c=d"], "http://h/?x=1"),
        "http://h/?x=a%20b%26c%3Dd\n"
    );
    assert_eq!(
        set(&["--whatwg", "--set-values", "a b"], "http://h/?x=1"),
        "http://h/?x=a+b\n"
    );
    assert_eq!(
        set(&["--set-values", ":=%41"], "http://h/?x=1"),
        "http://h/?x=%41\n"
    );
    // In the order of the edits: --remove-param first, --set-param after.
    assert_eq!(
        set(
            &[
                "--set-values",
                "v",
                "--remove-param",
                "b",
                "--set-param",
                "c=3"
            ],
            "http://h/?a=1&b=2"
        ),
        "http://h/?a=v&c=3\n"
    );
}
