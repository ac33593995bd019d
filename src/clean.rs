//! `uriesc clean`: turns what people type or paste (a "super URI": spaces, Unicode, a stray
//! `%`) into a valid URI, without changing what it means.
//!
//! The basic rule encodes exactly the characters that are illegal anywhere in a URI of the
//! standard, and nothing else: never a reserved character, never a valid `%XX` (so nothing is
//! encoded twice), and existing escapes keep their hex case. For RFC 3986 that is space,
//! `" < > \ ^ ` { | }`, the controls and every byte ≥ 0x80 (its UTF-8 as it comes; §2,
//! Appendix A); RFC 2396 adds `[ ]` (RFC 2732 allows them only around an IPv6 host) and RFC
//! 1738 adds `~` and `[ ]` (its §2.2 "unsafe").
//!
//! Mending (the default; `--basic` turns it off) reads the parts of the URI as RFC 3986
//! Appendix B splits them ([`Parts`], the same splitter `check` uses) and fixes what only the
//! structure shows: a `%` that begins no escape becomes `%25`, a `[` or `]` outside an
//! IP-literal host is encoded, a `#` after the first is encoded, and an `@` in the user info
//! before the last one is encoded (as the WHATWG parser does). What cannot be mended — an
//! illegal character in the scheme, a port that is not digits, anything else the result would
//! still break — is reported as `check` reports it, and the record is passed through unchanged
//! so that output lines stay aligned with input lines.

use std::io::Write as _;

use crate::check::{self, Problem, rfc3986::Parts};
use crate::stream::{Filter, Place, RecordError};
use crate::table::{ByteSet, Component, Standard, rfc1738, rfc2396, rfc3986};

/// The bytes that stand literally nowhere in a URI of `standard`.
pub fn illegal(standard: Standard) -> ByteSet {
    const RFC3986: ByteSet = rfc3986::RESERVED
        .union(rfc3986::UNRESERVED)
        .add(b'%')
        .complement();
    // `uric` without RFC 2732's brackets, and the two delimiters that are not in it.
    const RFC2396: ByteSet = rfc2396::URIC.add(b'%').add(b'#').complement();
    // `xchar`, and the two delimiters `%` and `#` that RFC 1738 keeps out of it.
    const RFC1738: ByteSet = rfc1738::XCHAR.add(b'%').add(b'#').complement();
    match standard {
        Standard::Rfc3986 | Standard::Whatwg => RFC3986,
        Standard::Rfc2396 => RFC2396,
        Standard::Rfc1738 => RFC1738,
    }
}

/// How to clean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub standard: Standard,
    /// `uri` or `reference`.
    pub component: Component,
    /// Only the basic rule: no mending.
    pub basic: bool,
}

/// Cleans one record into `out`; a problem that cannot be mended comes back instead (and `out`
/// is then left as it was).
pub fn clean(record: &[u8], options: Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    let start = out.len();
    let illegal = illegal(options.standard);
    if options.basic {
        encode_bytes(record, &illegal, out);
    } else if let Err(problem) = mend(record, &illegal, out) {
        out.truncate(start);
        return Err(problem);
    }
    // Whatever is left is a problem cleaning cannot solve: say it as `check` does, at the place
    // in the record as it came.
    if let Err(mut problem) = check::check(&out[start..], options.standard, options.component) {
        problem.offset = input_offset(record, &out[start..], problem.offset);
        out.truncate(start);
        return Err(problem);
    }
    Ok(())
}

/// Where in `input` the byte at `offset` of its cleaned form `output` came from. Cleaning
/// writes each input byte either as it is or as a three-byte escape, in order.
fn input_offset(input: &[u8], output: &[u8], offset: usize) -> usize {
    let (mut i, mut o) = (0, 0);
    while i < input.len() && o < offset {
        let stray_percent =
            input[i] == b'%' && output[o..].starts_with(b"%25") && !input[i..].starts_with(b"%25");
        o += if output[o] == input[i] && !stray_percent {
            1
        } else {
            3
        };
        i += 1;
    }
    i
}

fn encode_bytes(bytes: &[u8], set: &ByteSet, out: &mut Vec<u8>) {
    for &b in bytes {
        push(b, set.contains(b), out);
    }
}

fn push(b: u8, encode: bool, out: &mut Vec<u8>) {
    if encode {
        let _ = write!(out, "%{b:02X}");
    } else {
        out.push(b);
    }
}

/// The basic rule and the mending of each part.
fn mend(s: &[u8], illegal: &ByteSet, out: &mut Vec<u8>) -> Result<(), Problem> {
    let parts = Parts::split(s);
    let scan = check::Scan::new(s);
    if let Some(scheme) = &parts.scheme {
        // A scheme takes no escapes: an illegal character there cannot be mended.
        if s[scheme.clone()].iter().any(|&b| illegal.contains(b)) {
            check::rfc3986::scheme(&scan, scheme.end)?;
        }
        out.extend_from_slice(&s[..=scheme.end]);
    }
    let brackets = ByteSet::of(b"[]");
    if let Some(authority) = &parts.authority {
        out.extend_from_slice(b"//");
        let a = &s[authority.clone()];
        let host_start = a.iter().rposition(|&b| b == b'@').map_or(0, |p| p + 1);
        // An '@' before the last one is data of the user info.
        mend_part(
            &a[..host_start.saturating_sub(1)],
            &illegal.union(brackets).add(b'@'),
            out,
        );
        if host_start > 0 {
            out.push(b'@');
        }
        let host = &a[host_start..];
        let literal_end = match host.first() {
            Some(b'[') => host.iter().position(|&b| b == b']').map(|p| p + 1),
            _ => None,
        };
        let (literal, rest) = host.split_at(literal_end.unwrap_or(0));
        out.extend_from_slice(literal);
        // A reg-name holds no ':', so the first one begins the port.
        let (name, port) = match rest.iter().position(|&b| b == b':') {
            Some(p) => rest.split_at(p),
            None => (rest, &b""[..]),
        };
        mend_part(name, &illegal.union(brackets), out);
        if let Some(digit) = port.iter().skip(1).position(|b| !b.is_ascii_digit()) {
            let at = authority.start + host_start + literal.len() + name.len() + 1 + digit;
            return Err(scan.problem(
                at,
                "port",
                format!(
                    "port must be digits, found '{}'",
                    String::from_utf8_lossy(&port[1..])
                ),
            ));
        }
        out.extend_from_slice(port);
    }
    mend_part(&s[parts.path.clone()], &illegal.union(brackets), out);
    if let Some(query) = &parts.query {
        out.push(b'?');
        mend_part(&s[query.clone()], &illegal.union(brackets), out);
    }
    if let Some(fragment) = &parts.fragment {
        out.push(b'#');
        mend_part(
            &s[fragment.clone()],
            &illegal.union(brackets).add(b'#'),
            out,
        );
    }
    Ok(())
}

/// Encodes the bytes of `set` in `part`, leaves valid escapes as they are, and writes a `%` that
/// begins no escape as `%25`.
fn mend_part(part: &[u8], set: &ByteSet, out: &mut Vec<u8>) {
    let mut i = 0;
    while i < part.len() {
        let b = part[i];
        if b == b'%' {
            let escape = part.get(i + 1..i + 3).is_some_and(check::hexdigits);
            if escape {
                out.extend_from_slice(&part[i..i + 3]);
                i += 3;
            } else {
                out.extend_from_slice(b"%25");
                i += 1;
            }
            continue;
        }
        push(b, set.contains(b), out);
        i += 1;
    }
}

/// The `clean` filter: one record at a time; what cannot be cleaned is reported on stderr and
/// passed through as it came.
pub struct Cleaner {
    options: Options,
    record: Vec<u8>,
    /// Records that could not be cleaned.
    pub failed: u64,
}

impl Cleaner {
    pub fn new(options: Options) -> Cleaner {
        Cleaner {
            options,
            record: Vec::new(),
            failed: 0,
        }
    }
}

impl Filter for Cleaner {
    fn piece(&mut self, piece: &[u8], _out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.record.extend_from_slice(piece);
        Ok(())
    }

    fn end_record(&mut self, _out: &mut Vec<u8>) -> Result<(), RecordError> {
        unreachable!("the streamer ends records with end_record_at")
    }

    fn end_record_at(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError> {
        if let Err(problem) = clean(&self.record, self.options, out) {
            self.failed += 1;
            let column = crate::stream::count_chars(&self.record[..problem.offset]) + 1;
            eprintln!(
                "{}:{}:{column}: error: {}",
                place.source, place.line, problem.message
            );
            out.extend_from_slice(&self.record);
        }
        self.record.clear();
        Ok(true)
    }
}
