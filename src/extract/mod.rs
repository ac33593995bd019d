//! The URLs inside documents: plain text, Markdown and HTML, each URL with where it is (its
//! offset, line and column) and what made it one ([`Kind`]); the engine of `uriesc extract`.
//!
//! One reader per kind of document, each in its own file:
//!
//! * [`text`]: URLs in running text, by their scheme (RFC 3986 §3.1) and delimited as RFC
//!   3986 Appendix C says, with the trailing punctuation of prose left out. It reads a piece
//!   at a time and holds no more than the URL it is in ([`text::Text`]).
//! * [`markdown`]: CommonMark with GitHub's extensions, parsed by `pulldown-cmark`: link and
//!   image destinations, reference definitions, `<…>` autolinks, and bare URLs by the GitHub
//!   Flavored Markdown spec's autolink extension ([`gfm`]); code skipped unless asked for;
//!   HTML inside read by [`html`]. It holds one document.
//! * [`html`]: the URL-valued attributes of an HTML document, tokenized by `html5gum` (the
//!   HTML Standard's tokenizer), character references decoded; its text read as text. It
//!   holds one document.
//!
//! A URL is given as the document means it (escapes and character references decoded),
//! byte for byte, and at the place of its own first character (not of the `[` of a Markdown
//! link). [`Extractor`] writes them for `uriesc extract`.
//!
//! ```
//! use uriesc::extract::{Kind, Reader, find};
//!
//! let mut urls = Vec::new();
//! let text = b"See http://example.com/a_(b). Or <https://example.org/>.";
//! find(Reader::Text, text, &Default::default(), &mut |url| {
//!     urls.push((String::from_utf8_lossy(url.url).into_owned(), url.column, url.kind));
//! });
//! assert_eq!(urls, [
//!     ("http://example.com/a_(b)".to_string(), 5, Kind::Bare),
//!     ("https://example.org/".to_string(), 35, Kind::Bare),
//! ]);
//!
//! let mut urls = Vec::new();
//! let markdown = b"A [link](https://a.example/x) and ![](img.png).\n\n`http://code.example/`";
//! find(Reader::Markdown, markdown, &Default::default(), &mut |url| {
//!     urls.push((String::from_utf8_lossy(url.url).into_owned(), url.column, url.kind));
//! });
//! assert_eq!(urls, [
//!     ("https://a.example/x".to_string(), 10, Kind::Link),
//!     ("img.png".to_string(), 39, Kind::Image),
//! ]);
//! ```

use std::fmt;
use std::str::FromStr;

mod candidates;
mod checked;
mod delimit;
mod document;
pub mod gfm;
pub mod html;
mod lines;
pub mod markdown;
mod output;
mod places;
mod references;
mod schemeless;
pub mod text;

pub use checked::Checked;
pub use document::Source;
pub use lines::Lines;
pub use output::{Extractor, Output, Settings};

/// What made a URL one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A Markdown link's destination (inline, or a reference definition).
    Link,
    /// A Markdown image's destination.
    Image,
    /// A Markdown `<…>` autolink (CommonMark "Autolinks") of a URL.
    Autolink,
    /// A URL in running text: by the text rules ([`text`]), or GFM's extended autolinks
    /// ([`gfm`]) in Markdown.
    Bare,
    /// The value of a URL-valued HTML attribute (or a part of one: a `srcset` candidate, a
    /// `<meta>` refresh's URL, a CSS `url(…)`).
    Attribute,
    /// An email address: a `<…>` autolink of one, or GFM's extended email autolink.
    Email,
}

impl Kind {
    /// Its name in JSON (`link`, `image`, `autolink`, `bare`, `attribute`, `email`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Link => "link",
            Kind::Image => "image",
            Kind::Autolink => "autolink",
            Kind::Bare => "bare",
            Kind::Attribute => "attribute",
            Kind::Email => "email",
        }
    }
}

/// A URL found, and where: its first byte's offset in the document, and its line and
/// column (in characters) from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found<'a> {
    /// The URL as the document means it.
    pub url: &'a [u8],
    /// What made it one.
    pub kind: Kind,
    /// The offset of its first byte in the document, from 0.
    pub offset: u64,
    /// Its line, from 1 (a line ends at `\n`).
    pub line: u64,
    /// Its column, from 1, in characters (UTF-8 sequences) of its line.
    pub column: u64,
}

/// What a document is, and so which reader finds its URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// Plain text ([`text`]).
    Text,
    /// CommonMark with GitHub's extensions ([`markdown`]).
    Markdown,
    /// HTML ([`html`]).
    Html,
}

impl Reader {
    /// Every reader, as `--from` lists them.
    pub const ALL: [Reader; 3] = [Reader::Text, Reader::Markdown, Reader::Html];

    /// The reader of a file by its name's extension, without case: `.md` and `.markdown`
    /// are Markdown; `.html`, `.htm` and `.xhtml` HTML; anything else text.
    ///
    /// ```
    /// use uriesc::extract::Reader;
    ///
    /// assert_eq!(Reader::for_name("docs/README.MD"), Reader::Markdown);
    /// assert_eq!(Reader::for_name("index.htm"), Reader::Html);
    /// assert_eq!(Reader::for_name("notes.txt"), Reader::Text);
    /// ```
    pub fn for_name(name: &str) -> Reader {
        let extension = match name.rsplit_once('.') {
            Some((_, extension)) if !extension.contains('/') => extension,
            _ => return Reader::Text,
        };
        let is = |e: &str| extension.eq_ignore_ascii_case(e);
        if is("md") || is("markdown") {
            Reader::Markdown
        } else if is("html") || is("htm") || is("xhtml") {
            Reader::Html
        } else {
            Reader::Text
        }
    }

    /// Its name (`text`, `markdown`, `html`).
    pub fn name(self) -> &'static str {
        match self {
            Reader::Text => "text",
            Reader::Markdown => "markdown",
            Reader::Html => "html",
        }
    }

    /// What the reader reads, in a line (`--from`'s help).
    ///
    /// ```
    /// use uriesc::extract::Reader;
    ///
    /// assert!(Reader::Html.description().contains("attributes"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Reader::Text => {
                "Plain text: URLs by their scheme, delimited as RFC 3986 Appendix C says"
            }
            Reader::Markdown => {
                "CommonMark with GitHub's extensions: links, images, definitions, autolinks, bare \
                 URLs"
            }
            Reader::Html => "HTML: URL-valued attributes, CSS url(), and the text",
        }
    }
}

every_variant_in_all!(Reader: Text, Markdown, Html);

/// A name that is no reader's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownReader(pub String);

impl fmt::Display for UnknownReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = crate::visible::visible(self.0.as_bytes());
        write!(f, "no reader '{shown}': ")?;
        // The readers' names from `Reader::ALL`: `text, markdown or html`.
        let last = Reader::ALL.len() - 1;
        for (i, reader) in Reader::ALL.into_iter().enumerate() {
            let before = match i {
                0 => "",
                _ if i == last => " or ",
                _ => ", ",
            };
            write!(f, "{before}{}", reader.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownReader {}

impl FromStr for Reader {
    type Err = UnknownReader;

    /// ```
    /// use uriesc::extract::Reader;
    ///
    /// assert_eq!("html".parse(), Ok(Reader::Html));
    /// assert_eq!("rst".parse::<Reader>().unwrap_err().to_string(),
    ///            "no reader 'rst': text, markdown or html");
    /// ```
    fn from_str(name: &str) -> Result<Reader, UnknownReader> {
        Reader::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| UnknownReader(name.to_string()))
    }
}

/// What to find besides the URLs every reader finds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Also the URLs in code: Markdown's code spans and blocks, HTML's `<pre>`, `<code>`,
    /// `<script>` (read as text).
    pub include_code: bool,
    /// Also email addresses in plain text (Markdown's and HTML's are found by their own
    /// rules).
    pub emails: bool,
    /// Also domain names with no scheme in plain text: `www.example.com`, and
    /// `example.com/a` (a public suffix on the built-in list; [`text`]).
    pub schemeless: bool,
}

/// Gives `found` every URL of a whole `document`, in the order of the document.
pub fn find(reader: Reader, document: &[u8], options: &Options, found: &mut dyn FnMut(&Found<'_>)) {
    match reader {
        Reader::Text => {
            let finder = text::Text::new(options.emails).schemeless(options.schemeless);
            text::Text::all_with(finder, document, found)
        }
        Reader::Markdown => markdown::find(document, options, found),
        Reader::Html => html::find(document, options, found),
    }
}

/// A URL found in a document held whole, before its line and column are counted: the
/// document's own bytes where it is written as it is meant (most are), else decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spot<'a> {
    pub offset: usize,
    pub url: std::borrow::Cow<'a, [u8]>,
    pub kind: Kind,
}

/// Gives `found` each of `spots` in the order of the document, with its line and column.
pub(crate) fn give(document: &[u8], mut spots: Vec<Spot<'_>>, found: &mut dyn FnMut(&Found<'_>)) {
    spots.sort_by_key(|spot| spot.offset);
    let mut lines = Lines::default();
    for spot in &spots {
        let offset = spot.offset.min(document.len());
        let (line, column) = lines.at(&document[..offset], 0);
        found(&Found {
            url: &spot.url,
            kind: spot.kind,
            offset: offset as u64,
            line,
            column,
        });
    }
}

/// Whether `url` begins with a scheme (RFC 3986 §3.1) and its `:`: an absolute URI, not a
/// relative reference (§4.2).
///
/// ```
/// assert!(uriesc::extract::has_scheme(b"mailto:a@b.example"));
/// assert!(!uriesc::extract::has_scheme(b"docs/a:b"));
/// ```
pub fn has_scheme(url: &[u8]) -> bool {
    let scheme = url.iter().take_while(|&&b| b != b':').count();
    scheme < url.len()
        && url.first().is_some_and(u8::is_ascii_alphabetic)
        && url[..scheme]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

#[cfg(test)]
mod tests;
