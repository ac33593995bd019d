//! RFC 3987 §2.2, exactly: `IRI`, `IRI-reference` and each `i`-component on its own.
//!
//! The walk is RFC 3986's (see [`super::rfc3986`]): the same split of the record by the
//! grammar (scheme, `//` authority, path, the first `?`, the first `#`), and the same
//! ASCII rules, since every `i`-rule is its RFC 3986 rule with `iunreserved` in place of
//! `unreserved`. What this module adds is above ASCII: an IRI is a sequence of characters,
//! so the record must be UTF-8 (invalid UTF-8 is a problem at its first bad byte), and a
//! non-ASCII character may stand literally where `iunreserved` may if it is a `ucschar`, and
//! in `iquery` also if it is an `iprivate` ([`crate::sets::rfc3987`]). `scheme`, `port`,
//! `IP-literal` and `IPv4address` are RFC 3986's unchanged (§2.2 takes them from there), so
//! they stay ASCII.
//!
//! Not checked: the rules of §4.2 for bidirectional IRIs ("SHOULD"s about where
//! right-to-left characters stand), and §4.1's advice against formatting characters: an IRI
//! that breaks them is still valid by the syntax of §2.2, which is what `check` decides.

use super::{Problem, Scan, Target};
use crate::sets::rfc3987::{iprivate, ucschar};
use crate::sets::{ByteSet, Component, rfc3986};
use crate::uri::Authority;

/// This standard's validator, registered in [`super::validator`].
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports: |_| Ok(()),
    noun: "an IRI",
    begins: "RFC 3987 §2.2: an IRI begins with a scheme and ':'",
    valid_run: super::no_fast_path,
};

/// Checks `s` as `target` (`uri`: an `IRI`, `reference`: an `IRI-reference`).
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    if let Err(e) = std::str::from_utf8(s) {
        let i = e.valid_up_to();
        return Err(scan.problem(
            i,
            "UTF-8",
            format!(
                "an IRI is characters in UTF-8, and {} begins no UTF-8 character here; \
                 encode it as {}",
                scan.show(i),
                crate::encode::percent_encode_byte(s[i])
            ),
        ));
    }
    let whole = s.len();
    match target {
        Target::Uri => iri_reference(&scan, false),
        Target::Reference => iri_reference(&scan, true),
        Target::Component(component) => match component {
            Component::Scheme => super::rfc3986::scheme(&scan, whole),
            Component::Userinfo => ichars(&scan, 0, whole, IUSERINFO),
            Component::Host => ihost(&scan, 0, whole).map_err(|p| {
                super::ip::unbracketed_ipv6(&scan, 0, whole, super::rfc3986::IP_LITERAL)
                    .unwrap_or(p)
            }),
            Component::Port => super::rfc3986::port(&scan, 0, whole),
            Component::Path => ichars(&scan, 0, whole, IPATH),
            Component::Segment => ichars(&scan, 0, whole, ISEGMENT),
            Component::Query => ichars(&scan, 0, whole, IQUERY),
            Component::Fragment => ichars(&scan, 0, whole, IFRAGMENT),
        },
    }
}

/// One `i`-rule over characters: the ASCII it allows (RFC 3986's set), whether `iprivate`
/// is allowed beside `ucschar`, the ASCII bytes that end it, and its names for messages.
struct Rule {
    ascii: ByteSet,
    private: bool,
    stops: ByteSet,
    place: &'static str,
    name: &'static str,
}

/// `iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )`.
const IUSERINFO: &Rule = &Rule {
    ascii: rfc3986::USERINFO,
    private: false,
    stops: ByteSet::EMPTY,
    place: "the user info",
    name: "iuserinfo",
};
/// `ireg-name = *( iunreserved / pct-encoded / sub-delims )`.
const IREG_NAME: &Rule = &Rule {
    ascii: rfc3986::REG_NAME,
    private: false,
    stops: ByteSet::EMPTY,
    place: "a host",
    name: "ireg-name",
};
/// `ipath-abempty = *( "/" isegment )` and the other path forms: `isegment`s and `/`.
const IPATH: &Rule = &Rule {
    ascii: rfc3986::PATH,
    private: false,
    stops: ByteSet::EMPTY,
    place: "a path",
    name: "ipath",
};
/// `isegment = *ipchar`.
const ISEGMENT: &Rule = &Rule {
    ascii: rfc3986::SEGMENT,
    private: false,
    stops: ByteSet::EMPTY,
    place: "a path segment",
    name: "isegment",
};
/// `isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )`, up to the first
/// `/` (the rest of an `ipath-noscheme` is `IPATH`).
const ISEGMENT_NZ_NC: &Rule = &Rule {
    ascii: rfc3986::SEGMENT_NZ_NC,
    private: false,
    stops: ByteSet::of(b"/"),
    place: "the first segment of a relative reference (write './' before it)",
    name: "isegment-nz-nc",
};
/// `iquery = *( ipchar / iprivate / "/" / "?" )`: the one rule with `iprivate`.
const IQUERY: &Rule = &Rule {
    ascii: rfc3986::QUERY,
    private: true,
    stops: ByteSet::EMPTY,
    place: "a query",
    name: "iquery",
};
/// `ifragment = *( ipchar / "/" / "?" )`.
const IFRAGMENT: &Rule = &Rule {
    ascii: rfc3986::FRAGMENT,
    private: false,
    stops: ByteSet::EMPTY,
    place: "a fragment",
    name: "ifragment",
};

/// Checks `bytes[start..end]` against `rule` (which has no `stops`).
fn ichars(scan: &Scan, start: usize, end: usize, rule: &Rule) -> Result<(), Problem> {
    ichars_until(scan, start, end, rule).map(|_| ())
}

/// Checks `bytes[start..end]` against `rule` (which [`check`] has made sure is UTF-8), up to
/// the first byte of its `stops`, and returns where it stopped.
fn ichars_until(scan: &Scan, start: usize, end: usize, rule: &Rule) -> Result<usize, Problem> {
    let s = &scan.bytes[..end];
    let mut i = start;
    while i < end {
        // RFC 3986's walk does the ASCII; it stops at the first byte it does not allow,
        // which may be the lead byte of a character this rule allows.
        i = scan.chars_until(
            i,
            end,
            &rule.ascii,
            &rule.stops.union(NON_ASCII),
            (rule.place, rule.name),
        )?;
        let Some(&b) = s.get(i) else { break };
        if rule.stops.contains(b) {
            return Ok(i);
        }
        // A non-ASCII lead byte: the record is UTF-8, so a whole character starts here.
        let c = utf8_char(&s[i..]);
        match c {
            Some(c) if ucschar(c) || (rule.private && iprivate(c)) => i += c.len_utf8(),
            Some(c) if iprivate(c) => {
                return Err(scan.problem(
                    i,
                    rule.name,
                    format!(
                        "{} is a private-use character (iprivate), allowed in a query only; \
                         encode it as {}",
                        scan.show(i),
                        escaped(c)
                    ),
                ));
            }
            _ => {
                return Err(scan.problem(
                    i,
                    rule.name,
                    format!(
                        "{} is not a ucschar, so not allowed in {}; encode it as {}",
                        scan.show(i),
                        rule.place,
                        c.map_or_else(|| "its UTF-8 bytes".into(), escaped)
                    ),
                ));
            }
        }
    }
    Ok(end)
}

/// Every byte ≥ 0x80: where RFC 3986's walk hands over to the character rules.
const NON_ASCII: ByteSet = ByteSet::range(0x80, 0xFF);

/// The character that `s` begins with, if it begins with a UTF-8 one.
fn utf8_char(s: &[u8]) -> Option<char> {
    let text = match std::str::from_utf8(&s[..s.len().min(4)]) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&s[..e.valid_up_to()]).ok()?,
    };
    text.chars().next()
}

/// The percent-encoding of `c`'s UTF-8 (RFC 3987 §3.1 step 2b).
fn escaped(c: char) -> String {
    c.encode_utf8(&mut [0; 4])
        .bytes()
        .map(crate::encode::percent_encode_byte)
        .collect()
}

/// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`, or with
/// `relative_allowed`, `IRI-reference = IRI / irelative-ref`.
fn iri_reference(scan: &Scan, relative_allowed: bool) -> Result<(), Problem> {
    let s = scan.bytes;
    let parts = super::rfc3986::split_reference(scan, relative_allowed, "IRI")?;
    let path = parts.path.clone();
    let mut rest = path.start;
    if let Some(authority) = &parts.authority {
        iauthority(scan, authority.start, authority.end)?;
    } else if parts.scheme.is_none() {
        // ipath-noscheme: the first segment may not hold a ':' (it would read as a scheme).
        rest = ichars_until(scan, path.start, path.end, ISEGMENT_NZ_NC)?;
    }
    ichars(scan, rest, path.end, IPATH)?;
    if let Some(query) = &parts.query {
        ichars(scan, query.start, query.end, IQUERY)?;
    }
    if let Some(fragment) = &parts.fragment {
        ichars(scan, fragment.start, s.len(), IFRAGMENT)?;
    }
    Ok(())
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` over `s[start..end]`.
fn iauthority(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let parts = Authority::split(&scan.bytes[start..end]);
    if let Some(userinfo) = parts.userinfo {
        ichars(
            scan,
            start + userinfo.start,
            start + userinfo.end,
            IUSERINFO,
        )?;
    }
    ihost(scan, start + parts.host.start, start + parts.host.end)
        .and_then(|()| match parts.port {
            Some(port) => super::rfc3986::port(scan, start + port.start, start + port.end),
            None => Ok(()),
        })
        .map_err(|p| {
            let ip_literal = super::rfc3986::IP_LITERAL;
            super::ip::unbracketed_ipv6(scan, start + parts.host.start, end, ip_literal)
                .unwrap_or(p)
        })
}

/// `ihost = IP-literal / IPv4address / ireg-name` over `s[start..end]` (every IPv4address is
/// also an ireg-name, so only IP literals need their own rule).
fn ihost(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    if s.get(start) != Some(&b'[') || start == end {
        return ichars(scan, start, end, IREG_NAME);
    }
    super::rfc3986::ip_literal_host(scan, start, end, "iauthority")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offsets are bytes, as in every other report: `ü` is two.
    #[test]
    fn offsets_are_bytes() {
        let problem = check("http://ü.example/\u{FFFE}".as_bytes(), Target::Uri);
        assert_eq!(problem.map_err(|p| (p.offset, p.rule)), Err((18, "ipath")));
    }

    #[test]
    fn iprivate_in_iquery_only() {
        let iri = "http://a/?\u{E000}#\u{E000}";
        let problem = check(iri.as_bytes(), Target::Uri);
        assert_eq!(
            problem.map_err(|p| (p.offset, p.rule)),
            Err((14, "ifragment"))
        );
    }

    #[test]
    fn invalid_utf8_at_its_first_bad_byte() {
        let problem = check(b"http://a/\xC3(", Target::Uri);
        assert_eq!(problem.map_err(|p| (p.offset, p.rule)), Err((9, "UTF-8")));
    }
}
