//! The integration tests: one test binary, one module per subject.

mod peers;
mod tables;
mod wpt;
