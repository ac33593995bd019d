//! `key --format json`: the form of what key writes to stdout, as `--format` is in every
//! command (its reports' form is `--report-format`): JSON Lines (RFC 8259), each record and its
//! key, the record as it came (a string, or `{"bytes": BASE64}` where it is not UTF-8, as every
//! JSON of uriesc carries data), the key null for a record without one, which is reported on
//! stderr as ever. And key's messages name no option key lacks.

use serde_json::{Value, json};

use crate::util::run;

fn json_lines(out: &[u8]) -> Vec<Value> {
    out.split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).expect("a JSON object a line"))
        .collect()
}

/// url.bs "URL serializing": the scheme and host lowercased; `/x` has no scheme and no key.
#[test]
fn format_json_gives_each_record_and_its_key() {
    let out = run(
        &[
            "key",
            "--profile",
            "whatwg",
            "--format",
            "json",
            "--",
            "HTTP://A.com/x",
            "/x",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        json_lines(&out.stdout),
        [
            json!({"record": "HTTP://A.com/x", "key": "http://a.com/x"}),
            json!({"record": "/x", "key": null}),
        ]
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("<arg 2>:1:1: error: "), "{said}");
    // Bytes that are not UTF-8 come back exact.
    let out = run(
        &["key", "--profile", "signature", "--format", "json"],
        b"\xff\n",
    );
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["record"], json!({"bytes": "/w=="}), "{lines:?}");
    // With --unique, the first record of each key.
    let out = run(
        &["key", "--profile", "whatwg", "--format", "json", "--unique"],
        b"http://a/\nHTTP://A/\nhttp://b/\n",
    );
    assert_eq!(
        json_lines(&out.stdout),
        [
            json!({"record": "http://a/", "key": "http://a/"}),
            json!({"record": "http://b/", "key": "http://b/"}),
        ]
    );
    // Text is the default; -z and --with-key are text's.
    for flag in ["-z", "--with-key"] {
        let out = run(
            &["key", "--profile", "whatwg", "--format", "json", flag, "x"],
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{flag}");
    }
}

/// `check` advises `-c reference` for a record without a scheme; key has no `-c`, and says
/// what to do instead, under every profile (surt's reads `/x` as `http:///x`, as the `surt`
/// package does, and has no report of it).
#[test]
fn messages_name_no_option_key_lacks() {
    for profile in uriesc::key::Profile::ALL {
        let out = run(
            &["key", "--profile", profile.name(), "--", "/x", "a b"],
            b"",
        );
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!said.contains("-c "), "{}: {said}", profile.name());
    }
}
