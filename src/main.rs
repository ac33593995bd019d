//! The `uriesc` binary: the command line parsed by the one clap definition
//! ([`cli::command`]), and the command run ([`cli::run`]); its status grep-style (0, 1 for a
//! record reported, 2 for a usage or I/O error). The work is the library's: this side only
//! reads the options and opens the process's streams.

use std::process::ExitCode;

use clap::FromArgMatches;

mod cli;

fn main() -> ExitCode {
    let matches = cli::command().try_get_matches();
    let cli = match matches.and_then(|matches| cli::Cli::from_arg_matches(&matches)) {
        Ok(cli) => cli,
        // Help, the version or a usage error: clap says which, and where to (stdout for help).
        Err(error) => return print_clap_output(error),
    };
    match cli::run::run(cli) {
        Ok(code) => code,
        Err(error) => cli::run::report(&error),
    }
}

/// Prints what clap has to say instead of a run (the help, the version or a usage error) and
/// gives the status to exit with: clap's, or 2 where the writing failed, after saying why on
/// stderr where it can (`uriesc --help >/dev/full`, a closed stdout); a closed pipe
/// (`uriesc --help | head -1`) is quiet, as for any command (see [`cli::run::report`]).
fn print_clap_output(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let status = ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
    let to_stderr = error.use_stderr();
    let what = match error.kind() {
        ErrorKind::DisplayVersion => "the version",
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => "the help",
        _ => "the usage error",
    };
    let Err(failed) = print_usage_error(error) else {
        return status;
    };
    if failed.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    if !to_stderr {
        let failed = uriesc::stream::IoError {
            doing: format!("writing {what} to stdout"),
            error: failed,
        };
        // A failing stderr as well leaves nothing more to say.
        let _ = cli::stdio::warn(&failed.to_string());
    }
    ExitCode::from(2)
}

/// Prints clap's text, the values it quotes (a bad value, an unknown option or subcommand)
/// in the visible notation (`uriesc::visible`: no control or bidi character of the command
/// line reaches the terminal), clap's own colours kept where its colour choice for the stream
/// gives them. Where some other part of the text would still need the notation, the text is
/// written plain, each line in it.
fn print_usage_error(mut error: clap::Error) -> std::io::Result<()> {
    use clap::error::ContextValue;
    use cli::stdio::StdStream;
    use std::io::Write;
    use uriesc::visible::visible;
    let shown = |s: &String| visible(s.as_bytes()).into_owned();
    let quoted: Vec<_> = error
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) => Some((kind, ContextValue::String(shown(s)))),
            ContextValue::Strings(all) => {
                Some((kind, ContextValue::Strings(all.iter().map(shown).collect())))
            }
            _ => None,
        })
        .collect();
    for (kind, value) in quoted {
        error.insert(kind, value);
    }
    let styled = error.render();
    let plain = styled.to_string();
    if !error.use_stderr() || plain.lines().all(|line| visible(line.as_bytes()) == line) {
        // Written through `StdStream`, which reports a closed descriptor (clap's own printing
        // goes through std's handles, which take it for success), in colour where clap would
        // colour it (anstream's choice for the stream: a terminal, NO_COLOR, CLICOLOR...).
        let (mut stream, colour) = match error.use_stderr() {
            true => (StdStream::stderr(), coloured(&std::io::stderr())),
            false => (StdStream::stdout(), coloured(&std::io::stdout())),
        };
        let text = match colour {
            true => styled.ansi().to_string(),
            false => plain,
        };
        return stream
            .write_all(text.as_bytes())
            .and_then(|()| stream.flush());
    }
    cli::stdio::write_stderr(&plain).map_err(std::io::Error::other)
}

/// Whether clap would colour its text on `stream` (anstream's choice, with clap's default of
/// `auto`).
fn coloured<S: anstream::stream::RawStream>(stream: &S) -> bool {
    use anstream::ColorChoice;
    matches!(
        anstream::AutoStream::choice(stream),
        ColorChoice::Always | ColorChoice::AlwaysAnsi
    )
}
