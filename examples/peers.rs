//! The peers `bench/compare.sh` times uriesc against: a plain streaming loop over a
//! well-kept crate for each job, reading lines from stdin and writing to stdout.
//!
//!   cargo build --release --example peers
//!   peers encode|decode|fluent-uri|url|url-href|url-violations < FILE
//!
//! `encode` is the `percent-encoding` crate with RFC 3986's unreserved characters kept (what
//! `uriesc encode` does); `decode` its `percent_decode`; `fluent-uri` parses each line as an
//! RFC 3986 URI reference and `url` as a WHATWG URL, printing the count of valid lines;
//! `url-href` prints each line as the `url` crate serializes it (the line itself if it fails).

use std::io::{BufRead, BufReader, BufWriter, Write};

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode, percent_encode};

/// Everything but RFC 3986 `unreserved`.
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn main() -> std::io::Result<()> {
    let job = std::env::args().nth(1).unwrap_or_default();
    let mut input = BufReader::with_capacity(1 << 17, std::io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 17, std::io::stdout().lock());
    let mut line = Vec::new();
    let mut valid = 0u64;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let newline = line.last() == Some(&b'\n');
        let value = if newline {
            &line[..line.len() - 1]
        } else {
            &line[..]
        };
        match job.as_str() {
            "encode" => {
                for part in percent_encode(value, NOT_UNRESERVED) {
                    out.write_all(part.as_bytes())?;
                }
            }
            "decode" => {
                let decoded: std::borrow::Cow<[u8]> = percent_decode(value).into();
                out.write_all(&decoded)?;
            }
            "fluent-uri" => {
                let ok =
                    std::str::from_utf8(value).is_ok_and(|s| fluent_uri::UriRef::parse(s).is_ok());
                valid += u64::from(ok);
                continue;
            }
            "url" => {
                let ok = std::str::from_utf8(value).is_ok_and(|s| url::Url::parse(s).is_ok());
                valid += u64::from(ok);
                continue;
            }
            "url-href" => {
                // What `clean --whatwg --basic` does: the parser's serialization, or the line.
                match std::str::from_utf8(value)
                    .ok()
                    .and_then(|s| url::Url::parse(s).ok())
                {
                    Some(url) => out.write_all(url.as_str().as_bytes())?,
                    None => out.write_all(value)?,
                }
            }
            "url-violations" => {
                // A valid URL string raises no validation error: what the crate does when asked.
                let ok = std::str::from_utf8(value).is_ok_and(|s| {
                    let violated = std::cell::Cell::new(false);
                    let report = |_| violated.set(true);
                    let options = url::Url::options().syntax_violation_callback(Some(&report));
                    options.parse(s).is_ok() && !violated.get()
                });
                valid += u64::from(ok);
                continue;
            }
            _ => {
                eprintln!(
                    "usage: peers encode|decode|fluent-uri|url|url-href|url-violations < FILE"
                );
                std::process::exit(2);
            }
        }
        if newline {
            out.write_all(b"\n")?;
        }
    }
    if matches!(job.as_str(), "fluent-uri" | "url" | "url-violations") {
        writeln!(out, "{valid}")?;
    }
    out.flush()
}
