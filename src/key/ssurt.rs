//! The `ssurt` profile: iipc/urlcanon's SSURT ("sort-friendly SURT", urlcanon's
//! `ParsedUrl.ssurt()`), of the URL as the URL Standard serializes it (the `whatwg` profile's
//! key; url.bs "URL serializing"). Unlike a SURT it drops nothing, so the URL can be read back:
//!
//! `http://user:pass@foo.example.org:81/path?query#frag` is
//! `org,example,foo,//81:http@user:pass:/path?query#frag`: the host reversed (its labels in
//! reverse order, each followed by `,`, a `,` inside a label written `.`; an IP address as it
//! is), the slashes, the port and its `:`, the scheme, the `@` and credentials, the scheme's
//! `:`, then the path, query and fragment as they are.
//!
//! The serialization is taken apart as urlcanon's parser takes a URL apart (its regular
//! expressions: the scheme up to the first `:`; for `http`, `https`, `ws`, `wss`, `ftp`,
//! `gopher` and `file` the slashes and the authority up to the next `/` or `\`, for another
//! scheme only after `//`; the credentials up to the last `@`, the port after the host's
//! `:`). A host is an IPv4 address where urlcanon's `parse_ipv4` reads one (one to four dotted
//! parts, each decimal, octal after `0` or hex after `0x`); `0.0.0.0` is one too, as urlcanon's
//! Java has it (its Python takes the address 0 for none, a slip of `if parse_ipv4(host)`).

use super::google;
use crate::check::Problem;

/// Schemes urlcanon parses as special (`urlcanon.SPECIAL_SCHEMES`), `file` apart.
const SPECIAL: [&[u8]; 6] = [b"ftp", b"gopher", b"http", b"https", b"ws", b"wss"];

/// Appends the SSURT of `record` to `out`, with `scratch` for its serialization; why there is
/// none, where the URL parser refuses the record (and `out` is as it was).
pub(super) fn key(record: &[u8], scratch: &mut Vec<u8>, out: &mut Vec<u8>) -> Result<(), Problem> {
    scratch.clear();
    super::whatwg::key(record, false, scratch)?;
    ssurt(scratch, out);
    Ok(())
}

/// urlcanon's `ParsedUrl.ssurt()` of `url` into `out`.
fn ssurt(whole: &[u8], out: &mut Vec<u8>) {
    // Leading and trailing C0 controls and spaces are kept where they stand.
    let junk = |b: &u8| *b <= b' ';
    let start = whole.iter().position(|b| !junk(b)).unwrap_or(whole.len());
    let end = whole
        .iter()
        .rposition(|b| !junk(b))
        .map_or(start, |i| i + 1);
    out.extend_from_slice(&whole[..start]);
    let url = &whole[start..end];
    let colon = match url.first() {
        Some(b) if b.is_ascii_alphabetic() => memchr::memchr(b':', url),
        _ => None,
    };
    let (scheme, rest) = match colon {
        Some(colon) => (&url[..colon], &url[colon + 1..]),
        None => (&b""[..], url),
    };
    let tail = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    let (pathish, tail) = rest.split_at(tail);

    let slash = |b: &u8| *b == b'/' || *b == b'\\';
    let (slashes, authority, path) = if scheme.eq_ignore_ascii_case(b"file") {
        match pathish {
            [a, b, rest @ ..] if slash(a) && slash(b) => {
                let end = rest.iter().position(slash).unwrap_or(rest.len());
                (&pathish[..2], &rest[..end], &rest[end..])
            }
            _ => (&b""[..], &b""[..], pathish),
        }
    } else if SPECIAL.iter().any(|s| scheme.eq_ignore_ascii_case(s)) {
        let count = pathish.iter().take_while(|b| slash(b)).count();
        let rest = &pathish[count..];
        let end = rest.iter().position(slash).unwrap_or(rest.len());
        (&pathish[..count], &rest[..end], &rest[end..])
    } else {
        match pathish.strip_prefix(b"//") {
            Some(rest) => {
                let end = memchr::memchr(b'/', rest).unwrap_or(rest.len());
                (&pathish[..2], &rest[..end], &rest[end..])
            }
            None => (&b""[..], &b""[..], pathish),
        }
    };
    // Authority: credentials up to the last `@`, the host, the port after its `:`.
    let (userinfo, host_port) = match memchr::memrchr(b'@', authority) {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let bracketed = host_port.first() == Some(&b'[')
        && memchr::memchr(b']', host_port)
            .is_some_and(|close| matches!(host_port.get(close + 1), None | Some(b':')));
    let host_end = match bracketed {
        true => memchr::memchr(b']', host_port).map_or(host_port.len(), |close| close + 1),
        false => memchr::memchr(b':', host_port).unwrap_or(host_port.len()),
    };
    let (host, port) = host_port.split_at(host_end);
    ssurt_host(host, out);
    out.extend_from_slice(slashes);
    // The port, then the `:` before it (urlcanon's order, which sorts by the port's digits).
    if let Some(port) = port.strip_prefix(b":") {
        out.extend_from_slice(port);
        out.push(b':');
    }
    out.extend_from_slice(scheme);
    if let Some(userinfo) = userinfo {
        out.push(b'@');
        out.extend_from_slice(userinfo);
    }
    if colon.is_some() {
        out.push(b':');
    }
    out.extend_from_slice(path);
    out.extend_from_slice(tail);
    out.extend_from_slice(&whole[end..]);
}

/// urlcanon's `ssurt_host`: `host` reversed ([`reverse_host`]), unless it is empty or an IP
/// address (IPv6 in brackets, or IPv4 as [`is_ipv4`] reads one).
fn ssurt_host(host: &[u8], out: &mut Vec<u8>) {
    match host.is_empty() || host[0] == b'[' || is_ipv4(host) {
        true => out.extend_from_slice(host),
        false => reverse_host(host, out),
    }
}

/// urlcanon's `reverse_host`: the dotted labels in reverse order, a `,` after each, a `,`
/// inside one written `.` (`a,b.y.z.` is `,z,y,a.b,`).
fn reverse_host(host: &[u8], out: &mut Vec<u8>) {
    for label in host.rsplit(|&b| b == b'.') {
        out.extend(label.iter().map(|&b| if b == b',' { b'.' } else { b }));
        out.push(b',');
    }
}

/// urlcanon's `parse_ipv4`: `inet_aton(3)`'s forms ([`google::ipv4`]), a trailing dot
/// allowed and an empty part read as 0.
fn is_ipv4(host: &[u8]) -> bool {
    const URLCANON: google::Ipv4Reading = google::Ipv4Reading {
        empty_part_is_zero: true,
        ..google::INET_ATON
    };
    let host = host.strip_suffix(b".").unwrap_or(host);
    google::ipv4(host, URLCANON).is_some()
}

#[cfg(test)]
mod tests;
