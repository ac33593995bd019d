use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        // Help, the version or a usage error: clap says which, and where to (stdout for help);
        // a failing write of it is status 2 (`uriesc --help >/dev/full`), not a silent 0.
        Err(error) => {
            return match error.print() {
                Ok(()) => ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2)),
                Err(_) => ExitCode::from(2),
            };
        }
    };
    match cli::run::run(cli) {
        Ok(code) => code,
        Err(error) => cli::run::report(&error),
    }
}
