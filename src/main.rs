use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match uriesc::run(uriesc::cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => uriesc::report(&error),
    }
}
