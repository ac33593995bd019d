//! `parse`'s text for people: one line per URL, its parts labelled, `NAME=VALUE` separated by
//! spaces (the logfmt convention, which `grep`, `awk` and log tools read), in the order of the
//! reading; a part that is absent is left out, one that is empty is `NAME=""` (under the URL
//! Standard, whose getters give "" for both, left out). Values are shown
//! in the visible notation ([`crate::visible`]), so no control or bidi character in a URL can
//! move or hide the rest of the line. Where RFC 3986 and the URL Standard send the URL to
//! different places (another scheme, host or port), the other reading follows, as `check
//! --confusion` finds it.

use super::Derive;
use super::fields::{FIELDS, LINE, Line, Readings};
use super::url::Url;
use crate::sets::Standard;
use crate::visible::visible;

/// Appends the line of `url`, read from `record` (without its terminator); `record` is `None`
/// where it was resolved against a base, and the other reading is not looked for. The fields
/// are [`LINE`]'s, those of `url`'s reading.
pub(crate) fn write(record: Option<&[u8]>, url: &Url, derive: &mut Derive, out: &mut Vec<u8>) {
    let standard = match url.is_whatwg() {
        true => Standard::Whatwg,
        false => Standard::Rfc3986,
    };
    let mut first = true;
    let mut pair = |name: &str, value: &[u8], out: &mut Vec<u8>| {
        if !std::mem::take(&mut first) {
            out.push(b' ');
        }
        out.extend_from_slice(name.as_bytes());
        out.push(b'=');
        quoted(value, out);
    };
    let mut value = std::mem::take(&mut derive.shown);
    for row in LINE.map(|i| &FIELDS[i]) {
        if !row.readings.under(standard) {
            continue;
        }
        value.clear();
        if !(row.get)(url, derive, &mut value) {
            continue;
        }
        let shown = match row.line {
            // The URL Standard's getters give "" for what is absent: left out too.
            _ if value.is_empty() && row.readings == Readings::Whatwg => false,
            Line::AtUnlessHost(_) => {
                let host = url.host_in_uri().map(|(uri, span)| &uri[span]);
                Some(value.as_slice()) != host
            }
            _ => true,
        };
        if shown {
            pair(row.name, &value, out);
        }
    }
    derive.shown = value;
    #[cfg(feature = "whatwg")]
    if let Some((name, other)) = record.and_then(|record| other_reading(record, url)) {
        pair(name, other.as_bytes(), out);
    }
    #[cfg(not(feature = "whatwg"))]
    let _ = record;
}

/// Where the two readings of `record` disagree on where it goes: the name and the text of the
/// reading `url` is not.
#[cfg(feature = "whatwg")]
fn other_reading(record: &[u8], url: &Url) -> Option<(&'static str, String)> {
    let readings = crate::check::confusion::Readings::of(record);
    if readings.agree() {
        return None;
    }
    let whatwg = readings.whatwg.ok()?;
    Some(match url {
        Url::Rfc(_) => ("whatwg", whatwg.to_string()),
        Url::Whatwg(_) | Url::Common(_) => ("rfc3986", readings.rfc3986.to_string()),
    })
}

/// `value` in the visible notation, in double quotes (with `\"` and `\\`) where it is empty or
/// holds a space, `"`, `=` or `\`, as logfmt quotes.
pub(super) fn quoted(value: &[u8], out: &mut Vec<u8>) {
    let shown = visible(value);
    let quote = shown.is_empty() || shown.contains([' ', '"', '=', '\\']);
    if !quote {
        out.extend_from_slice(shown.as_bytes());
        return;
    }
    out.push(b'"');
    for c in shown.chars() {
        if matches!(c, '"' | '\\') {
            out.push(b'\\');
        }
        let mut utf8 = [0; 4];
        out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
    }
    out.push(b'"');
}
