//! The host of the `surt` profile: the Google canonicalizer's steps for it (unescaping,
//! Punycode, dots, IPv4 forms, escaping) and the IA canonicalizer's (lowercase, the `www`
//! strip, with the fix of surt#28), as the `surt` package does them.

use super::super::google;

/// Step 2's host, and step 3's lowercasing, into `out`, with `raw` for the host unescaped;
/// whether one is left. `plain` says the host is already known to be what the first test below
/// looks for (a common URL's domain, whose last label begins with a letter: no IPv4 form).
pub(super) fn canonical<'a>(
    host: Option<&'a [u8]>,
    plain: bool,
    raw: &mut Vec<u8>,
    out: &'a mut Vec<u8>,
) -> Option<&'a [u8]> {
    out.clear();
    let host = host?;
    // Most hosts (ASCII letters, digits, `-` and dots, no `..`) are read where they are, in one
    // pass that says whether any other step has work.
    let plain = plain || {
        let mut plain = true;
        let mut previous = 0;
        for &b in host {
            plain &= b.is_ascii_alphanumeric() || b == b'-' || (b == b'.' && previous != b'.');
            previous = b;
        }
        plain
            && host.first() != Some(&b'.')
            && previous != b'.'
            && (!host.first().is_some_and(u8::is_ascii_digit) || ipv4(host).is_none())
    };
    if plain {
        // Read where it stands: [`reversed_labels`] lowercases it as it writes it.
        return (!host.is_empty()).then_some(host);
    }
    let double_dot = |h: &[u8]| h.windows(2).any(|pair| pair == b"..");
    let name: &[u8] = if !host.contains(&b'%') && host.is_ascii() && !double_dot(host) {
        host
    } else {
        raw.clear();
        raw.extend_from_slice(host);
        google::unescape_repeatedly(raw);
        if !raw.is_ascii()
            && let Some(ascii) = idna_2003(raw)
        {
            *raw = ascii;
        }
        // Python's `replace(b'..', b'.')`: one pass, pairs taken left to right (`...` is `..`).
        if let Some(first) = raw.windows(2).position(|pair| pair == b"..") {
            let (mut read, mut write) = (first, first);
            while read < raw.len() {
                let pair = raw[read] == b'.' && raw.get(read + 1) == Some(&b'.');
                raw[write] = raw[read];
                write += 1;
                read += if pair { 2 } else { 1 };
            }
            raw.truncate(write);
        }
        raw
    };
    let dots = |b: &&u8| **b == b'.';
    let start = name.iter().take_while(dots).count();
    let end = name.len() - name[start..].iter().rev().take_while(dots).count();
    let name = &name[start..end];
    match ipv4(name) {
        Some(address) => {
            let mut number = itoa::Buffer::new();
            for (i, part) in address.into_iter().enumerate() {
                if i > 0 {
                    out.push(b'.');
                }
                out.extend_from_slice(number.format(part).as_bytes());
            }
        }
        None => {
            // Lowercased, escaped, lowercased again by step 3 (the escapes' hex digits too):
            // the escapes hold no other letters, so one lowercasing after is the same.
            google::escape(name, out);
            out.make_ascii_lowercase();
        }
    }
    (!out.is_empty()).then_some(&out[..])
}

/// Step 4's host: its labels in reverse order joined by `,`, lowercased (step 3's lowercasing
/// of a host read where it stands), appended to `out`. The SURT is as long as the host, each
/// `.` a `,` mirrored, so each label is copied to its place at once, a byte at a time (labels
/// are short), rather than split off from the end and appended one by one.
pub(super) fn reversed_labels(host: &[u8], out: &mut Vec<u8>) {
    let n = host.len();
    let start = out.len();
    out.resize(start + n, b',');
    let surt = &mut out[start..];
    let mut copy = |from: usize, to: usize| {
        for (d, b) in surt[n - to..n - from].iter_mut().zip(&host[from..to]) {
            *d = b.to_ascii_lowercase();
        }
    };
    let mut label = 0;
    for (i, &b) in host.iter().enumerate() {
        if b == b'.' {
            copy(label, i);
            label = i + 1;
        }
    }
    copy(label, n);
}

/// The package's `host.decode('utf-8', 'ignore').encode('idna')` but for bytes that are not
/// UTF-8 (below), or none where the codec refuses it: an
/// ASCII name only checked (each label but the last 1 to 63 bytes, the last under 64); else
/// each label through ToASCII. IDNA 2003's nameprep is approximated by UTS #46 (the `idna`
/// crate) with the deviation characters mapped as IDNA 2003 maps them (UTS #46 §4
/// "transitional": ß to ss, ς to σ, ZWJ and ZWNJ deleted).
///
/// A host that is not UTF-8 has no IDNA form (IDNA 2003, RFC 3490 §4: ToASCII takes a sequence
/// of code points): none, and the caller escapes its bytes. The package decodes it with
/// `'ignore'`, which drops those bytes, so that `caf\xE9.example` and `caf.example` shared a
/// key: two hosts merged, which a key must never do (issue 54).
fn idna_2003(host: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(host).ok()?;
    let ascii = match text.is_ascii() {
        true => text.to_string(),
        false => {
            let mut mapped = String::with_capacity(text.len() + 1);
            for c in text.chars() {
                match c {
                    'ß' => mapped.push_str("ss"),
                    'ς' => mapped.push('σ'),
                    '\u{200C}' | '\u{200D}' => {}
                    c => mapped.push(c),
                }
            }
            idna::domain_to_ascii(&mapped).ok()?
        }
    };
    let labels: Vec<&str> = ascii.split('.').collect();
    let (last, init) = labels.split_last()?;
    if init.iter().any(|l| l.is_empty() || l.len() > 63) || last.len() > 63 {
        return None;
    }
    Some(ascii.into_bytes())
}

/// Step 2's IPv4 forms: ASCII digits alone (their value modulo 2³², as the package masks it);
/// or two to four dotted parts in the shape the package hands the resolver (`[1-9][0-9]*` or
/// `0[0-7]*`, then digits), read as `inet_aton` reads them ([`google::ipv4`]); none where that
/// fails.
fn ipv4(host: &[u8]) -> Option<[u8; 4]> {
    // Both forms begin with a digit; most hosts are passed over here.
    if !host.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        let value = host.iter().fold(0u32, |v, &d| {
            v.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Some(value.to_be_bytes());
    }
    let count = memchr::memchr_iter(b'.', host).count() + 1;
    let first = host.split(|&b| b == b'.').next().unwrap_or_default();
    let octal = first.first() == Some(&b'0');
    let digit = |b: &u8| match octal {
        true => (b'0'..=b'7').contains(b),
        false => b.is_ascii_digit(),
    };
    let shaped = count <= 4
        && host
            .split(|&b| b == b'.')
            .all(|part| !part.is_empty() && part.iter().all(digit));
    if !shaped {
        return None;
    }
    // The shape holds no `0x` and no empty part: `inet_aton` reads the rest as it is.
    google::ipv4(host, google::INET_ATON).map(u32::to_be_bytes)
}

/// Step 3's `www` strip: a first label `www` and digits, where at least two labels are left
/// after it (the fix of surt#28; see the module's docs).
///
/// The host may not be lowercased yet: `www` is matched in any case, as the package matches it
/// in the host it has lowercased.
pub(super) fn massage(host: &[u8]) -> &[u8] {
    if host.len() < 4 || !host[..3].eq_ignore_ascii_case(b"www") {
        return host;
    }
    let rest = &host[3..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if rest.get(digits) != Some(&b'.') {
        return host;
    }
    let after = &rest[digits + 1..];
    match after.contains(&b'.') {
        true => after,
        false => host,
    }
}
