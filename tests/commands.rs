//! The commands the binary has, read from its own `uriesc --help` (the list clap writes from the
//! command line's definition: the tests cannot import the binary's `cli` module), so that a
//! test's table of sample invocations is held to them: a new command fails every such test
//! until it is given an invocation there, or said why it has none.

use crate::util::run;

/// The subcommands `uriesc --help` lists under "Commands:", but clap's own `help`.
pub fn subcommands() -> Vec<String> {
    let out = run(&["--help"], b"");
    assert!(out.status.success(), "uriesc --help: {}", out.status);
    let help = String::from_utf8(out.stdout).expect("--help is UTF-8");
    let listed = help
        .split_once("\nCommands:\n")
        .expect("--help has a \"Commands:\" section")
        .1;
    // Each command's line is indented by two spaces; a description that wraps, by more.
    let commands: Vec<String> = listed
        .lines()
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(String::from)
        .collect();
    commands
}

/// The command an invocation runs: its first argument that is no option (`None` for
/// `--version` and the like).
fn command_of<'a>(args: &[&'a str]) -> Option<&'a str> {
    args.iter().copied().find(|arg| !arg.starts_with('-'))
}

/// Fails unless `invocations` (the table named `table`) runs every command the binary has but
/// those in `exempt`, each given with why it has no invocation there; an exemption of no command,
/// or of one the table runs after all, fails too, so that the list cannot go stale.
#[track_caller]
pub fn assert_every_command<'a>(
    table: &str,
    invocations: impl IntoIterator<Item = &'a [&'a str]>,
    exempt: &[(&str, &str)],
) {
    let commands = subcommands();
    let run: Vec<&str> = invocations
        .into_iter()
        .filter_map(|args| command_of(args))
        .collect();
    let mut wrong = Vec::new();
    for command in &commands {
        let exempted = exempt.iter().any(|(name, _)| name == command);
        match (run.contains(&command.as_str()), exempted) {
            (false, false) => wrong.push(format!(
                "{table} has no invocation of `uriesc {command}`: add one (or exempt it, saying why)"
            )),
            (true, true) => wrong.push(format!(
                "{table} exempts `uriesc {command}`, and runs it: drop the exemption"
            )),
            _ => {}
        }
    }
    for (name, _) in exempt {
        if !commands.iter().any(|c| c == name) {
            wrong.push(format!(
                "{table} exempts `{name}`, which is no command of uriesc"
            ));
        }
    }
    for command in &run {
        if !commands.iter().any(|c| c == command) {
            wrong.push(format!(
                "{table} runs `{command}`, which is no command of uriesc"
            ));
        }
    }
    crate::util::assert_none_wrong(&wrong);
}

/// The list read from `--help` is the binary's: every command has its committed man page
/// (`man/uriesc-NAME.1`, generated from the same definition; `tests/generated.rs` keeps them
/// current), and every man page is of a listed command. A parse of `--help` that found too
/// few or too many fails here, not by letting the tables above pass unchecked.
#[test]
fn the_commands_read_from_help_are_those_with_a_man_page() {
    let mut listed = subcommands();
    listed.sort();
    let mut pages: Vec<String> = std::fs::read_dir("man")
        .expect("man/ is in the repository")
        .map(|entry| entry.expect("man/ reads").file_name())
        .filter_map(|name| {
            let name = name.to_str()?;
            Some(
                name.strip_prefix("uriesc-")?
                    .strip_suffix(".1")?
                    .to_string(),
            )
        })
        .collect();
    pages.sort();
    assert_eq!(listed, pages);
    assert!(listed.iter().any(|c| c == "edit"), "{listed:?}");
}
