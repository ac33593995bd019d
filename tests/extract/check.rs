//! `check --extract`: every URL of a document checked, each report at the document's place,
//! in every format; and this repository's own Markdown has no URL to report.

use crate::util::{TempDir, fails, run};

const DOC: &[u8] = b"# Docs\n\nSee [a](http://a.example/ok) and [b](<http://a b.example/>).\n\n<a href=\"../r s.html\">x</a>\n";

/// The reports name the document's line, and the URL's column plus the problem's; a
/// relative reference is checked as a reference.
#[test]
fn reports_are_at_the_documents_places() {
    let dir = TempDir::new("check-extract");
    let file = dir.file("doc.md", DOC);
    let (code, out, err) = fails(&["check", "--extract", &file], b"");
    assert_eq!(code, 1, "{err}");
    let out = String::from_utf8(out).unwrap();
    let places: Vec<&str> = out
        .lines()
        .map(|l| l.split(": error").next().unwrap())
        .collect();
    assert_eq!(places, [format!("{file}:3:47"), format!("{file}:5:14")]);
    assert!(
        err.contains("checked 3 records: 1 valid, 2 invalid"),
        "{err}"
    );
    let github = fails(&["check", "--extract", "--format", "github", &file], b"").1;
    let github = String::from_utf8(github).unwrap();
    assert!(
        github.starts_with(&format!("::error file={file},line=3,col=47,")),
        "{github}"
    );
    let json = fails(&["check", "--extract", "--format", "json", &file], b"").1;
    let json = crate::parse::json_lines(&json);
    assert_eq!(
        (&json[1]["line"], &json[1]["column"]),
        (&5.into(), &14.into())
    );
    let sarif = fails(&["check", "--extract", "--format", "sarif", &file], b"").1;
    let sarif: serde_json::Value = serde_json::from_slice(&sarif).unwrap();
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["startColumn"]),
        (&3.into(), &47.into())
    );
    let invalid = fails(&["check", "--extract", "--invalid", &file], b"").1;
    assert_eq!(invalid, b"http://a b.example/\n../r s.html\n");
}

/// The docs CI step: the repository's own Markdown has no URL to report.
#[test]
fn this_repositorys_markdown_is_clean() {
    let mut docs = vec![
        "README.md",
        "CONTRIBUTING.md",
        "CHANGELOG.md",
        "BENCHMARKS.md",
    ];
    docs.extend([
        "docs/compared.md",
        "docs/extract.md",
        "docs/fine-print.md",
        "docs/production.md",
    ]);
    docs.push("tests/data/PROVENANCE.md");
    // The benchmarks' history, a file a run: each one that is there.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut history: Vec<String> = std::fs::read_dir(root.join("bench/history"))
        .expect("bench/history/")
        .map(|entry| entry.expect("bench/history/").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| path.to_string_lossy().into_owned())
        .collect();
    history.sort();
    assert!(history.len() > 10, "the history is found: {history:?}");
    let mut args = vec!["check", "--extract", "--format", "github"];
    args.extend(docs);
    args.extend(history.iter().map(String::as_str));
    let out = run(&args, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        out.stdout.is_empty() && err.contains(", 0 invalid"),
        "{err}"
    );
}

/// Markdown on stdin, read as Markdown with `--from` (CommonMark §6.3: a destination in `<>`
/// may hold a space, which no host may hold, RFC 3986 §3.2.2), where the text reader finds
/// `http://a` alone; and the URL in a code span (CommonMark §6.1) checked only with
/// `--include-code` (RFC 3986 §2.1: `%` begins an escape).
#[test]
fn markdown_on_stdin_with_from_and_include_code() {
    let doc = b"[x](<http://a b/>)\n";
    let text = run(&["check", "--extract"], doc);
    assert_eq!(
        text.status.code(),
        Some(0),
        "read as text: http://a is valid"
    );
    let (code, out, _) = fails(&["check", "--extract", "--from", "markdown"], doc);
    assert_eq!(code, 1);
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("<stdin>:1:14: error: "), "{out}");
    let code_span = b"`http://a/%zz` and http://ok/\n";
    let without = run(&["check", "--extract", "--from", "markdown"], code_span);
    assert_eq!(without.status.code(), Some(0));
    let with = &["check", "--extract", "--from", "markdown", "--include-code"];
    let (code, out, err) = fails(with, code_span);
    assert_eq!(code, 1);
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("<stdin>:1:11: error: "), "{out}");
    assert!(
        err.contains("checked 2 records: 1 valid, 1 invalid"),
        "{err}"
    );
    // Only with --extract: without it a record is a URL, and there is no document to read.
    let (code, _, err) = fails(&["check", "--from", "markdown", "http://a/"], b"");
    assert_eq!(code, 2, "{err}");
}
