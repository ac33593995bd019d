//! Domain names that begin a URL with no scheme in plain text (`extract --schemeless`):
//! `www.example.com`, `example.com/a`; the text reader ([`super::text`]) asks at each `.`.

use super::delimit::glued;
use super::text::MAX_DOMAIN;

/// What a `.` in text is part of, for `schemeless`.
pub(super) enum Schemeless {
    /// No URL: the next place to look, past the name the `.` is in.
    Skip(usize),
    /// More text is needed to say.
    More,
    /// A URL at this byte, its name ending at the second.
    Url(usize, usize),
}

/// Whether the `.` at `dot` is in a domain name that begins a URL without a scheme: a name of
/// letters, digits, `-` and `.` (RFC 1034 §3.5), not glued to a letter, digit, `@`, `/`, `:`,
/// `_`, `.` or `-` before it, of two labels or more, whose public suffix is on the built-in
/// Public Suffix List (ICANN or private) with a label before it; and that begins `www.` or is
/// followed by `/`.
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
    if end == buf.len() && !last {
        return match end - start > MAX_DOMAIN {
            true => Schemeless::Skip(end),
            false => Schemeless::More,
        };
    }
    let skip = Schemeless::Skip(end);
    while end > start && matches!(buf[end - 1], b'.' | b'-') {
        end -= 1;
    }
    let name = &buf[start..end];
    let glued = start > 0 && (b"@/:_.-".contains(&buf[start - 1]) || glued(&buf[..start]));
    let path = buf.get(end) == Some(&b'/');
    let www = name.len() > 4 && name[..4].eq_ignore_ascii_case(b"www.");
    if glued || name.len() > MAX_DOMAIN || !(path || www) || !labels_ok(name) {
        return skip;
    }
    let lower = name.to_ascii_lowercase();
    let listed = crate::psl::List::builtin()
        .starts(&lower)
        .is_some_and(|found| {
            found.registrable_domain.is_some() && found.section != crate::psl::Section::NotListed
        });
    match listed {
        true => Schemeless::Url(start, end),
        false => skip,
    }
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
