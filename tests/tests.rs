//! The integration tests: one test binary, one module per subject. A command's tests are in
//! the module named for it (`check/`, `clean/`, `decode.rs`, `encode/`, `extract/`, `key/`, `pretty/`,
//! `table.rs`); a standard's own suites in its module (`whatwg/`, `rfc3987/`, `uri.rs` for RFC
//! 3986's resolution and normalization, `psl.rs` for the Public Suffix List's); what holds for every command in the rest (`laws/`,
//! `combinations/`, `stream.rs`, `output.rs`, `messages.rs`, `visible.rs`, ...), each table of
//! sample invocations held by `commands.rs` to the commands the binary lists; the repository's
//! own text in `repo.rs` (no conflict markers, no path a doc names that is not there), and its
//! layout in `house.rs` (no cycle among the library's modules, every module on the map).
//! `util.rs` runs the built binary.

// The commands.
mod check;
mod clean;
mod decode;
mod edit;
mod encode;
mod extract;
mod key;
mod parse;
mod pretty;
mod table;

// The standards' own suites.
mod psl;
mod rfc3987;
mod uri;
mod url_pattern;
mod whatwg;

// What holds across commands.
#[cfg(unix)]
mod colour;
#[cfg(unix)]
mod combinations;
mod commands;
mod cpu;
mod generated;
mod house;
mod laws;
#[cfg(target_os = "linux")]
mod memory;
mod messages;
#[cfg(unix)]
mod output;
mod parallel;
mod peers;
mod readme;
mod repo;
mod reports;
mod sarif;
mod spark;
mod status;
mod stream;
mod util;
#[cfg(unix)]
mod visible;
