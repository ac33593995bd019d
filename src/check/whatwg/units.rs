//! url.bs "URL writing": URL units (URL code points and percent-encoded bytes), the sets of them
//! each part of a URL allows, and the walk over a run of them that gives the problem of the
//! first byte that is none: what the URL grammar (`grammar`) and an opaque host (`host`) are
//! made of.

use crate::check::{Problem, Scan, utf8_char_at};
use crate::sets::whatwg::ASCII_URL_CODE_POINT;
use crate::sets::{ByteSet, pct_encoded};

/// The URL code points that are ASCII (the others are U+00A0 to U+10FFFD less surrogates and
/// noncharacters, see [`code_point`]).
pub(super) const URL_CODE_POINT: ByteSet = ASCII_URL_CODE_POINT;
/// A path: URL units but `?` (segments, and the `/` between them).
pub(super) const PATH: ByteSet = URL_CODE_POINT.remove(b'?');
/// A URL-path-segment string: URL units but `/` and `?`.
pub(super) const SEGMENT: ByteSet = PATH.remove(b'/');
/// An opaque host: URL units but forbidden host code points (of which `/:?@` are URL code
/// points).
pub(super) const OPAQUE_HOST: ByteSet = SEGMENT.remove(b':').remove(b'@');

/// Checks URL units in `s[start..end]` up to the first byte of `stops`, and returns where it
/// stopped (`end` if at no stop): bytes of `allowed` (ASCII URL code points), escapes, and the
/// URL code points beyond ASCII. `special`: the part is a special URL's path, where `\` is
/// read as `/`.
pub(super) fn units(
    scan: &Scan,
    start: usize,
    allowed: &ByteSet,
    stops: &ByteSet,
    special: bool,
    end: usize,
) -> Result<usize, Problem> {
    let s = &scan.bytes[..end];
    let mut i = start;
    loop {
        i += allowed.prefix_len(&s[i..]);
        let Some(&b) = s.get(i) else {
            return Ok(end);
        };
        if stops.contains(b) {
            return Ok(i);
        } else if pct_encoded(s, i).is_some() {
            i += 3;
        } else if b >= 0x80 {
            i += code_point(scan, i)?;
        } else {
            return Err(not_a_unit(scan, i, special));
        }
    }
}

/// The length of the URL code point beyond ASCII at `i`.
fn code_point(scan: &Scan, i: usize) -> Result<usize, Problem> {
    let problem = |why: String| {
        Err(scan.problem(
            i,
            "invalid-URL-unit",
            format!("{why}; percent-encode it as {}", scan.escaped(i)),
        ))
    };
    let Some(c) = utf8_char_at(scan.bytes, i) else {
        return problem(format!(
            "byte 0x{:02X} is not UTF-8 (a URL is text)",
            scan.bytes[i]
        ));
    };
    let n = c as u32;
    if n < 0xA0 {
        problem(format!(
            "control character U+{n:04X} is not a URL code point"
        ))
    } else if (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE {
        problem(format!(
            "{} is a noncharacter, not a URL code point",
            scan.show(i)
        ))
    } else {
        Ok(c.len_utf8())
    }
}

/// The problem of the ASCII byte at `i`, which is no URL unit where it is.
pub(super) fn not_a_unit(scan: &Scan, i: usize, special: bool) -> Problem {
    let (show, escaped) = (scan.show(i), scan.escaped(i));
    let message = match scan.bytes[i] {
        b'\\' if special => return reverse_solidus(scan, i),
        b'%' => "'%' must begin an escape like %25 (a literal '%' is written %25)".into(),
        b'#' if !scan.bytes[..i].contains(&b'#') => {
            "'#' would begin the fragment here; write it as %23".into()
        }
        b'#' => "'#' is not a URL unit: the first one begins the fragment; write the others as \
                 %23"
        .into(),
        b'?' => "'?' would begin the query here; write it as %3F".into(),
        b'/' => "'/' would end the segment; write it as %2F".into(),
        b'[' | b']' => {
            format!("{show} is only allowed around an IPv6 host; write it as {escaped}")
        }
        b'\\' => "'\\' is not a URL unit (a special URL reads it as '/'); write '/' or %5C".into(),
        b'\t' | b'\n' | b'\r' => {
            format!("the parser removes every {show}; remove it, or write it as {escaped}")
        }
        _ => format!("{show} is not a URL unit; percent-encode it as {escaped}"),
    };
    scan.problem(i, "invalid-URL-unit", message)
}

/// The problem of a `\` at `i`, which a special URL reads as `/`.
pub(super) fn reverse_solidus(scan: &Scan, i: usize) -> Problem {
    scan.problem(
        i,
        "invalid-reverse-solidus",
        "a special URL reads '\\' as '/'; write '/' (or %5C for a backslash)".into(),
    )
}
