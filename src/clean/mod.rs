//! `uriesc clean`: turns what people type or paste (a "super URI": spaces, Unicode, a stray
//! `%`) into a valid URI, without changing what it means.
//!
//! The basic rule encodes exactly the characters that are illegal anywhere in a URI of the
//! standard, and nothing else: never a reserved character, never a valid `%XX` (so nothing is
//! encoded twice), and existing escapes keep their hex case. For RFC 3986 that is space,
//! `" < > \ ^ ` { | }`, the controls and every byte ≥ 0x80 (its UTF-8 as it comes; §2,
//! Appendix A); RFC 1738 adds `~` and `[ ]` (its §2.2 "unsafe"). RFC 2396 with RFC 2732, like
//! RFC 3986, allows `[ ]` around an IPv6 host, so they are illegal only elsewhere, which
//! mending sees and the basic rule does not: encoding them everywhere would make another host
//! of an IPv6 address in brackets.
//!
//! Mending (the default; `--basic` turns it off) reads the parts of the URI as RFC 3986
//! Appendix B splits them ([`Parts`], the same splitter `check` uses) and fixes what only the
//! structure shows: a `%` that begins no escape becomes `%25`, a `[` or `]` outside an
//! IP-literal host is encoded, a `#` after the first is encoded, and an `@` in the user info
//! before the last one is encoded (as the WHATWG parser does). What cannot be mended — an
//! illegal character in the scheme, a port that is not digits, anything else the result would
//! still break — is reported as `check` reports it, and the record is passed through unchanged
//! so that output lines stay aligned with input lines.
//!
//! Before any of it, the C0 controls and spaces at the ends of a record are removed under
//! every standard, as the URL Standard's basic URL parser removes them: they come with pasted
//! text and are no part of a URL. Inside a record they are data, and the basic rule encodes
//! them.

use std::io;

use crate::check::{self, Problem, Target};
use crate::excerpt::quote;
use crate::report::Messages;
use crate::sets::rfc3987::literal_char_at;
use crate::sets::{ByteSet, Standard, pct_encoded};
use crate::stream::{Batch, Filter, Place, RecordError, RecordFilter, Records, Run, WholeRecords};
use crate::uri;
use crate::uri::{Authority, Parts};

/// The bytes that stand literally nowhere in a URI of `standard`: all but its literal
/// characters and `%`.
pub const fn illegal(standard: Standard) -> ByteSet {
    Mending::of(standard).illegal
}

/// What mending encodes in each part, on top of the basic rule: brackets outside an IP-literal
/// host everywhere, an '@' in the user info, a '#' in the fragment.
#[derive(Clone, Copy)]
struct Mending {
    /// What the basic rule encodes: [`illegal`].
    illegal: ByteSet,
    part: Encodes,
    userinfo: Encodes,
    fragment: Encodes,
}

/// For a set of bytes to encode, the bytes copied as they are (all others but `%`), found in
/// runs by [`ByteSet::prefix_len`].
#[derive(Clone, Copy)]
struct Encodes {
    keep: ByteSet,
}

impl Encodes {
    const fn new(encode: ByteSet) -> Encodes {
        Encodes {
            keep: encode.add(b'%').complement(),
        }
    }
}

impl Mending {
    const fn new(literal: ByteSet) -> Mending {
        let illegal = literal.add(b'%').complement();
        let part = illegal.add(b'[').add(b']');
        Mending {
            illegal,
            part: Encodes::new(part),
            userinfo: Encodes::new(part.add(b'@')),
            fragment: Encodes::new(part.add(b'#')),
        }
    }

    /// The mending of `standard`, made at compile time from its literal characters.
    const fn of(standard: Standard) -> &'static Mending {
        const ALL: [Mending; Standard::ALL.len()] = {
            let mut all = [Mending::new(ByteSet::EMPTY); Standard::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = Mending::new(Standard::ALL[i].sets().literal);
                i += 1;
            }
            all
        };
        &ALL[standard.index()]
    }
}

/// How to clean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The standard the result must be valid under (the URL Standard needs the `whatwg` feature).
    pub standard: Standard,
    /// What the result must be valid as: a URI or a reference (`uriesc clean`), or a component,
    /// mended as a URI is and checked as that component (`check`'s suggestion for one).
    pub target: Target,
    /// Only the basic rule: no mending.
    pub basic: bool,
    /// Resolve each record against this base first ([`Options::with_base`] prepares it).
    pub base: Option<Vec<u8>>,
    /// RFC 3986 §6.2.2 and §6.2.3 normalization on top.
    pub normalize: bool,
    /// A Unicode host becomes its ASCII form (UTS #46, as WHATWG does; needs the `whatwg` feature).
    pub idna: bool,
}

impl Options {
    /// The plain options for `standard`: mend, no base, no normalization, no IDNA.
    pub fn new(standard: Standard) -> Options {
        Options {
            standard,
            target: Target::Uri,
            basic: false,
            base: None,
            normalize: false,
            idna: false,
        }
    }
}

/// Cleans one record into `out`; a problem that cannot be mended comes back instead, and `out`
/// is then left as it was, but for one case: with [`Standard::Whatwg`], a URL that the parser
/// reads but whose serialization still is not a valid URL string (it has credentials, say)
/// has that serialization in `out`, since it is what a browser would send.
///
/// ```
/// use uriesc::clean::{Options, clean};
/// use uriesc::sets::Standard;
///
/// let mut out = Vec::new();
/// // RFC 3986 §2.1: a space is not allowed; it is written %20.
/// clean(b"http://example.com/a b", &Options::new(Standard::Rfc3986), &mut out).unwrap();
/// assert_eq!(out, b"http://example.com/a%20b");
/// ```
pub fn clean(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    // Most records neither begin nor end with one: nothing to trim, and no offset to move.
    if let (Some(&first), Some(&last)) = (record.first(), record.last())
        && !c0_control_or_space(first)
        && !c0_control_or_space(last)
    {
        return clean_trimmed(record, options, out);
    }
    let (lead, trimmed) = trim_c0_control_or_space(record);
    clean_trimmed(trimmed, options, out).map_err(|problem| after(record, lead, problem))
}

/// [`clean`] of a record whose ends hold no C0 control or space (or of the head of a long
/// one, whose end is in the middle of the record).
fn clean_trimmed(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    // A URI that the RFC 3986 fast path accepts has nothing to clean (the basic rule
    // and mending touch only what makes a URI invalid), and, with no base, normalization or
    // IDNA asked for, it is its own result.
    if is_own_result(record, options) {
        out.extend_from_slice(record);
        return Ok(());
    }
    // The same for the URL Standard: a URL of the plain shape most lists hold is serialized
    // without the parser.
    if options.standard == Standard::Whatwg
        && options.base.is_none()
        && serialize_common_url(record, out)
    {
        return Ok(());
    }
    rules(record, options, out)
}

/// Whether [`clean`] of `record` is `record` itself, told by the RFC 3986 fast path alone.
fn is_own_result(record: &[u8], options: &Options) -> bool {
    rfc3986_fast_path(options) && crate::fast_path::is_uri(record)
}

/// Whether RFC 3986's fast path may pass a record as it came: with no base, normalization or
/// IDNA asked for.
fn rfc3986_fast_path(options: &Options) -> bool {
    options.standard == Standard::Rfc3986
        && options.base.is_none()
        && !options.normalize
        && !options.idna
}

/// The records at the start of `records` (each followed by its terminator `end`) whose
/// [`clean`] is the record itself, told by a fast path alone: RFC 3986's ([`is_own_result`]),
/// or the URL Standard's where a record is its own serialization. For a stream that passes
/// such records on uncopied; [`clean`] itself takes the URL Standard's fast path once, writing
/// as it goes. With the URL Standard's, `stop` keeps the record the run stopped at, where its
/// serialization is written from what the run found of it ([`whatwg::Stop`]).
fn run_of_own_results(records: &[u8], end: u8, options: &Options, stop: &mut whatwg::Stop) -> Run {
    if rfc3986_fast_path(options) {
        Run::each(records, end, true, crate::fast_path::is_uri)
    } else if options.standard == Standard::Whatwg && options.base.is_none() {
        whatwg::run_of_own_serializations(records, end, stop)
    } else {
        Run::default()
    }
}

/// [`clean`] without its fast path, every rule every time (`crate::internals`).
#[cfg(feature = "internals")]
pub(crate) fn clean_by_rules(
    record: &[u8],
    options: &Options,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    let (lead, trimmed) = trim_c0_control_or_space(record);
    rules(trimmed, options, out).map_err(|problem| after(record, lead, problem))
}

/// Every rule of [`clean`], on a record whose ends are already trimmed.
fn rules(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    if options.standard == Standard::Whatwg {
        return whatwg(record, options, out);
    }
    let start = out.len();
    let ascii;
    let (record, host) = match options.idna.then(|| to_ascii_host(record)).transpose()? {
        Some(Some((converted, host))) => {
            ascii = converted;
            (&ascii[..], Some(host))
        }
        _ => (record, None),
    };
    // A problem's offset is in the record as the user wrote it, not in its ASCII form.
    let in_input = |mut problem: Problem| {
        if let Some(host) = &host {
            problem.offset = host.input_offset(problem.offset);
        }
        problem
    };
    // With a base, a record is a reference, checked as one where the standard has them; RFC
    // 1738 has none (they came with RFC 1808), and there only the resolved URL is checked.
    let target = match options.base {
        Some(_) => check::supported(options.standard, Target::Reference)
            .ok()
            .map(|()| Target::Reference),
        None => Some(options.target),
    };
    encode_illegal(record, options.standard, options.basic, target, out).map_err(in_input)?;
    // The result is made in `out` itself where it can be, so that a long record is held once
    // and its result once: resolution and normalization work in place.
    if let Some(base) = &options.base {
        uri::resolve_in(base, out, start);
    }
    if options.normalize {
        uri::normalize_syntax_in(out, start);
        uri::normalize_scheme_in(out, start);
    }
    if options.base.is_some() || options.normalize {
        // Resolved against a base, it is a URI; normalized only, it is what `-c` says.
        let target = match options.base {
            Some(_) => Target::Uri,
            None => options.target,
        };
        if let Err(problem) = check::check(&out[start..], options.standard, target) {
            let result = shorten(&out[start..]);
            out.truncate(start);
            return Err(Problem {
                offset: 0,
                message: format!("{} (in the result '{result}')", problem.message),
                ..problem
            });
        }
    }
    Ok(())
}

/// A result quoted in a message: all of it if short, else its start.
fn shorten(result: &[u8]) -> String {
    const MAX: usize = 200;
    match result.len() {
        0..=MAX => String::from_utf8_lossy(result).into_owned(),
        _ => format!("{}...", String::from_utf8_lossy(&result[..MAX])),
    }
}

/// The basic rule, and mending unless `basic`; then the result checked as `target`, if any.
fn encode_illegal(
    record: &[u8],
    standard: Standard,
    basic: bool,
    target: Option<Target>,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    let start = out.len();
    if basic {
        // Without the parts, iprivate (a query's only) is encoded wherever it is.
        let chars = (standard == Standard::Rfc3987).then_some(false);
        encode_bytes(record, &illegal(standard), chars, out);
    } else if let Err(problem) = mend(record, standard, out) {
        out.truncate(start);
        return Err(problem);
    }
    // Whatever is left is a problem cleaning cannot solve: say it as `check` does, at the place
    // in the record as it came.
    if let Some(target) = target
        && let Err(mut problem) = check::check(&out[start..], standard, target)
    {
        problem.message = requote(&problem.message, record, &out[start..], problem.offset);
        problem.offset = input_offset(record, &out[start..], problem.offset);
        out.truncate(start);
        return Err(problem);
    }
    Ok(())
}

/// `message` with text it quotes from the cleaned form (`'b%C3%BCcher.example'`) quoted as the
/// record has it (`'bücher.example'`): a message speaks of what the user wrote. The quoted text
/// is the one at the problem (`offset` in `cleaned`), and, as a quote may hold `'` itself, the
/// longest such.
fn requote(message: &str, record: &[u8], cleaned: &[u8], offset: usize) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let found = rest.rmatch_indices('\'').find_map(|(close, _)| {
            let quoted = &rest[..close];
            if !quoted.contains('%') {
                return None;
            }
            let at = memchr::memmem::find_iter(cleaned, quoted.as_bytes())
                .find(|&at| (at..=at + close).contains(&offset))?;
            Some((close, at))
        });
        if let Some((close, at)) = found {
            let from = input_offset(record, cleaned, at);
            let to = input_offset(record, cleaned, at + close);
            out.push_str(&quote(&record[from..to]));
            out.push('\'');
            rest = &rest[close + 1..];
        }
    }
    out.push_str(rest);
    out
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

fn encode_bytes(bytes: &[u8], set: &ByteSet, iri: Option<bool>, out: &mut Vec<u8>) {
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let kept = iri.and_then(|in_query| literal_char_at(&bytes[i..], in_query));
        let n = kept.unwrap_or(1);
        match kept {
            Some(_) => out.extend_from_slice(&bytes[i..i + n]),
            None => push(b, set.contains(b), out),
        }
        i += n;
    }
}

fn push(b: u8, encode: bool, out: &mut Vec<u8>) {
    if encode {
        out.extend_from_slice(crate::percent::percent_encode_byte(b).as_bytes());
    } else {
        out.push(b);
    }
}

/// The basic rule and the mending of each part.
fn mend(s: &[u8], standard: Standard, out: &mut Vec<u8>) -> Result<(), Problem> {
    let illegal = illegal(standard);
    let mending = Mending::of(standard);
    // RFC 3987 keeps ucschar, and iprivate in a query (§2.2): `Some(in_query)`.
    let iri = |in_query| (standard == Standard::Rfc3987).then_some(in_query);
    let parts = Parts::split(s);
    let scan = check::Scan::new(s);
    if let Some(scheme) = &parts.scheme {
        // A scheme takes no escapes: an illegal character there cannot be mended.
        if s[scheme.clone()].iter().any(|&b| illegal.contains(b)) {
            check::rfc3986::scheme(&scan, scheme.end)?;
        }
        out.extend_from_slice(&s[..=scheme.end]);
    }
    if let Some(authority) = &parts.authority {
        out.extend_from_slice(b"//");
        let a = &s[authority.clone()];
        let split = Authority::split(a);
        if let Some(userinfo) = &split.userinfo {
            // An '@' before the last one is data of the user info.
            mend_part(&a[userinfo.clone()], &mending.userinfo, iri(false), out);
            out.push(b'@');
        }
        let host = &a[split.host.clone()];
        let literal_end = match host.first() {
            Some(b'[') => host.iter().position(|&b| b == b']').map(|p| p + 1),
            _ => None,
        };
        let (literal, name) = host.split_at(literal_end.unwrap_or(0));
        out.extend_from_slice(literal);
        mend_part(name, &mending.part, iri(false), out);
        if let Some(port) = &split.port {
            // Not digits, it may still be valid: RFC 2396's registry-based authority and RFC
            // 1738's generic URLs take any ':'. The check after mending decides.
            out.push(b':');
            mend_part(&a[port.clone()], &mending.part, None, out);
        }
    }
    mend_part(&s[parts.path.clone()], &mending.part, iri(false), out);
    if let Some(query) = &parts.query {
        out.push(b'?');
        mend_part(&s[query.clone()], &mending.part, iri(true), out);
    }
    if let Some(fragment) = &parts.fragment {
        out.push(b'#');
        mend_part(&s[fragment.clone()], &mending.fragment, iri(false), out);
    }
    Ok(())
}

/// Encodes the bytes of `set` in `part`, leaves valid escapes as they are, and writes a `%` that
/// begins no escape as `%25`; keeps the characters `iri` keeps.
fn mend_part(part: &[u8], set: &Encodes, iri: Option<bool>, out: &mut Vec<u8>) {
    let mut i = 0;
    while i < part.len() {
        let run = set.keep.prefix_len(&part[i..]);
        out.extend_from_slice(&part[i..i + run]);
        i += run;
        let Some(&b) = part.get(i) else { break };
        if let Some(n) = iri.and_then(|in_query| literal_char_at(&part[i..], in_query)) {
            out.extend_from_slice(&part[i..i + n]);
            i += n;
        } else if b != b'%' {
            push(b, true, out);
            i += 1;
        } else if pct_encoded(part, i).is_some() {
            out.extend_from_slice(&part[i..i + 3]);
            i += 3;
        } else {
            out.extend_from_slice(b"%25");
            i += 1;
        }
    }
}

mod base;
mod cleaner;
mod held;
#[cfg(feature = "whatwg")]
mod own;
mod stream;
mod trim;
#[cfg_attr(not(feature = "whatwg"), path = "without_whatwg.rs")]
mod whatwg;
#[cfg(all(feature = "whatwg", feature = "parse"))]
pub(crate) use base::whatwg_base;
pub use cleaner::{Cleaner, suggestion};
pub use stream::CleanStream;
use trim::{after, blank, blank_problem, c0_control_or_space, trim_c0_control_or_space};
// `parse`'s.
#[cfg(all(feature = "whatwg", feature = "parse"))]
pub(crate) use whatwg::parse_failure;
use whatwg::serialize_common_url;
#[cfg(all(feature = "whatwg", feature = "internals"))]
pub(crate) use whatwg::{
    own_serialization, run_of_own_serializations, run_of_own_serializations_bytewise,
};
use whatwg::{to_ascii_host, whatwg};
