//! lychee's way of finding the URLs of Markdown, as a peer of `uriesc extract` reading
//! Markdown: pulldown-cmark's events (CommonMark with the GFM extensions uriesc's reader
//! turns on), each link's and image's destination as it is, and the linkify crate's URLs
//! (and addresses) in each text event and each piece of raw HTML (lychee reads that HTML with
//! its HTML extractor; linkify over it finds its absolute URLs). Code is skipped, as lychee
//! skips it by default. For bench/extract-diff.sh and bench/compare.sh:
//!
//!     markdown-links [-n] [FILE...]    each URL a line (FILE:URL with -n); no FILE: stdin
//!     markdown-links --parse-only [--offsets] [FILE...]    pulldown-cmark's events alone
//!         (with `--offsets`, through its offset iterator, which uriesc's places need),
//!         nothing written but their count
//!
//! A file that is not UTF-8 is read with U+FFFD for what is not.

use std::io::{Read, Write};

use pulldown_cmark::{Event, Options, Parser, Tag};

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |args: &mut Vec<String>, name: &str| {
        let at = args.iter().position(|a| a == name);
        at.map(|i| args.remove(i)).is_some()
    };
    let (named, parse_only) = (flag(&mut args, "-n"), flag(&mut args, "--parse-only"));
    let offsets = flag(&mut args, "--offsets");
    if args.is_empty() {
        args.push("-".to_string());
    }
    let extensions = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_GFM;
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut events = 0u64;
    for file in &args {
        let mut bytes = Vec::new();
        match file.as_str() {
            "-" => std::io::stdin().read_to_end(&mut bytes)?,
            _ => std::fs::File::open(file)?.read_to_end(&mut bytes)?,
        };
        let text = String::from_utf8_lossy(&bytes);
        let parser = Parser::new_ext(&text, extensions);
        if parse_only {
            events += match offsets {
                true => parser.into_offset_iter().count(),
                false => parser.count(),
            } as u64;
            continue;
        }
        let mut write = |url: &str| match named {
            true => writeln!(out, "{file}:{url}"),
            false => writeln!(out, "{url}"),
        };
        let mut in_code = false;
        for event in parser {
            match event {
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    write(&dest_url)?
                }
                Event::Start(Tag::CodeBlock(_)) => in_code = true,
                Event::End(pulldown_cmark::TagEnd::CodeBlock) => in_code = false,
                Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) if !in_code => {
                    for link in finder.links(&text) {
                        write(link.as_str())?;
                    }
                }
                _ => {}
            }
        }
    }
    if parse_only {
        writeln!(out, "{events} events")?;
    }
    out.flush()
}
