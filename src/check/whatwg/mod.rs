//! WHATWG URL validity: a "valid URL string" and the productions of its components, as url.bs
//! "URL writing" and "Host writing" define them (whatwg/url 6ae84860, 2026-07-02).
//!
//! `grammar` walks the URL-writing grammar over the bytes, once, and gives the first problem
//! with its byte offset, named with the standard's validation error where one fits
//! (`invalid-URL-unit`, `invalid-credentials`, `IPv6-piece-leading-zero`, …) and with the
//! grammar's production where none does (`valid-host-string`, `URL-scheme-string`, …).
//! `host` checks hosts, and `domain` domains: a valid domain is what UTS #46 ToASCII accepts
//! with the strict flags of the domain parser's beStrict, not ending in a number; its ToASCII
//! is the parser's own (ada's), so the two read one Unicode version.
//! `refusal` names the rule a domain that ToASCII refuses breaks (a disallowed character, the
//! bidi rule, the joiner rules), for the messages; `failure` names the part of a URL the
//! parser refuses, in the parser's order (the host before the port). `units` is what the
//! grammar's parts and an opaque host are made of: runs of URL units.
//!
//! Each file uses only those after it in the order `failure`, `grammar`, `host`, `domain`,
//! `refusal`, `units`.
//!
//! A whole URL the grammar accepts is then parsed by a WHATWG parser (ada): a valid URL string
//! always parses, so a refusal is a bug of the grammar here, reported as `failure`.
//!
//! Most URLs in a list are of one plain shape; `crate::fast_path` accepts those in one pass, with
//! neither the whole grammar nor the parser, and is tested against `check_by_grammar`.
//!
//! All but [`Base`] need the `whatwg` feature (on by default): without the parser, there is
//! nothing here to check with, and `check::validator` gives a validator that says so.

#[cfg(feature = "whatwg")]
mod domain;
#[cfg(feature = "whatwg")]
mod failure;
#[cfg(feature = "whatwg")]
mod grammar;
#[cfg(feature = "whatwg")]
mod host;
#[cfg(feature = "whatwg")]
mod refusal;
#[cfg(all(test, feature = "whatwg"))]
mod tests;
#[cfg(feature = "whatwg")]
mod units;

#[cfg(feature = "whatwg")]
pub use domain::{ends_in_a_number, valid_domain};
#[cfg(feature = "whatwg")]
pub(crate) use failure::why_the_parser_fails;
#[cfg(feature = "whatwg")]
pub(crate) use refusal::why_the_parser_refuses;

#[cfg(feature = "whatwg")]
use super::{Problem, Scan, Target};
#[cfg(feature = "whatwg")]
use crate::sets::ByteSet;
#[cfg(feature = "whatwg")]
use crate::sets::Component;

/// The base URL a relative-URL-with-fragment string is written against: the grammar switches
/// on its scheme, and on whether its path is opaque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// A special scheme but `file` (http, https, ws, wss, ftp): `//` begins a valid host
    /// string, and `\` is read as `/`.
    Special,
    /// `file`: `//` begins an optional host, with no port.
    File,
    /// Any other scheme, with a path of segments (like `foo://host/p`): `//` begins an
    /// opaque host.
    NonSpecial,
    /// A base with an opaque path (like `mailto:x`): only `#` and a fragment is relative.
    OpaquePath,
}

/// Checks `s` as `target`: `uri` a valid URL string, `reference` a valid URL string against
/// a special base (see [`check_reference`] for other bases), a component its production in
/// url.bs "URL writing" (`host` a valid host string, not an opaque one: that needs the scheme).
///
/// Needs the `whatwg` feature (on by default).
#[cfg(feature = "whatwg")]
#[inline]
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    match target {
        Target::Uri | Target::Reference if crate::fast_path::is_url(s) => Ok(()),
        _ => check_by_grammar(s, target),
    }
}

/// This standard's validator, registered in [`super::validator`].
///
/// Needs the `whatwg` feature (on by default).
#[cfg(feature = "whatwg")]
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports,
    noun: "a URL",
    begins: "url.bs \"URL writing\": a valid URL string begins with a scheme and ':'",
    valid_run,
};

/// The run of records that [`crate::fast_path::is_url`] finds valid (a valid URL string, and so
/// valid against a special base too).
#[cfg(feature = "whatwg")]
pub(crate) fn valid_run(records: &[u8], end: u8, target: Target) -> (usize, u64) {
    match target {
        Target::Uri | Target::Reference => {
            let run = crate::fast_path::run::<false>(records, end, false, |_| true);
            (run.len, run.records)
        }
        Target::Component(_) => (0, 0),
    }
}

/// Every component has a production in url.bs "URL writing" (`userinfo` one that nothing
/// meets: a valid URL string has no credentials).
#[cfg(feature = "whatwg")]
fn supports(_: Target) -> Result<(), &'static str> {
    Ok(())
}

/// Checks `s` as a valid URL string written against a base URL of the kind `base`: a
/// relative-URL-with-fragment string or an absolute-URL-with-fragment string.
///
/// Needs the `whatwg` feature (on by default).
///
/// ```
/// use uriesc::check::whatwg::{Base, check_reference};
///
/// assert!(check_reference(b"../a?b#c", Base::Special).is_ok());
/// assert!(check_reference(b"//host/a", Base::NonSpecial).is_ok());
/// assert!(check_reference(b"a", Base::OpaquePath).is_err());
/// assert!(check_reference(b"#a", Base::OpaquePath).is_ok());
/// ```
#[cfg(feature = "whatwg")]
pub fn check_reference(s: &[u8], base: Base) -> Result<(), Problem> {
    grammar::reference(&Scan::new(s), base)?;
    confirm(s, Some(base))
}

/// [`check`] without the fast path of [`crate::fast_path::is_url`]: the whole grammar, every
/// time. The tests and fuzz targets hold the fast path to it (`crate::internals`).
#[cfg(feature = "whatwg")]
pub(crate) fn check_by_grammar(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    let fragment = target == Target::Component(Component::Fragment);
    grammar::target(&scan, target).map_err(|p| match s.get(p.offset) {
        // On its own, a fragment has no '#' before it that began it (in a URL, the first
        // '#' begins the fragment).
        Some(b'#') if fragment && !s[..p.offset].contains(&b'#') => {
            let message = "'#' is not allowed in a fragment; write it as %23";
            scan.problem(p.offset, p.rule, message.into())
        }
        _ => p,
    })?;
    match target {
        Target::Uri => confirm(s, None),
        Target::Reference => confirm(s, Some(Base::Special)),
        Target::Component(_) => Ok(()),
    }
}

/// [`check`] of a URL the WHATWG parser (ada) serialized, as `clean --whatwg` writes it: by
/// the grammar alone, without [`confirm`]'s asking the parser again, which would cost a second
/// parse a record. The parser parses what it serialized (url.bs "Goals": "a non-failure result
/// of a parse-then-serialize operation will not change with any further parse-then-serialize
/// operations applied to it"), and `clean`'s mending only percent-encodes bytes of a path,
/// query, fragment or opaque host, where the parser reads an escape as it reads any URL unit.
/// The tests still hold what `clean` writes to [`check`], the parser's word included.
#[cfg(feature = "whatwg")]
pub(crate) fn check_serialization(s: &[u8]) -> Result<(), Problem> {
    match crate::fast_path::is_url(s) {
        true => Ok(()),
        false => grammar::target(&Scan::new(s), Target::Uri),
    }
}

/// Whether the WHATWG parser (ada) parses `s`, which the grammar accepts: if not, the grammar
/// is wrong, and says so rather than call the URL valid.
#[cfg(feature = "whatwg")]
fn confirm(s: &[u8], base: Option<Base>) -> Result<(), Problem> {
    let base = base.map(|base| match base {
        Base::Special => "https://base.example/",
        Base::File => "file:///base",
        Base::NonSpecial => "base://base.example/",
        Base::OpaquePath => "base:opaque",
    });
    match std::str::from_utf8(s) {
        Ok(text) if ada_url::Url::can_parse(text, base) => Ok(()),
        _ => Err(Problem {
            offset: 0,
            rule: "failure",
            message: "the WHATWG parser (ada) refuses this URL, which the URL-writing grammar \
                      here accepts: a bug of uriesc, please report it"
                .into(),
        }),
    }
}

/// Whether no serialization of `record` by the WHATWG parser is a valid URL string, told by
/// `problem` (what [`check`] found in it as a URL), or by a port the parser refuses, without
/// the parser: then a `check` report has no suggestion to make, and is spared asking the
/// parser and checking what it writes. False means "not told here".
///
/// It is told of a domain's first byte that UTS #46 with UseSTD3ASCIIRules refuses: an ASCII
/// byte but a letter, digit, `-` or `.` ([`valid_domain`]'s rules `domain-to-ASCII` and
/// `domain-percent-encoded`, of a special URL or a `file` URL). Every byte of the domain
/// before it is a letter, digit, `-`, `.` or beyond ASCII, so the parser's host (url.bs "host
/// state", "file host state") begins as the grammar's and holds it too: none of those ends a
/// host, and the byte is no `/`, `\`, `?`, `#`, `:`, `@`, `[` or `]` that would. Then:
///
/// - A `%` with no hex digit after it begins no escape: percent-decoding keeps it, UTS #46
///   (without STD3 rules) keeps it, and it is a forbidden domain code point, so the host
///   parser, and with it the URL parser, fails.
/// - Any other such byte, with an ASCII byte after it (or none) that is no `%` (an escape might
///   stand for a combining mark that NFC would join to it): UTS #46 without STD3 rules keeps it
///   (ASCII is mapped only to its lower case, and an ASCII byte is never the second of a
///   canonical composition), in Punycode too (basic code points are written as they are). The
///   parser then refuses the host (a forbidden domain code point) or writes the byte in it,
///   ASCII among ASCII, where the same rule refuses it again; `clean` changes no domain.
///
/// The byte after a `%`, or after the other byte, is no tab or newline, which the parser
/// removes before it reads (url.bs "basic URL parser"), bringing the bytes after them next to
/// it. Nor is the byte itself a space or a C0 control: a record's ends are trimmed of them.
///
/// It is told of credentials too ([`grammar`]'s `invalid-credentials`, at the last `@` of an
/// authority that follows `scheme://`): the parser reads what comes before that `@` as a
/// user name, then a password after the first `:` (url.bs "authority state"), and writes
/// them with their `@` where either is not empty ("URL serializing"); that is, where those
/// bytes, but tabs and newlines, are more than one `:`. `clean` keeps them, and a valid URL
/// string has none.
///
/// And of ports ([`grammar`]'s `port-invalid` and `port-out-of-range`): the parser fails on a
/// port over 65535 and on any byte in a port but a digit (url.bs "port state"), where the byte
/// is no tab or newline (which it removes) and no space or C0 control (which may end the
/// record, and be trimmed). A port the parser refuses is told whatever the problem, when it
/// is not the first the grammar met ([`port_refused`]).
#[cfg(feature = "whatwg")]
pub(crate) fn no_valid_serialization(record: &[u8], problem: &Problem) -> bool {
    // The problem's own rules first: they tell most such records, for less than a walk of the
    // authority.
    told_by_problem(record, problem) || port_refused(record)
}

/// [`no_valid_serialization`] told by `problem` alone.
#[cfg(feature = "whatwg")]
fn told_by_problem(record: &[u8], problem: &Problem) -> bool {
    match problem.rule {
        "port-out-of-range" => return true,
        "port-invalid" => return record.get(problem.offset).is_some_and(|&b| b > b' '),
        _ => {}
    }
    if problem.rule == "invalid-credentials" {
        let Some(colon) = memchr::memchr(b':', record) else {
            return false;
        };
        let start = colon + 3;
        if record.get(colon + 1..start) != Some(b"//") || problem.offset < start {
            return false;
        }
        let mut credentials = record[start..problem.offset]
            .iter()
            .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
        return !matches!(
            (credentials.next(), credentials.next()),
            (None, _) | (Some(b':'), None)
        );
    }
    if !matches!(problem.rule, "domain-to-ASCII" | "domain-percent-encoded") {
        return false;
    }
    const LABEL_OR_DOT: ByteSet = crate::fast_path::LABEL.add(b'.');
    const PERCENT: ByteSet = ByteSet::EMPTY.add(b'%');
    let Some(&byte) = record.get(problem.offset) else {
        return false;
    };
    let next = record.get(problem.offset + 1).copied();
    let plain_next = |also: &ByteSet| {
        next.is_none_or(|b| {
            b.is_ascii() && !also.contains(b) && !matches!(b, b'\t' | b'\n' | b'\r')
        })
    };
    match byte {
        b'%' => plain_next(&crate::sets::ascii::HEXDIG),
        b'!'..=b'~' if !LABEL_OR_DOT.contains(byte) && !b"/\\?#:@[]".contains(&byte) => {
            plain_next(&PERCENT)
        }
        _ => false,
    }
}

/// Whether the parser fails on `record`'s port, found as it finds it: `record` begins with a
/// scheme (url.bs "scheme state": an ASCII letter, then letters, digits, `+`, `-`, `.`) other
/// than `file` (whose host has no port), then `://`, which takes the parser to "authority
/// state"; the authority ends at the first `/`, `?` or `#` (or `\` in a special URL), the host
/// begins after its last `@`, and its first `:` outside brackets begins the port ("host
/// state"). A byte of the port above U+0020 but a digit makes "port state" return failure: a
/// tab or newline would have been removed first, and a space or C0 control might end the
/// record and be trimmed, so those are not counted. False where `record` does not begin so
/// (the parser may still fail: not told here).
#[cfg(feature = "whatwg")]
fn port_refused(record: &[u8]) -> bool {
    let Some(colon) = grammar::scheme_colon(record) else {
        return false;
    };
    let kind = grammar::Kind::of(&record[..colon]);
    if kind == grammar::Kind::File || record.get(colon + 1..colon + 3) != Some(b"//") {
        return false;
    }
    let authority = &record[colon + 3..];
    let end = authority
        .iter()
        .position(|&b| kind.authority_end().contains(b))
        .unwrap_or(authority.len());
    let authority = &authority[..end];
    let host = match memchr::memrchr(b'@', authority) {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    let mut inside_brackets = false;
    let port = host.iter().position(|&b| {
        match b {
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        b == b':' && !inside_brackets
    });
    port.is_some_and(|i| {
        host[i + 1..]
            .iter()
            .any(|&b| !b.is_ascii_digit() && b > b' ')
    })
}
