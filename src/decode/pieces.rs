//! A record in pieces: the decoder's own piece-by-piece API, the same work as its
//! [`Filter`] side without the streamer.

use super::*;

impl Decoder {
    /// Decodes the next piece of the current record into `out`. An escape or a UTF-8
    /// sequence may begin in one piece and end in the next: the decoder keeps what it needs.
    /// The record ends with [`Decoder::finish`].
    ///
    /// ```
    /// use uriesc::decode::{Decoder, Options};
    ///
    /// let mut decoder = Decoder::new(Options::default());
    /// let mut out = Vec::new();
    /// // "%E4%B8%AD" cut in three, inside its escapes.
    /// for piece in [&b"a%E"[..], b"4%B8%", b"AD"] {
    ///     decoder.decode(piece, &mut out).unwrap();
    /// }
    /// decoder.finish(&mut out).unwrap();
    /// assert_eq!(out, "a中".as_bytes());
    ///
    /// // Strict: "%zz" cut after its "%" is an error at the "%": byte 3 of the record (after
    /// // the two bytes of "é" and the "a"), its third character.
    /// let mut strict = Decoder::new(Options { strict: true, ..Options::default() });
    /// strict.decode("éa%".as_bytes(), &mut out).unwrap();
    /// strict.decode(b"z", &mut out).unwrap();
    /// let error = strict.decode(b"z", &mut out).unwrap_err();
    /// assert_eq!((error.offset, error.column), (3, 3));
    /// ```
    pub fn decode(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        match piece.is_empty() {
            true => Ok(()),
            false => Filter::piece(self, piece, out),
        }
    }

    /// Ends the record, writing to `out` what an escape or a UTF-8 sequence left open by the
    /// last piece becomes (or the strict options' error for it).
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.columns.new_record();
        self.report_pending();
        self.finish_escape(out)?;
        match &mut self.utf8 {
            Some(check) => check.end_record(out),
            None => Ok(()),
        }
    }
}
