//! Where a record's host is, and how it is shown: one policy for a host wherever its
//! non-ASCII came from (percent-escapes, raw Unicode, or `xn--` labels with `--idna`).
//!
//! The decision for a host that holds an escape or a byte beyond ASCII, or whose `xn--`
//! labels are asked for in Unicode, is `idn.rs`'s; the hosts decided last are kept
//! ([`Decided`]).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use super::idn::{Reason, decide, has_punycode};
use crate::sets::pct_encoded;
use crate::spoof::TopDomains;
use crate::uri::{self, HeadScanner};

/// What is known of a record's host from the bytes read so far.
pub(super) enum Head {
    /// The host is at this span; the authority ends before the next bytes.
    Host(Range<usize>),
    /// The record has no authority (RFC 3986 Appendix B), so no host.
    None,
    /// More bytes are needed to tell.
    Incomplete,
}

/// What `scanner`, which has read the record so far, says of its host: pretty-print reads a
/// host only after a scheme valid by RFC 3986 §3.1 and `//`, in the authority that the first
/// `/`, `?` or `#` ends (§3, Appendix B). `record`: the bytes read.
pub(super) fn head(scanner: &HeadScanner, record: &[u8]) -> Head {
    if scanner.valid_scheme() == Some(false) || scanner.authority_follows() == Some(false) {
        return Head::None;
    }
    match scanner.head() {
        Some(head) => host(&head, record).map_or(Head::None, Head::Host),
        None => Head::Incomplete,
    }
}

/// The host of the whole record `record`, if it has one to show ([`head`]).
pub(super) fn host_of(record: &[u8]) -> Option<Range<usize>> {
    host(&uri::Head::of(record), record)
}

/// The host of the record whose head is `head`, after a scheme valid by §3.1.
fn host(head: &uri::Head, record: &[u8]) -> Option<Range<usize>> {
    head.valid_scheme.then(|| head.host(record)).flatten()
}

/// Where the record that the last byte of `upto` is in starts, if that byte is in the
/// record's authority: `upto` starts a record (records end at
/// `terminator`), and ends with that record's first `%` or byte beyond ASCII. Most such bytes
/// are in a path or a query, which the bytes just before tell: the nearest `/`, `?`, `#` or
/// terminator is not the second slash of a `://` (an authority ends at the first `/`, `?` or
/// `#`, RFC 3986 §3.2). Otherwise the record's start is found, and the `://` must be the one
/// after its scheme ([`head`]).
pub(super) fn open_authority(upto: &[u8], terminator: u8) -> Option<usize> {
    let before = &upto[..upto.len().saturating_sub(1)];
    let slash = before
        .iter()
        .rposition(|&b| matches!(b, b'/' | b'?' | b'#') || b == terminator)?;
    if before[slash] != b'/' || !before[..slash].ends_with(b":/") {
        return None;
    }
    let start = memchr::memrchr(terminator, &before[..slash]).map_or(0, |n| n + 1);
    let head = uri::Head::of(&before[start..]);
    (head.valid_scheme && head.authority.is_some_and(|a| start + a.start == slash + 1))
        .then_some(start)
}

/// The host of the whole record `value` if it must be decided, given that its authority is
/// still open at `first`, the record's first `%` or byte beyond ASCII ([`open_authority`]):
/// only if the authority holds an escape or a byte beyond
/// ASCII from `first` on (no escape ends before `first`, nor runs past the authority's end, as
/// `/`, `?` and `#` are no hex digits), and then only if its host holds one
/// ([`unescaped_ascii`]).
pub(super) fn to_decide(value: &[u8], first: usize) -> Option<Range<usize>> {
    // An authority is short: one loop looks for an escape or a byte beyond ASCII and for the
    // end, where `unescaped_ascii` and then a search for the end would take two.
    let mut i = first;
    while let Some(&b) = value.get(i) {
        if !b.is_ascii() || b == b'%' && pct_encoded(value, i).is_some() {
            let span = host_of(value)?;
            return (!unescaped_ascii(&value[span.clone()])).then_some(span);
        }
        if b == b'/' || b == b'?' || b == b'#' {
            break;
        }
        i += 1;
    }
    None
}

/// Whether the host `raw` is ASCII with no escape (a `%` not followed by two hex digits is
/// none) and no control: the common case, which [`show`] writes as it came, so that it may be
/// written as any other bytes.
pub(super) fn unescaped_ascii(raw: &[u8]) -> bool {
    // Hosts are short: a loop costs less than starting `memchr` for each `%`.
    (0..raw.len()).all(|i| {
        let b = raw[i];
        b.is_ascii() && !b.is_ascii_control() && (b != b'%' || pct_encoded(raw, i).is_none())
    })
}

/// Appends the host of `record` at `span` as shown; the reason it is shown in ASCII, if it is
/// for a reason. `idna`: show `xn--` labels in Unicode where the policy allows; `decided`: the
/// hosts decided last, which are not decided again.
pub(super) fn show(
    record: &[u8],
    span: Range<usize>,
    idna: bool,
    decided: &mut Decided,
    out: &mut Vec<u8>,
) -> Option<Reason> {
    let raw = &record[span.clone()];
    // Only a special URL's host is a domain that UTS #46 maps (the URL Standard's host
    // parser); another's is an opaque host, and RFC 3986's reg-name need not be DNS (§3.2.2).
    let scheme = &record[..span.start.saturating_sub(3)];
    let scheme = scheme.split(|&b| b == b':').next().unwrap_or(scheme);
    let domain = [&b"http"[..], b"https", b"ws", b"wss", b"ftp", b"file"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme));
    // `xn--` labels are shown in Unicode only in a domain: an opaque host is not decoded.
    let idna = idna && domain;
    // The common case: an ASCII name with no escapes, shown as it came.
    if raw.first() == Some(&b'[') || unescaped_ascii(raw) {
        let unicode_asked = idna && std::str::from_utf8(raw).is_ok_and(has_punycode);
        if !unicode_asked {
            out.extend_from_slice(raw);
            return None;
        }
    }
    decided.show(raw, domain, idna, out)
}

/// The hosts decided most recently, with how each was shown and why: a list of URLs holds few
/// hosts, and the policy's checks (UTS #39's script sets and skeletons) take a microsecond or
/// two a host. Memory is bounded: at most [`Decided::HOSTS`] hosts of up to
/// [`Decided::LONGEST`] bytes each, all forgotten when it is full.
pub(super) struct Decided {
    /// By whether the host is a special URL's domain and whether `xn--` labels are asked for
    /// in Unicode: the host as it came, as it is shown, and why it is shown in ASCII.
    hosts: [HashMap<Vec<u8>, Shown>; 4],
    /// The top domains whose look-alikes are shown in ASCII: the built-in list where `None`.
    top: Option<Arc<TopDomains>>,
}

impl Default for Decided {
    fn default() -> Decided {
        Decided::new(None)
    }
}

/// A host as it is shown, and why it is shown in ASCII, if it is.
type Shown = (Vec<u8>, Option<Reason>);

impl Decided {
    /// The most hosts kept.
    const HOSTS: usize = 64;
    /// The longest host kept: a DNS name has at most 253 bytes (UTS #46 VerifyDnsLength).
    const LONGEST: usize = 253;

    /// No host decided yet; look-alikes of `top` shown in ASCII.
    pub(super) fn new(top: Option<Arc<TopDomains>>) -> Decided {
        Decided {
            hosts: Default::default(),
            top,
        }
    }

    /// The top domains whose look-alikes are shown in ASCII.
    fn top(&self) -> &TopDomains {
        match self.top.as_deref() {
            Some(top) => top,
            None => TopDomains::built_in(),
        }
    }

    /// [`decide`], or what it gave the last time for the same host.
    fn show(&mut self, raw: &[u8], domain: bool, idna: bool, out: &mut Vec<u8>) -> Option<Reason> {
        if raw.len() > Decided::LONGEST {
            return decide(raw, domain, idna, self.top(), out);
        }
        let hosts = &mut self.hosts[usize::from(domain) << 1 | usize::from(idna)];
        if let Some((shown, reason)) = hosts.get(raw) {
            out.extend_from_slice(shown);
            return reason.clone();
        }
        let from = out.len();
        let reason = decide(raw, domain, idna, self.top(), out);
        if self.hosts.iter().map(HashMap::len).sum::<usize>() >= Decided::HOSTS {
            self.hosts.iter_mut().for_each(HashMap::clear);
        }
        let hosts = &mut self.hosts[usize::from(domain) << 1 | usize::from(idna)];
        hosts.insert(raw.to_vec(), (out[from..].to_vec(), reason.clone()));
        reason
    }
}

/// The host of a URI as `pretty-print --idna` shows it (Chromium's IDN display policy, UTS #39),
/// for a command that shows hosts one at a time: the hosts decided last are kept, as the
/// printer keeps them.
///
/// ```
/// use uriesc::pretty::HostDisplay;
///
/// let mut hosts = HostDisplay::default();
/// let uri = b"http://xn--bcher-kva.example/";
/// let mut out = Vec::new();
/// assert_eq!(hosts.show(uri, 7..28, &mut out), None);
/// assert_eq!(String::from_utf8(out).unwrap(), "b\u{fc}cher.example");
/// // Cyrillic letters that spell a Latin word: shown in ASCII, and why.
/// let uri = b"http://xn--80ak6aa92e.com/";
/// let mut out = Vec::new();
/// assert!(hosts.show(uri, 7..25, &mut out).is_some());
/// assert_eq!(out, b"xn--80ak6aa92e.com");
/// ```
#[derive(Default)]
pub struct HostDisplay {
    decided: Decided,
}

impl HostDisplay {
    /// Appends the host of `uri` at `span` as shown (a special URL's `xn--` labels in
    /// Unicode where the policy allows, escapes decoded where safe); why it is shown in
    /// ASCII, if it is for a reason.
    pub fn show(&mut self, uri: &[u8], span: Range<usize>, out: &mut Vec<u8>) -> Option<String> {
        show(uri, span, true, &mut self.decided, out).map(|reason| reason.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The top domains' skeletons are computed only once a host is shown in Unicode: an
    /// ASCII host, escaped or not, is shown without them.
    #[test]
    fn top_domains_wait_for_a_host_in_unicode() {
        let top = Arc::new(TopDomains::parse("apple.com\n"));
        let mut decided = Decided::new(Some(Arc::clone(&top)));
        for raw in [&b"example.com"[..], b"ex%61mple.com", b"xn--80ak6aa92e.com"] {
            decided.show(raw, true, false, &mut Vec::new());
        }
        assert!(!top.computed());
        let mut out = Vec::new();
        // Its skeleton is apple.com's (UTS #39): shown as DNS looks it up.
        let reason = decided.show("appl\u{e9}.com".as_bytes(), true, false, &mut out);
        assert!(top.computed());
        assert!(reason.is_some());
        assert_eq!(out, b"xn--appl-epa.com");
    }

    /// A host shown from [`Decided`] is shown as [`decide`] shows it, whether it was kept or
    /// forgotten, for a domain or not, with `xn--` labels asked for in Unicode or not; and no
    /// more than [`Decided::HOSTS`] hosts are kept.
    #[test]
    fn a_kept_host_is_shown_as_decided() {
        let hosts: Vec<Vec<u8>> = (0..3 * Decided::HOSTS)
            .map(|n| format!("b%C3%BC{n}.xn--80ak6aa92e.%D0%B0%D1%80%D1%80").into_bytes())
            .chain([
                b"a%2Fb".to_vec(),
                b"%FF".to_vec(),
                "pay\u{440}al".as_bytes().to_vec(),
            ])
            .collect();
        let mut decided = Decided::default();
        for round in 0..2 {
            for (n, raw) in hosts.iter().enumerate() {
                let (domain, idna) = (n % 2 == 0, n % 3 == 0);
                let mut fresh = Vec::new();
                let reason = decide(raw, domain, idna, TopDomains::built_in(), &mut fresh);
                // The first time it may be decided; the second it is kept.
                for time in 0..2 {
                    let mut kept = Vec::new();
                    let kept_rule = decided.show(raw, domain, idna, &mut kept);
                    assert_eq!(
                        (kept_rule, kept),
                        (reason.clone(), fresh.clone()),
                        "{round} {n} {time}"
                    );
                }
                let held: usize = decided.hosts.iter().map(HashMap::len).sum();
                assert!(held <= Decided::HOSTS, "{held} hosts kept");
            }
        }
    }
}
