//! The completion scripts in `completions/` and the man pages in `man/` are generated from the
//! clap definition and committed; these tests fail when they are out of date. The help they
//! are made from lists each command's own values and default, and the man pages have their
//! examples. To regenerate
//! them after changing `src/cli/`:
//!
//! ```sh
//! UPDATE_GENERATED=1 cargo test generated
//! ```

use std::path::Path;
use std::process::Command;

use crate::util::{ok_str, on_ci, on_path};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every generated file, by its path from the repository root, as the binary prints it.
fn generated() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for (shell, name) in [
        ("bash", "uriesc.bash"),
        ("zsh", "_uriesc"),
        ("fish", "uriesc.fish"),
        ("elvish", "uriesc.elv"),
        ("powershell", "_uriesc.ps1"),
    ] {
        let script = crate::util::ok(&["completions", shell], b"");
        files.push((format!("completions/{name}"), script));
    }
    files.push(("man/uriesc.1".into(), crate::util::ok(&["man"], b"")));
    for command in crate::commands::subcommands() {
        let page = crate::util::ok(&["man", &command], b"");
        files.push((format!("man/uriesc-{command}.1"), page));
    }
    files
}

/// No page is left in `man/` for a command that is gone.
#[test]
fn man_directory_has_a_page_for_each_command_and_no_other() {
    let mut expected: Vec<String> = crate::commands::subcommands()
        .iter()
        .map(|c| format!("uriesc-{c}.1"))
        .collect();
    expected.push("uriesc.1".into());
    expected.sort();
    let mut found: Vec<String> = std::fs::read_dir(root().join("man"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, expected);
}

#[test]
fn generated_files_are_current() {
    let update = std::env::var_os("UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (path, contents) in generated() {
        let full = root().join(&path);
        if update {
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(&full, &contents).unwrap();
        } else if std::fs::read(&full).ok().as_deref() != Some(&contents[..]) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {}; regenerate with `UPDATE_GENERATED=1 cargo test generated`",
        stale.join(", ")
    );
}

#[test]
fn completions_command_prints_the_committed_scripts() {
    let out = crate::util::ok(&["completions", "fish"], b"");
    assert_eq!(
        out,
        std::fs::read(root().join("completions/uriesc.fish")).unwrap()
    );
}

/// Bash sources the committed script and completes as a user's TAB would.
#[test]
fn bash_completes_commands_and_values() {
    let script = root().join("completions/uriesc.bash");
    let complete = |words: &str, cword: usize| {
        let program = format!(
            "source '{}'; COMP_WORDS=({words}); COMP_CWORD={cword}; \
             _uriesc uriesc \"${{COMP_WORDS[$COMP_CWORD]}}\" \"${{COMP_WORDS[$COMP_CWORD-1]}}\"; \
             echo \"${{COMPREPLY[@]}}\"",
            script.display()
        );
        let out = Command::new("bash")
            .args(["--norc", "-c", &program])
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    assert_eq!(complete("uriesc enc", 1), "encode");
    // Each command completes the components it takes, no more.
    assert_eq!(
        complete("uriesc encode --component ''", 3),
        "any userinfo host path segment query param form fragment"
    );
    assert_eq!(complete("uriesc clean --component ''", 3), "uri reference");
    assert_eq!(complete("uriesc decode --utf8 ''", 3), "raw strict lossy");
    assert_eq!(complete("uriesc encode --rfc ''", 3), "3986 2396 1738 3987");
}

/// `man -l` renders every page without a groff warning. Where `man` is not installed the check
/// is skipped, saying so; on CI (`CI` set), which installs it, a missing `man` fails.
#[test]
fn man_pages_render_without_warnings() {
    if !on_path("man") {
        assert!(
            !on_ci(),
            "`man` is not on PATH, and CI is set: CI must install man-db and groff (.ci/run does)"
        );
        eprintln!(
            "man_pages_render_without_warnings: skipped the rendering check: `man` is not on \
             PATH (install man-db and groff to run it; with CI set, this fails instead)"
        );
        return;
    }
    for entry in std::fs::read_dir(root().join("man")).unwrap() {
        let path = entry.unwrap().path();
        let out = Command::new("man")
            .arg("-l")
            .arg(&path)
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .env("MAN_KEEP_STDERR", "1")
            .env("MANROFFOPT", "-ww")
            .output()
            .expect("man runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stderr.is_empty(),
            "{}: {stderr}",
            path.display()
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("uriesc"), "{}", path.display());
    }
}

/// `uriesc man [COMMAND]` prints the committed pages, one for each command; `man -l -` reads
/// them from a pipe (where `man` is installed; the test above says when it is skipped).
#[test]
fn man_command_prints_the_committed_pages() {
    let commands = crate::commands::subcommands();
    let mut pages = vec![(None, "uriesc.1".to_string())];
    pages.extend(
        commands
            .iter()
            .map(|c| (Some(c.as_str()), format!("uriesc-{c}.1"))),
    );
    for (command, file) in pages {
        let mut args = vec!["man"];
        args.extend(command);
        let page = crate::util::ok(&args, b"");
        assert_eq!(
            page,
            std::fs::read(root().join("man").join(&file)).unwrap(),
            "{file}"
        );
        if on_path("man") {
            let mut child = Command::new("man")
                .args(["-l", "-"])
                .env("MANWIDTH", "80")
                .env("MANPAGER", "cat")
                .env("MAN_KEEP_STDERR", "1")
                .env("MANROFFOPT", "-ww")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("man runs");
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&page).unwrap();
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() && stderr.is_empty(),
                "{file}: {stderr}"
            );
            assert!(String::from_utf8_lossy(&out.stdout).contains("uriesc"));
        }
    }
    let (code, _, err) = crate::util::fails(&["man", "nope"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("possible values"), "{err}");
}

#[test]
fn version_prints_the_crate_version() {
    let out = crate::util::ok_str(&["-V"], "");
    assert_eq!(out, format!("uriesc {}\n", env!("CARGO_PKG_VERSION")));
    // And the date of the Public Suffix List built in, which parse's answers depend on.
    let out = crate::util::ok_str(&["--version"], "");
    let want = format!(
        "uriesc {}\nPublic Suffix List {} (github.com/publicsuffix/list {})\n",
        env!("CARGO_PKG_VERSION"),
        uriesc::psl::BUILTIN_VERSION,
        &uriesc::psl::BUILTIN_COMMIT[..12]
    );
    assert_eq!(out, want);
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
    // uriesc's help says what status 1 means for each command that says it, as its own does.
    let top = ok_str(&["--help"], "");
    let top = top.split_whitespace().collect::<Vec<_>>().join(" ");
    for command in [
        "decode", "check", "clean", "parse", "edit", "key", "extract", "match",
    ] {
        let own = ok_str(&[command, "--help"], "");
        let own = own.split_whitespace().collect::<Vec<_>>().join(" ");
        let one = own
            .split("Exit status: 1 if ")
            .nth(1)
            .and_then(|s| s.split(" (0 with --exit-zero)").next())
            .unwrap_or_else(|| panic!("{command} --help says what status 1 means: {own}"));
        assert!(
            top.contains(&format!("{command}: {one}")),
            "{command}: {top}"
        );
    }
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
