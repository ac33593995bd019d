//! The integration tests: one test binary, one module per subject.

mod check;
mod chromium;
mod clean;
#[cfg(unix)]
mod colour;
#[cfg(unix)]
mod combinations;
mod confusion;
mod cpu;
mod decode;
mod encode;
mod generated;
mod idn;
mod issue12;
mod laws;
#[cfg(target_os = "linux")]
mod memory;
mod messages;
#[cfg(unix)]
mod output;
mod parallel;
mod pasted;
mod peers;
mod pretty;
mod pretty_stream;
mod readme;
mod rfc3987;
mod sets;
mod stream;
mod table;
mod uri;
mod util;
#[cfg(unix)]
mod visible;
mod whatwg;
mod wpt;
