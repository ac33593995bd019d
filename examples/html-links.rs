//! lychee's way of finding the URLs of HTML, as a peer of `uriesc extract --from html`:
//! html5gum's tokens, the values of `href`, `src`, `srcset`'s URLs, `cite`, `action`,
//! `poster` and `data` as they are, and the linkify crate's URLs (and addresses) in the text
//! outside `<pre>`, `<code>`, `<script>`, `<style>` and `<textarea>` (lychee's default);
//! raw text elements read as a browser reads them (html5gum's `naively_switch_states`, as
//! uriesc's reader). For bench/extract-diff.sh:
//!
//!     html-links [-n] [FILE...]    each URL a line (FILE:URL with -n); no FILE: stdin

use std::io::{Read, Write};

use html5gum::{DefaultEmitter, Token, Tokenizer};

const URL_ATTRIBUTES: &[&[u8]] = &[b"href", b"src", b"cite", b"action", b"poster", b"data"];
const VERBATIM: &[&[u8]] = &[b"pre", b"code", b"script", b"style", b"textarea"];

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let named = args.first().is_some_and(|a| a == "-n");
    if named {
        args.remove(0);
    }
    if args.is_empty() {
        args.push("-".to_string());
    }
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in &args {
        let mut bytes = Vec::new();
        match file.as_str() {
            "-" => std::io::stdin().read_to_end(&mut bytes)?,
            _ => std::fs::File::open(file)?.read_to_end(&mut bytes)?,
        };
        let mut write = |url: &[u8]| {
            let url = String::from_utf8_lossy(url);
            match named {
                true => writeln!(out, "{file}:{url}"),
                false => writeln!(out, "{url}"),
            }
        };
        let mut verbatim = 0u32;
        // Script, style and the like are raw text, as a browser's tree builder switches to.
        let mut emitter = DefaultEmitter::default();
        emitter.naively_switch_states(true);
        for token in Tokenizer::new_with_emitter(&bytes[..], emitter).flatten() {
            match token {
                Token::StartTag(tag) => {
                    if VERBATIM.contains(&tag.name.as_slice()) && !tag.self_closing {
                        verbatim += 1;
                    }
                    for (name, value) in &tag.attributes {
                        let name = name.as_slice();
                        if URL_ATTRIBUTES.contains(&name) {
                            write(value.as_slice().trim_ascii())?;
                        } else if name == b"srcset" {
                            for candidate in value.split(|&b| b == b',') {
                                let url = candidate.trim_ascii().split(u8::is_ascii_whitespace);
                                if let Some(url) = url.into_iter().next().filter(|u| !u.is_empty())
                                {
                                    write(url)?;
                                }
                            }
                        }
                    }
                }
                Token::EndTag(tag) if VERBATIM.contains(&tag.name.as_slice()) => {
                    verbatim = verbatim.saturating_sub(1)
                }
                Token::String(text) if verbatim == 0 => {
                    for link in finder.links(&String::from_utf8_lossy(&text)) {
                        write(link.as_str().as_bytes())?;
                    }
                }
                _ => {}
            }
        }
    }
    out.flush()
}
