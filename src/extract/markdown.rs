//! The URLs of a Markdown document: CommonMark with GitHub's extensions (tables,
//! strikethrough, task lists, footnotes, math), parsed by `pulldown-cmark`.
//!
//! * Link and image destinations (CommonMark "Links", "Images"), escapes and entity
//!   references decoded, at the destination's first character (not the `[`); a reference
//!   link's destination once, at its definition (CommonMark "Link reference definitions").
//! * `<…>` autolinks (CommonMark "Autolinks"): of a URL, or of an address (kind email).
//! * Bare URLs in text by the GFM spec's autolink extension ([`super::gfm`]); not in a link's
//!   own text, which is no autolink either.
//! * Code spans, code blocks and math skipped, unless [`Options::include_code`]: then their
//!   text is read as plain text ([`super::text`]).
//! * Raw HTML (blocks and inline tags) read by the HTML reader ([`super::html`]).
//!
//! The document is held whole. A byte that is not UTF-8 (a Markdown document is Unicode
//! text, CommonMark §2.1) is read as U+001A, a control, so that offsets stay the document's
//! and no URL takes it in.

use std::borrow::Cow;

use pulldown_cmark::{CowStr, Event, LinkType, Options as Extensions, Parser, Tag, TagEnd};

use super::places::Places;
use super::{Found, Kind, Options, Spot};

/// Gives `found` every URL of the Markdown `document`, in order.
pub fn find(document: &[u8], options: &Options, found: &mut dyn FnMut(&Found<'_>)) {
    let text = as_text(document);
    let spots = spots(&text, options);
    super::give(document, spots, found);
}

/// The document as text of the same length: each byte that is not UTF-8 made U+001A.
fn as_text(document: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(document) {
        return Cow::Borrowed(text);
    }
    let mut text = Vec::with_capacity(document.len());
    let mut rest = document;
    while !rest.is_empty() {
        let (c, len) = bstr::decode_utf8(rest);
        match c {
            Some(_) => text.extend_from_slice(&rest[..len]),
            None => text.extend(std::iter::repeat_n(0x1A, len)),
        }
        rest = &rest[len..];
    }
    // Each sequence kept is UTF-8 and each other byte ASCII.
    Cow::Owned(String::from_utf8_lossy(&text).into_owned())
}

/// The text being read in order: one run of text (adjacent text events, escapes decoded),
/// looked at for bare URLs when it ends. Most runs are the document's own bytes, one span of
/// them, and are read there; a run that is not (an escape or an entity decoded, a gap) is
/// copied, piece by piece, each with where it came from.
struct Run<'a> {
    document: &'a str,
    /// The run, while it is a span of the document: where it begins and ends.
    span: Option<(usize, usize)>,
    /// The run, once copied.
    text: Vec<u8>,
    /// Where each piece copied is in the document.
    pieces: Places,
    marks: Marks<'a>,
}

impl<'a> Run<'a> {
    fn new(document: &'a str) -> Run<'a> {
        Run {
            document,
            span: None,
            text: Vec::new(),
            pieces: Places::default(),
            marks: Marks::new(document.as_bytes()),
        }
    }

    /// Adds the text event `decoded`, whose source is `range` of the document.
    fn push(&mut self, decoded: &CowStr<'_>, range: std::ops::Range<usize>) {
        if decoded.is_empty() {
            return;
        }
        let document = self.document.as_bytes();
        // Its own bytes, where it is the document's, without comparing them.
        let own =
            address_in(self.document, decoded) == Some(range.start) && decoded.len() == range.len();
        if self.pieces.is_empty() {
            match self.span {
                None if own => return self.span = Some((range.start, range.end)),
                Some((start, end)) if own && end == range.start => {
                    return self.span = Some((start, range.end));
                }
                _ => {}
            }
            if let Some((start, end)) = self.span.take() {
                self.pieces.push(0, start, true);
                self.text.extend_from_slice(&document[start..end]);
            }
        }
        let exact = own || decoded.as_bytes() == &document[range.clone()];
        self.pieces.push(self.text.len(), range.start, exact);
        self.text.extend_from_slice(decoded.as_bytes());
    }

    /// Ends the run, and begins a new one: most events end one that is empty, so that is all
    /// this does inline.
    #[inline(always)]
    fn end(&mut self, spots: &mut Vec<Spot<'a>>) {
        if self.span.is_some() || !self.text.is_empty() {
            self.read(spots);
        }
    }

    /// Looks for GFM's autolinks in the run, and begins a new one.
    #[inline(never)]
    fn read(&mut self, spots: &mut Vec<Spot<'a>>) {
        if let Some((start, end)) = self.span.take() {
            if !self.marks.any_in(start, end) {
                return;
            }
            let run = &self.document.as_bytes()[start..end];
            for (from, to, kind) in super::gfm::autolinks(run) {
                let url = Cow::Borrowed(&run[from..to]);
                let offset = start + from;
                spots.push(Spot { offset, url, kind });
            }
            return;
        }
        for (start, end, kind) in super::gfm::autolinks(&self.text) {
            spots.push(Spot {
                offset: self.pieces.offset(start),
                url: self.text[start..end].to_vec().into(),
                kind,
            });
        }
        self.text.clear();
        self.pieces.clear();
    }
}

/// Where in the document a bare URL may be: at a `:` (of a scheme), an `@` (of an address)
/// or a `www.` ([`super::gfm`] finds none without one). Most runs of text are short and
/// have none: the next of each mark is found once, from the run that asks, and answers
/// every run before it, where asking each run would cost a search's set-up each.
struct Marks<'a> {
    document: &'a [u8],
    /// The first `:` or `@` from `from` on, and the first `www.` (the document's length:
    /// none).
    colon: usize,
    www: usize,
    /// Where the last span asked about began.
    from: usize,
    finder: memchr::memmem::Finder<'static>,
}

impl<'a> Marks<'a> {
    fn new(document: &'a [u8]) -> Marks<'a> {
        Marks {
            document,
            colon: 0,
            www: 0,
            from: 0,
            finder: memchr::memmem::Finder::new(b"www."),
        }
    }

    /// Whether the span of the document from `start` to `end` holds a mark. Spans are asked
    /// about in the document's order; one that is not is taken to hold one.
    #[inline]
    fn any_in(&mut self, start: usize, end: usize) -> bool {
        if start < self.from {
            return true;
        }
        self.from = start;
        let rest = &self.document[start..];
        if self.colon < start {
            self.colon = start + memchr::memchr2(b':', b'@', rest).unwrap_or(rest.len());
        }
        if self.www < start {
            self.www = start + self.finder.find(rest).unwrap_or(rest.len());
        }
        self.colon < end || self.www < end
    }
}

/// Where the document's raw HTML being read began and ends.
type HtmlBlock = Option<(usize, usize)>;

/// The URLs of `text`, unordered.
fn spots<'a>(text: &'a str, options: &Options) -> Vec<Spot<'a>> {
    let extensions = Extensions::ENABLE_TABLES
        | Extensions::ENABLE_STRIKETHROUGH
        | Extensions::ENABLE_TASKLISTS
        | Extensions::ENABLE_FOOTNOTES
        | Extensions::ENABLE_MATH
        | Extensions::ENABLE_GFM;
    let parser = Parser::new_ext(text, extensions).into_offset_iter();
    let mut spots = Vec::new();
    for (_, definition) in parser.reference_definitions().iter() {
        let span = definition.span.clone();
        let at = address_in(text, &definition.dest)
            .unwrap_or_else(|| destination_in(text, span.start, span.end, "]:", &definition.dest));
        push(&mut spots, text, at, &definition.dest, Kind::Link);
    }
    let (mut run, mut html) = (Run::new(text), HtmlBlock::default());
    // Links and images open (whose text is no autolink), and whether in a code block.
    let (mut in_link, mut in_code) = (0u32, false);
    for (event, range) in parser {
        if !matches!(event, Event::Html(_)) {
            read_html(text, &mut html, &mut spots, options);
        }
        if !matches!(event, Event::Text(_)) || in_code || in_link > 0 {
            run.end(&mut spots);
        }
        let source = || &text[range.clone()];
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                in_link += 1;
                link(text, range.clone(), link_type, &dest_url, &mut spots, false);
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                in_link += 1;
                link(text, range.clone(), link_type, &dest_url, &mut spots, true);
            }
            Event::End(TagEnd::Link | TagEnd::Image) => in_link = in_link.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(decoded) if !in_code && in_link == 0 => run.push(&decoded, range.clone()),
            // Code: a code block's text, a code span, math.
            Event::Text(_) if in_code && options.include_code => {
                code(source(), range.start, &mut spots)
            }
            Event::Code(_) | Event::InlineMath(_) | Event::DisplayMath(_)
                if options.include_code =>
            {
                code(source(), range.start, &mut spots)
            }
            Event::Html(_) => match &mut html {
                Some((_, end)) if *end == range.start => *end = range.end,
                _ => {
                    read_html(text, &mut html, &mut spots, options);
                    html = Some((range.start, range.end));
                }
            },
            // One tag, comment, declaration or the like (CommonMark "Raw HTML"): it has no
            // text, and an attribute's value follows a `=`, so without one it has no URL.
            Event::InlineHtml(tag) if memchr::memchr(b'=', tag.as_bytes()).is_some() => {
                html_spots(source(), range.start, options, &mut spots)
            }
            _ => {}
        }
    }
    run.end(&mut spots);
    read_html(text, &mut html, &mut spots, options);
    spots
}

/// Reads the raw HTML block gathered, if any.
fn read_html(text: &str, html: &mut HtmlBlock, spots: &mut Vec<Spot<'_>>, options: &Options) {
    if let Some((start, end)) = html.take() {
        // Its URLs are attribute values (after a `=`), URLs in its text (a scheme's `:`), CSS
        // `url(…)`s, or any of these behind a character reference (`&`): without one of
        // those bytes it has none (a `<details>` or `</div>` line).
        let block = &text[start..end];
        if block
            .bytes()
            .any(|b| matches!(b, b'=' | b':' | b'&' | b'('))
        {
            html_spots(block, start, options, spots);
        }
    }
}

/// The URLs of a piece of raw HTML at `at`.
fn html_spots(html: &str, at: usize, options: &Options, spots: &mut Vec<Spot<'_>>) {
    super::html::spots(html.as_bytes(), options, &mut |mut spot| {
        spot.offset += at;
        spots.push(spot);
    });
}

/// The URLs of code (its source, at `at`), read as plain text.
fn code(source: &str, at: usize, spots: &mut Vec<Spot<'_>>) {
    super::text::Text::all(source.as_bytes(), false, &mut |url| {
        spots.push(Spot {
            offset: at + url.offset as usize,
            url: url.url.to_vec().into(),
            kind: url.kind,
        });
    });
}

/// A link's or image's destination, where its source is `range`.
fn link<'a>(
    text: &'a str,
    range: std::ops::Range<usize>,
    link_type: LinkType,
    dest: &CowStr<'_>,
    spots: &mut Vec<Spot<'a>>,
    image: bool,
) {
    let kind = match (link_type, image) {
        (LinkType::Autolink, _) => Kind::Autolink,
        (LinkType::Email, _) => Kind::Email,
        (LinkType::Inline, true) => Kind::Image,
        (LinkType::Inline, false) => Kind::Link,
        // A reference link's destination is its definition's, found there.
        _ => return,
    };
    let at = address_in(text, dest).unwrap_or_else(|| match kind {
        Kind::Autolink | Kind::Email => range.start + 1,
        _ => destination_in(text, range.start, range.end, "](", dest),
    });
    push(spots, text, at, dest, kind);
}

/// The offset in `text` of `piece`, where it is the document's own bytes: pulldown-cmark
/// gives a string `Borrowed` from the text it parses when nothing in it was decoded, and its
/// address less the text's is then where it is. Comparing addresses needs no `unsafe`; a
/// string not inside `text` (decoded, so owned) has none.
fn address_in(text: &str, piece: &CowStr<'_>) -> Option<usize> {
    let CowStr::Borrowed(piece) = piece else {
        return None;
    };
    let at = (piece.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (at + piece.len() <= text.len()).then_some(at)
}

/// Keeps `url`, at `offset` of `text`: as the text's own bytes where it is them.
fn push<'a>(spots: &mut Vec<Spot<'a>>, text: &'a str, offset: usize, url: &str, kind: Kind) {
    if url.is_empty() {
        return;
    }
    let url = match text.as_bytes().get(offset..offset + url.len()) {
        Some(own) if own.as_ptr() == url.as_ptr() => Cow::Borrowed(own),
        _ => Cow::Owned(url.as_bytes().to_vec()),
    };
    spots.push(Spot { offset, url, kind });
}

/// Where the destination `dest` begins in `text[start..end]`, after the last `opener` (`](`
/// of a link, `]:` of a definition) that it follows (after whitespace and a `<`): the last
/// opener, where the destination is not there as it is written (an escape, an entity).
fn destination_in(text: &str, start: usize, end: usize, opener: &str, dest: &str) -> usize {
    let source = &text[start..end];
    let after = |i: usize| {
        let rest = &source[i + opener.len()..];
        let skipped = rest.len() - rest.trim_start().len();
        let rest = &rest[skipped..];
        let angle = usize::from(rest.starts_with('<'));
        (
            i + opener.len() + skipped + angle,
            rest[angle..].starts_with(dest),
        )
    };
    // From the end, where a link's own opener is (only its destination and title follow it),
    // and at most `OPENERS` of them: a link nested in others is inside each of their spans,
    // and reading every opener of every span would be quadratic in the nesting.
    const OPENERS: usize = 16;
    let mut last = None;
    for (i, _) in source.rmatch_indices(opener).take(OPENERS) {
        let (at, same) = after(i);
        if same {
            return start + at;
        }
        last.get_or_insert(at);
    }
    start + last.unwrap_or(0)
}
