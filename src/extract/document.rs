//! The document being read: which reader reads it, and what it holds of it (the text finder's
//! state, or a Markdown or HTML document whole), for the filters that take each input as a
//! document ([`super::Extractor`], [`super::Checked`]).

use super::text::Text;
use super::{Found, Options, Reader};
use crate::stream::Place;

/// Where a URL was found: the document's name, and whether it is a named file.
pub type Source<'a> = (&'a str, bool);

/// Reads one document after another, each given in pieces.
#[derive(Debug)]
pub(crate) struct Documents {
    /// The reader `--from` chose, if any.
    choice: Option<Reader>,
    options: Options,
    /// The reader of the document being read.
    reader: Reader,
    /// Its name, and whether it is a named file.
    source: String,
    file: bool,
    /// The plain-text finder, which streams.
    text: Text,
    /// A Markdown or HTML document, held whole.
    document: Vec<u8>,
}

impl Documents {
    pub(crate) fn new(choice: Option<Reader>, options: Options) -> Documents {
        Documents {
            choice,
            options,
            reader: Reader::Text,
            source: String::new(),
            file: false,
            text: Text::new(options.emails).schemeless(options.schemeless),
            document: Vec::new(),
        }
    }

    /// A document begins at `place`: its reader by `--from`, else by its name (text for
    /// stdin).
    pub(crate) fn begin(&mut self, place: Place<'_>) {
        self.reader = match (self.choice, place.file) {
            (Some(reader), _) => reader,
            (None, true) => Reader::for_name(place.source),
            (None, false) => Reader::Text,
        };
        self.source = place.source.to_string();
        self.file = place.file;
    }

    /// The document's next piece: `found` is given each URL found in it so far.
    pub(crate) fn piece(&mut self, piece: &[u8], found: &mut dyn FnMut(Source<'_>, &Found<'_>)) {
        match self.reader {
            Reader::Text => {
                let source = (self.source.as_str(), self.file);
                self.text.piece(piece, &mut |url| found(source, url));
            }
            Reader::Markdown | Reader::Html => self.document.extend_from_slice(piece),
        }
    }

    /// The document has ended: `found` is given the URLs left.
    pub(crate) fn end(&mut self, found: &mut dyn FnMut(Source<'_>, &Found<'_>)) {
        let source = (self.source.as_str(), self.file);
        let found = &mut |url: &Found<'_>| found(source, url);
        match self.reader {
            Reader::Text => self.text.end(found),
            reader => super::find(reader, &self.document, &self.options, found),
        }
        // The memory of a large document goes back; a small one's is kept for the next.
        self.document.clear();
        self.document.shrink_to(crate::stream::READ_SIZE);
    }
}
