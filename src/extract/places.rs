//! Where each byte of a decoded text is in the document it was decoded from, so that a URL
//! found in the text is at its own place, not at the text's start. The text is pieces, each
//! either the document's own bytes (a byte is as far into the document as into the piece) or
//! decoded from them (an HTML character reference, a Markdown escape or entity: each of its
//! bytes is at the piece's start). The HTML reader's values (their pieces found by
//! `references.rs`) and the Markdown reader's runs of text are such texts.

/// The pieces of a decoded text, in its order: each with its start in the text, its start in
/// the document, and whether it is the document's bytes as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Places {
    pieces: Vec<(usize, usize, bool)>,
}

impl Places {
    /// A text of one piece, at `at` in the document: its bytes as they are where `exact`.
    pub(super) fn one(at: usize, exact: bool) -> Places {
        Places {
            pieces: vec![(0, at, exact)],
        }
    }

    /// Adds the piece that begins at `start` of the text (after the pieces before it) and at
    /// `at` in the document; the document's bytes as they are where `exact`.
    pub(super) fn push(&mut self, start: usize, at: usize, exact: bool) {
        self.pieces.push((start, at, exact));
    }

    /// Whether there is no piece.
    pub(super) fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// No piece, for the next text.
    pub(super) fn clear(&mut self) {
        self.pieces.clear();
    }

    /// The document offset of the text's byte at `i`.
    pub(super) fn offset(&self, i: usize) -> usize {
        let k = self.pieces.partition_point(|&(start, ..)| start <= i);
        match self.pieces.get(k.wrapping_sub(1)) {
            Some(&(start, at, true)) => at + (i - start),
            Some(&(_, at, false)) => at,
            None => 0,
        }
    }
}
