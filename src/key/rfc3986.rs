//! The `rfc3986` profile: RFC 3986 §6.2.2 (syntax-based normalization: case, percent-encoding,
//! dot segments) and §6.2.3 (scheme-based normalization: an empty path `/`, an empty or
//! default port dropped), on a URI that `clean` has made valid under RFC 3986 first: what
//! `uriesc clean --normalize` gives ([`crate::clean`] with `normalize`).
//!
//! Most records of a list are a common URI with nothing to normalize but case, a port and an
//! empty path ([`common`]): those are written in one pass, without `clean`'s walk of the
//! grammar, its normalization in place and its check of the result.

use crate::check::Problem;
use crate::clean::{Options, clean};
use crate::sets::Standard;

/// The options of `clean --normalize`.
pub(super) fn options() -> Options {
    Options {
        normalize: true,
        ..Options::new(Standard::Rfc3986)
    }
}

/// Appends the normal form of `record` to `out`; why there is none, where `clean` cannot make
/// it a URI (and `out` is as it was).
pub(super) fn key(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    if common(record, out) {
        return Ok(());
    }
    clean(record, options, out)
}

/// Where `record` is a common URI (`scheme "://" reg-name [ ":" port ] path-abempty [ "?" query
/// ] [ "#" fragment ]`, [`crate::fast_path::is_uri`]) with no `%` and no dot segment, writes its
/// normal form to `out` and returns true; false means "not told here", and `out` is as it was.
///
/// Such a URI is valid, so `clean` changes nothing before it normalizes; with no escape,
/// §6.2.2.2 has nothing to do, and with no segment `.` or `..` (none begins `/.`), neither has
/// §5.2.4's remove_dot_segments (§6.2.2.3). What is left is §6.2.2.1's case (the scheme and
/// the host lowercased; a reg-name here has no escape whose hex digits would stay upper case)
/// and §6.2.3's scheme-based steps as `clean --normalize` takes them for `http` and `https`
/// (RFC 9110 §4.2.3): an empty port dropped under any scheme, a default port (`80`, `443`,
/// written so) dropped, an empty path written `/`.
fn common(record: &[u8], out: &mut Vec<u8>) -> bool {
    if memchr::memchr(b'%', record).is_some() || !crate::fast_path::is_uri(record) {
        return false;
    }
    // The scheme holds no `:`, a reg-name no `:`, `/`, `?` or `#`, a port only digits.
    let Some(colon) = memchr::memchr(b':', record) else {
        return false;
    };
    let host_start = colon + 3;
    let authority_end = memchr::memchr3(b'/', b'?', b'#', &record[host_start..])
        .map_or(record.len(), |p| host_start + p);
    let path_end = memchr::memchr2(b'?', b'#', &record[authority_end..])
        .map_or(record.len(), |p| authority_end + p);
    // A dot segment begins `/.`; a path has few dots, each looked at once (a `memmem` searcher
    // would be built for every record).
    let path = &record[authority_end..path_end];
    if memchr::memchr_iter(b'.', path).any(|i| i > 0 && path[i - 1] == b'/') {
        return false;
    }
    let (host, port) = match memchr::memchr(b':', &record[host_start..authority_end]) {
        Some(p) => (
            &record[host_start..host_start + p],
            &record[host_start + p + 1..authority_end],
        ),
        None => (&record[host_start..authority_end], &b""[..]),
    };
    let scheme = &record[..colon];
    let (http, https) = (
        scheme.eq_ignore_ascii_case(b"http"),
        scheme.eq_ignore_ascii_case(b"https"),
    );
    let start = out.len();
    out.extend_from_slice(&record[..host_start]);
    out.extend_from_slice(host);
    out[start..].make_ascii_lowercase();
    let default = (http && port == b"80") || (https && port == b"443");
    if !port.is_empty() && !default {
        out.push(b':');
        out.extend_from_slice(port);
    }
    if authority_end == path_end && (http || https) {
        out.push(b'/');
    }
    out.extend_from_slice(&record[authority_end..]);
    true
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// RFC 3986 §6.2.2 and §6.2.3's own examples, and the forms around a port.
    #[test]
    fn common_uris_in_normal_form() {
        let cases: [(&[u8], &[u8]); 9] = [
            // §6.2.2.1: "HTTP://www.EXAMPLE.com/" is "http://www.example.com/".
            (b"HTTP://www.EXAMPLE.com/", b"http://www.example.com/"),
            // §6.2.3: "http://example.com", "http://example.com:/" and
            // "http://example.com:80/" are "http://example.com/".
            (b"http://example.com", b"http://example.com/"),
            (b"http://example.com:/", b"http://example.com/"),
            (b"http://example.com:80/", b"http://example.com/"),
            (b"https://example.com:443?q#F", b"https://example.com/?q#F"),
            (b"https://example.com:80/A", b"https://example.com:80/A"),
            (b"http://example.com:080/", b"http://example.com:080/"),
            // §6.2.3's empty port is dropped under any scheme; an empty path is `/` under
            // http and https alone.
            (b"FTP://Example.com:/", b"ftp://example.com/"),
            (b"FTP://Example.com:", b"ftp://example.com"),
        ];
        for (record, normal) in cases {
            let mut out = b"x".to_vec();
            assert!(common(record, &mut out), "{record:?}");
            assert_eq!(&out[1..], normal, "{record:?}");
        }
        // An escape, a dot segment, credentials: not told here.
        for record in [&b"http://a/%7e"[..], b"http://a/b/./c", b"http://u@a/"] {
            assert!(!common(record, &mut Vec::new()), "{record:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The one pass writes what `clean --normalize` writes, where it tells.
        #[test]
        fn one_pass_is_clean_normalize(
            record in "(HTTP|https|Ftp|a\\+B\\.c-1|x)://[A-Za-z0-9.!$&'()*+,;=_~-]{0,8}(:[0-9]{0,6})?(/[A-Za-z0-9.:@/_~-]{0,6}){0,3}(\\?[A-Za-z0-9/?.]{0,4})?(#[A-Za-z0-9/?.]{0,4})?",
        ) {
            let mut fast = Vec::new();
            if common(record.as_bytes(), &mut fast) {
                let mut slow = Vec::new();
                clean(record.as_bytes(), &options(), &mut slow).unwrap();
                prop_assert_eq!(fast, slow);
            }
        }
    }
}
