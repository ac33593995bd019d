//! Why the two readings of `check --confusion` part: the cause a report names, at the byte
//! where they part (see the parent module for the readings).

use std::net::Ipv4Addr;

use super::{Host, Readings, default_port, name_characters};
use crate::check::rfc3986::ipv4address;
use crate::excerpt::quote;
use crate::uri::{Authority, Parts};

/// Why the readings part, where it is known, and the byte where they part.
pub(super) fn cause(record: &[u8], readings: &Readings) -> (usize, String) {
    let find = |pred: &dyn Fn(u8) -> bool| record.iter().position(|&b| pred(b));
    let rfc = &readings.rfc3986;
    let parts = Parts::split(record);
    let host = parts.authority.as_ref().map(|a| {
        let split = Authority::split(&record[a.clone()]);
        a.start + split.host.start..a.start + split.host.end
    });
    let host_start = host.as_ref().map(|h| h.start);
    let Ok(whatwg) = &readings.whatwg else {
        return (
            host_start.unwrap_or(0),
            "the WHATWG parser fails on it".into(),
        );
    };
    let special = whatwg
        .scheme
        .as_deref()
        .is_some_and(|s| default_port(s).is_some());
    if let Some(i) = find(&|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        return (i, "the WHATWG parser removes tabs and newlines".into());
    }
    if record.first().is_some_and(|&b| b <= b' ') || record.last().is_some_and(|&b| b <= b' ') {
        let i = if record.first().is_some_and(|&b| b <= b' ') {
            0
        } else {
            record.len() - 1
        };
        return (
            i,
            "the WHATWG parser strips leading and trailing spaces and controls".into(),
        );
    }
    if special && let Some(i) = find(&|b| b == b'\\') {
        return (
            i,
            "'\\' is read as '/' by the WHATWG parser in a special URL".into(),
        );
    }
    if whatwg.scheme.as_deref() == Some("file")
        && whatwg.host.is_none()
        && let Some(Host::Name(name)) = &rfc.host
        && name.len() == 1
        && name.as_bytes()[0].is_ascii_alphabetic()
    {
        return (
            host_start.unwrap_or(0),
            format!(
                "the WHATWG parser reads '{name}:' as a Windows drive letter, RFC 3986 as a host \
                 (a network share)"
            ),
        );
    }
    if special && rfc.host.is_none() && whatwg.host.is_some() {
        let after_colon = parts.scheme.as_ref().map_or(0, |s| s.end + 1);
        if record[after_colon..].contains(&b'@') && !record[after_colon..].starts_with(b"/") {
            let at = after_colon
                + record[after_colon..]
                    .iter()
                    .position(|&b| b == b'@')
                    .unwrap_or(0);
            return (
                at,
                "the '@' is in what RFC 3986 calls the path; the WHATWG parser reads credentials \
                 and a host around it"
                    .into(),
            );
        }
        return (
            after_colon,
            "the WHATWG parser reads a host after a special scheme with any number of slashes, \
             or none"
                .into(),
        );
    }
    let start = host_start.unwrap_or(0);
    if let (Some(Host::Name(name)), Some(Host::Ipv4(address))) = (&rfc.host, &whatwg.host) {
        return (start, read_as_ipv4(name, address));
    }
    if let Some(i) =
        host_start.and_then(|s| record[s..].iter().position(|&b| b >= 0x80).map(|p| s + p))
        && rfc.host != whatwg.host
    {
        return (
            i,
            "UTS #46 (IDNA) maps the host's non-ASCII characters (full-width and other \
             compatibility forms) to another name"
                .into(),
        );
    }
    if rfc.host != whatwg.host && host.is_some_and(|h| record[h].contains(&b'%')) {
        return (start, percent_decoded(rfc.host.as_ref()));
    }
    let what = if rfc.scheme != whatwg.scheme {
        "the scheme"
    } else if rfc.host != whatwg.host {
        "the host"
    } else {
        "the port"
    };
    (start, format!("they read {what} differently"))
}

/// Why the WHATWG parser reads the name `name` as the IPv4 address `address`: its host parser
/// maps the name by UTS #46 before the IPv4 parser sees it (url.bs "host parsing": domain to
/// ASCII, then "ends in a number"), so compatibility characters can make digits and dots
/// (`①②⑦.0.0.1` is `127.0.0.1`); and the IPv4 parser takes hex, octal and fewer parts.
fn read_as_ipv4(name: &str, address: &Ipv4Addr) -> String {
    let characters = name_characters(name).unwrap_or_else(|| name.to_string());
    let forms = "(hex, octal and fewer parts count)";
    // Quoted cut where long.
    let (shown, shown_characters) = (quote(name.as_bytes()), quote(characters.as_bytes()));
    // The URL parser's own UTS #46 (ada's): "" where it refuses.
    let mapped = ada_url::Idna::ascii(&characters);
    if characters.is_ascii() || mapped.is_empty() {
        return format!("the WHATWG parser reads '{shown}' as the IPv4 address {address} {forms}");
    }
    let decoded = match characters != name {
        true => format!("'{shown}' is '{shown_characters}' percent-decoded (§3.2.2); "),
        false => String::new(),
    };
    let forms = match ipv4address(mapped.as_bytes()) {
        true => "",
        false => forms,
    };
    format!(
        "{decoded}UTS #46 (IDNA) maps '{shown_characters}' to '{}', which the WHATWG parser's \
         IPv4 parser then reads as the IPv4 address {address} {forms}",
        quote(mapped.as_bytes())
    )
    .trim_end()
    .to_string()
}

/// Why a host with escapes reads differently: the WHATWG parser decodes them all. Escapes of a
/// name's UTF-8 are its characters to both (RFC 3986 §3.2.2): where those differ from the
/// WHATWG host, UTS #46 mapped them; escapes of other bytes RFC 3986 keeps.
fn percent_decoded(rfc: Option<&Host>) -> String {
    let characters = match rfc {
        Some(Host::Name(name)) => name_characters(name).filter(|c| !c.is_ascii()),
        _ => None,
    };
    match characters {
        Some(characters) => format!(
            "the WHATWG parser percent-decodes the whole host to '{}' (RFC 3986 §3.2.2: the \
             UTF-8 of its characters), then UTS #46 (IDNA) maps it to another name",
            quote(characters.as_bytes())
        ),
        None => "the WHATWG parser percent-decodes the whole host, RFC 3986 only unreserved \
                 characters (§6.2.2.2)"
            .into(),
    }
}
