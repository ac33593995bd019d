//! `uriesc match` and the library's `url_pattern`: web-platform-tests' URLPattern suite
//! (`wpt.rs`), and the command's own conventions, grep's, with the inputs that hurt other
//! implementations (`grep.rs`).

mod ecmascript;
mod grep;
mod wpt;
