//! Where an offset is as a person counts: its line, and its column in characters, both from 1
//! (as every uriesc report counts, and `rg --vimgrep`).

/// Counts lines and columns over a document read in order, each byte once: the offsets asked
/// for never go back.
#[derive(Clone, Copy, Debug)]
pub struct Lines {
    /// The offset up to which the document has been counted.
    counted: u64,
    /// The line of `counted`, from 1.
    line: u64,
    /// The characters on that line before `counted`.
    chars: u64,
}

impl Default for Lines {
    fn default() -> Lines {
        Lines {
            counted: 0,
            line: 1,
            chars: 0,
        }
    }
}

impl Lines {
    /// Counts `bytes`, the document from offset `base`, up to its end: only the bytes not
    /// counted before. A line ends at `\n` (a `\r` before it is the end of its line).
    pub fn pass(&mut self, bytes: &[u8], base: u64) {
        let end = base + bytes.len() as u64;
        if end <= self.counted {
            return;
        }
        let from = self.counted.saturating_sub(base) as usize;
        let new = &bytes[from..];
        match memchr::memrchr(b'\n', new) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', new).count() as u64;
                self.chars = crate::excerpt::count_chars(&new[last + 1..]);
            }
            None => self.chars += crate::excerpt::count_chars(new),
        }
        self.counted = end;
    }

    /// The line and column (from 1) of the offset at the end of `before`, the document from
    /// offset `base`.
    pub fn at(&mut self, before: &[u8], base: u64) -> (u64, u64) {
        self.pass(before, base);
        (self.line, self.chars + 1)
    }
}
