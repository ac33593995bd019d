//! The C0 controls and spaces around a record, which `clean` removes under every standard
//! (url.bs "basic URL parser": "Remove any leading and trailing C0 control or space from
//! input"), and where a problem found without them is in the record as it came.

use super::Problem;

/// Whether `b` is a "C0 control or space" (url.bs: U+0000 NULL to U+001F, and U+0020 SPACE).
#[inline]
pub(super) const fn c0_control_or_space(b: u8) -> bool {
    b <= b' '
}

/// `record` without its leading and trailing C0 controls and spaces, and how many led it.
///
/// They are no part of a URL: the URL Standard's basic URL parser will "Remove any leading and
/// trailing C0 control or space from input", and RFC 3986 Appendix C counts whitespace among
/// what delimits a URI in text. Pasted text brings them (a space, a tab, the CR of a CRLF);
/// `clean` removes them under every standard, and `check` still reports them.
pub(super) fn trim_c0_control_or_space(record: &[u8]) -> (usize, &[u8]) {
    let lead = record
        .iter()
        .position(|&b| !c0_control_or_space(b))
        .unwrap_or(record.len());
    let rest = &record[lead..];
    let end = rest
        .iter()
        .rposition(|&b| !c0_control_or_space(b))
        .map_or(0, |i| i + 1);
    (lead, &rest[..end])
}

/// `problem`, found in `record` with `lead` bytes taken from its front, at its place in the
/// record as it came; of a record of nothing but C0 controls and spaces, said so.
pub(super) fn after(record: &[u8], lead: usize, problem: Problem) -> Problem {
    match lead > 0 && blank(record) {
        true => blank_problem(problem),
        false => Problem {
            offset: problem.offset + lead,
            ..problem
        },
    }
}

/// Whether `record` holds nothing but C0 controls and spaces (or nothing).
pub(super) fn blank(record: &[u8]) -> bool {
    record.iter().all(|&b| c0_control_or_space(b))
}

/// The problem of a record of nothing but C0 controls and spaces, at its start: what `clean`
/// found when it had removed them.
pub(super) fn blank_problem(problem: Problem) -> Problem {
    Problem {
        offset: 0,
        message: "the record holds only spaces and controls, which are no part of a URL (url.bs: \
                  leading and trailing C0 control or space are removed), so nothing is left; \
                  leave such lines out, e.g. with grep -v '^[[:space:]]*$'"
            .into(),
        ..problem
    }
}
