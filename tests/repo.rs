//! The repository's own text: no file holds a merge's conflict markers, and every path the docs
//! name (README.md, CONTRIBUTING.md, docs/, tests/data/PROVENANCE.md, the `//!` module docs in
//! src/) exists. The files are those `git ls-files` lists where git and the repository are
//! there (a clone, CI's included), else the tree walked without `target/` and `.git/`. And the
//! README stays a user's page: at most 600 lines, the fine print in docs/.

use std::path::{Path, PathBuf};

/// Directories a walk of the tree leaves out: build output and git's own.
const NOT_WALKED: [&str; 2] = ["target", ".git"];

/// The repository's files, relative to its root: tracked ones where git can say, else every
/// file under the root but in [`NOT_WALKED`].
pub(crate) fn files() -> Vec<PathBuf> {
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .output();
    if let Ok(out) = listed
        && out.status.success()
    {
        return out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            // Tracked, but deleted in the work tree and not yet committed.
            .filter(|path| path.is_file())
            .collect();
    }
    let mut found = Vec::new();
    let mut dirs = vec![PathBuf::from(".")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the tree reads") {
            let path = entry.expect("the tree reads").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if path.is_dir() && !NOT_WALKED.contains(&name) {
                dirs.push(path);
            } else if path.is_file() {
                found.push(path.strip_prefix(".").unwrap_or(&path).to_path_buf());
            }
        }
    }
    found
}

/// `path`'s text, where it is text: no NUL byte, and UTF-8.
pub(crate) fn text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    String::from_utf8(bytes).ok()
}

/// The lines of `text` that are a merge's conflict markers, numbered from 1: `<<<<<<< ` and
/// `>>>>>>> ` wherever they begin a line, and `=======` (or diff3's `||||||| `) only between
/// them, since a Markdown or reStructuredText underline may be seven `=` too.
fn conflict_markers(text: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        let marker = if line.starts_with("<<<<<<< ") {
            inside = true;
            true
        } else if line.starts_with(">>>>>>> ") {
            inside = false;
            true
        } else {
            inside && (line == "=======" || line.starts_with("||||||| "))
        };
        if marker {
            found.push(i + 1);
        }
    }
    found
}

#[test]
fn no_file_holds_conflict_markers() {
    let files = files();
    assert!(
        files.iter().any(|f| f == Path::new("Cargo.toml")),
        "the repository's files are listed from its root"
    );
    let mut wrong = Vec::new();
    for file in &files {
        let Some(text) = text(file) else { continue };
        for line in conflict_markers(&text) {
            wrong.push(format!(
                "{}:{line}: a merge's conflict marker",
                file.display()
            ));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

#[test]
fn conflict_markers_are_told_from_underlines() {
    let merged = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> topic\nd\n";
    assert_eq!(conflict_markers(merged), [2, 4, 6]);
    // A setext heading's underline, and a marker's text that does not begin a line.
    let prose = "Title\n=======\nsay \"<<<<<<< \" in quotes\n";
    assert_eq!(conflict_markers(prose), Vec::<usize>::new());
}

/// The folders of the repository a doc's path may begin with, and those a module doc's bare
/// `check/report.rs` is read against as well.
const ROOTS: [&str; 10] = [
    "src/",
    "python/",
    "tests/",
    "docs/",
    "bench/",
    "benches/",
    "fuzz/",
    "examples/",
    "man/",
    "completions/",
];

/// The paths `text` names: words in backticks and Markdown link targets that are a path in
/// the repository by their look (one of [`ROOTS`], or a `.rs` file in a folder), a file with
/// an extension or a folder with a trailing `/`, without a line suffix (`file.rs:12-34`).
/// Globs and placeholders (`*`, `NAME`, `<...>`) are no one path, and are left out.
fn named_paths(text: &str) -> Vec<String> {
    let mut words: Vec<&str> = Vec::new();
    // Backticks pair outside fenced blocks: a fence's three would put the block's words
    // "in backticks"; a layout block's paths are read by [`layout_paths`] below.
    let mut fenced = false;
    let prose: String = text
        .lines()
        .filter(|line| {
            let fence = line.trim_start().starts_with("```");
            fenced ^= fence;
            !fence && !fenced
        })
        .collect::<Vec<_>>()
        .join("\n");
    for (i, span) in prose.split('`').enumerate() {
        if i % 2 == 1 {
            words.extend(span.split_whitespace());
        }
    }
    for link in text.split("](").skip(1) {
        if let Some(target) = link.split(')').next() {
            words.push(target.split('#').next().unwrap_or_default());
        }
    }
    let mut paths = layout_paths(text);
    for word in words {
        let word = word.trim_matches(|c: char| matches!(c, ',' | ';' | '.' | '(' | ')' | '"'));
        let word = word.strip_prefix("./").unwrap_or(word);
        // `file.rs:12` and `file.rs:12-34`.
        let word = match word.split_once(':') {
            Some((path, lines)) if lines.chars().all(|c| c.is_ascii_digit() || c == '-') => path,
            _ => word,
        };
        let last = word.rsplit('/').next().unwrap_or_default();
        let shaped = word.ends_with('/')
            || last.rsplit_once('.').is_some_and(|(s, e)| {
                !s.is_empty() && !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric())
            });
        let placeholder = word.contains(['*', '<', '>', '{', '$', '\\']) || word.contains("NAME");
        let rooted = ROOTS.iter().any(|root| word.starts_with(root));
        let rust_file = word.contains('/') && word.ends_with(".rs");
        if shaped && !placeholder && !word.contains("://") && (rooted || rust_file) {
            paths.push(word.to_string());
        }
    }
    paths
}

/// The paths of a layout in a `text` block (CONTRIBUTING.md's "How the code is laid out"): a
/// line that begins with a folder (`src/check/`) names the files after it in that folder
/// (`ip.rs`, `whatwg/`), and the lines below it that begin with space do too.
pub(crate) fn layout_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let (mut in_text, mut folder) = (false, None::<&str>);
    for line in text.lines() {
        if line.starts_with("```") {
            (in_text, folder) = (line == "```text", None);
            continue;
        }
        if !in_text {
            continue;
        }
        let words = line.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ','));
        for (i, word) in words.filter(|w| !w.is_empty()).enumerate() {
            let rooted = ROOTS.iter().any(|root| word.starts_with(root));
            if i == 0 && rooted && !line.starts_with(' ') {
                folder = word.ends_with('/').then_some(word);
                paths.push(word.to_string());
            } else if rooted && word.contains('.') {
                paths.push(word.to_string());
            } else if let Some(folder) = folder
                && (word.ends_with(".rs") || (word.ends_with('/') && word.len() > 1))
                && !word.contains(['<', '*'])
            {
                paths.push(format!("{folder}{word}"));
            }
        }
    }
    paths
}

/// The docs whose paths are held to the tree: each, with its text.
fn docs(files: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let mut docs = Vec::new();
    for file in files {
        let name = file.to_string_lossy();
        let markdown = matches!(
            &*name,
            "README.md" | "CONTRIBUTING.md" | "tests/data/PROVENANCE.md"
        ) || (name.starts_with("docs/") && name.ends_with(".md"));
        let module = name.starts_with("src/") && name.ends_with(".rs");
        let Some(text) = (markdown || module).then(|| text(file)).flatten() else {
            continue;
        };
        let text = match module {
            // The module doc: its `//!` lines, as one text.
            true => text
                .lines()
                .filter_map(|line| line.trim_start().strip_prefix("//!"))
                .collect::<Vec<_>>()
                .join("\n"),
            false => text,
        };
        docs.push((file.clone(), text));
    }
    docs
}

/// Paths a doc names that are not this repository's, each with why.
const ELSEWHERE: [(&str, &str, &str); 3] = [
    (
        "tests/data/PROVENANCE.md",
        "tests/test_psl.txt",
        "publicsuffix/list's path of the file tests/data/psl/ copies",
    ),
    (
        "tests/data/PROVENANCE.md",
        "tests/wpt/",
        "ada-url/ada's folder that tests/data/wpt/ copies",
    ),
    (
        "src/cli/run.rs",
        "crates/core/main.rs",
        "ripgrep's, as the layout the module follows",
    ),
];

#[test]
fn every_path_a_doc_names_exists() {
    let files = files();
    let docs = docs(&files);
    assert!(docs.len() > 10, "the docs are found: {}", docs.len());
    let mut wrong = Vec::new();
    let mut named = 0;
    for (doc, text) in &docs {
        // A module doc may name a file beside it, or one under src/ or tests/ without the
        // folder's name.
        let here = doc.parent().unwrap_or(Path::new(""));
        for path in named_paths(text) {
            named += 1;
            let elsewhere = ELSEWHERE
                .iter()
                .any(|&(d, p, _)| doc == Path::new(d) && p == path);
            let bases = [Path::new(""), Path::new("src"), Path::new("tests"), here];
            if !elsewhere && !bases.iter().any(|base| base.join(&path).exists()) {
                wrong.push(format!(
                    "{}: names `{path}`, which does not exist",
                    doc.display()
                ));
            }
        }
    }
    assert!(named > 50, "paths are read from the docs: {named}");
    crate::util::assert_none_wrong(&wrong);
}

#[test]
fn paths_are_read_from_backticks_and_links() {
    let doc = "See `src/edit/set.rs:12-34`, [the recipe](CONTRIBUTING.md#x), \
               [fine print](docs/fine-print.md), `check/report.rs`, `tests/edit/`, \
               `docs/*.md`, `cargo test`, `url.bs` and https://example.com/src/a.rs.";
    assert_eq!(
        named_paths(doc),
        [
            "src/edit/set.rs",
            "check/report.rs",
            "tests/edit/",
            "docs/fine-print.md"
        ]
    );
}

/// The README is for users: what it is, how to install it, each command by example, statuses.
/// What a user reads once, or rarely, is in docs/; a README that grows past this is split.
#[test]
fn readme_stays_a_users_page() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 600,
        "README.md has {lines} lines, over 600: move fine print to docs/"
    );
}

/// The house rule on size: no Rust file of the crate, its tests, benchmarks, examples or fuzz
/// targets over 500 lines, so that a file stays one concern a reader takes in whole (split
/// where the concern splits; a file that grows past it is the sign to look for the seam).
#[test]
fn no_rust_file_is_over_500_lines() {
    let over: Vec<String> = files()
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| {
            let lines = text(&path)?.lines().count();
            (lines > 500).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(over.is_empty(), "over 500 lines: {over:?}");
}
