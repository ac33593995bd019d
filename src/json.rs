//! JSON output, the little of it the reports need: string literals (RFC 8259 §7).

use std::fmt::Write as _;

/// `s` as a JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `bytes` as ripgrep's JSON output writes arbitrary data: `{"text":"..."}` where they are
/// UTF-8, `{"bytes":"..."}` with their standard base64 (RFC 4648 §4) where they are not, so
/// that any record can be recovered exactly.
pub fn data(bytes: &[u8]) -> String {
    use base64::Engine as _;
    match std::str::from_utf8(bytes) {
        Ok(text) => format!("{{\"text\":{}}}", string(text)),
        Err(_) => format!(
            "{{\"bytes\":\"{}\"}}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ),
    }
}
