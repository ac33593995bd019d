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

use std::io::{self, Write};

use crate::check::rfc3986::{Authority, Parts};
use crate::check::{self, Problem};
use crate::stream::{Filter, Framing, Held, Messages, Place, RecordError, RecordFilter};
use crate::table::ascii::HEXDIG;
use crate::table::whatwg::FORBIDDEN_DOMAIN_CODE_POINT;
use crate::table::{ByteSet, Component, Standard, pct_encoded, rfc1738, rfc2396, rfc3986};
use crate::uri;

/// The bytes that stand literally nowhere in a URI of `standard`.
pub const fn illegal(standard: Standard) -> ByteSet {
    match standard {
        Standard::Rfc3986 | Standard::Whatwg => ILLEGAL_RFC3986,
        Standard::Rfc2396 => ILLEGAL_RFC2396,
        Standard::Rfc1738 => ILLEGAL_RFC1738,
    }
}

const ILLEGAL_RFC3986: ByteSet = rfc3986::RESERVED
    .union(rfc3986::UNRESERVED)
    .add(b'%')
    .complement();
/// `uric` with RFC 2732's brackets, and the two delimiters that are not in it.
const ILLEGAL_RFC2396: ByteSet = rfc2396::URIC_RFC2732.add(b'%').add(b'#').complement();
/// `xchar`, and the two delimiters `%` and `#` that RFC 1738 keeps out of it.
const ILLEGAL_RFC1738: ByteSet = rfc1738::XCHAR.add(b'%').add(b'#').complement();

/// What mending encodes in each part, on top of the basic rule: brackets outside an IP-literal
/// host everywhere, an '@' in the user info, a '#' in the fragment.
struct Mending {
    part: Encodes,
    userinfo: Encodes,
    fragment: Encodes,
}

/// For a set of bytes to encode, the bytes copied as they are (all others but `%`), found in
/// runs by [`ByteSet::prefix_len`].
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
    const fn new(illegal: ByteSet) -> Mending {
        let part = illegal.add(b'[').add(b']');
        Mending {
            part: Encodes::new(part),
            userinfo: Encodes::new(part.add(b'@')),
            fragment: Encodes::new(part.add(b'#')),
        }
    }

    const fn of(standard: Standard) -> &'static Mending {
        const RFC3986: Mending = Mending::new(ILLEGAL_RFC3986);
        const RFC2396: Mending = Mending::new(ILLEGAL_RFC2396);
        const RFC1738: Mending = Mending::new(ILLEGAL_RFC1738);
        match standard {
            Standard::Rfc3986 | Standard::Whatwg => &RFC3986,
            Standard::Rfc2396 => &RFC2396,
            Standard::Rfc1738 => &RFC1738,
        }
    }
}

/// How to clean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub standard: Standard,
    /// `uri` or `reference`.
    pub component: Component,
    /// Only the basic rule: no mending.
    pub basic: bool,
    /// Resolve each record against this base first (RFC 3986 §5.2, or the WHATWG parser).
    pub base: Option<Vec<u8>>,
    /// RFC 3986 §6.2.2 and §6.2.3 normalization on top.
    pub normalize: bool,
    /// A Unicode host becomes its ASCII form (UTS #46, as WHATWG does).
    pub idna: bool,
}

impl Options {
    /// The plain options for `standard`: mend, no base, no normalization, no IDNA.
    pub fn new(standard: Standard) -> Options {
        Options {
            standard,
            component: Component::Uri,
            basic: false,
            base: None,
            normalize: false,
            idna: false,
        }
    }
}

/// Cleans one record into `out`; a problem that cannot be mended comes back instead (and `out`
/// is then left as it was).
pub fn clean(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    // A URI that the RFC 3986 check passes at a glance has nothing to clean (the basic rule
    // and mending touch only what makes a URI invalid), and, with no base, normalization or
    // IDNA asked for, it is its own result.
    if options.standard == Standard::Rfc3986
        && options.base.is_none()
        && !options.normalize
        && !options.idna
        && check::rfc3986::common_uri(record)
    {
        out.extend_from_slice(record);
        return Ok(());
    }
    clean_by_rules(record, options, out)
}

/// [`clean`] without its quick way for URIs that are valid already: every rule, every time.
pub fn clean_by_rules(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
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
    let component = match options.base {
        Some(_) => check::supported(options.standard, Component::Reference)
            .ok()
            .map(|()| Component::Reference),
        None => Some(options.component),
    };
    encode_illegal(record, options.standard, options.basic, component, out).map_err(in_input)?;
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
        let component = match options.base {
            Some(_) => Component::Uri,
            None => options.component,
        };
        if let Err(problem) = check::check(&out[start..], options.standard, component) {
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

/// The basic rule, and mending unless `basic`; then the result checked as `component`, if any.
fn encode_illegal(
    record: &[u8],
    standard: Standard,
    basic: bool,
    component: Option<Component>,
    out: &mut Vec<u8>,
) -> Result<(), Problem> {
    let start = out.len();
    if basic {
        encode_bytes(record, &illegal(standard), out);
    } else if let Err(problem) = mend(record, standard, out) {
        out.truncate(start);
        return Err(problem);
    }
    // Whatever is left is a problem cleaning cannot solve: say it as `check` does, at the place
    // in the record as it came.
    if let Some(component) = component
        && let Err(mut problem) = check::check(&out[start..], standard, component)
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
            out.push_str(&String::from_utf8_lossy(&record[from..to]));
            out.push('\'');
            rest = &rest[close + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// Where a host was replaced by its ASCII form: the bytes `start..input_end` of the record
/// became `start..ascii_end`.
struct HostSwap {
    start: usize,
    input_end: usize,
    ascii_end: usize,
}

impl HostSwap {
    /// The offset in the record as it came of `offset` in the record with the ASCII host (the
    /// host's start for anything inside it).
    fn input_offset(&self, offset: usize) -> usize {
        if offset < self.start {
            offset
        } else if offset < self.ascii_end {
            self.start
        } else {
            offset - self.ascii_end + self.input_end
        }
    }
}

/// The record with a non-ASCII host in its ASCII (punycode) form, by the WHATWG URL Standard's
/// host parser (§3.5: percent-decoding, domain to ASCII by UTS #46, then the forbidden domain
/// code points and IPv4 forms), through the `url` crate; `None` where there is nothing to
/// convert. A host that the parser refuses (a space in it, say) is the problem.
fn to_ascii_host(record: &[u8]) -> Result<Option<(Vec<u8>, HostSwap)>, Problem> {
    let parts = Parts::split(record);
    let Some(authority) = parts.authority else {
        return Ok(None);
    };
    let host = Authority::split(&record[authority.clone()]).host;
    let (host_start, host_end) = (authority.start + host.start, authority.start + host.end);
    let host = &record[host_start..host_end];
    if host.is_ascii() {
        return Ok(None);
    }
    let problem = |offset: usize, message: String| Problem {
        offset,
        rule: "host",
        message,
    };
    let text = std::str::from_utf8(host).map_err(|e| {
        problem(
            host_start + e.valid_up_to(),
            "the host is not UTF-8, so it has no ASCII form".into(),
        )
    })?;
    let ascii = url::Host::parse(text)
        .map_err(|e| {
            // The first forbidden domain code point (§3.5), where one is the reason.
            let scan = check::Scan::new(record);
            match host
                .iter()
                .position(|&b| FORBIDDEN_DOMAIN_CODE_POINT.contains(b))
            {
                Some(i) => problem(
                    host_start + i,
                    format!(
                        "{} is not allowed in a domain, so '{text}' has no ASCII form",
                        scan.show(host_start + i)
                    ),
                ),
                None => problem(
                    host_start,
                    format!("'{text}' is not a valid international domain name ({e})"),
                ),
            }
        })?
        .to_string();
    let mut converted = record[..host_start].to_vec();
    converted.extend_from_slice(ascii.as_bytes());
    converted.extend_from_slice(&record[host_end..]);
    let swap = HostSwap {
        start: host_start,
        input_end: host_end,
        ascii_end: host_start + ascii.len(),
    };
    Ok(Some((converted, swap)))
}

/// What a browser sends: the WHATWG URL parser's serialisation (`href`) of the record (against
/// the base, if any), through the `url` crate. Where the crate lags the standard it is mended:
/// `^` in a path is encoded since whatwg/url 9bc33c3 (2025-03-05), which url
/// 2.5.8 does not do; and the space before the query of an opaque path, below.
fn whatwg(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    let problem = |offset, message: String| Problem {
        offset,
        rule: "failure",
        message,
    };
    let text = std::str::from_utf8(record).map_err(|e| {
        problem(
            e.valid_up_to(),
            "a URL is text, and this byte is not UTF-8; percent-encode it".into(),
        )
    })?;
    let base = match &options.base {
        Some(base) => Some(
            url::Url::parse(&String::from_utf8_lossy(base))
                .map_err(|e| problem(0, format!("the base is not a URL: {e}")))?,
        ),
        None => None,
    };
    let mut url = url::Url::options()
        .base_url(base.as_ref())
        .parse(text)
        .map_err(|e| problem(0, format!("not a URL: {e}")))?;
    if !url.cannot_be_a_base() && url.path().contains('^') {
        let path = url.path().replace('^', "%5E");
        url.set_path(&path);
    }
    // Since whatwg/url 6c78200 (2025-03-13) a space that ends an opaque path before a query or
    // fragment is written %20, so that the URL reads back the same; url 2.5.8 leaves it.
    let path_end = url.path().len() + url.scheme().len() + 1;
    let opaque = url.cannot_be_a_base();
    let mut href = String::from(url).into_bytes();
    if opaque && href.len() > path_end && href[..path_end].ends_with(b" ") {
        href.splice(path_end - 1..path_end, *b"%20");
    }
    // The serialization becomes the output buffer itself, the output before it moved to its
    // front, rather than copied after it: a long URL is then held as the record and its result.
    if href.len() > out.len() {
        href.splice(0..0, out.drain(..));
        *out = href;
    } else {
        out.extend_from_slice(&href);
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
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    if encode {
        out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
    } else {
        out.push(b);
    }
}

/// The basic rule and the mending of each part.
fn mend(s: &[u8], standard: Standard, out: &mut Vec<u8>) -> Result<(), Problem> {
    let illegal = illegal(standard);
    let mending = Mending::of(standard);
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
            mend_part(&a[userinfo.clone()], &mending.userinfo, out);
            out.push(b'@');
        }
        let host = &a[split.host.clone()];
        let literal_end = match host.first() {
            Some(b'[') => host.iter().position(|&b| b == b']').map(|p| p + 1),
            _ => None,
        };
        let (literal, name) = host.split_at(literal_end.unwrap_or(0));
        out.extend_from_slice(literal);
        mend_part(name, &mending.part, out);
        if let Some(port) = &split.port {
            // Not digits, it may still be valid: RFC 2396's registry-based authority and RFC
            // 1738's generic URLs take any ':'. The check after mending decides.
            out.push(b':');
            mend_part(&a[port.clone()], &mending.part, out);
        }
    }
    mend_part(&s[parts.path.clone()], &mending.part, out);
    if let Some(query) = &parts.query {
        out.push(b'?');
        mend_part(&s[query.clone()], &mending.part, out);
    }
    if let Some(fragment) = &parts.fragment {
        out.push(b'#');
        mend_part(&s[fragment.clone()], &mending.fragment, out);
    }
    Ok(())
}

/// Encodes the bytes of `set` in `part`, leaves valid escapes as they are, and writes a `%` that
/// begins no escape as `%25`.
fn mend_part(part: &[u8], set: &Encodes, out: &mut Vec<u8>) {
    let mut i = 0;
    while i < part.len() {
        let run = set.keep.prefix_len(&part[i..]);
        out.extend_from_slice(&part[i..i + run]);
        i += run;
        let Some(&b) = part.get(i) else { break };
        if b != b'%' {
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

/// The `clean` work: one record at a time (run it as [`crate::stream::Held`]); what cannot be
/// cleaned is reported on stderr and passed through as it came.
pub struct Cleaner {
    options: Options,
    /// Records that could not be cleaned.
    pub failed: u64,
    /// One error message, made whole before it is written: stderr is unbuffered, and a
    /// message written piece by piece would take a system call per piece.
    message: Vec<u8>,
    /// Where error messages go: stderr.
    errors: Messages,
}

impl Cleaner {
    /// A cleaner that reports on stderr (see [`Messages`]).
    pub fn new(options: Options) -> Cleaner {
        Cleaner {
            options,
            failed: 0,
            message: Vec::new(),
            errors: Messages::stderr(),
        }
    }

    /// A cleaner that writes its error messages to `errors` (tests read them).
    pub fn with_errors(options: Options, errors: Box<dyn Write>) -> Cleaner {
        Cleaner {
            options,
            failed: 0,
            message: Vec::new(),
            errors: Messages::to(errors),
        }
    }
}

impl Cleaner {
    /// Cleans `record` into `out`, or reports why it cannot be and passes it through as it
    /// came; returns whether it was cleaned.
    fn clean_or_report(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> bool {
        match clean(record, &self.options, out) {
            Ok(()) => true,
            Err(problem) => {
                self.report(record, &problem, place);
                out.extend_from_slice(record);
                false
            }
        }
    }

    /// Says on stderr why `record` (or its head) could not be cleaned.
    fn report(&mut self, record: &[u8], problem: &Problem, place: Place<'_>) {
        self.failed += 1;
        let column = crate::stream::count_chars(&record[..problem.offset]) + 1;
        self.message.clear();
        let _ = writeln!(
            self.message,
            "{}:{}:{column}: error: {}",
            place.source, place.line, problem.message
        );
        self.errors.write(&self.message);
    }
}

impl RecordFilter for Cleaner {
    fn flush_messages(&mut self) -> io::Result<()> {
        self.errors.flush()
    }

    fn status_pending(&self) -> bool {
        self.failed == 0
    }

    fn record(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        self.clean_or_report(record, place, out);
        Ok(true)
    }
}

/// The `clean` filter. A record that one read holds goes whole to [`Cleaner`] (through
/// [`Held`], as most do); a longer one is not held whole where that is not needed: for RFC
/// 3986 with mending and nothing else asked, only its head is held (the scheme, the authority
/// and, without one, the first path segment: all that can make a URI unmendable), cleaned as a
/// record of its own, and the rest is mended as it streams by. Mending the rest needs no more
/// than the part it is in and an escape begun at the end of a read; after mending, what comes
/// after the head is always valid (`Held` + [`clean`] is the reference this is tested against).
pub struct CleanStream {
    held: Held<Cleaner>,
    /// Whether long records stream (the options allow it).
    streams: bool,
    /// The record so far, while its head is not complete.
    head: Vec<u8>,
    /// Where a record that did not come whole is.
    state: State,
    /// The problem of a head that could not be cleaned, reported when the record ends (where
    /// its line is known).
    problem: Option<(Vec<u8>, Problem)>,
    /// How far [`CleanStream::head_end`] has got.
    split: HeadSplit,
}

/// What [`CleanStream::head_end`] knows of the head held so far.
#[derive(Clone, Copy, Debug, Default)]
struct HeadSplit {
    /// Where the scheme and its `:` end (0 without a scheme).
    after_scheme: Option<usize>,
    /// Where the search for the end of the head begins (after `//` for an authority).
    from: Option<usize>,
    /// How much has been searched.
    scanned: usize,
}

/// Where a record that did not come whole is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Its head is being held.
    Head,
    /// After its head, mended as it comes: the part, and an escape begun.
    Mending(TailPart, Escape),
    /// After a head that could not be cleaned: passed through as it came.
    PassingThrough,
}

/// The parts after a head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TailPart {
    Path,
    Query,
    Fragment,
}

/// How much of a `%HH` the last read ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    None,
    Percent,
    Hex(u8),
}

impl CleanStream {
    pub fn new(options: Options) -> CleanStream {
        CleanStream::with(Cleaner::new(options))
    }

    /// The filter around `cleaner`.
    pub fn with(cleaner: Cleaner) -> CleanStream {
        let options = &cleaner.options;
        let streams = options.standard == Standard::Rfc3986
            && !options.basic
            && options.base.is_none()
            && !options.normalize
            && !options.idna;
        CleanStream {
            held: Held::new(cleaner),
            streams,
            head: Vec::new(),
            state: State::Head,
            problem: None,
            split: HeadSplit::default(),
        }
    }

    /// Records that could not be cleaned.
    pub fn failed(&self) -> u64 {
        self.held.inner.failed
    }

    /// Where the head ends, once what is held shows it: at the first `/`, `?` or `#` after the
    /// authority (after `scheme:` when there is none; from the start without a scheme), as RFC
    /// 3986 Appendix B splits a reference. Each call looks only at what the last did not, so a
    /// long head costs no more than its length.
    fn head_end(&mut self) -> Option<usize> {
        let s = &self.head;
        let after_scheme = match self.split.after_scheme {
            Some(a) => a,
            None => {
                let rest = &s[self.split.scanned..];
                let Some(p) = rest.iter().position(|b| b":/?#".contains(b)) else {
                    self.split.scanned = s.len();
                    return None;
                };
                let d = self.split.scanned + p;
                let a = if s[d] == b':' && d > 0 { d + 1 } else { 0 };
                self.split.after_scheme = Some(a);
                a
            }
        };
        let from = match self.split.from {
            Some(from) => from,
            None => {
                let from = match s.get(after_scheme..) {
                    Some([b'/', b'/', ..]) => after_scheme + 2,
                    Some([b'/'] | []) | None => return None,
                    Some(_) => after_scheme,
                };
                self.split.from = Some(from);
                self.split.scanned = from;
                from
            }
        };
        let start = self.split.scanned.max(from);
        match s[start..].iter().position(|b| b"/?#".contains(b)) {
            Some(p) => Some(start + p),
            None => {
                self.split.scanned = s.len();
                None
            }
        }
    }

    /// A piece after the head: mended as [`mend_part`] does it, across reads.
    fn mend_tail(&mut self, piece: &[u8], out: &mut Vec<u8>) {
        let State::Mending(mut part, mut escape) = self.state else {
            out.extend_from_slice(piece);
            return;
        };
        let mending = Mending::of(Standard::Rfc3986);
        let mut i = 0;
        while i < piece.len() {
            if escape == Escape::None {
                let run = run_set(part).prefix_len(&piece[i..]);
                out.extend_from_slice(&piece[i..i + run]);
                i += run;
                let Some(&b) = piece.get(i) else { break };
                mend_byte(b, &mut part, &mut escape, mending, out);
            } else {
                mend_byte(piece[i], &mut part, &mut escape, mending, out);
            }
            i += 1;
        }
        self.state = State::Mending(part, escape);
    }
}

/// What a part keeps in runs: its mending keeps, less `?` and `#`, which may end it.
fn run_set(part: TailPart) -> &'static ByteSet {
    const PART: ByteSet = Mending::of(Standard::Rfc3986)
        .part
        .keep
        .remove(b'?')
        .remove(b'#');
    const FRAGMENT: ByteSet = Mending::of(Standard::Rfc3986).fragment.keep.remove(b'?');
    match part {
        TailPart::Fragment => &FRAGMENT,
        TailPart::Path | TailPart::Query => &PART,
    }
}

/// What a `%` that began no escape becomes: `%25`, then the hex digit that followed it, if
/// one did (a hex digit is kept as it is in every part).
fn stray_percent(escape: Escape, out: &mut Vec<u8>) {
    out.extend_from_slice(b"%25");
    if let Escape::Hex(high) = escape {
        out.push(high);
    }
}

/// One byte of the rest of a long record, mended as [`mend`] does it: the part it is in
/// changes at the first `?` and `#`, and a `%` waits for two hex digits.
fn mend_byte(
    b: u8,
    part: &mut TailPart,
    escape: &mut Escape,
    mending: &Mending,
    out: &mut Vec<u8>,
) {
    match *escape {
        Escape::Percent if HEXDIG.contains(b) => *escape = Escape::Hex(b),
        Escape::Hex(high) if HEXDIG.contains(b) => {
            out.extend_from_slice(&[b'%', high, b]);
            *escape = Escape::None;
        }
        Escape::Percent | Escape::Hex(_) => {
            stray_percent(*escape, out);
            *escape = Escape::None;
            mend_byte(b, part, escape, mending, out);
        }
        Escape::None => match (b, *part) {
            (b'%', _) => *escape = Escape::Percent,
            (b'?', TailPart::Path) => {
                out.push(b'?');
                *part = TailPart::Query;
            }
            (b'#', TailPart::Path | TailPart::Query) => {
                out.push(b'#');
                *part = TailPart::Fragment;
            }
            (b, TailPart::Fragment) => push(b, !mending.fragment.keep.contains(b), out),
            (b, _) => push(b, !mending.part.keep.contains(b), out),
        },
    }
}

impl Filter for CleanStream {
    fn flush_messages(&mut self) -> io::Result<()> {
        self.held.flush_messages()
    }

    fn status_pending(&self) -> bool {
        self.held.status_pending()
    }

    fn records(
        &mut self,
        records: &[u8],
        framing: Framing,
        first: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        if self.state != State::Head || !self.head.is_empty() {
            return Ok(false);
        }
        self.held.records(records, framing, first, out)
    }

    fn record(
        &mut self,
        value: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        if self.state == State::Head && self.head.is_empty() {
            return self.held.record(value, place, out);
        }
        if !value.is_empty() {
            self.piece(value, out)?;
        }
        self.end_record(place, out)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        if self.state != State::Head {
            self.mend_tail(piece, out);
            return Ok(());
        }
        self.head.extend_from_slice(piece);
        if !self.streams {
            return Ok(());
        }
        let Some(end) = self.head_end() else {
            return Ok(());
        };
        self.split = HeadSplit::default();
        let head = std::mem::take(&mut self.head);
        let (start, rest) = head.split_at(end);
        let before = out.len();
        self.state = match clean(start, &self.held.inner.options, out) {
            Ok(()) => State::Mending(TailPart::Path, Escape::None),
            Err(problem) => {
                out.truncate(before);
                out.extend_from_slice(start);
                self.problem = Some((start.to_vec(), problem));
                State::PassingThrough
            }
        };
        self.mend_tail(rest, out);
        self.head = head;
        self.head.clear();
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError> {
        if self.state == State::Head {
            self.split = HeadSplit::default();
            let head = std::mem::take(&mut self.head);
            self.held.inner.clean_or_report(&head, place, out);
            self.head = head;
            self.head.clear();
            return Ok(true);
        }
        // An escape begun at the end of the record is a stray `%` and what followed it.
        if let State::Mending(_, escape) = std::mem::replace(&mut self.state, State::Head)
            && escape != Escape::None
        {
            stray_percent(escape, out);
        }
        if let Some((head, problem)) = self.problem.take() {
            self.held.inner.report(&head, &problem, place);
        }
        Ok(true)
    }
}
