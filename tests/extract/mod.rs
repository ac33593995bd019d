//! `uriesc extract`: the peers' cases ([`conformance`]), and the command's own: its output
//! forms, its exit status, reading each file by its name, and text streamed.

mod check;
mod conformance;
mod peers;
mod schemeless;

use serde_json::Value;

use crate::util::{TempDir, fails, ok, run};

/// The JSON objects `uriesc ARGS` writes for `stdin`, which may find nothing (status 1).
pub(crate) fn extract_json(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let out = run(args, stdin);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "uriesc {args:?}: {:?} {}",
        code,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(code == Some(1), out.stdout.is_empty(), "{args:?}");
    crate::parse::json_lines(&out.stdout)
}

/// One URL a line by default; `-n` writes FILE:LINE:COLUMN:URL, as `rg --vimgrep`; `-z`
/// ends each with NUL.
#[test]
fn output_forms() {
    let dir = TempDir::new("extract-forms");
    let file = dir.file(
        "notes.txt",
        "Look: http://a.example/x.\n\tsee é (https://b.example/y)\n".as_bytes(),
    );
    assert_eq!(
        ok(&["extract", &file], b""),
        b"http://a.example/x\nhttps://b.example/y\n"
    );
    let positions = format!("{file}:1:7:http://a.example/x\n{file}:2:9:https://b.example/y\n");
    assert_eq!(ok(&["extract", "-n", &file], b""), positions.as_bytes());
    assert_eq!(
        ok(&["extract", "--vimgrep", &file], b""),
        positions.as_bytes()
    );
    assert_eq!(
        ok(&["extract", "-z", &file], b""),
        b"http://a.example/x\0https://b.example/y\0"
    );
    let json = extract_json(&["extract", "--format", "json", &file], b"");
    assert_eq!(json[1]["source"], file.as_str());
    assert_eq!(
        (&json[1]["line"], &json[1]["column"], &json[1]["offset"]),
        (&2.into(), &9.into(), &35.into())
    );
    assert_eq!(json[1]["kind"], "bare");
}

/// Exit status as grep's: 0 found, 1 none, 2 an input that could not be read.
#[test]
fn status_is_grep_like() {
    assert_eq!(fails(&["extract"], b"no URL here\n").0, 1);
    assert_eq!(
        ok(&["extract"], b"at http://x.example/"),
        b"http://x.example/\n"
    );
    let (code, out, err) = fails(&["extract", "/nonexistent/a.md", "-"], b"http://x.example/");
    assert_eq!((code, out.as_slice()), (2, &b"http://x.example/\n"[..]));
    assert!(err.contains("cannot open /nonexistent/a.md"), "{err}");
}

/// -n and -z are for the text form: with --format json they are a usage error, not ignored.
#[test]
fn json_refuses_text_flags() {
    for flag in ["-n", "-z", "--vimgrep", "--null"] {
        let (code, out, err) = fails(&["extract", "--format", "json", flag], b"http://x.example/");
        assert_eq!((code, out.as_slice()), (2, &b""[..]), "{flag}");
        assert!(err.contains("is for --format text"), "{flag}: {err}");
    }
}

/// The reader comes from the file's name unless --from says; stdin is text.
#[test]
fn reader_by_name() {
    let dir = TempDir::new("extract-names");
    let doc = b"[a](rel/x.md) <a href=\"h.html\">h</a> http://t.example/";
    let md = dir.file("a.MD", doc);
    let html = dir.file("a.htm", doc);
    let txt = dir.file("a.txt", doc);
    assert_eq!(
        ok(&["extract", &md], b""),
        b"rel/x.md\nh.html\nhttp://t.example/\n"
    );
    assert_eq!(ok(&["extract", &html], b""), b"h.html\nhttp://t.example/\n");
    assert_eq!(ok(&["extract", &txt], b""), b"http://t.example/\n");
    assert_eq!(ok(&["extract", "--from", "html", &txt], b"").len(), 25);
    assert_eq!(
        ok(&["extract", "--absolute", &md], b""),
        b"http://t.example/\n"
    );
}

/// `--schemeless`: `www.` names, and names followed by a path whose public suffix is listed.
#[test]
fn names_without_a_scheme() {
    let input = b"www.example.com, example.com/a, example.notatld/b, README.md, src/main.rs";
    let out = ok(&["extract", "--schemeless"], input);
    assert_eq!(out, b"www.example.com\nexample.com/a\n");
    assert_eq!(fails(&["extract"], input).0, 1);
}

/// `--unique` writes each URL once, across documents.
#[test]
fn unique_across_documents() {
    let input = b"http://a.example/ http://b.example/ http://a.example/";
    let out = ok(&["extract", "--unique", "-", "-"], input);
    assert_eq!(out, b"http://a.example/\nhttp://b.example/\n");
}

/// Markdown: code skipped unless --include-code; HTML's character references decoded.
#[test]
fn code_and_references() {
    let doc = b"`http://code.example/` <a href=\"http://h.example/?a=1&amp;b=2\">x</a>\n";
    let out = ok(&["extract", "--from", "markdown"], doc);
    assert_eq!(out, b"http://h.example/?a=1&b=2\n");
    let out = ok(&["extract", "--from", "markdown", "--include-code"], doc);
    assert_eq!(out, b"http://code.example/\nhttp://h.example/?a=1&b=2\n");
}

/// A URL at the end of a long line is found, its column counted in characters, whatever
/// the reads cut.
#[test]
fn a_url_at_the_end_of_a_long_line() {
    let mut input = "é".repeat(3 << 20).into_bytes();
    input.extend_from_slice(b" http://end.example/a(b)c.");
    let json = extract_json(&["extract", "--format", "json"], &input);
    assert_eq!(json.len(), 1);
    assert_eq!(json[0]["url"], "http://end.example/a(b)c");
    assert_eq!(json[0]["column"], (3u64 << 20) + 2);
    assert_eq!(json[0]["offset"], (6u64 << 20) + 1);
}

/// Pathological input stays linear: a million `(` after a scheme, the GFM cases that were
/// quadratic in cmark-gfm (a run of `)`, of `_` segments), an unclosed `<` and nested images
/// (both were quadratic here), and the inputs of this crate's own scans.
#[test]
fn pathological_input_is_linear() {
    let deadline = std::time::Duration::from_secs(60);
    let parens = format!("http://a.example/{}", "(".repeat(1 << 20));
    let closers = format!("www.a.example/{}", ")".repeat(1 << 20));
    let segments = format!("www.{}", "a_.".repeat(1 << 18));
    let colons = ":".repeat(1 << 20);
    let ats = format!("{}@", "a".repeat(1 << 20)).repeat(2);
    let brackets = format!("<http://a\n{}", "b\n".repeat(1 << 19));
    // A `<` whose URL a line break cut, and no `>` for 16 MiB: the join is tried after each
    // read, never past its limit.
    let unclosed = format!("<http://a\n{}>", "b".repeat(1 << 24));
    // Images nested 2^15 deep: each link's destination is looked for from its span's end.
    let nested = format!("{}x{}", "![".repeat(1 << 15), "](a)".repeat(1 << 15));
    // GFM's `www.` many times before one `:` (each search kept until passed); quotes after a
    // URL (counted once); character references in HTML text (each tried a bounded number of
    // ways).
    let wwws = format!("{}:", "www.".repeat(1 << 18));
    let quotes = format!("http://a.example/{}", "'".repeat(1 << 20));
    let references = format!("<p>{} http://a.example/</p>", "&amp;x&#".repeat(1 << 17));
    for input in [
        &parens,
        &closers,
        &segments,
        &colons,
        &ats,
        &brackets,
        &unclosed,
        &nested,
        &wwws,
        &quotes,
        &references,
    ] {
        for from in ["text", "markdown", "html"] {
            let args = ["extract", "--emails", "--from", from];
            let out = crate::util::run_with_deadline(&args, input.as_bytes(), deadline);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{from}: {}",
                out.status
            );
        }
    }
}

/// A URL's bytes come back exact in JSON, as `parse` writes a part: a string where they are
/// UTF-8, `{"bytes": BASE64}` (RFC 4648 §4) where they are not.
#[test]
fn json_keeps_a_url_that_is_not_utf8_exact() {
    let json = extract_json(
        &["extract", "--from", "html", "--format", "json"],
        b"<a href=\"http://x/\xff\">a</a> <a href=\"http://x/\xc3\xa9\">b</a>",
    );
    assert_eq!(json.len(), 2);
    // base64 of the bytes `http://x/` 0xFF.
    assert_eq!(json[0]["url"]["bytes"], "aHR0cDovL3gv/w==");
    assert_eq!(json[1]["url"], "http://x/é");
}
