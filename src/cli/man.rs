//! The man pages, rendered from the clap definition in [`super`] by `clap_mangen`: one
//! for `uriesc` and one for each command. clap_mangen puts a command's `after_help` under an
//! "EXTRA" heading; here its paragraphs get the sections man pages have (man-pages(7)):
//! "Examples:" becomes EXAMPLES, kept line for line, and "Exit status:" becomes EXIT STATUS.

use std::io;

use clap_mangen::Man;
use clap_mangen::roff::{Roff, roman};

/// Every man page: its file name (`uriesc-check.1`) and its roff text.
pub fn pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut command = super::command().disable_help_subcommand(true);
    command.build();
    let mut commands: Vec<_> = command.get_subcommands().cloned().collect();
    commands.push(command);
    commands
        .into_iter()
        .map(|command| {
            let man = Man::new(command.clone());
            Ok((man.get_filename(), render(&man, &command)?))
        })
        .collect()
}

/// One page, in the order of clap_mangen's own, with EXAMPLES and EXIT STATUS in place of
/// EXTRA.
fn render(man: &Man, command: &clap::Command) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if command.get_subcommands().any(|c| !c.is_hide_set()) {
        man.render_subcommands_section(&mut out)?;
    }
    if let Some(after) = command.get_after_help() {
        after_help(&after.to_string()).to_writer(&mut out)?;
    }
    if command.get_version().is_some() {
        man.render_version_section(&mut out)?;
    }
    Ok(out)
}

/// The `after_help` paragraphs as sections: "Examples:" with its lines as they are (no fill,
/// so the comments stay aligned), "Exit status: ..." as text.
fn after_help(text: &str) -> Roff {
    let mut roff = Roff::new();
    for paragraph in text.split("\n\n") {
        if let Some(examples) = paragraph.strip_prefix("Examples:") {
            roff.control("SH", ["EXAMPLES"]);
            roff.control("nf", []);
            for line in examples.trim_start_matches('\n').lines() {
                roff.text([roman(line)]);
            }
            roff.control("fi", []);
        } else if let Some(status) = paragraph.strip_prefix("Exit status:") {
            roff.control("SH", ["EXIT STATUS"]);
            roff.text([roman(
                status.split_whitespace().collect::<Vec<_>>().join(" "),
            )]);
        } else {
            roff.control("SH", ["NOTES"]);
            roff.text([roman(paragraph)]);
        }
    }
    roff
}
