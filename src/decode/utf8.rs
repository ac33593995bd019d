//! The incremental UTF-8 check of `decode --utf8 strict|lossy`: decoded bytes are checked as
//! they come, a sequence may span escapes and reads, and a maximal subpart of an ill-formed
//! sequence is one error or one U+FFFD (Unicode §3.9, "U+FFFD Substitution of Maximal
//! Subparts"), as the standard library's `from_utf8_lossy` does; and the modes ([`Utf8`]).

use super::{At, Columns, Pos};
use crate::percent::percent_encode_byte;
use crate::stream::RecordError;

/// What to do with decoded bytes that are not UTF-8 (RFC 3629; a maximal subpart of an
/// ill-formed sequence counts as one, as the Unicode Standard §3.9 says).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Utf8 {
    /// Write the decoded bytes as they are, UTF-8 or not.
    #[default]
    Raw,
    /// Stop at the first ill-formed UTF-8 sequence, with an error that gives its position.
    Strict,
    /// Write U+FFFD REPLACEMENT CHARACTER for each maximal subpart of an ill-formed sequence,
    /// as the Encoding Standard's "UTF-8 decode" does.
    Lossy,
}

impl Utf8 {
    /// Every mode, in the order `--utf8` lists them.
    pub const ALL: [Utf8; 3] = [Utf8::Raw, Utf8::Strict, Utf8::Lossy];

    /// Its name on the command line.
    ///
    /// ```
    /// use uriesc::decode::Utf8;
    ///
    /// assert_eq!(Utf8::ALL.map(Utf8::name), ["raw", "strict", "lossy"]);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Utf8::Raw => "raw",
            Utf8::Strict => "strict",
            Utf8::Lossy => "lossy",
        }
    }

    /// What it does, in a line (`--utf8`'s help), as a stream of records decodes
    /// ([`super::DecodeStream`]): a strict one reports and goes on.
    pub const fn description(self) -> &'static str {
        match self {
            Utf8::Raw => "Write the decoded bytes as they are",
            Utf8::Strict => {
                "Report each invalid UTF-8 sequence at its place and write it as raw does (status 1)"
            }
            Utf8::Lossy => "Write U+FFFD for each invalid sequence",
        }
    }
}

every_variant_in_all!(Utf8: Raw, Strict, Lossy);

/// An incremental UTF-8 check of decoded bytes (RFC 3629 §4; maximal subparts as in the
/// Unicode Standard §3.9, "U+FFFD Substitution of Maximal Subparts").
///
/// The classification is the standard library's: runs go through `str::from_utf8`, and the
/// bytes of a sequence that spans escapes or pieces are held (at most four) and judged by
/// `Utf8Error::error_len`, which says whether they are a prefix of a character still to be
/// completed (`None`) or how long the maximal subpart of an ill-formed sequence is.
#[derive(Clone, Debug)]
pub(super) struct Utf8Check {
    pub(super) lossy: bool,
    /// The bytes of the sequence begun so far: a prefix of a character, never a whole one.
    seq: [u8; 4],
    len: usize,
    /// Where the sequence began.
    start: Pos,
    /// The sequence began with a byte decoded from an escape (`%E9`), not a raw one.
    escaped: bool,
    /// Not lossy: an ill-formed sequence is kept in `problems` and written as it is, rather
    /// than an error that ends the record (the decoder's judging).
    pub(super) judging: bool,
    pub(super) problems: Vec<RecordError>,
}

const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

impl Utf8Check {
    pub(super) fn new(lossy: bool) -> Self {
        Utf8Check {
            lossy,
            seq: [0; 4],
            len: 0,
            start: Pos::At(At::default()),
            escaped: false,
            judging: false,
            problems: Vec::new(),
        }
    }

    /// Decoded bytes taken as they are from `piece[offset..]`.
    pub(super) fn run(
        &mut self,
        run: &[u8],
        offset: usize,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        let mut i = 0;
        while i < run.len() {
            if self.len == 0 {
                let rest = &run[i..];
                let valid = match std::str::from_utf8(rest) {
                    Ok(_) => rest.len(),
                    Err(e) => e.valid_up_to(),
                };
                out.extend_from_slice(&rest[..valid]);
                i += valid;
                if i == run.len() {
                    break;
                }
            }
            self.byte(run[i], false, Pos::Offset(offset + i), piece, columns, out)?;
            i += 1;
        }
        Ok(())
    }

    /// One byte, `escaped` if it was decoded from an escape (not taken as it came).
    pub(super) fn byte(
        &mut self,
        b: u8,
        escaped: bool,
        pos: Pos,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        if self.len == 0 {
            if b.is_ascii() {
                out.push(b);
                return Ok(());
            }
            self.escaped = escaped;
            self.start = pos;
        }
        self.seq[self.len] = b;
        self.len += 1;
        let error = match std::str::from_utf8(&self.seq[..self.len]) {
            Ok(_) => {
                out.extend_from_slice(&self.seq[..std::mem::take(&mut self.len)]);
                return Ok(());
            }
            Err(error) => error,
        };
        // The held bytes were a prefix of a character, so the error is at their start.
        debug_assert_eq!(error.valid_up_to(), 0);
        let Some(subpart) = error.error_len() else {
            // Still a prefix of a character: wait for the next byte.
            return Ok(());
        };
        // A maximal subpart, all of the held bytes but (at most) `b`, which may begin the
        // next character.
        let (seq, len) = (self.seq, std::mem::take(&mut self.len));
        self.invalid(
            &seq[..subpart],
            self.escaped,
            self.start,
            piece,
            columns,
            out,
        )?;
        if subpart < len {
            debug_assert_eq!(subpart + 1, len);
            self.byte(b, escaped, pos, piece, columns, out)?;
        }
        Ok(())
    }

    pub(super) fn invalid(
        &mut self,
        bytes: &[u8],
        escaped: bool,
        pos: Pos,
        piece: &[u8],
        columns: &Columns,
        out: &mut Vec<u8>,
    ) -> Result<(), RecordError> {
        if self.lossy {
            out.extend_from_slice(REPLACEMENT);
            return Ok(());
        }
        // A raw byte is named as a byte, not as an escape the user never wrote.
        let what = match (escaped, bytes) {
            (true, _) => format!("decoded bytes {} are", hex_escapes(bytes)),
            (_, [b]) => format!("byte 0x{b:02X} is"),
            _ => format!("bytes {} are", hex_bytes(bytes)),
        };
        let at = columns.at(piece, pos);
        let problem = RecordError {
            offset: at.offset,
            column: at.column,
            // RFC 3629 §4: the grammar of a UTF-8 character.
            rule: "UTF8-char",
            message: format!(
                "{what} not UTF-8; use --utf8 lossy to write U+FFFD in their place, or --utf8 \
                 raw to keep them"
            ),
            quote: bytes.to_vec(),
        };
        if !self.judging {
            return Err(problem);
        }
        self.problems.push(problem);
        out.extend_from_slice(bytes);
        Ok(())
    }

    /// The piece ends: a sequence begun in it keeps its place in the record, not its offset
    /// in the piece.
    pub(super) fn end_piece(&mut self, piece: &[u8], columns: &Columns) {
        if self.len > 0 {
            self.start = Pos::At(columns.at(piece, self.start));
        }
    }

    pub(super) fn end_record(&mut self, out: &mut Vec<u8>) -> Result<(), RecordError> {
        if self.len > 0 {
            let seq = self.seq;
            let len = std::mem::take(&mut self.len);
            let (escaped, start) = (self.escaped, self.start);
            self.invalid(&seq[..len], escaped, start, &[], &Columns::default(), out)?;
        }
        Ok(())
    }
}

/// `bytes` as `%XX` escapes, the way the user wrote them (or would have).
fn hex_escapes(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| percent_encode_byte(b)).collect()
}

/// `bytes` as `0xC3 0x28`.
fn hex_bytes(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
    hex.join(" ")
}
