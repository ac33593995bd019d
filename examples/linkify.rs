//! The linkify crate as a peer of `uriesc extract --from text`: the URLs (with `--emails`,
//! the addresses too) that its `LinkFinder` finds in each FILE (none: stdin), one a line, or
//! with `-n` as `uriesc extract -n` writes them (`FILE:LINE:COLUMN:URL`, the column in
//! characters from 1), for bench/extract-diff.sh and bench/compare.sh. A file that is not
//! UTF-8 is read with U+FFFD for what is not.
//!
//!     cargo run --release --example linkify -- [--emails] [-n] [FILE...]

use std::io::{Read, Write};

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| args.iter().position(|a| a == name).map(|i| args.remove(i));
    let (emails, named) = (flag("--emails").is_some(), flag("-n").is_some());
    if args.is_empty() {
        args.push("-".to_string());
    }
    let mut finder = linkify::LinkFinder::new();
    match emails {
        true => finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]),
        false => finder.kinds(&[linkify::LinkKind::Url]),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in &args {
        let mut bytes = Vec::new();
        match file.as_str() {
            "-" => std::io::stdin().read_to_end(&mut bytes)?,
            _ => std::fs::File::open(file)?.read_to_end(&mut bytes)?,
        };
        let text = String::from_utf8_lossy(&bytes);
        let (mut line, mut line_start, mut counted) = (1, 0, 0);
        for link in finder.links(&text) {
            if !named {
                writeln!(out, "{}", link.as_str())?;
                continue;
            }
            let before = &text[counted..link.start()];
            if let Some(last) = before.rfind('\n') {
                line += before.matches('\n').count();
                line_start = counted + last + 1;
            }
            counted = link.start();
            let column = text[line_start..link.start()].chars().count() + 1;
            writeln!(out, "{file}:{line}:{column}:{}", link.as_str())?;
        }
    }
    out.flush()
}
