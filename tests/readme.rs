//! Every example in README.md is run here, so the README cannot lie: in each `console` block,
//! a line `$ COMMAND` is run by `sh` (with the built `uriesc` first on PATH) and must print
//! exactly the lines that follow it, up to the next `$ ` line or the end of the block.

use std::path::Path;
use std::process::Command;

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
    let examples = examples(readme);
    assert!(
        examples.len() >= 20,
        "only {} examples found",
        examples.len()
    );
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_uriesc")).parent().unwrap();
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
