use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match uriesc::run(uriesc::cli::Cli::parse()) {
        Ok(code) => code,
        Err(error) => uriesc::report(&error),
    }
}
