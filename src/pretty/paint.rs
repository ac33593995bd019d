//! `pretty-print --color`: each component of the shown URI in its colour (RFC 3986 §3), the
//! escapes that stay encoded dimmed.

use anstyle::{AnsiColor, Style};

use crate::sets::pct_encoded;
use crate::uri::{Authority, Parts};

/// Where the host is: RFC 3986 Appendix B's authority, split by [`Authority`].
fn host_span(uri: &[u8]) -> Option<(usize, usize)> {
    let authority = Parts::split(uri).authority?;
    let host = Authority::split(&uri[authority.clone()]).host;
    Some((authority.start + host.start, authority.start + host.end))
}

/// The colour of each component, in the order they are written.
const SCHEME: Style = AnsiColor::Magenta.on_default();
const USERINFO: Style = AnsiColor::Yellow.on_default();
const HOST: Style = AnsiColor::Green.on_default().bold();
const PORT: Style = AnsiColor::Green.on_default();
const PATH: Style = AnsiColor::Blue.on_default();
const QUERY: Style = AnsiColor::Cyan.on_default();
const FRAGMENT: Style = AnsiColor::Magenta.on_default();
/// An escape that stays encoded, within its component's colour.
const ESCAPE: Style = Style::new().dimmed();

/// Writes `uri` with each component in its colour, the delimiters plain and the escapes that
/// stay encoded dimmed. Decoding never touched a delimiter, so Appendix B splits the shown
/// URI as it split the original.
pub(super) fn paint(uri: &[u8], out: &mut Vec<u8>) {
    use std::io::Write as _;
    let parts = Parts::split(uri);
    // Writing to a Vec cannot fail.
    let colour = |range: std::ops::Range<usize>, style: Style, out: &mut Vec<u8>| {
        if range.is_empty() {
            return;
        }
        let _ = write!(out, "{style}");
        let text = &uri[range];
        let mut i = 0;
        while i < text.len() {
            if pct_encoded(text, i).is_some() {
                // A reset ends the dimming, then the component's colour starts again.
                let _ = write!(out, "{ESCAPE}");
                out.extend_from_slice(&text[i..i + 3]);
                let _ = write!(out, "{ESCAPE:#}{style}");
                i += 3;
            } else {
                out.push(text[i]);
                i += 1;
            }
        }
        let _ = write!(out, "{style:#}");
    };
    if let Some(scheme) = parts.scheme.clone() {
        colour(scheme.clone(), SCHEME, out);
        out.push(b':');
    }
    if let Some(authority) = parts.authority.clone() {
        out.extend_from_slice(b"//");
        let (host_start, host_end) = host_span(uri).unwrap_or((authority.start, authority.end));
        if host_start > authority.start {
            colour(authority.start..host_start - 1, USERINFO, out);
            out.push(b'@');
        }
        colour(host_start..host_end, HOST, out);
        if host_end < authority.end {
            out.push(b':');
            colour(host_end + 1..authority.end, PORT, out);
        }
    }
    colour(parts.path.clone(), PATH, out);
    if let Some(query) = parts.query.clone() {
        out.push(b'?');
        colour(query, QUERY, out);
    }
    if let Some(fragment) = parts.fragment.clone() {
        out.push(b'#');
        colour(fragment, FRAGMENT, out);
    }
}
