//! What `clean` takes from the WHATWG URL Standard, through the `url` crate: a host in its
//! ASCII form (`--idna`: the host parser, §3.5 "host parsing", with UTS #46), and the parser's
//! serialization of a URL (`--whatwg`), each mended where the crate lags the standard.

use super::*;
use crate::sets::whatwg::FORBIDDEN_DOMAIN_CODE_POINT;

/// Where a host was replaced by its ASCII form: the bytes `start..input_end` of the record
/// became `start..ascii_end`.
pub(super) struct HostSwap {
    start: usize,
    input_end: usize,
    ascii_end: usize,
}

impl HostSwap {
    /// The offset in the record as it came of `offset` in the record with the ASCII host (the
    /// host's start for anything inside it).
    pub(super) fn input_offset(&self, offset: usize) -> usize {
        if offset < self.start {
            offset
        } else if offset < self.ascii_end {
            self.start
        } else {
            offset - self.ascii_end + self.input_end
        }
    }
}

/// The record with a non-ASCII host in its ASCII (punycode) form, by the WHATWG URL Standard's
/// host parser (§3.5: percent-decoding, domain to ASCII by UTS #46, then the forbidden domain
/// code points and IPv4 forms), through the `url` crate; `None` where there is nothing to
/// convert. A host that the parser refuses (a space in it, say) is the problem.
pub(super) fn to_ascii_host(record: &[u8]) -> Result<Option<(Vec<u8>, HostSwap)>, Problem> {
    let parts = Parts::split(record);
    let Some(authority) = parts.authority else {
        return Ok(None);
    };
    let host = Authority::split(&record[authority.clone()]).host;
    let (host_start, host_end) = (authority.start + host.start, authority.start + host.end);
    let host = &record[host_start..host_end];
    if host.is_ascii() {
        return Ok(None);
    }
    let problem = |offset: usize, message: String| Problem {
        offset,
        rule: "host",
        message,
    };
    let text = std::str::from_utf8(host).map_err(|e| {
        problem(
            host_start + e.valid_up_to(),
            "the host is not UTF-8, so it has no ASCII form".into(),
        )
    })?;
    let ascii = url::Host::parse(text)
        .map_err(|e| {
            // The first forbidden domain code point (§3.5), where one is the reason.
            let scan = check::Scan::new(record);
            match host
                .iter()
                .position(|&b| FORBIDDEN_DOMAIN_CODE_POINT.contains(b))
            {
                Some(i) => problem(
                    host_start + i,
                    format!(
                        "{} is not allowed in a domain, so '{text}' has no ASCII form",
                        scan.show(host_start + i)
                    ),
                ),
                None => problem(
                    host_start,
                    format!("'{text}' is not a valid international domain name ({e})"),
                ),
            }
        })?
        .to_string();
    let mut converted = record[..host_start].to_vec();
    converted.extend_from_slice(ascii.as_bytes());
    converted.extend_from_slice(&record[host_end..]);
    let swap = HostSwap {
        start: host_start,
        input_end: host_end,
        ascii_end: host_start + ascii.len(),
    };
    Ok(Some((converted, swap)))
}

/// What a browser sends: the WHATWG URL parser's serialisation (`href`) of the record (against
/// the base, if any), through the `url` crate. Where the crate lags the standard it is mended:
/// `^` in a path is encoded since whatwg/url 9bc33c3 (2025-03-05), which url
/// 2.5.8 does not do; and the space before the query of an opaque path, below.
pub(super) fn whatwg(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    let problem = |offset, message: String| Problem {
        offset,
        rule: "failure",
        message,
    };
    let text = std::str::from_utf8(record).map_err(|e| {
        problem(
            e.valid_up_to(),
            "a URL is text, and this byte is not UTF-8; percent-encode it".into(),
        )
    })?;
    let base = match &options.base {
        Some(base) => Some(
            url::Url::parse(&String::from_utf8_lossy(base))
                .map_err(|e| problem(0, format!("the base is not a URL: {e}")))?,
        ),
        None => None,
    };
    let mut url = url::Url::options()
        .base_url(base.as_ref())
        .parse(text)
        .map_err(|e| problem(0, format!("not a URL: {e}")))?;
    if !url.cannot_be_a_base() && url.path().contains('^') {
        let path = url.path().replace('^', "%5E");
        url.set_path(&path);
    }
    // Since whatwg/url 6c78200 (2025-03-13) a space that ends an opaque path before a query or
    // fragment is written %20, so that the URL reads back the same; url 2.5.8 leaves it.
    let path_end = url.path().len() + url.scheme().len() + 1;
    let opaque = url.cannot_be_a_base();
    let mut href = String::from(url).into_bytes();
    if opaque && href.len() > path_end && href[..path_end].ends_with(b" ") {
        href.splice(path_end - 1..path_end, *b"%20");
    }
    // The serialization becomes the output buffer itself, the output before it moved to its
    // front, rather than copied after it: a long URL is then held as the record and its result.
    if href.len() > out.len() {
        href.splice(0..0, out.drain(..));
        *out = href;
    } else {
        out.extend_from_slice(&href);
    }
    Ok(())
}
