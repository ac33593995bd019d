//! `--unique` over a batch of whole records: each record's key is made a few records before it
//! is settled, and the load of its place in the table of digests started then ([`Seen`]'s
//! prefetch), so that the loads of several records overlap instead of each record waiting on
//! its own. With many distinct keys the table is bigger than the cache, and a record's probe
//! is a trip to memory: it was most of `--unique`'s time, one record after another.
//!
//! Records are still settled in input order, each written or reported as
//! [`Keyer`](super::Keyer)'s `record` settles one; only the key of the next [`AHEAD`] records is
//! held (one buffer each, reused), never a record: records stay in the caller's batch.

use std::ops::Range;

use super::Keyer;
use crate::check::Problem;
use crate::key::key;
use crate::stream::{Batch, Place, Taken, Terminators, value_len};

/// How many records ahead a key is made: enough that a record's own work (a few hundred
/// nanoseconds) covers the load of the one settled next.
pub(super) const AHEAD: usize = 8;

/// A record whose key is made but which is not settled yet.
#[derive(Debug)]
pub(super) struct Pending {
    /// The record's value in the batch.
    value: Range<usize>,
    /// Its terminator in the batch.
    terminator: Range<usize>,
    /// The key and its digest, or why there is none.
    keyed: Result<u128, Problem>,
    /// The key (`--unique --with-key` writes it).
    key: Vec<u8>,
}

impl Default for Pending {
    fn default() -> Pending {
        Pending {
            value: 0..0,
            terminator: 0..0,
            keyed: Ok(0),
            key: Vec::new(),
        }
    }
}

impl Keyer {
    /// All of `records` (each ended by `end`, the first at `first`) keyed, each written where
    /// its key is new (`--unique`), in input order.
    pub(super) fn unique_records(
        &mut self,
        records: &[u8],
        end: u8,
        first: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Taken {
        let terminators = Terminators::new(end);
        let mut pending = std::mem::take(&mut self.pending);
        let (mut at, mut head, mut held) = (0, 0, 0);
        let mut place = first;
        loop {
            // Key the records ahead, up to AHEAD of them, each table load started.
            while held < AHEAD {
                let Some(i) = terminators.find(&records[at..]) else {
                    break;
                };
                let value_end = at + value_len(&records[at..], i, end);
                let next = &mut pending[(head + held) % AHEAD];
                next.value = at..value_end;
                next.terminator = value_end..at + i + 1;
                next.key.clear();
                let record = &records[next.value.clone()];
                next.keyed = key(record, &self.options, &mut self.scratch, &mut next.key)
                    .map(|()| self.seen.digest(&next.key));
                if let Ok(digest) = next.keyed {
                    self.seen.prefetch(digest);
                }
                at += i + 1;
                held += 1;
            }
            if held == 0 {
                break;
            }
            self.settle(&pending[head], records, place, out);
            head = (head + 1) % AHEAD;
            held -= 1;
            place.line += 1;
        }
        self.pending = pending;
        Ok(Batch::Counted(place.line - first.line))
    }

    /// One record keyed ahead, settled as `record` settles it, its terminator after it.
    fn settle(&mut self, record: &Pending, records: &[u8], place: Place<'_>, out: &mut Vec<u8>) {
        let value = &records[record.value.clone()];
        match record.keyed {
            Err(ref problem) => self.settle_keyless(problem, value, place),
            Ok(digest) => {
                if self.settle_keyed(Some(digest), &record.key, value, place, out) {
                    out.extend_from_slice(&records[record.terminator.clone()]);
                }
            }
        }
    }
}

/// The buffers of the records keyed ahead, reused from batch to batch.
pub(super) fn pending() -> Vec<Pending> {
    (0..AHEAD).map(|_| Pending::default()).collect()
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::io::Write;
    use std::rc::Rc;

    use crate::key::{Keyer, Options, Output, Profile};
    use crate::report::Messages;
    use crate::stream::{Framing, Streamer, WholeRecords};

    /// What is written, where the test can read it.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// `--unique` over `input` read `read_size` bytes at a time: the output and the reports.
    fn unique(
        output: Output,
        framing: Framing,
        input: &[u8],
        read_size: usize,
    ) -> (Vec<u8>, String) {
        let messages = Shared::default();
        let keyer = Keyer::new(
            Options::new(Profile::Whatwg),
            output,
            Messages::to(Box::new(messages.clone())),
        );
        let written = Shared::default();
        let filter = WholeRecords::new(keyer);
        let mut streamer =
            Streamer::with_read_size(filter, framing, written.clone(), false, read_size);
        streamer.read("<test>".into(), false, input).unwrap();
        streamer.finish().unwrap();
        let reports = String::from_utf8(messages.0.take()).unwrap();
        (written.0.take(), reports)
    }

    /// Records keyed ahead in a batch, and records that span reads (given whole to `record`),
    /// in every mix a read size makes: each record whose key (the URL Standard's serialization)
    /// is new is written as it came, its own terminator after it (`\r\n` kept); a record with
    /// no key is reported at its own line each time it comes; a final record without a
    /// terminator is written without one.
    #[test]
    fn batches_and_split_records_keep_the_first_of_each_key_in_order() {
        let long = format!("http://c.example/{}", "a".repeat(70_000));
        let input = format!(
            "HTTP://A.example/x\r\nhttp://a.example/x\nhttp://[::1\nhttp://b.example/\r\n\
             http://B.EXAMPLE:80/\n{long}\nhttp://[::1\n{long}\r\nhttp://a.example/./x\n\
             http://d.example/"
        );
        let expected =
            format!("HTTP://A.example/x\r\nhttp://b.example/\r\n{long}\nhttp://d.example/");
        for read_size in [1, 2, 3, 7, 64, 4096, 65_536, 1 << 20] {
            let (out, reports) =
                unique(Output::Unique, Framing::Lines, input.as_bytes(), read_size);
            assert!(out == expected.as_bytes(), "read size {read_size}");
            // FILE:LINE of each report (the column is the parser's, not this test's).
            let lines: Vec<&str> = reports
                .lines()
                .map(|l| &l[..l.match_indices(':').nth(1).unwrap().0])
                .collect();
            assert_eq!(lines, ["<test>:3", "<test>:7"], "read size {read_size}");
        }
        let expected = format!(
            "http://a.example/x\tHTTP://A.example/x\r\nhttp://b.example/\thttp://b.example/\r\n\
             http://c.example/{0}\t{long}\nhttp://d.example/\thttp://d.example/",
            "a".repeat(70_000)
        );
        for read_size in [5, 1 << 20] {
            let (out, _) = unique(
                Output::UniqueKeyAndRecord,
                Framing::Lines,
                input.as_bytes(),
                read_size,
            );
            assert!(out == expected.as_bytes(), "read size {read_size}");
        }
    }

    #[test]
    fn nul_separated_records() {
        let input =
            b"http://a.example/\0http://A.example\0\0http://b.example/\0http://a.example/\0";
        for read_size in [1, 4, 1 << 20] {
            let (out, reports) = unique(Output::Unique, Framing::Null, input, read_size);
            assert_eq!(
                out, b"http://a.example/\0http://b.example/\0",
                "read size {read_size}"
            );
            assert!(reports.starts_with("<test>:3:"), "{reports}");
        }
    }
}
