//! The urlpattern crate (0.6.0) as a peer of `uriesc match`: each line of stdin parsed as a URL
//! (its `url` crate, as the crate's `UrlPatternMatchInput::Url` asks) and tested against each
//! pattern in turn (`UrlPattern::test`), written where one matches, as `uriesc match` writes
//! it. A line that is not UTF-8, or no URL, matches nothing. For bench/compare.sh.
//!
//!     cargo run --release --example urlpattern -- PATTERN... < FILE
//!     cargo run --release --example urlpattern -- --pattern-file FILE < FILE

use std::io::{BufRead, BufReader, BufWriter, Write};

use urlpattern::{UrlPattern, UrlPatternInit, UrlPatternMatchInput};

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--pattern-file") && args.len() == 2 {
        let text = std::fs::read_to_string(&args[1])?;
        args = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect();
    }
    let patterns: Vec<UrlPattern> = args
        .iter()
        .map(|text| {
            let init = UrlPatternInit::parse_constructor_string::<regex::Regex>(text, None)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            UrlPattern::parse(init, Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
        })
        .collect();
    let mut input = BufReader::with_capacity(1 << 17, std::io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 17, std::io::stdout().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let value = line.strip_suffix(b"\n").unwrap_or(&line);
        let value = value.strip_suffix(b"\r").unwrap_or(value);
        let Some(url) = std::str::from_utf8(value)
            .ok()
            .and_then(|s| url::Url::parse(s).ok())
        else {
            continue;
        };
        let matched = patterns.iter().any(|pattern| {
            pattern
                .test(UrlPatternMatchInput::Url(url.clone()))
                .unwrap_or(false)
        });
        if matched {
            out.write_all(&line)?;
        }
    }
    out.flush()
}
