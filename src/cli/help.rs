//! The help that is derived, not written: each command's exit status from one table
//! ([`STATUS_ONE`]), uriesc's own listing them all, `key`'s profiles from the library's list,
//! and a `{n}` kept where clap would break the line. [`command`] is the one clap command that
//! parsing, `--help`, the completions and the man pages all take.

use super::Cli;

/// What status 1 says of each command, in [`PAGES`](super::PAGES)' order (`None`: it never says 1). Each
/// command's `--help` (and man page) ends with its own, and `uriesc --help` lists them all, so
/// that a command added is in both by being added here (a test holds this list to the
/// commands).
pub const STATUS_ONE: [(&str, Option<&str>); 13] = [
    ("encode", None),
    (
        "decode",
        Some("--strict or --utf8 strict found a malformed escape or bytes not UTF-8"),
    ),
    ("check", Some("some record is invalid")),
    (
        "clean",
        Some("some record could not be cleaned (reported, and written as it came)"),
    ),
    ("pretty-print", None),
    ("parse", Some("some record did not parse")),
    (
        "edit",
        Some("some record was not edited (reported, and written as it came)"),
    ),
    ("key", Some("some record has no key")),
    ("extract", Some("no URL was found")),
    ("match", Some("no record was selected")),
    ("table", None),
    ("completions", None),
    ("man", None),
];

/// `text` for clap's help, its `{n}` kept: clap's help writer reads `{n}` as a line break
/// (clap_builder's `replace_newline_var`, on every text it writes), where uriesc means the
/// braces and the letter (a signature's `{n}`). An SGR reset after the `{` parts them for the
/// writer; it writes no colour code where it writes no colour (anstream strips them, as from
/// the man pages and completions), and a terminal shows a reset as nothing.
pub fn literal_braces(text: &str) -> clap::builder::StyledStr {
    let reset = anstyle::Reset.render().to_string();
    text.replace("{n}", &format!("{{{reset}n}}")).into()
}

/// The "Exit status:" paragraph of a command whose status 1 says `one`.
fn exit_status(one: Option<&str>) -> String {
    match one {
        Some(one) => format!(
            "Exit status: 1 if {one} (0 with --exit-zero); 2 on a usage or I/O error (an input \
             that could not be read is reported and skipped, then status 2); else 0."
        ),
        None => "Exit status: 2 on a usage or I/O error; else 0.".into(),
    }
}

/// The clap command: the derive's, each command's help ending with its exit status and
/// uriesc's own listing every command's ([`STATUS_ONE`]). What parses the command line
/// (`main`), the completions and the man pages all take it.
pub fn command() -> clap::Command {
    // The profiles by name, from the library's list of them.
    let profiles: Vec<&str> = uriesc::key::Profile::ALL.map(|p| p.name()).to_vec();
    let key_about = format!(
        "A canonical key per URL ({}); --unique",
        profiles.join(", ")
    );
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut ones = Vec::new();
    // Each command once, in order: `mut_subcommand` puts the command it changes last.
    for (name, one) in STATUS_ONE {
        command = command.mut_subcommand(name, |sub| {
            let before = sub.get_after_help().map(|h| format!("{h}\n\n"));
            let after = [before.unwrap_or_default(), exit_status(one)].concat();
            let sub = sub.after_help(literal_braces(&after));
            match name {
                "key" => sub.about(key_about.clone()),
                _ => sub,
            }
        });
        if let Some(one) = one {
            ones.push(format!("{name}: {one}"));
        }
    }
    let before = command.get_after_help().map(|h| h.to_string());
    let status = format!(
        "Exit status: 0 ok; 1 a finding in the data, as each command says (0 with --exit-zero): \
         {}; 2 usage or I/O error (an input that could not be read is reported and skipped, \
         then status 2).",
        ones.join("; ")
    );
    let after = [before.unwrap_or_default(), status].join("\n\n");
    command.after_help(after)
}
