//! Text outside the host that a reader takes for a domain name: the domain of a `mailto:`
//! address (RFC 6068 §2), a URL or a domain in a query or fragment value (a redirect's
//! target), a domain in the user information. Its labels are decoded only where the host
//! policy (`idn.rs`, Chromium's) would show them in a host: `?to=https://%D0%B0%D1%80%D1%80
//! %D3%8F%D0%B5.com/` is not shown as `?to=https://аррӏе.com/`.
//!
//! The text is the run of label characters around an escape that decodes beyond ASCII:
//! letters, digits, `-`, `_`, `.`, bytes beyond ASCII and the escapes of any of them (an
//! escape of another ASCII character, such as `%40` or `%20`, ends it). It is a domain if a
//! `.` parts it into two labels or more, none empty, the last not all digits. So that a
//! decision reads a bounded number of bytes (and so is the same whether the record comes whole
//! or in pieces), at most [`WINDOW`] bytes are read on each side, and a run that long is no
//! domain (no DNS name is: RFC 1035 §2.3.4).

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;

use super::idn::decide;
use crate::sets::pct_encoded;
use crate::spoof::TopDomains;

/// The most bytes read on each side of an escape, and the length from which a run is no
/// domain: a DNS name has at most 253 octets, each written in up to three bytes when escaped.
pub(super) const WINDOW: usize = 253 * 3;

/// The runs decided in one buffer: the last one, and the spans of its labels that stay
/// encoded. A run is the same whichever of its escapes it is found from (its bounds are found
/// within [`WINDOW`] bytes each side, and a run as long is no domain), so it is decided once
/// for all its escapes. One `Runs` serves one buffer while the buffer does not change.
#[derive(Default)]
pub(super) struct Runs {
    span: Range<usize>,
    kept: Vec<Range<usize>>,
}

impl Runs {
    /// Whether the escape at `i` of `input` (one that decodes beyond ASCII) is in text taken
    /// for a domain whose label there the host policy keeps in ASCII: then it stays encoded.
    pub(super) fn kept_encoded(&mut self, input: &[u8], i: usize) -> bool {
        if !self.span.contains(&i) {
            self.decide(input, i);
        }
        self.kept.iter().any(|label| label.contains(&i))
    }

    fn decide(&mut self, input: &[u8], i: usize) {
        let (start, end) = (run_start(input, i), run_end(input, i));
        self.span = start..end;
        self.kept.clear();
        let run = &input[start..end];
        if end - start >= WINDOW || !run.contains(&b'.') {
            return;
        }
        let labels: Vec<&[u8]> = run.split(|&b| b == b'.').collect();
        let last = labels[labels.len() - 1];
        if labels.iter().any(|l| l.is_empty()) || last.iter().all(u8::is_ascii_digit) {
            return;
        }
        let kept = kept_labels(run, labels.len());
        let mut from = start;
        for (label, kept) in labels.iter().zip(kept) {
            if kept {
                self.kept.push(from..from + label.len());
            }
            from += label.len() + 1;
        }
    }
}

thread_local! {
    /// The runs decided last, by their bytes, and which of their labels stay encoded: a query
    /// that names domains names few, and the policy takes microseconds a run. At most
    /// [`DECIDED`] are kept, all forgotten when full.
    static KEPT: RefCell<HashMap<Vec<u8>, Vec<bool>>> = RefCell::new(HashMap::new());
}

/// The most runs [`KEPT`] holds.
const DECIDED: usize = 64;

/// Which of the `count` labels of `run` the host policy keeps in ASCII, shown as a special
/// URL's host.
fn kept_labels(run: &[u8], count: usize) -> Vec<bool> {
    if let Some(kept) = KEPT.with_borrow(|kept| kept.get(run).cloned()) {
        return kept;
    }
    let mut shown = Vec::with_capacity(run.len());
    decide(run, true, false, TopDomains::built_in(), &mut shown);
    let shown: Vec<&[u8]> = shown.split(|&b| b == b'.').collect();
    let kept: Vec<bool> = (0..count)
        .map(|k| shown.len() != count || shown[k].is_ascii())
        .collect();
    KEPT.with_borrow_mut(|cache| {
        if cache.len() >= DECIDED {
            cache.clear();
        }
        cache.insert(run.to_vec(), kept.clone());
    });
    kept
}

/// The length of the unit of a run at `j` (a byte, or an escape of one), if one starts there.
fn unit(input: &[u8], j: usize) -> Option<usize> {
    match input[j] {
        b'%' => match pct_encoded(input, j) {
            Some(v) if !v.is_ascii() || label_byte(v) => Some(3),
            _ => None,
        },
        b if !b.is_ascii() || label_byte(b) || b == b'.' => Some(1),
        _ => None,
    }
}

fn label_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Where the run that holds the unit at `i` starts, looking back [`WINDOW`] bytes at most. An
/// escape is recognised from its last byte: `%` two bytes before.
fn run_start(input: &[u8], i: usize) -> usize {
    let floor = i.saturating_sub(WINDOW);
    let mut start = i;
    while start > floor {
        let escape =
            start >= 3 && input[start - 3] == b'%' && pct_encoded(input, start - 3).is_some();
        let len = if escape { 3 } else { 1 };
        if start - len < floor || unit(input, start - len) != Some(len) {
            break;
        }
        start -= len;
    }
    start
}

/// Where the run that holds the unit at `i` ends, looking [`WINDOW`] bytes ahead at most.
fn run_end(input: &[u8], i: usize) -> usize {
    let ceiling = input.len().min(i + WINDOW);
    let mut end = i;
    while end < ceiling {
        match unit(input, end) {
            Some(len) if end + len <= ceiling => end += len,
            _ => break,
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::Runs;

    fn kept_encoded(input: &[u8], i: usize) -> bool {
        Runs::default().kept_encoded(input, i)
    }

    #[test]
    fn domains_beyond_the_host() {
        let at = |s: &str| s.find("%D0").unwrap();
        for kept in [
            "mailto:support@p%D0%B0ypal.com",
            "http://h/?to=https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
            "http://h/#%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com",
        ] {
            assert!(kept_encoded(kept.as_bytes(), at(kept)), "{kept}");
        }
        for shown in [
            // No dot: a word, not a domain.
            "http://h/?q=%D0%B0%D1%80%D1%80%D3%8F%D0%B5",
            // A Cyrillic domain under a Cyrillic TLD.
            "http://h/?to=%D0%B0%D1%80%D1%80%D3%8F%D0%B5.%D1%80%D1%84",
            // An escape of `@` ends the run: `support` is no part of it.
            "http://h/?q=%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82%40x.com",
        ] {
            assert!(!kept_encoded(shown.as_bytes(), at(shown)), "{shown}");
        }
    }
}
