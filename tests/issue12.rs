//! Issue 12, "Nothing panics, every exit status tells the truth": one regression test of the
//! binary per defect found. Expected values come from the standards (RFC 3986 §3.2.3 ports,
//! §5.2 resolution; url.bs host parsing) and from what `cat` and `grep` do.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use serde_json::Value;

use crate::util::{TempDir, fails, ok_str, run, uriesc};

/// Runs `uriesc ARGS` with stderr (or stdout) going to /dev/full: every write there fails.
fn with_full(args: &[&str], full_stdout: bool) -> std::process::ExitStatus {
    let full = || {
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut cmd = uriesc();
    cmd.args(args);
    if full_stdout {
        cmd.stdout(full()).stderr(Stdio::null());
    } else {
        cmd.stdout(Stdio::null()).stderr(full());
    }
    cmd.status().expect("uriesc runs")
}

#[test]
fn clean_idna_with_an_unmendable_port_reports_in_the_users_columns() {
    // The port is RFC 3986 §3.2.3 `*DIGIT`; the column counts characters of the input.
    let (code, out, err) = fails(&["clean", "--idna", "http://ü:8a/"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, b"http://\xC3\xBC:8a/\n");
    assert_eq!(
        err,
        "<arg 1>:1:11: error: port must be digits, found '8a'\n"
    );
    let (code, _, err) = fails(&["clean", "--idna", "http://ÜÜÜÜ:8a/"], b"");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "<arg 1>:1:14: error: port must be digits, found '8a'\n"
    );
}

#[test]
fn clean_rfc1738_refuses_references_and_resolves_against_a_base() {
    let (code, out, err) = fails(&["clean", "-r", "1738", "-c", "reference", "g"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("RFC 1738 has no relative references"), "{err}");
    // RFC 3986 §5.4.1: "../g" against "http://a/b/c/d;p?q" is "http://a/b/g".
    assert_eq!(
        ok_str(
            &[
                "clean",
                "-r",
                "1738",
                "--base",
                "http://a/b/c/d;p?q",
                "../g"
            ],
            ""
        ),
        "http://a/b/g\n"
    );
}

#[test]
fn a_failing_stderr_is_status_2_never_a_panic() {
    for args in [
        &["check", "http://a/"][..],
        &["check", "bad url"],
        &["check", "--valid", "bad url"],
        &["decode", "--strict", "%zz"],
        &["encode", "-f", "/nonexistent"],
        &["clean", "http://a:x/"],
        &["clean", "1http://a/"],
    ] {
        let status = with_full(args, false);
        assert_eq!(status.code(), Some(2), "uriesc {args:?}");
    }
}

#[test]
fn help_and_version_that_cannot_be_written_fail() {
    for args in [&["--help"][..], &["--version"], &["check", "--help"]] {
        assert_eq!(with_full(args, true).code(), Some(2), "uriesc {args:?}");
    }
    // Written, they succeed.
    assert!(run(&["--help"], b"").status.success());
}

/// Runs `uriesc ARGS` over `input`, reads one line of its stdout and closes it, as `| head -n
/// 1` does; the line, and the status the command then ends with.
fn first_line_then_close(args: &[&str], input: Vec<u8>) -> (String, Option<i32>) {
    let mut child = uriesc()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("uriesc starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("one line");
    // The reader is dropped here: stdout is closed.
    let status = child.wait().expect("uriesc ends");
    feeder.join().expect("feeder");
    (line, status.code())
}

/// The status of `uriesc check ARGS` over `input` when its stdout closes after one line.
fn check_then_close(args: &[&str], input: Vec<u8>) -> Option<i32> {
    let mut argv = vec!["check"];
    argv.extend_from_slice(args);
    first_line_then_close(&argv, input).1
}

#[test]
fn check_status_counts_records_after_stdout_closes() {
    let lines = |line: &str, n: usize| line.repeat(n).into_bytes();
    // Every record invalid: status 1, though only one report was read.
    assert_eq!(
        check_then_close(&[], lines("http://a b\n", 100_000)),
        Some(1)
    );
    // Valid records, one invalid far past the close: still found.
    let mut input = lines("http://a/\n", 100_000);
    input.extend_from_slice(b"not a uri\n");
    assert_eq!(check_then_close(&["--valid"], input), Some(1));
    // All valid: status 0 after checking every one.
    assert_eq!(
        check_then_close(&["--valid"], lines("http://a/\n", 100_000)),
        Some(0)
    );
}

#[test]
fn clean_status_counts_records_after_stdout_closes() {
    let mut input = "http://a/ b\n".repeat(100_000).into_bytes();
    input.extend_from_slice(b"1http://a/\n");
    let (line, status) = first_line_then_close(&["clean"], input);
    assert_eq!(line, "http://a/%20b\n");
    // A scheme must begin with a letter (RFC 3986 §3.1): the last record cannot be cleaned.
    assert_eq!(status, Some(1));
}

#[test]
fn a_missing_file_is_reported_and_the_run_goes_on() {
    let dir = TempDir::new("missing-file");
    let good = dir.file("good.txt", b"a b\n");
    let out = run(&["encode", "-f", "/nonexistent", "-f", &good], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"a%20b\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "uriesc: cannot open /nonexistent: No such file or directory\n"
    );
    // A directory cannot be read: the same, and check still checks and sums up the rest.
    let dir_path = dir.0.to_str().expect("UTF-8 path").to_string();
    let checked = dir.file("urls.txt", b"http://a/\nbad url\n");
    let out = run(&["check", "-f", &dir_path, "-f", &checked], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("uriesc: reading {dir_path}: ")),
        "{err}"
    );
    assert!(
        err.ends_with("checked 2 records: 1 valid, 1 invalid\n"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("urls.txt:2:1: error"));
}

#[test]
fn keep_takes_characters_not_bytes() {
    let (code, out, err) = fails(&["encode", "--keep", "é", "è"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--keep takes ASCII characters only"), "{err}");
    // Every set encodes non-ASCII already: --also one changes nothing, and stays UTF-8.
    assert_eq!(ok_str(&["encode", "--also", "é", "è"], ""), "%C3%A8\n");
    assert_eq!(ok_str(&["encode", "--keep", "/", "a/é"], ""), "a/%C3%A9\n");
}

#[test]
fn clean_idna_reports_a_host_with_a_forbidden_domain_code_point() {
    // url.bs host parsing: a domain with U+0020 SPACE (a forbidden domain code point) fails.
    let (code, out, err) = fails(&["clean", "--idna", "http://ü ü.com/"], b"");
    assert_eq!(code, 1);
    assert_eq!(out, "http://ü ü.com/\n".as_bytes());
    assert!(
        err.starts_with("<arg 1>:1:9: error: space is not allowed"),
        "{err}"
    );
    // A valid one converts, and the rest is cleaned as usual.
    assert_eq!(
        ok_str(&["clean", "--idna", "http://bücher.example/a b"], ""),
        "http://xn--bcher-kva.example/a%20b\n"
    );
}

#[test]
fn messages_say_where_in_the_users_own_text() {
    let (_, out, _) = fails(&["check", "--whatwg", "http://exa mple.com"], b"");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.starts_with("<arg 1>:1:11: error: space is not allowed in a domain"),
        "{out}"
    );
    let (_, _, err) = fails(&["clean", "-r", "1738", "http://bücher.example/ä"], b"");
    assert!(
        err.starts_with("<arg 1>:1:8: error: 'bücher.example' is not"),
        "{err}"
    );
    let (_, _, err) = fails(&["clean", "--basic", "http://h:8ü/"], b"");
    assert_eq!(
        err,
        "<arg 1>:1:11: error: port must be digits, found '8ü'\n"
    );
    let (_, _, err) = fails(&["decode", "--utf8", "strict"], b"\xFF\n");
    assert!(
        err.contains("byte 0xFF is not UTF-8; use --utf8 lossy"),
        "{err}"
    );
    let (_, _, err) = fails(&["decode", "--strict", "100%"], b"");
    assert!(err.contains("write a literal '%' as %25"), "{err}");
}

/// RFC 3986 §6.2.2 normalization of relative references (iri-string's cases and the RFC's):
/// `clean -c reference --normalize` checks the result as a reference, not as a URI.
#[test]
fn clean_normalizes_references_as_references() {
    let data: Value = serde_json::from_str(include_str!("data/rfc3986-cases.json")).unwrap();
    let mut input = String::new();
    let mut expected = String::new();
    for case in data["normalization"].as_array().unwrap() {
        let (i, e) = (
            case["input"].as_str().unwrap(),
            case["expected"].as_str().unwrap(),
        );
        // uriparser normalizes chosen components only; one case differs by design (see
        // tests/uri.rs: a host with escaped non-ASCII is lowercased).
        if case["source"] == "uriparser" || i.contains("%ce%b1") {
            continue;
        }
        input.push_str(i);
        input.push('\n');
        // --normalize adds §6.2.3 for http: the default port goes (the peer leaves it).
        let e = e.replace("example.com:80/", "example.com/");
        expected.push_str(&e);
        expected.push('\n');
    }
    assert!(input.lines().count() > 100);
    assert_eq!(
        ok_str(&["clean", "-c", "reference", "--normalize"], &input),
        expected
    );
}

#[test]
fn json_reports_keep_records_that_are_not_utf8() {
    let out = run(
        &["check", "--format", "json"],
        b"http://h/\xFF b\nhttp://h/a b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object a line"))
        .collect();
    // RFC 4648 §4 base64 of the record's bytes, as ripgrep's JSON writes them.
    assert_eq!(lines[0]["record"]["bytes"], "aHR0cDovL2gv/yBi");
    assert_eq!(lines[1]["record"]["text"], "http://h/a b");
}

#[test]
fn the_caret_goes_under_the_problem_in_display_columns() {
    let out = run(
        &[
            "check",
            "--color",
            "always",
            "--whatwg",
            "http://h/中文中文 b",
        ],
        b"",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // "http://h/" is 9 columns and each CJK character 2 (UAX #11 East Asian Wide): the space
    // is at display column 17 after the two-space indent; the column number stays 14.
    assert!(lines[0].contains(":1:14:"), "{text}");
    assert_eq!(lines[2], format!("  {}\x1b[32m^\x1b[0m", " ".repeat(17)));
}

/// The `Possible values:` list of `--component` in `uriesc COMMAND --help`, and its default.
fn component_help(command: &str) -> (Vec<String>, String) {
    let help = ok_str(&[command, "--help"], "");
    let section = help
        .split("--component <C>")
        .nth(1)
        .expect("a --component option");
    let values = section
        .lines()
        .skip_while(|l| !l.contains("Possible values:"))
        .skip(1)
        .take_while(|l| l.trim_start().starts_with("- "))
        .map(|l| l.trim_start()[2..].split(':').next().unwrap().to_string())
        .collect();
    let default = section
        .split("[default: ")
        .nth(1)
        .and_then(|d| d.split(']').next())
        .expect("a default")
        .to_string();
    (values, default)
}

#[test]
fn each_commands_help_lists_what_it_accepts_with_its_own_default() {
    let data = "any userinfo host path segment query param form fragment";
    let check = "uri reference scheme userinfo host port path segment query fragment";
    for (command, values, default) in [
        ("encode", data, "any"),
        ("decode", data, "any"),
        ("check", check, "uri"),
        ("clean", "uri reference", "uri"),
    ] {
        let (listed, listed_default) = component_help(command);
        assert_eq!(listed.join(" "), values, "{command}");
        assert_eq!(listed_default, default, "{command}");
    }
    let top = ok_str(&["--help"], "");
    assert!(top.contains("check: an invalid record"), "{top}");
    // Examples fit the 100 columns the help is wrapped to, so none is cut mid-line.
    let pretty = ok_str(&["pretty-print", "--help"], "");
    assert!(pretty.lines().all(|l| l.chars().count() <= 100), "{pretty}");
}

#[test]
fn man_pages_have_examples_and_exit_status_sections() {
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/man")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains(".SH EXTRA"), "{name}");
        if name != "uriesc-completions.1" {
            assert!(text.contains(".SH EXAMPLES"), "{name}");
        }
    }
}

/// Found by the every-option test (`tests/combinations/`): clean's laws with a base, with RFC
/// 2396's brackets and with authorities RFC 2396 and RFC 1738 read differently.
#[test]
fn clean_laws_hold_where_the_option_test_found_them_broken() {
    // §5.2.1 allows normalizing the base; its dot segments go, so that cleaning is idempotent
    // (§5.2.2 takes the base path as it is for an empty reference).
    assert_eq!(
        ok_str(&["clean", "--base", "http://a/./b", ""], ""),
        "http://a/b\n"
    );
    // Removing dot segments must not make a path read as an authority (errata 4547: "/.").
    assert_eq!(
        ok_str(&["clean", "--base", "foo:/.//x", "y"], ""),
        "foo:/.//y\n"
    );
    assert_eq!(
        ok_str(&["clean", "--base", "foo:/.//x", "foo:/.//y"], ""),
        "foo:/.//y\n"
    );
    // RFC 2732 §3: brackets around an IPv6 host are allowed; --basic leaves them.
    assert_eq!(
        ok_str(&["clean", "-r", "2396", "--basic", "http://[::1]/"], ""),
        "http://[::1]/\n"
    );
    // RFC 2396 §3.2.1 `reg_name` and RFC 1738 §2.1's generic syntax take ':' anywhere: what
    // check accepts, clean passes.
    for rfc in ["2396", "1738"] {
        assert!(
            run(&["check", "-q", "-r", rfc, "foo://:a"], b"")
                .status
                .success()
        );
        assert_eq!(ok_str(&["clean", "-r", rfc, "foo://:a"], ""), "foo://:a\n");
    }
    // A message about the user's '%' quotes '%', not the escape clean made of a space.
    let (_, _, err) = fails(&["clean", "--basic", "http://a b/%zz"], b"");
    assert_eq!(
        err,
        "<arg 1>:1:12: error: '%' must begin an escape like %25 (a literal '%' is written %25)\n"
    );
}
