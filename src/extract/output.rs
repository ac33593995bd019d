//! `uriesc extract`'s engine: each input a document ([`crate::stream::Framing::Document`]),
//! read by its reader, each URL written as a record of its own.

use serde::Serialize;

use super::document::{Documents, Source};
use super::{Found, Kind, Options, Reader};
use crate::report::json::StringOrData;
use crate::stream::{Filter, Place, RecordError, Written};

/// How each URL is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Output {
    /// The URL alone, as the document means it, byte for byte.
    #[default]
    Urls,
    /// `SOURCE:LINE:COLUMN:URL`, as `rg --vimgrep` and `grep -Hn` write a match.
    Positions,
    /// A JSON object a line: `source`, `line`, `column`, `offset`, `url`, `kind`.
    Json,
}

/// What `extract` finds and how it writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The reader of every input; `None`: by each file's name ([`Reader::for_name`]), text
    /// for stdin.
    pub reader: Option<Reader>,
    /// What to find besides URLs.
    pub options: Options,
    /// How to write each URL.
    pub output: Output,
    /// Each URL ends with NUL, not a newline (not in JSON, whose lines are JSON texts).
    pub null: bool,
    /// Only URLs with a scheme (RFC 3986 §4.3), not relative references or addresses.
    pub absolute: bool,
    /// Each URL once, the first time it is found (all the URLs found are kept to know).
    pub unique: bool,
}

/// Finds the URLs of each document it is given (a [`Filter`] of records that are whole
/// inputs), and writes them.
///
/// ```
/// use uriesc::extract::{Extractor, Output, Settings};
/// use uriesc::stream::{Framing, Streamer};
///
/// let settings = Settings { output: Output::Positions, ..Settings::default() };
/// let mut streamer = Streamer::new(Extractor::new(settings), Framing::Document, Vec::new(), false);
/// streamer.read("notes.txt".into(), true, &b"see\n  http://example.com/x.\n"[..]).unwrap();
/// let (extractor, out) = streamer.finish().unwrap();
/// assert_eq!(out, b"notes.txt:2:3:http://example.com/x\n");
/// assert_eq!(extractor.found(), 1);
/// ```
#[derive(Debug)]
pub struct Extractor {
    documents: Documents,
    sink: Sink,
}

/// Where the URLs found go.
#[derive(Debug)]
struct Sink {
    settings: Settings,
    /// The URLs written, as digests (`--unique`).
    seen: crate::seen::Seen,
    /// URLs written.
    found: u64,
}

impl Extractor {
    /// An extractor with `settings`.
    pub fn new(settings: Settings) -> Extractor {
        Extractor {
            documents: Documents::new(settings.reader, settings.options),
            sink: Sink {
                settings,
                seen: crate::seen::Seen::new(),
                found: 0,
            },
        }
    }

    /// How many URLs it has written.
    pub fn found(&self) -> u64 {
        self.sink.found
    }
}

impl Sink {
    /// Writes `url`, found in `source`, unless a setting leaves it out.
    fn write(&mut self, (source, _): Source<'_>, url: &Found<'_>, out: &mut Vec<u8>) {
        let settings = &self.settings;
        if settings.absolute && !super::has_scheme(url.url) {
            return;
        }
        if settings.unique && !self.seen.insert(url.url) {
            return;
        }
        self.found += 1;
        let mut number = itoa::Buffer::new();
        match settings.output {
            Output::Urls => out.extend_from_slice(url.url),
            Output::Positions => {
                out.extend_from_slice(source.as_bytes());
                out.push(b':');
                out.extend_from_slice(number.format(url.line).as_bytes());
                out.push(b':');
                out.extend_from_slice(number.format(url.column).as_bytes());
                out.push(b':');
                out.extend_from_slice(url.url);
            }
            Output::Json => {
                let object = Object {
                    source,
                    line: url.line,
                    column: url.column,
                    offset: url.offset,
                    url: StringOrData(url.url),
                    kind: url.kind,
                };
                crate::report::json::write(&object, out);
            }
        }
        let json = settings.output == Output::Json;
        out.push(if settings.null && !json { b'\0' } else { b'\n' });
    }
}

impl Filter for Extractor {
    fn begin_record(&mut self, place: Place<'_>) {
        self.documents.begin(place);
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        let sink = &mut self.sink;
        (self.documents).piece(piece, &mut |source, url| sink.write(source, url, out));
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Written {
        let sink = &mut self.sink;
        (self.documents).end(&mut |source, url| sink.write(source, url, out));
        Ok(false)
    }
}

/// A URL as `--format json` writes it.
#[derive(Serialize)]
struct Object<'a> {
    source: &'a str,
    line: u64,
    column: u64,
    offset: u64,
    url: StringOrData<'a>,
    kind: Kind,
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}
