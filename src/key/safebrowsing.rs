//! The `safebrowsing` profile: the canonicalization of the Safe Browsing API, "URLs and
//! Hashing", section "Canonicalization" (developers.google.com/safe-browsing/v4/urls-hashing),
//! step by step, and its suffix/prefix expressions (section "Suffix/prefix expressions") with
//! their SHA-256 (section "Hash computations").
//!
//! The steps, in the page's order:
//!
//! 1. Remove tab (0x09), CR (0x0D) and LF (0x0A) anywhere (not their escapes); and, as the
//!    example `"  http://www.google.com/  "` shows, the spaces and controls around the URL.
//! 2. "If the URL ends in a fragment, remove the fragment": everything from the first `#`.
//! 3. "Repeatedly percent-unescape the URL until it has no more percent-escapes": the whole
//!    URL, so `%2F` in a host is a `/` that ends it, as in the page's examples.
//! 4. A URL without a scheme is `http://` and it (`www.google.com` is
//!    `http://www.google.com/`); the scheme is lowercased.
//! 5. The hostname: leading and trailing dots removed, a run of dots made one, an IPv4 address
//!    in any legal encoding (octal, hex, fewer than four parts) written as four decimal numbers,
//!    lowercased; and "if the URL uses an internationalized domain name (IDN), the client
//!    should convert the URL to the ASCII Punycode representation" (UTS #46 ToASCII, through
//!    the `idna` crate, as the URL Standard does, its forbidden domain code points refused),
//!    where the host is UTF-8 that it accepts.
//! 6. The path: `/./` replaced by `/`, `/../` removed with the segment before it, a run of
//!    slashes made one, an empty path `/`; not in the query.
//! 7. Every byte `<= 0x20`, `>= 0x7F`, `#` or `%` percent-escaped, in uppercase hex.
//!
//! Steps 3 and 7, and step 5's reading of an IPv4 address, are those the `surt` profile's
//! Google canonicalizer takes too (`google.rs`); the rest is this profile's own.
//!
//! Where the sources disagree, this follows the v4 page: its example 26 drops a port that is
//! not the default (`http://www.gotaport.com:1234/` gives `http://www.gotaport.com/`), as
//! Google Web Risk's copy of the page does and as Chromium's client hashes only the host; the
//! older v2 specification, the `surt` package and urlcanon's Google canonicalizer keep it.
//! Credentials (`user:pass@`) are dropped for the same reason: the expressions a client looks
//! up are made of the host, path and query alone.
//!
//! A scheme is RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` and `:`, unless a digit
//! follows the `:` (`example.com:8080/` is a host and a port, as a browser reads it). Under
//! `http` and `https` the host follows the slashes after the `:`, however many (as the URL
//! Standard's parser reads a special URL); under another scheme it follows `//`, and where
//! there is none (`mailto:a@b`) the rest is escaped (step 7) and nothing else is done to it.

use super::google::{self, escape, unescape_repeatedly};
use crate::check::Problem;

/// Appends the canonical form of `record` to `out`, with `scratch` for the unescaped URL; why
/// there is none (no host is left), with `out` as it was.
pub(super) fn key(record: &[u8], scratch: &mut Vec<u8>, out: &mut Vec<u8>) -> Result<(), Problem> {
    // Step 1: the ends, then tab, CR and LF anywhere; step 2: the fragment.
    let start = record
        .iter()
        .position(|&b| b > b' ')
        .unwrap_or(record.len());
    let end = record
        .iter()
        .rposition(|&b| b > b' ')
        .map_or(start, |i| i + 1);
    let record = &record[start..end];
    let record = &record[..memchr::memchr(b'#', record).unwrap_or(record.len())];
    scratch.clear();
    scratch.extend(
        record
            .iter()
            .filter(|&&b| !matches!(b, b'\t' | b'\r' | b'\n')),
    );
    // Step 3.
    unescape_repeatedly(scratch);
    let url = &scratch[..];
    let written = out.len();
    let rest = match scheme(url) {
        Some(colon) => {
            out.extend(url[..colon].iter().map(u8::to_ascii_lowercase));
            let scheme = &out[written..];
            let rest = &url[colon + 1..];
            if scheme == b"http" || scheme == b"https" {
                let slashes = rest.iter().take_while(|&&b| b == b'/').count();
                &rest[slashes..]
            } else if let Some(rest) = rest.strip_prefix(b"//") {
                rest
            } else {
                out.push(b':');
                escape(rest, out);
                return Ok(());
            }
        }
        None => {
            out.extend_from_slice(b"http");
            url
        }
    };
    out.extend_from_slice(b"://");
    let authority_end = memchr::memchr2(b'/', b'?', rest).unwrap_or(rest.len());
    if !host(&rest[..authority_end], out) {
        out.truncate(written);
        return Err(Problem {
            offset: 0,
            rule: "host",
            message: "no host is left once the Safe Browsing API's canonicalization has \
                      unescaped it and removed its dots, so there is no key"
                .into(),
        });
    }
    let rest = &rest[authority_end..];
    let (path, query) = match memchr::memchr(b'?', rest) {
        Some(q) => (&rest[..q], Some(&rest[q + 1..])),
        None => (rest, None),
    };
    canonical_path(path, out);
    if let Some(query) = query {
        out.push(b'?');
        escape(query, out);
    }
    Ok(())
}

/// Where the `:` after a scheme is (see the module's docs), if `url` begins with one.
fn scheme(url: &[u8]) -> Option<usize> {
    let first = *url.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    // RFC 3986 §3.1's scheme characters, then `:`.
    let colon = crate::sets::rfc3986::SCHEME.prefix_len(url);
    let after = url.get(colon + 1);
    (url.get(colon) == Some(&b':') && !after.is_some_and(u8::is_ascii_digit)).then_some(colon)
}

/// Step 5: the host of `authority` (without credentials or port) canonicalized and escaped
/// into `out`; false where none is left.
fn host(authority: &[u8], out: &mut Vec<u8>) -> bool {
    let host = match memchr::memrchr(b'@', authority) {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    let mut name = dotted(without_port(host));
    // The ASCII form of what the dots and the port leave, with the URL Standard's forbidden
    // domain code points (url.bs "domain to ASCII", whose UTS #46 mapping is followed by that
    // check): the mapping makes ASCII of other characters (U+FF05 FULLWIDTH PERCENT SIGN is
    // `%`), and a `%`, `/` or `#` made so would be read anew by the next key's unescaping, so
    // that the key would not be its own key. Such a host has no ASCII form; its bytes are
    // escaped as they are (step 7). The mapping makes dots too (U+3002 IDEOGRAPHIC FULL STOP),
    // which are collapsed as the others were.
    if !name.is_ascii()
        && std::str::from_utf8(&name).is_ok()
        && let Ok(punycode) = idna::domain_to_ascii_cow(&name, idna::AsciiDenyList::URL)
    {
        name = dotted(punycode.as_bytes());
    }
    if name.is_empty() {
        return false;
    }
    match google::ipv4(&name, IPV4) {
        Some(address) => {
            let [a, b, c, d] = address.to_be_bytes();
            let mut number = itoa::Buffer::new();
            for (i, part) in [a, b, c, d].into_iter().enumerate() {
                if i > 0 {
                    out.push(b'.');
                }
                out.extend_from_slice(number.format(part).as_bytes());
            }
        }
        None => escape(&name, out),
    }
    true
}

/// `host` with its dots collapsed and the ASCII letters lowercased, then a port taken off
/// again, until neither changes anything: `:.` is `:` once its dot goes, which the next key
/// would read as an empty port; a key must be its own key. The dots inside are collapsed once;
/// a port taken off the end can leave only dots at the end, so each round after works on the
/// end alone (linear in the host, however many `:digits` it ends in).
fn dotted(host: &[u8]) -> Vec<u8> {
    let mut name = Vec::with_capacity(host.len());
    for label in host.split(|&b| b == b'.').filter(|label| !label.is_empty()) {
        if !name.is_empty() {
            name.push(b'.');
        }
        name.extend(label.iter().map(u8::to_ascii_lowercase));
    }
    loop {
        let len = without_port(&name).len();
        if len == name.len() {
            return name;
        }
        name.truncate(len);
        while name.last() == Some(&b'.') {
            name.pop();
        }
    }
}

/// `host` without its port, which is dropped (see the module's docs): the digits after the
/// last `:`, outside an IPv6 address's brackets.
fn without_port(host: &[u8]) -> &[u8] {
    match memchr::memrchr(b':', host) {
        Some(colon)
            if !host[colon..].contains(&b']')
                && host[colon + 1..].iter().all(u8::is_ascii_digit) =>
        {
            &host[..colon]
        }
        _ => host,
    }
}

/// How step 5 reads an IPv4 address "in any legal encoding": as `inet_aton(3)` does, but a
/// part of more than 32 digits after its `0` or `0x` is no number, and the host a name.
const IPV4: google::Ipv4Reading = google::Ipv4Reading {
    max_digits: 32,
    ..google::INET_ATON
};

/// Step 6: `path` with its dot segments resolved and its runs of slashes made one, escaped,
/// into `out`; `/` for an empty path.
fn canonical_path(path: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.push(b'/');
    // Whether the result ends with a `/` after its last segment.
    let mut directory = true;
    for segment in path.split(|&b| b == b'/') {
        match segment {
            b"" | b"." => directory = true,
            b".." => {
                let last = memchr::memrchr(b'/', &out[start..]).unwrap_or(0);
                out.truncate(start + last.max(1));
                directory = true;
            }
            segment => {
                if out.len() > start + 1 {
                    out.push(b'/');
                }
                escape(segment, out);
                directory = false;
            }
        }
    }
    if directory && out.len() > start + 1 {
        out.push(b'/');
    }
}

/// The suffix/prefix expressions of a URL in canonical form (section "Suffix/prefix
/// expressions"), each after a space, into `out`; as their SHA-256 in lowercase hex where
/// `hash` (section "Hash computations"). None for a URL without a host.
///
/// The hosts: the exact hostname, then up to four formed from the last five components by
/// removing the leading one each time, but not the top-level domain alone; an IP address only
/// exact. The paths: the exact path with the query, then without it, then up to four from the
/// root (`/`) on, adding a component and its `/` each time.
pub(super) fn expressions(canonical: &[u8], hash: bool, out: &mut Vec<u8>) {
    // The host follows the scheme's `:` and `//` (RFC 3986 §3: the scheme ends at the first
    // `:`); a `://` further on is in a path, as in `urn:a://b`, which has no host.
    let Some(colon) = memchr::memchr(b':', canonical) else {
        return;
    };
    let Some(rest) = canonical[colon + 1..].strip_prefix(b"//") else {
        return;
    };
    let slash = memchr::memchr(b'/', rest).unwrap_or(rest.len());
    let (host, path_query) = (&rest[..slash], &rest[slash..]);
    let path = &path_query[..memchr::memchr(b'?', path_query).unwrap_or(path_query.len())];
    let mut hosts = vec![host];
    let address = host.starts_with(b"[") || ipv4_written(host);
    if !address {
        let dots: Vec<usize> = memchr::memchr_iter(b'.', host).collect();
        // The suffixes of five, four, three and two components.
        for n in (2..=5usize).rev() {
            if n <= dots.len() {
                hosts.push(&host[dots[dots.len() - n] + 1..]);
            }
        }
    }
    let mut paths = vec![path_query, path];
    // The root, where there is a path (a URL of another scheme may have none: `x://h`).
    let mut prefix_ends: Vec<usize> = match path.is_empty() {
        true => Vec::new(),
        false => vec![1],
    };
    prefix_ends.extend(
        memchr::memchr_iter(b'/', path)
            .skip(1)
            .map(|i| i + 1)
            .take(3),
    );
    paths.extend(prefix_ends.iter().map(|&end| &path[..end]));
    let mut seen: Vec<&[u8]> = Vec::new();
    let mut expression = Vec::new();
    for host in hosts {
        for &path in &paths {
            if seen.contains(&path) {
                continue;
            }
            seen.push(path);
            expression.clear();
            expression.extend_from_slice(host);
            expression.extend_from_slice(path);
            out.push(b' ');
            match hash {
                true => {
                    // Lowercase hex, two digits a byte, without the formatting machinery.
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    for b in super::sha256::sha256(&expression) {
                        out.extend_from_slice(&[
                            HEX[usize::from(b >> 4)],
                            HEX[usize::from(b & 15)],
                        ]);
                    }
                }
                false => out.extend_from_slice(&expression),
            }
        }
        seen.clear();
    }
}

/// Whether `host` is an IPv4 address as step 5 writes one: four decimal numbers.
fn ipv4_written(host: &[u8]) -> bool {
    host.split(|&b| b == b'.').count() == 4
        && host
            .split(|&b| b == b'.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.iter().all(u8::is_ascii_digit))
}

#[cfg(test)]
mod tests;
