//! `uriesc check --extract`: each input a document, and each URL found in it checked
//! ([`crate::check::Checker`]) and reported at its place in the document.

use super::document::{Documents, Source};
use super::{Found, Options, Reader};
use crate::check::{Checker, Target};
use crate::stream::{Filter, Place, RecordError, RecordFilter, Written};

/// Checks every URL of each document it is given (a [`Filter`] of records that are whole
/// inputs, as [`super::Extractor`]): a URL with a scheme as the checker's target says, a
/// relative reference as a reference (RFC 3986 §4.1); each report at the URL's line, and at
/// its column plus the problem's.
///
/// ```
/// use uriesc::check::{Checker, Options, Target};
/// use uriesc::extract::Checked;
/// use uriesc::sets::Standard;
/// use uriesc::stream::{Framing, Streamer};
/// use uriesc::report::Messages;
///
/// let options = Options::new(Standard::Rfc3986, Target::Uri);
/// let checker = Checker::new(options, Messages::buffered(Box::new(Vec::new())));
/// let checked = Checked::new(checker, None, Default::default());
/// let mut streamer = Streamer::new(checked, Framing::Document, Vec::new(), false);
/// let doc = &b"# Docs\n\nSee [a](http://a.example/ok) and [b](<http://a b.example/>).\n"[..];
/// streamer.read("README.md".into(), true, doc).unwrap();
/// let (checked, out) = streamer.finish().unwrap();
/// assert!(out.starts_with(b"README.md:3:47: error: "), "{}", String::from_utf8_lossy(&out));
/// assert_eq!((checked.checker().valid, checked.checker().invalid), (1, 1));
/// ```
pub struct Checked {
    documents: Documents,
    checker: Checker,
}

impl Checked {
    /// Checks with `checker`, reading each document with `reader` (by its name if `None`).
    pub fn new(checker: Checker, reader: Option<Reader>, options: Options) -> Checked {
        Checked {
            documents: Documents::new(reader, options),
            checker,
        }
    }

    /// The checker, with what it counted.
    pub fn checker(&self) -> &Checker {
        &self.checker
    }

    /// The checker, given back.
    pub fn into_checker(self) -> Checker {
        self.checker
    }
}

/// Checks one URL found.
fn check(checker: &mut Checker, (source, file): Source<'_>, url: &Found<'_>, out: &mut Vec<u8>) {
    let target = match super::has_scheme(url.url) {
        true => checker.options().target,
        false => Target::Reference,
    };
    let place = Place {
        source,
        file,
        line: url.line,
    };
    if checker.check_at(url.url, place, url.column, target, out) {
        out.push(b'\n');
    }
}

impl Filter for Checked {
    fn begin_record(&mut self, place: Place<'_>) {
        self.documents.begin(place);
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        let checker = &mut self.checker;
        (self.documents).piece(piece, &mut |source, url| check(checker, source, url, out));
        Ok(())
    }

    fn end_record(&mut self, _: Place<'_>, out: &mut Vec<u8>) -> Written {
        let checker = &mut self.checker;
        (self.documents).end(&mut |source, url| check(checker, source, url, out));
        Ok(false)
    }

    fn flush_messages(&mut self) -> std::io::Result<()> {
        self.checker.flush_messages()
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        self.checker.finish(out);
    }

    fn status_pending(&self) -> bool {
        self.checker.status_pending()
    }

    fn silent(&self) -> bool {
        self.checker.silent()
    }
}
