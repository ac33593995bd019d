//! `check --confusion`: the URLs that RFC 3986 tools and browsers send to different places.
//!
//! Every record is read twice. The **RFC 3986 reading** is the generic split of Appendix B (the
//! regular expression most non-browser libraries implement, [`Parts`]), its authority split at
//! the last `@` and at the `:` of the port ([`Authority`]); the host normalized as §6.2.2
//! allows (case, percent-encoded unreserved characters decoded; an IP literal or a dotted
//! IPv4 address read as the address), the port as a number with the scheme's default elided
//! (§6.2.3). It exists for every string, valid or not. The **WHATWG reading** is what the URL
//! Standard's parser makes of it (the same parser as `check --whatwg`): its scheme, host and
//! port, or failure.
//!
//! A record is reported when the two disagree on the scheme, the host (one has a host and the
//! other none or another) or the port: an allowlist written with one reading and a request made
//! with the other go to different places ("URL parsing confusion": Orange Tsai, "A New Era of
//! SSRF", 2017; Claroty and Snyk, "Exploiting URL Parsing Confusion", 2022). The report names
//! both readings and, where it is known, the cause, at the first character where they part.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

mod cause;

use super::Problem;
use super::rfc3986::ipv4address;
use crate::excerpt::quote;
use crate::uri;
use crate::uri::{Authority, Parts};

/// What one reading makes of a URL: where a request would go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// In lower case; `None` without one.
    pub scheme: Option<String>,
    /// The host; `None` without an authority.
    pub host: Option<Host>,
    /// `None` without one, or where it is the scheme's default.
    pub port: Option<String>,
}

/// A host, compared as the address it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// A name, in lower case, with percent-encoded unreserved characters decoded.
    Name(String),
    /// An IPv4 address (RFC 3986 §3.2.2 `IPv4address`, or the URL Standard's IPv4 parser).
    Ipv4(Ipv4Addr),
    /// An IPv6 address, written in brackets (RFC 3986 §3.2.2 `IP-literal`).
    Ipv6(Ipv6Addr),
}

impl Host {
    /// The host as text, controls and all (for JSON, which escapes them itself); a name
    /// longer than [`crate::excerpt::WHOLE`] bytes cut as a message quotes it.
    pub fn text(&self) -> String {
        match self {
            Host::Name(name) => quote(name.as_bytes()).into_owned(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Controls shown escaped: a report must not hide or move what it quotes; a long
            // name cut (`crate::excerpt::quote`).
            Host::Name(name) => {
                quote(name.as_bytes())
                    .chars()
                    .try_for_each(|c| match c.is_control() {
                        true => write!(f, "{}", c.escape_default()),
                        false => write!(f, "{c}"),
                    })
            }
            Host::Ipv4(address) => address.fmt(f),
            Host::Ipv6(address) => write!(f, "[{address}]"),
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.scheme {
            Some(scheme) => write!(f, "scheme '{scheme}'")?,
            None => f.write_str("no scheme")?,
        }
        match &self.host {
            Some(host) => write!(f, ", host '{host}'")?,
            None => f.write_str(", no host")?,
        }
        match &self.port {
            Some(port) => write!(f, ", port {port}"),
            None => Ok(()),
        }
    }
}

/// Both readings of a record; `whatwg` is the parser's failure where it fails. As JSON
/// (serialized), two members: `"rfc3986":{...},"whatwg":{...}`, each with `scheme`, `host` and
/// `port` (null where absent), or `{"failure": ...}` for WHATWG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readings {
    /// The reading of RFC 3986 (Appendix B, then §3.2.2 and §6.2.2 for the host).
    pub rfc3986: Reading,
    /// The reading of the URL Standard's basic URL parser, or its failure.
    pub whatwg: Result<Reading, Refused>,
}

impl Readings {
    /// Both readings of `record`.
    pub fn of(record: &[u8]) -> Readings {
        Readings {
            rfc3986: rfc3986_reading(record),
            whatwg: whatwg_reading(record),
        }
    }

    /// Whether the two readings send a request to the same place. A URL the WHATWG parser
    /// refuses goes nowhere in a browser, so it confuses no one about where it goes (`check
    /// --whatwg` reports it).
    pub fn agree(&self) -> bool {
        match &self.whatwg {
            Ok(whatwg) => {
                let rfc = &self.rfc3986;
                rfc.scheme == whatwg.scheme
                    && rfc.port == whatwg.port
                    && same_host(rfc.host.as_ref(), whatwg.host.as_ref())
            }
            Err(_) => true,
        }
    }
}

/// Whether the hosts of the two readings are one. An internationalized name and its ASCII
/// form are one name (RFC 3986 §3.2.2: such a name "must be transformed to the IDNA encoding
/// prior to name lookup"), where the ASCII form decodes back to it: UTS #46 changed nothing but
/// the encoding. Where it maps a character to another (a full-width letter to ASCII), the
/// names differ.
///
/// A name percent-encoded is its characters: "non-ASCII characters must first be encoded
/// according to UTF-8, and then each octet of the corresponding UTF-8 sequence must be
/// percent-encoded" (§3.2.2), so `%E2%98%83` is the name `☃`, and xn--n3h in DNS.
fn same_host(rfc: Option<&Host>, whatwg: Option<&Host>) -> bool {
    match (rfc, whatwg) {
        (Some(Host::Name(name)), Some(Host::Name(ascii))) => {
            let name = name_characters(name).unwrap_or_else(|| name.clone());
            match name.is_ascii() {
                true => name == *ascii,
                // The parser's own UTS #46 (ada's), which made `ascii`.
                false => ada_url::Idna::unicode(ascii) == name.to_lowercase(),
            }
        }
        _ => rfc == whatwg,
    }
}

/// A reg-name with its escapes of bytes beyond ASCII decoded, where they are UTF-8 (RFC 3986
/// §3.2.2: they are the name's characters); `None` where they are not. Escapes of ASCII bytes
/// stay: §6.2.2.2 has decoded those of unreserved characters, and the others are no part of
/// a name's UTF-8.
fn name_characters(name: &str) -> Option<String> {
    let b = name.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match crate::sets::pct_encoded(b, i) {
            Some(byte) if byte >= 0x80 => {
                out.push(byte);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The scheme's default port, where it has one: the special schemes of the URL Standard (§4.1),
/// whose defaults are those IANA registers.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The port as a reading compares it: a number without leading zeros, `None` where it is empty
/// or the scheme's default; other text as it is.
fn port(scheme: Option<&str>, text: &str) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Some(text.to_string());
    }
    let digits = text.trim_start_matches('0');
    let number = digits.parse::<u32>().ok();
    match number {
        Some(n) if scheme.and_then(default_port).map(u32::from) == Some(n) => None,
        Some(n) => Some(n.to_string()),
        // Too long for a number: no port is, but the text is what the reading holds.
        None => Some(if digits.is_empty() { "0" } else { digits }.to_string()),
    }
}

/// A name normalized by §6.2.2.1 and §6.2.2.2 ([`uri::normalize_host`]), as text.
fn normalized_name(name: &[u8]) -> String {
    String::from_utf8_lossy(&uri::normalize_host(name)).into_owned()
}

/// A host as RFC 3986 §3.2.2 reads it: an IP literal, a dotted-decimal IPv4 address, or a name
/// (normalized by §6.2.2).
fn host_as_written(written: &[u8]) -> Host {
    let text = std::str::from_utf8(written).ok();
    let address = match written {
        [b'[', inner @ .., b']'] => std::str::from_utf8(inner)
            .ok()
            .and_then(|t| t.parse().ok())
            .map(Host::Ipv6),
        _ if ipv4address(written) => text.and_then(|t| t.parse().ok()).map(Host::Ipv4),
        _ => None,
    };
    address.unwrap_or_else(|| Host::Name(normalized_name(written)))
}

/// The RFC 3986 reading: Appendix B, the authority's last `@` and its port's `:`, §6.2.2 and
/// §6.2.3 on the host and port.
pub(crate) fn rfc3986_reading(record: &[u8]) -> Reading {
    let parts = Parts::split(record);
    let scheme = parts
        .scheme
        .map(|r| String::from_utf8_lossy(&record[r]).to_ascii_lowercase());
    let Some(authority) = parts.authority else {
        return Reading {
            scheme,
            host: None,
            port: None,
        };
    };
    let a = &record[authority];
    let split = Authority::split(a);
    let host = host_as_written(&a[split.host.clone()]);
    let port = split
        .port
        .and_then(|r| port(scheme.as_deref(), &String::from_utf8_lossy(&a[r])));
    // An empty reg-name is a host of no characters (§3.2.2): no host to go to; and a file
    // URI's "localhost" is the machine it is read on, as no host is (RFC 8089 §2).
    let local = scheme.as_deref() == Some("file") && host == Host::Name("localhost".into());
    let host = (host != Host::Name(String::new()) && !local).then_some(host);
    Reading { scheme, host, port }
}

/// The start of `record` that decides the URL parser's scheme, host and port, and whether it
/// fails: up to and with the first `/`, `?` or `#` after the first `:` and the run of `/`,
/// `\`, tabs and newlines that follows it; all of it where there is none.
///
/// The parser (url.bs "basic URL parser", no base) reads the scheme up to the first `:` (or
/// fails), skips slashes and backslashes after a special scheme ("special authority ignore
/// slashes state"), and ends the authority, host and port at the first `/`, `?`, `#` (or, in
/// a special URL, `\`) after them. What comes after is path, query and fragment, whose states
/// never fail and set no scheme, host or port, and a prefix that ends in `/`, `?` or `#` has
/// no trailing space for the parser to strip. So the parser reads the same scheme, host and
/// port in the prefix, and holds a copy of it rather than of the whole record, percent-encoded
/// path and all (ada builds the encoded path segment and the path apart before it copies them
/// into its serialization: three copies of a long record).
fn reading_prefix(record: &[u8]) -> &[u8] {
    let Some(colon) = memchr::memchr(b':', record) else {
        return record;
    };
    let after = record[colon + 1..]
        .iter()
        .position(|b| !b"/\\\t\n\r".contains(b))
        .map_or(record.len(), |p| colon + 1 + p);
    match memchr::memchr3(b'/', b'?', b'#', &record[after..]) {
        Some(p) => &record[..after + p + 1],
        None => record,
    }
}

/// Why the URL Standard's parser gives no reading of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The record is not UTF-8, and a URL is text (url.bs "URL parser" takes a string).
    NotUtf8,
    /// The parser returns failure.
    ByTheParser,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refused::NotUtf8 => "not UTF-8",
            Refused::ByTheParser => "the URL parser refuses it",
        })
    }
}

impl std::error::Error for Refused {}

/// The WHATWG reading: the URL Standard's parser (ada), or its failure.
pub fn whatwg_reading(record: &[u8]) -> Result<Reading, Refused> {
    use ada_url::HostType;
    std::str::from_utf8(record).map_err(|_| Refused::NotUtf8)?;
    // The prefix ends after an ASCII byte: it is UTF-8 as the record is.
    let text = std::str::from_utf8(reading_prefix(record)).map_err(|_| Refused::NotUtf8)?;
    let url = ada_url::Url::parse(text, None).map_err(|_| Refused::ByTheParser)?;
    let scheme = url.protocol().trim_end_matches(':');
    let special = url.scheme_type() != ada_url::SchemeType::NotSpecial;
    let name = url.hostname();
    let host = match url.host_type() {
        _ if !url.has_hostname() || name.is_empty() => None,
        // An opaque host (a scheme that is not special) is kept as written, case, escapes and
        // dotted numbers alike: compare it as RFC 3986 reads a host.
        HostType::Domain if !special => Some(host_as_written(name.as_bytes())),
        HostType::Domain => Some(Host::Name(name.to_string())),
        // The parser serializes addresses in their one form (url.bs "host serializing").
        HostType::IPV4 => name.parse().ok().map(Host::Ipv4),
        HostType::IPV6 => name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse()
            .ok()
            .map(Host::Ipv6),
    };
    let port = url.port();
    Ok(Reading {
        scheme: Some(scheme.to_string()),
        host,
        port: (!port.is_empty()).then(|| port.to_string()),
    })
}

/// What `check --confusion` makes of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both readings send a request to the same place.
    Alike,
    /// The WHATWG parser refuses the URL: a browser sends it nowhere, so it is not read
    /// differently, and, read by one parser only, not alike either.
    Refused,
    /// The readings part: the problem says what each read, why where that is known, and where.
    Different(Problem),
}

/// Checks that the two readings of `record` agree; if not, the problem says what each read,
/// why where that is known, and where they part. A URL the WHATWG parser refuses is no
/// problem here (a browser goes nowhere with it); [`judge`] tells it apart.
pub fn check(record: &[u8]) -> Result<(), Problem> {
    match judge(record) {
        Verdict::Different(problem) => Err(problem),
        Verdict::Alike | Verdict::Refused => Ok(()),
    }
}

/// Whether the two readings of `record` agree, part, or have no WHATWG side.
///
/// ```
/// use uriesc::check::confusion::{Verdict, judge};
///
/// assert_eq!(judge(b"https://example.com/"), Verdict::Alike);
/// // url.bs "host parsing": a space is a forbidden host code point.
/// assert_eq!(judge(b"http://a b/"), Verdict::Refused);
/// assert!(matches!(judge(b"http://0x7f.1/"), Verdict::Different(_)));
/// ```
pub fn judge(record: &[u8]) -> Verdict {
    // Most URLs of a list are of the plain shape `fast_path::is_url` accepts, and both
    // readings of it agree: a special scheme, "//", a lower-cased ASCII domain that UTS #46
    // leaves as it is and that is not an IPv4 address, a port of digits, then RFC 3986's path,
    // query and fragment characters (no '\', '@', space or control to read two ways). Tested
    // against the readings.
    if crate::fast_path::is_url(record) {
        return Verdict::Alike;
    }
    let readings = Readings::of(record);
    if readings.whatwg.is_err() {
        return Verdict::Refused;
    }
    if readings.agree() {
        return Verdict::Alike;
    }
    let (offset, cause) = cause::cause(record, &readings);
    let whatwg = match &readings.whatwg {
        Ok(reading) => reading.to_string(),
        Err(failure) => format!("failure ({failure})"),
    };
    Verdict::Different(Problem {
        offset,
        rule: "confusion",
        message: format!(
            "RFC 3986 reads {}; WHATWG reads {whatwg}: {cause}",
            readings.rfc3986
        ),
    })
}

/// Both readings as a JSON report's members (`check --confusion --format json`).
#[cfg(feature = "json")]
impl serde::Serialize for Readings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        #[derive(serde::Serialize)]
        struct Parts {
            scheme: Option<String>,
            host: Option<String>,
            port: Option<String>,
        }
        #[derive(serde::Serialize)]
        struct Failure<'a> {
            failure: &'a str,
        }
        let parts = |r: &Reading| Parts {
            scheme: r.scheme.clone(),
            host: r.host.as_ref().map(Host::text),
            port: r.port.clone(),
        };
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("rfc3986", &parts(&self.rfc3986))?;
        match &self.whatwg {
            Ok(reading) => map.serialize_entry("whatwg", &parts(reading))?,
            Err(failure) => {
                let failure = &failure.to_string();
                map.serialize_entry("whatwg", &Failure { failure })?
            }
        }
        map.end()
    }
}
