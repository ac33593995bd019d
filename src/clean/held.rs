//! A run of C0 controls and spaces that `clean` holds back at the end of a long record, until
//! what follows shows whether the record ends there (url.bs basic URL parser: "Remove any
//! leading and trailing C0 control or space"), and before a long record's head.

/// A run of C0 controls and spaces (url.bs "C0 control or space"), held back: as the count of
/// each byte in a row, so that a run of one byte (spaces, most often) takes no memory whatever
/// its length, and a run that changes bytes a pair for each change.
#[derive(Debug, Default)]
pub(super) struct HeldRun {
    runs: Vec<(u8, usize)>,
}

impl HeldRun {
    /// Holds `bytes` after those held.
    pub(super) fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            match self.runs.last_mut() {
                Some((last, n)) if *last == b => *n += 1,
                _ => self.runs.push((b, 1)),
            }
        }
    }

    /// Whether nothing is held.
    pub(super) fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The bytes held, in pieces of at most a few KiB, and none held after.
    pub(super) fn take(&mut self, mut piece: impl FnMut(&[u8])) {
        while !self.take_some(usize::MAX, &mut piece) {}
    }

    /// The first `max` bytes held (or all, if fewer), in pieces of at most a few KiB, and
    /// those no longer held; returns whether none is held after.
    pub(super) fn take_some(&mut self, max: usize, mut piece: impl FnMut(&[u8])) -> bool {
        const PIECE: usize = 4096;
        let (mut left, mut runs) = (max, 0);
        for (b, n) in &mut self.runs {
            let block = [*b; PIECE];
            let k = (*n).min(left);
            let mut rest = k;
            while rest > 0 {
                let m = rest.min(PIECE);
                piece(&block[..m]);
                rest -= m;
            }
            (*n, left) = (*n - k, left - k);
            if *n > 0 {
                break;
            }
            runs += 1;
        }
        self.runs.drain(..runs);
        self.runs.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::HeldRun;

    #[test]
    fn gives_back_what_it_holds_in_pieces() {
        let mut run = HeldRun::default();
        let mut bytes = b" \t\t\0 ".to_vec();
        bytes.extend(std::iter::repeat_n(b' ', 10_000));
        bytes.push(b'\r');
        run.push(&bytes[..3]);
        run.push(&bytes[3..]);
        // Runs of one byte are counted: five of them here.
        assert_eq!(run.runs.len(), 5);
        let (mut out, mut pieces) = (Vec::new(), Vec::new());
        run.take(|piece| {
            pieces.push(piece.len());
            out.extend_from_slice(piece);
        });
        assert_eq!(out, bytes);
        assert!(pieces.iter().all(|&n| n <= 4096), "{pieces:?}");
        let mut again = Vec::new();
        run.take(|piece| again.extend_from_slice(piece));
        assert!(again.is_empty() && run.is_empty());
    }

    #[test]
    fn gives_back_a_part_at_a_time() {
        let mut run = HeldRun::default();
        let bytes = [&[b'\t'; 5][..], &[b' '; 9000], b"\r"].concat();
        run.push(&bytes);
        let mut out = Vec::new();
        let mut calls = 0;
        while !run.take_some(4000, |piece| out.extend_from_slice(piece)) {
            calls += 1;
            assert_eq!(out.len(), 4000 * calls);
        }
        assert_eq!(out, bytes);
        assert_eq!(calls, 2);
    }
}
