//! The peers `bench/compare.sh` times uriesc against: a plain streaming loop over a
//! well-kept crate for each job, reading lines from stdin and writing to stdout.
//!
//!   cargo build --release --example peers
//!   peers JOB < FILE      (JOB: one of `Job::NAMES`)
//!
//! `encode` is the `percent-encoding` crate with RFC 3986's unreserved characters kept (what
//! `uriesc encode` does); `decode` its `percent_decode`; `fluent-uri` parses each line as an
//! RFC 3986 URI reference and `url` as a WHATWG URL, printing the count of valid lines;
//! `url-href` prints each line as the `url` crate serializes it (the line itself if it fails).
//! The `ada-*` jobs are the same WHATWG jobs over ada, the parser uriesc itself calls, so the
//! ratio is what uriesc adds around it: `ada-href` (`clean --whatwg`), `ada-can-parse`
//! (`check --whatwg`) and `ada-json` (`parse --whatwg --format json`: the URL Standard API's
//! getters, url.bs "API", one JSON object a line). `ada-set-host` (`edit --whatwg --set
//! host=example.org`) parses each line, gives that host to the `host` setter (url.bs "API")
//! and writes `href`.
//!
//! Lines are framed as uriesc frames them: a record ends at `\n`, a `\r` before it belongs to
//! the terminator, and the terminator read is written back after the record's output. A line
//! that is not UTF-8 is no URL for a parser that takes text (url.bs parses scalar values):
//! every parsing job counts it invalid, `url-href` and `ada-href` write it back unchanged (what
//! `clean --whatwg` does) and `ada-json` writes its error object. `ada-set-host` writes back
//! unchanged a line the parser refuses, or whose new host the setter refuses (as it does for a
//! URL with an opaque path, such as `mailto:`), as `edit` writes a record it cannot edit.

use std::io::{BufRead, BufReader, BufWriter, Write};

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode, percent_encode};

/// Everything but RFC 3986 `unreserved`.
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The host `ada-set-host` sets, as `bench/compare.sh` gives `edit --set host=example.org`.
const NEW_HOST: &str = "example.org";

/// The jobs, chosen once from the command line so the loop does not compare strings per line.
#[derive(Clone, Copy, PartialEq)]
enum Job {
    Encode,
    Decode,
    FluentUri,
    Url,
    UrlHref,
    UrlViolations,
    AdaHref,
    AdaCanParse,
    AdaJson,
    AdaSetHost,
}

impl Job {
    const NAMES: [(&str, Job); 10] = [
        ("encode", Job::Encode),
        ("decode", Job::Decode),
        ("fluent-uri", Job::FluentUri),
        ("url", Job::Url),
        ("url-href", Job::UrlHref),
        ("url-violations", Job::UrlViolations),
        ("ada-href", Job::AdaHref),
        ("ada-can-parse", Job::AdaCanParse),
        ("ada-json", Job::AdaJson),
        ("ada-set-host", Job::AdaSetHost),
    ];

    /// Whether the job answers with counts at the end rather than a line per line.
    fn counts(self) -> bool {
        matches!(
            self,
            Job::FluentUri | Job::Url | Job::UrlViolations | Job::AdaCanParse
        )
    }
}

/// The URL Standard API's getters (url.bs "API": `href` to `hash`), as `ada-json` writes them.
/// `origin` is owned: ada serializes it on request (`ada_get_origin` returns a new string).
#[derive(serde::Serialize)]
struct Getters<'a> {
    href: &'a str,
    origin: String,
    protocol: &'a str,
    username: &'a str,
    password: &'a str,
    host: &'a str,
    hostname: &'a str,
    port: &'a str,
    pathname: &'a str,
    search: &'a str,
    hash: &'a str,
}

impl<'a> Getters<'a> {
    fn of(url: &'a ada_url::Url) -> Self {
        Getters {
            href: url.href(),
            origin: url.origin(),
            protocol: url.protocol(),
            username: url.username(),
            password: url.password(),
            host: url.host(),
            hostname: url.hostname(),
            port: url.port(),
            pathname: url.pathname(),
            search: url.search(),
            hash: url.hash(),
        }
    }
}

fn main() -> std::io::Result<()> {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(&(_, job)) = Job::NAMES.iter().find(|(n, _)| *n == name) else {
        let names: Vec<&str> = Job::NAMES.iter().map(|(n, _)| *n).collect();
        eprintln!("usage: peers {} < FILE", names.join("|"));
        std::process::exit(2);
    };
    let mut input = BufReader::with_capacity(1 << 17, std::io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 17, std::io::stdout().lock());
    let mut line = Vec::new();
    let (mut valid, mut invalid) = (0u64, 0u64);
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        // The record and its terminator (`\n`, `\r\n` or none at the end of the input).
        let mut end = line.len();
        if line[..end].ends_with(b"\n") {
            end -= 1;
            if line[..end].ends_with(b"\r") {
                end -= 1;
            }
        }
        let (value, terminator) = line.split_at(end);
        if job.counts() {
            if is_valid(job, value) {
                valid += 1;
            } else {
                invalid += 1;
            }
        } else {
            write_one(job, value, &mut out)?;
            out.write_all(terminator)?;
        }
    }
    match job {
        // What `check --whatwg` answers, both ways.
        Job::AdaCanParse => writeln!(out, "{valid} valid\n{invalid} invalid")?,
        _ if job.counts() => writeln!(out, "{valid}")?,
        _ => {}
    }
    out.flush()
}

/// A counting job's verdict on one record.
fn is_valid(job: Job, value: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(value) else {
        return false;
    };
    match job {
        Job::FluentUri => fluent_uri::UriRef::parse(s).is_ok(),
        Job::Url => url::Url::parse(s).is_ok(),
        Job::UrlViolations => {
            // A valid URL string raises no validation error: what the crate does when asked.
            let violated = std::cell::Cell::new(false);
            let report = |_| violated.set(true);
            let options = url::Url::options().syntax_violation_callback(Some(&report));
            options.parse(s).is_ok() && !violated.get()
        }
        Job::AdaCanParse => ada_url::Url::can_parse(s, None),
        _ => unreachable!("not a counting job"),
    }
}

/// A writing job's output for one record, without its terminator.
fn write_one(job: Job, value: &[u8], out: &mut impl Write) -> std::io::Result<()> {
    let text = std::str::from_utf8(value).ok();
    match job {
        Job::Encode => {
            for part in percent_encode(value, NOT_UNRESERVED) {
                out.write_all(part.as_bytes())?;
            }
        }
        Job::Decode => {
            let decoded: std::borrow::Cow<[u8]> = percent_decode(value).into();
            out.write_all(&decoded)?;
        }
        // What `clean --whatwg --basic` does: the parser's serialization, or the line.
        Job::UrlHref => match text.and_then(|s| url::Url::parse(s).ok()) {
            Some(url) => out.write_all(url.as_str().as_bytes())?,
            None => out.write_all(value)?,
        },
        Job::AdaHref => match text.and_then(|s| ada_url::Url::parse(s, None).ok()) {
            Some(url) => out.write_all(url.href().as_bytes())?,
            None => out.write_all(value)?,
        },
        Job::AdaJson => match text.and_then(|s| ada_url::Url::parse(s, None).ok()) {
            Some(url) => serde_json::to_writer(&mut *out, &Getters::of(&url))?,
            // One line per input line, so outputs line up with their inputs.
            None => out.write_all(br#"{"error":"invalid URL"}"#)?,
        },
        // What `edit --whatwg --set host=...` does: the URL with its new host, or the line
        // where the parser or the setter refuses it.
        Job::AdaSetHost => {
            let edited = text
                .and_then(|s| ada_url::Url::parse(s, None).ok())
                .and_then(|mut url| url.set_host(Some(NEW_HOST)).ok().map(|()| url));
            match edited {
                Some(url) => out.write_all(url.href().as_bytes())?,
                None => out.write_all(value)?,
            }
        }
        _ => unreachable!("a counting job"),
    }
    Ok(())
}
