//! The linkify crate as a peer of `uriesc extract --from text`: the URLs (with `--emails`,
//! the addresses too) that its `LinkFinder` finds in each FILE, as `uriesc extract -n`
//! writes them (`FILE:LINE:COLUMN:URL`, the column in characters from 1), for
//! bench/extract-diff.sh. A file that is not UTF-8 is read with U+FFFD for what is not.
//!
//!     cargo run --release --example linkify -- [--emails] FILE...

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let emails = args.first().is_some_and(|a| a == "--emails");
    if emails {
        args.remove(0);
    }
    let mut finder = linkify::LinkFinder::new();
    match emails {
        true => finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]),
        false => finder.kinds(&[linkify::LinkKind::Url]),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in &args {
        let bytes = std::fs::read(file)?;
        let text = String::from_utf8_lossy(&bytes);
        let (mut line, mut line_start, mut counted) = (1, 0, 0);
        for link in finder.links(&text) {
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
