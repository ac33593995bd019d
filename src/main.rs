use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        // Help, the version or a usage error: clap says which, and where to (stdout for help);
        // a failing write of it is status 2 (`uriesc --help >/dev/full`), not a silent 0.
        Err(error) => {
            let status = ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
            return match print_usage_error(error) {
                Ok(()) => status,
                Err(_) => ExitCode::from(2),
            };
        }
    };
    match cli::run::run(cli) {
        Ok(code) => code,
        Err(error) => cli::run::report(&error),
    }
}

/// Prints clap's error, the values it quotes (a bad value, an unknown option or subcommand)
/// in the visible notation (`uriesc::visible`: no control or bidi character of the command
/// line reaches the terminal), clap's own colours kept. Where some other part of the text
/// would still need the notation, the text is written plain, each line in it.
fn print_usage_error(mut error: clap::Error) -> std::io::Result<()> {
    use clap::error::ContextValue;
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
    let plain = error.render().to_string();
    if !error.use_stderr() || plain.lines().all(|line| visible(line.as_bytes()) == line) {
        return error.print();
    }
    uriesc::stream::write_stderr(&plain).map_err(std::io::Error::other)
}
