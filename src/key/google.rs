//! Google's URL canonicalization, the steps two profiles share: the Safe Browsing API's "URLs
//! and Hashing", section "Canonicalization" (the `safebrowsing` profile), and the "Google"
//! canonicalizer of the `surt` package and of urlcanon that follows it (the `surt` profile);
//! with the IPv4 address of `inet_aton(3)`, which those and urlcanon's SSURT host (the `ssurt`
//! profile) read.
//!
//! * [`unescape_repeatedly`]: "repeatedly percent-unescape the URL until it has no more
//!   percent-escapes" (the page's step 3; the package's `unescapeRepeatedly`).
//! * [`escape`]: every byte `<= 0x20`, `>= 0x7F`, `#` or `%` as `%XX` in uppercase hex (the
//!   page's step 7; the package's `escapeOnce`).
//! * [`ipv4`]: one to four dotted parts, each decimal, octal after a `0` or hex after `0x`,
//!   the last filling the bytes the others leave, as `inet_aton(3)` reads an address and as the
//!   page's step 5 asks ("an IPv4 address in any legal encoding"); where a profile's source
//!   reads one otherwise, it says so in [`Ipv4Reading`].
//!
//! What each profile does with these, and what else it does (its path's dot segments, its
//! host's dots and IDNA form), is its own file's.

use crate::sets::ByteSet;

/// `%XX` decoded until none is left, in one pass. Each byte written is checked with the two
/// before it, and an escape that it completes is decoded at once, which may complete another
/// with the bytes before it (`%2%35` is `%25`, then `%`): the string that repeated passes over
/// the whole URL end at, without their passes (a `%25` repeated many times would cost a pass
/// each).
pub(super) fn unescape_repeatedly(url: &mut Vec<u8>) {
    // Nothing before the first `%` can change.
    let Some(first) = memchr::memchr(b'%', url) else {
        return;
    };
    let mut w = first;
    for r in first..url.len() {
        url[w] = url[r];
        w += 1;
        while w >= 3 && url[w - 3] == b'%' {
            match (hex(url[w - 2]), hex(url[w - 1])) {
                (Some(high), Some(low)) => {
                    url[w - 3] = high << 4 | low;
                    w -= 2;
                }
                _ => break,
            }
        }
    }
    url.truncate(w);
}

/// The value of a hex digit.
fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `bytes` into `out`, each `<= 0x20`, `>= 0x7F`, `#` or `%` as `%XX`.
pub(super) fn escape(bytes: &[u8], out: &mut Vec<u8>) {
    /// What the escaping leaves as it is.
    const PLAIN: ByteSet = ByteSet::range(b'!', b'~').remove(b'#').remove(b'%');
    // The bytes up to the first to escape are found by the set's SIMD scan and copied at once.
    let plain = PLAIN.prefix_len(bytes);
    out.extend_from_slice(&bytes[..plain]);
    for &b in &bytes[plain..] {
        match !PLAIN.contains(b) {
            true => out.extend_from_slice(crate::encode::percent_encode_byte(b).as_bytes()),
            false => out.push(b),
        }
    }
}

/// Where a profile's source reads an IPv4 address otherwise than `inet_aton(3)`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ipv4Reading {
    /// An empty part is 0 (urlcanon's `parse_ipv4`), where `inet_aton` refuses it. A part
    /// `0x` without digits is 0 either way.
    pub empty_part_is_zero: bool,
    /// The most digits a part may have after its `0` or `0x`, where `inet_aton` takes any
    /// number of leading zeros.
    pub max_digits: usize,
}

/// `inet_aton(3)` as it is.
pub(super) const INET_ATON: Ipv4Reading = Ipv4Reading {
    empty_part_is_zero: false,
    max_digits: usize::MAX,
};

/// The IPv4 address `host` writes, as `inet_aton(3)` reads one (but as `reading` says): one to
/// four dotted parts, each decimal, octal after a `0` or hex after `0x`, each before the last
/// under 256, the last filling the bytes the others leave; none where that fails.
pub(super) fn ipv4(host: &[u8], reading: Ipv4Reading) -> Option<u32> {
    let count = memchr::memchr_iter(b'.', host).count() + 1;
    if count > 4 {
        return None;
    }
    let mut address: u64 = 0;
    for (i, part) in host.split(|&b| b == b'.').enumerate() {
        let (digits, radix) = match part {
            [b'0', b'x' | b'X', hex @ ..] => (hex, 16),
            [b'0', octal @ ..] if !octal.is_empty() => (octal, 8),
            _ => (part, 10),
        };
        if digits.is_empty() && radix != 16 && !reading.empty_part_is_zero
            || digits.len() > reading.max_digits
        {
            return None;
        }
        let mut value: u64 = 0;
        for &d in digits {
            value = value * radix + u64::from((d as char).to_digit(radix as u32)?);
            if value > u64::from(u32::MAX) {
                return None;
            }
        }
        let last = i == count - 1;
        let room = if last { 4 - i } else { 1 };
        if value >= 1 << (8 * room) {
            return None;
        }
        address = match last {
            true => address << (8 * room) | value,
            false => address << 8 | value,
        };
    }
    u32::try_from(address).ok()
}

#[cfg(test)]
mod tests;
