//! Hosts that begin a URL with no scheme in plain text (`extract --schemeless`): a domain
//! name whose top-level domain is on the Public Suffix List (`golang.org`,
//! `www.example.com`, `example.com/a`) or an IPv4 address (`10.50.23.250`), with an optional
//! port and path; the text reader ([`super::text`]) asks at each `.`.
//!
//! The host is read as RFC 3986 §3.2.2 reads one: a `reg-name` of RFC 1034 §3.5 labels
//! (letters, digits, `-`; an IDN in its `xn--` form), or an `IPv4address` of four
//! `dec-octet`s; then `":" port` (§3.2.3) and a path (§3.3) beginning `/`. Beside those, the
//! rules of running text: the name is not glued to a word or to `@`, `/`, `:`, `_`, `.`, `-`
//! before it, nor to a word, `_` or `@` after it (an address's local part, `first.last@`); and
//! a name whose last label is a common file extension ([`FILE_EXTENSIONS`]: `main.rs`,
//! `README.md`, `setup.py`) is a file, not a host, unless it begins `www.` or a path follows.

use super::delimit::glued;

/// The longest domain (RFC 1035 §2.3.4, in its text form).
pub(super) const MAX_DOMAIN: usize = 255;

/// The top-level domains that are also common file extensions: a name ending in one of them
/// (`lib.rs`, `README.md`, `setup.py`, `install.sh`, `libc.so`, `Makefile.am`, `main.tf`,
/// `photos.zip`) is a file unless it begins `www.` or is followed by a path (`docs.rs/serde`).
/// Each is a top-level domain of the Public Suffix List's ICANN section; each is far more
/// often a file than a host in the text `extract` reads (source, docs, logs). Left out: `ai`,
/// `at`, `in`, `pl`, `me`, `org`, whose hosts are common.
pub(super) const FILE_EXTENSIONS: &[&str] = &[
    "am", "cc", "cu", "java", "md", "mk", "ml", "mov", "pm", "ps", "py", "rs", "sh", "so", "tf",
    "zip",
];

/// The most digits of a port read after a host without a scheme: a port is 16 bits (RFC 6335
/// §6), at most `65535`.
const MAX_PORT: usize = 5;

/// How many bytes past a name are read to judge it: `:`, a port and a digit too many, and
/// the character after it.
const WINDOW: usize = MAX_PORT + 6;

/// What a `.` in text is part of, for `schemeless`.
pub(super) enum Schemeless {
    /// No URL: the next place to look, past the name the `.` is in.
    Skip(usize),
    /// More text is needed to say.
    More,
    /// A URL at this byte whose host (and port) ends at the second; it goes on past it as a
    /// URL does (a path, or a `www.` name's query).
    Url(usize, usize),
    /// A URL that is its host (and port) alone, from the first byte to the second.
    Host(usize, usize),
}

/// Whether the `.` at `dot` is in a host that begins a URL without a scheme (the module's
/// rules); `floor` is where the text not yet taken by a URL begins, `last` whether the text
/// ends with `buf`.
pub(super) fn schemeless(buf: &[u8], dot: usize, floor: usize, last: bool) -> Schemeless {
    let name_byte = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.');
    let limit = dot.saturating_sub(MAX_DOMAIN).max(floor).min(dot);
    let before = buf[limit..dot]
        .iter()
        .rev()
        .take_while(|b| name_byte(b))
        .count();
    let mut start = dot - before;
    while start < dot && !buf[start].is_ascii_alphanumeric() {
        start += 1;
    }
    let after = buf[dot..].iter().take_while(|b| name_byte(b)).count();
    let mut end = dot + after;
    let skip = Schemeless::Skip(end);
    if end - start > MAX_DOMAIN {
        return skip;
    }
    while end > start && matches!(buf[end - 1], b'.' | b'-') {
        end -= 1;
    }
    // What follows the name (a port, and the character after it) is read before it is
    // judged.
    if !last && buf.len() < dot + after + WINDOW {
        return Schemeless::More;
    }
    let Some(port) = port(&buf[end..]) else {
        return skip;
    };
    let next = end + port;
    let name = &buf[start..end];
    let glued_before = start > 0 && (b"@/:_.-".contains(&buf[start - 1]) || glued(&buf[..start]));
    if glued_before || glued_after(&buf[next..]) {
        return skip;
    }
    let path = buf.get(next) == Some(&b'/');
    let www = name.len() > 4 && name[..4].eq_ignore_ascii_case(b"www.");
    let host = match ipv4(name) {
        true => true,
        false => labels_ok(name) && listed(name) && (path || www || !file_name(name)),
    };
    match (host, path || www) {
        (false, _) => skip,
        (true, true) => Schemeless::Url(start, next),
        (true, false) => Schemeless::Host(start, next),
    }
}

/// The length of the `:` and port that `rest` begins with: 0 where it begins with no `:` and
/// digit, none where the digits are no port (RFC 3986 §3.2.3 `port = *DIGIT`, a 16-bit number
/// by RFC 6335 §6: at most [`MAX_PORT`] digits and `65535`, not glued to a letter after).
fn port(rest: &[u8]) -> Option<usize> {
    if rest.first() != Some(&b':') || !rest.get(1).is_some_and(u8::is_ascii_digit) {
        return Some(0);
    }
    let digits = &rest[1..];
    let len = digits
        .iter()
        .take(MAX_PORT + 1)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let number = &digits[..len];
    let in_range = len < MAX_PORT || (len == MAX_PORT && number <= b"65535".as_slice());
    let alone = !digits.get(len).is_some_and(u8::is_ascii_alphanumeric);
    (in_range && alone).then_some(1 + len)
}

/// Whether what follows a host glues it to a word (a letter or digit beyond ASCII, `_`) or
/// makes it an address's local part (`@`).
fn glued_after(rest: &[u8]) -> bool {
    match rest.first() {
        Some(b'_' | b'@') => true,
        Some(&b) if b >= 0x80 => {
            let head = &rest[..rest.len().min(4)];
            bstr::decode_utf8(head).0.is_some_and(char::is_alphanumeric)
        }
        _ => false,
    }
}

/// Whether `name` is an RFC 3986 §3.2.2 `IPv4address`: four `dec-octet`s, each `0` to `255`
/// with no leading zero.
fn ipv4(name: &[u8]) -> bool {
    let octet = |label: &[u8]| match label {
        [b'0'..=b'9'] => true,
        [b'1'..=b'9', rest @ ..] if rest.len() <= 2 && rest.iter().all(u8::is_ascii_digit) => {
            label.len() < 3 || label <= b"255".as_slice()
        }
        _ => false,
    };
    let mut count = 0;
    let all = name.split(|&b| b == b'.').all(|label| {
        count += 1;
        octet(label)
    });
    all && count == 4
}

/// Whether the public suffix of `name` is on the built-in Public Suffix List (ICANN or
/// private section) with a label before it.
fn listed(name: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    let found = crate::psl::List::builtin().starts(&lower);
    found.is_some_and(|found| {
        found.registrable_domain.is_some() && found.section != crate::psl::Section::NotListed
    })
}

/// Whether the last label of `name` is one of [`FILE_EXTENSIONS`].
fn file_name(name: &[u8]) -> bool {
    let tld = name.rsplit(|&b| b == b'.').next().unwrap_or(b"");
    FILE_EXTENSIONS
        .iter()
        .any(|ext| ext.as_bytes().eq_ignore_ascii_case(tld))
}

/// Whether `name` is two labels or more, none empty, longer than 63 or beginning or ending
/// with `-` (RFC 1034 §3.5), the last of letters or an IDN's ASCII form.
fn labels_ok(name: &[u8]) -> bool {
    let mut labels = name.split(|&b| b == b'.');
    let ok = |label: &[u8]| {
        !label.is_empty() && label.len() <= 63 && !label.starts_with(b"-") && !label.ends_with(b"-")
    };
    let tld = name.rsplit(|&b| b == b'.').next().unwrap_or(b"");
    // A top-level domain is letters, or an IDN's ASCII form (`xn--…`, RFC 5890 §2.3.2.1).
    let idn = tld.len() > 4 && tld[..4].eq_ignore_ascii_case(b"xn--");
    name.contains(&b'.') && labels.all(ok) && (idn || tld.iter().all(u8::is_ascii_alphabetic))
}
