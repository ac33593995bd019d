//! Every example in README.md, CONTRIBUTING.md, docs/fine-print.md and docs/match.md is run here, so they cannot lie: in each
//! `console` block, a line `$ COMMAND` is run by `sh` (with the built `uriesc` first on PATH) and
//! must print exactly the lines that follow it, up to the next `$ ` line or the end of the block.
//! `URIESC_TEST_BIN_DIR` runs them with the `uriesc` of another directory (an installed wheel's).

use std::path::Path;
use std::process::Command;

/// The directory of the `uriesc` the examples run: the one built here, or, where
/// `URIESC_TEST_BIN_DIR` names a directory, the one in it (CI runs them so with the wheel's,
/// from a new virtualenv).
fn examples_bin_dir() -> std::path::PathBuf {
    let dir = match std::env::var_os("URIESC_TEST_BIN_DIR") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => Path::new(env!("CARGO_BIN_EXE_uriesc"))
            .parent()
            .unwrap()
            .to_path_buf(),
    };
    assert!(
        dir.join("uriesc").is_file(),
        "no uriesc in {}",
        dir.display()
    );
    dir
}

struct Example {
    command: String,
    expected: String,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push_str(line);
            example.expected.push('\n');
        }
    }
    examples
}

#[test]
fn readme_examples_print_what_the_readme_says() {
    let readme = include_str!("../README.md");
    let mut examples = examples(readme);
    assert!(
        examples.len() >= 20,
        "only {} examples found",
        examples.len()
    );
    examples.extend(self::examples(include_str!("../CONTRIBUTING.md")));
    examples.extend(self::examples(include_str!("../docs/fine-print.md")));
    examples.extend(self::examples(include_str!("../docs/match.md")));
    let bin_dir = examples_bin_dir();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for example in examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        // An example whose last output has no newline is shown with one in the README.
        let stdout = if stdout.ends_with('\n') || stdout.is_empty() {
            stdout.into_owned()
        } else {
            format!("{stdout}\n")
        };
        assert_eq!(stdout, example.expected, "$ {}", example.command);
    }
}

/// Every `cargo install` of uriesc that the README and CI give builds with `Cargo.lock`
/// (`--locked`): without it Cargo takes the newest versions `Cargo.toml` allows, which the
/// tests never ran with.
#[test]
fn installs_build_what_was_tested() {
    let sources = [
        ("README.md", include_str!("../README.md")),
        (".ci/run", include_str!("../.ci/run")),
    ];
    let mut installs = 0;
    for (name, text) in sources {
        for line in text
            .lines()
            .filter(|l| l.contains("cargo install") && l.contains("--path"))
        {
            installs += 1;
            assert!(line.contains("--locked"), "{name}: {line}");
        }
    }
    assert!(installs >= 2, "{installs}");
}

/// The examples of `uriesc COMMAND --help` (and of `uriesc --help`): each `uriesc ...` line with
/// its comment, which may go on over the lines under it that hold only a comment.
fn help_examples(args: &[&str]) -> Vec<(String, String)> {
    let out = crate::util::run(args, b"");
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    let mut examples: Vec<(String, String)> = Vec::new();
    let block = help.split("Examples:\n").nth(1).unwrap_or("");
    for line in block.lines().take_while(|l| l.starts_with("  ")) {
        let line = line.trim_start();
        // A comment starts at a '#' after two spaces or more (`table '#'` is no comment), or
        // makes the whole line.
        let (command, comment) = match line.find("  #") {
            _ if line.starts_with('#') => ("", line),
            Some(at) => (line[..at].trim_end(), line[at..].trim_start()),
            None => (line, ""),
        };
        let comment = comment.trim_start_matches('#').trim();
        if command.is_empty() {
            if let Some((_, last)) = examples.last_mut() {
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(comment);
            }
        } else {
            examples.push((command.to_string(), comment.to_string()));
        }
    }
    examples
}

/// An example whose comment states a status (`status 1`) exits with it, run as written: the
/// help does not leave a user to wonder whether an example that fails is broken.
#[test]
fn help_examples_exit_with_the_status_they_state() {
    let bin_dir = examples_bin_dir();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut stated = 0;
    for command in [
        "",
        "encode",
        "decode",
        "check",
        "clean",
        "pretty-print",
        "table",
    ] {
        let args: Vec<&str> = [command, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        for (example, comment) in help_examples(&args) {
            let Some(status) = comment
                .split("status ")
                .nth(1)
                .and_then(|s| s.chars().next())
            else {
                continue;
            };
            let status = status.to_digit(10).expect("a status digit") as i32;
            let out = Command::new("sh")
                .arg("-c")
                .arg(&example)
                .env("PATH", &path)
                .stdin(std::process::Stdio::null())
                .output()
                .expect("sh runs");
            assert_eq!(out.status.code(), Some(status), "{example}  # {comment}");
            stated += 1;
        }
    }
    // The decode --strict and check -r 2396 examples at least.
    assert!(stated >= 2, "{stated} examples state a status");
}

/// The check example that fails says so, and why.
#[test]
fn the_failing_check_example_says_it_fails() {
    let examples = help_examples(&["check", "--help"]);
    let (_, comment) = examples
        .iter()
        .find(|(example, _)| example.contains("exa_mple.com"))
        .expect("the RFC 2396 host example");
    assert!(
        comment.starts_with("status 1: '_' is in no RFC 2396 host name"),
        "{comment}"
    );
}

/// The shell lines that install the completion scripts, in docs/install.md and in
/// `completions --help`, run as they are in a new home directory (no `~/.zfunc`, no
/// bash-completion directory yet) and put each script in place; the page says bash needs the
/// `bash-completion` package to read its directory.
#[test]
fn completion_install_lines_work_in_a_new_home() {
    let readme = include_str!("../docs/install.md");
    let block = readme
        .split("```sh\n")
        .map(|b| b.split("```").next().unwrap_or(""))
        .find(|b| b.contains("uriesc completions zsh"))
        .expect("docs/install.md's install block");
    let lines: Vec<String> = block
        .lines()
        .filter(|l| l.starts_with("mkdir -p") || l.starts_with("uriesc completions"))
        .map(str::to_string)
        .collect();
    let help: Vec<String> = help_examples(&["completions", "--help"])
        .into_iter()
        .map(|(example, _)| example)
        .collect();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_uriesc")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (what, script) in [
        ("docs/install.md", lines.join("\n")),
        ("completions --help", help.join("\n")),
    ] {
        let home = crate::util::TempDir::new("completions-home");
        let out = Command::new("sh")
            .arg("-ec")
            .arg(&script)
            .env("HOME", &home.0)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        assert!(
            out.status.success(),
            "{what}:\n{script}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for file in [
            ".local/share/bash-completion/completions/uriesc",
            ".zfunc/_uriesc",
            ".config/fish/completions/uriesc.fish",
        ] {
            let len = std::fs::metadata(home.0.join(file))
                .map(|m| m.len())
                .unwrap_or(0);
            assert!(len > 0, "{what}: {file} not written");
        }
    }
    assert!(
        readme.contains("through the `bash-completion` package"),
        "docs/install.md says what bash needs"
    );
}

/// The README's table of `encode`'s and `decode`'s options says which each takes: every option
/// it lists is taken by both, but one marked "`encode` only", which `decode` refuses.
#[test]
fn the_shared_options_table_says_which_command_takes_each() {
    let readme = include_str!("../README.md");
    let section = readme
        .split("### Options of `encode` and `decode`\n")
        .nth(1)
        .and_then(|s| s.split("\n### ").next())
        .expect("the section");
    let dir = crate::util::TempDir::new("shared-options");
    let file = dir.file("data.txt", b"a%20b\n");
    let mut rows = 0;
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let option = row[3..].split('`').next().unwrap();
        // The long form and a value to try it with.
        let long = option
            .split(", ")
            .last()
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let args: Vec<&str> = match long {
            "--component" => vec!["--component", "any"],
            "--rfc" => vec!["--rfc", "3986"],
            "--file" => vec!["--file", &file],
            "VALUE..." => vec!["a%20b"],
            other => vec![other, "x"],
        };
        let encode_only = row.contains("`encode` only");
        for command in ["encode", "decode"] {
            let out = crate::util::run(&[&[command][..], &args].concat(), b"");
            let taken = out.status.success();
            let expected = command == "encode" || !encode_only;
            assert_eq!(
                taken,
                expected,
                "{command} {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        rows += 1;
    }
    assert!(rows >= 8, "{rows} rows");
}

/// Each list of the commands a user reads is the binary's own list, in its order: README's
/// table of commands, and docs/install.md's loop that installs a man page for each.
#[test]
fn every_list_of_commands_is_the_binarys() {
    let commands = crate::commands::subcommands();
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let table = readme
        .split("| command | job |")
        .nth(1)
        .expect("README's table of commands");
    let listed: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with("| `"))
        .filter_map(|line| line[3..].split(['`', ' ']).next())
        .collect();
    assert_eq!(listed, commands, "README's table of commands");
    let install = std::fs::read_to_string(format!("{root}/docs/install.md")).unwrap();
    let looped = install
        .lines()
        .find_map(|line| line.strip_prefix("for c in "))
        .and_then(|line| line.strip_suffix("; do"))
        .expect("docs/install.md's loop over the man pages");
    let looped: Vec<&str> = looped.split_whitespace().collect();
    assert_eq!(looped, commands, "docs/install.md's man pages");
}

/// `{n}`, a signature's placeholder for an all-digit segment, is written as it is in `key
/// --help` and its man page (clap's help writer takes `{n}` for a line break).
#[test]
fn key_help_keeps_the_signature_placeholder() {
    let help = crate::util::ok_str(&["key", "--help"], "");
    assert!(help.contains("all-digit segments as {n}, sorted"), "{help}");
    assert!(help.contains("# https://h/users/{n}?a&b"), "{help}");
    let page = crate::util::ok_str(&["man", "key"], "");
    assert!(
        page.contains("all\\-digit segments as {n}, sorted"),
        "{page}"
    );
    assert!(!page.contains('\u{1b}'), "no terminal control in the page");
}
