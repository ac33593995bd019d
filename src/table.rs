//! `uriesc table`: the chart of what `encode` keeps and what it escapes, per standard and
//! component, and the explanation of single characters across every standard.
//!
//! Every cell is read from [`crate::sets::data_set`] through the same [`Encoder`] that
//! `encode` uses, so the chart cannot disagree with the command; the character classes come
//! from the grammar pieces of [`crate::sets`] (RFC 3986 §2.2–2.3, RFC 2396 §2.2–2.4.3 with
//! RFC 2732, RFC 1738 §2.2 and §5, WHATWG URL §1.3).

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

#[cfg(feature = "json")]
use serde::Serialize;

use crate::encode::{Encoder, Options};
#[cfg(feature = "json")]
use crate::report::json;
use crate::sets::{self, Context, Standard};
use crate::visible::visible;
use unicode_width::UnicodeWidthStr;

/// The class of a byte under a standard: the grammar's name for it.
///
/// ```
/// use uriesc::sets::Standard;
/// use uriesc::table::class;
///
/// // RFC 3986 §2.2 and §2.3.
/// assert_eq!(class(Standard::Rfc3986, b'~'), "unreserved");
/// assert_eq!(class(Standard::Rfc3986, b'/'), "gen-delim");
/// assert_eq!(class(Standard::Rfc3986, b'!'), "sub-delim");
/// ```
pub fn class(standard: Standard, b: u8) -> &'static str {
    (standard.sets().class)(b)
}

/// What `encode` writes for `bytes` in a cell: `None` where the context takes no data.
pub fn cell(standard: Standard, context: Context, bytes: &[u8]) -> Option<String> {
    // The encoder `encode` makes, which under RFC 3987 keeps characters, not only bytes.
    let encoder = Encoder::for_context(standard, context, &Options::default()).ok()?;
    Some(String::from_utf8_lossy(&encoder.encode_to_vec(bytes)).into_owned())
}

/// The rows of a chart: each printable ASCII character, then the controls and non-ASCII.
fn chart_rows() -> Vec<(String, Vec<u8>)> {
    let mut rows: Vec<(String, Vec<u8>)> = (0x20..=0x7Eu8)
        .map(|b| {
            let label = if b == b' ' {
                "SP".to_string()
            } else {
                (b as char).to_string()
            };
            (label, vec![b])
        })
        .collect();
    rows.push(("controls".into(), vec![0x00]));
    rows.push(("non-ASCII".into(), vec![0x80]));
    rows
}

/// The colour of a cell whose character `encode` keeps.
const KEPT: Style = AnsiColor::Green.on_default();
/// The colour of a cell whose character `encode` escapes.
const ESCAPED: Style = AnsiColor::Yellow.on_default();

/// Colours for kept and escaped cells.
struct Paint {
    on: bool,
}

impl Paint {
    fn cell(&self, text: &str, kept: bool, width: usize) -> String {
        let padded = format!("{text:<width$}");
        match (self.on, kept) {
            (false, _) => padded,
            (true, true) => format!("{KEPT}{padded}{KEPT:#}"),
            (true, false) => format!("{ESCAPED}{padded}{ESCAPED:#}"),
        }
    }
}

/// The width of a context's column: its name and a space, and room for `%C3%A9`.
fn width(context: Context) -> usize {
    (context.name().len() + 1).max(7)
}

/// The header: the label and class columns, then one column per context.
fn header(out: &mut String, first: &str) {
    let _ = write!(out, "{first:<LABEL$}{:<CLASS$}", "class");
    for context in Context::ALL {
        let _ = write!(out, "{:<w$}", context.name(), w = width(context));
    }
    trim_line(out);
}

fn trim_line(out: &mut String) {
    while out.ends_with(' ') {
        out.pop();
    }
    out.push('\n');
}

/// What the WHATWG host column is: a special URL's host is a domain, which takes IDNA, not
/// percent-encoding (url.bs "host parsing": the domain is percent-decoded, then ToASCII).
const OPAQUE_HOST: &str =
    "host: an opaque host (of a non-special URL); a special URL's host is a domain, for IDNA";

const LABEL: usize = 10;
const CLASS: usize = 18;

/// RFC 3987 §2.2 on what a byte chart cannot show: characters above ASCII.
const IRI_NOTE: &str = "RFC 3987 keeps the UTF-8 of a ucschar everywhere, and of an iprivate in query, param\n\
                        and form; other characters, and bytes that are not UTF-8, are encoded.";

/// The chart for one standard, as text.
pub fn chart_text(standard: Standard, color: bool) -> String {
    let paint = Paint { on: color };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "What `uriesc encode` writes for each character, per --component, under {}.",
        standard.short_name()
    );
    let _ = writeln!(
        out,
        "A character shown as itself is kept; %XX is written instead; - means the component takes no data."
    );
    if standard == Standard::Whatwg {
        let _ = writeln!(out, "{OPAQUE_HOST}.");
    }
    let _ = writeln!(
        out,
        "Controls (00-1F, 7F) and non-ASCII bytes (80-FF) are encoded everywhere."
    );
    if standard == Standard::Rfc3987 {
        // Under the line above, which holds for bytes; this is about characters.
        let _ = writeln!(out, "{IRI_NOTE}");
    }
    out.push('\n');
    header(&mut out, "char");
    for (label, bytes) in chart_rows() {
        let class_name = match label.as_str() {
            "controls" => "control",
            _ => class(standard, bytes[0]),
        };
        let _ = write!(out, "{label:<LABEL$}{class_name:<CLASS$}");
        for context in Context::ALL {
            let text = match (label.as_str(), cell(standard, context, &bytes)) {
                (_, None) => "-".to_string(),
                ("controls", Some(_)) => "%XX".into(),
                ("non-ASCII", Some(_)) => "%XX".into(),
                (_, Some(text)) => text,
            };
            let kept = text.as_bytes() == bytes.as_slice();
            let _ = write!(out, "{}", paint.cell(&text, kept, width(context)));
        }
        trim_line(&mut out);
    }
    out
}

/// The name of an ASCII control or space, as the code table of RFC 20 §2 abbreviates it (`HT` for TAB, `SP`
/// for space): a heading that shows the character itself would show nothing readable.
fn ascii_name(c: char) -> Option<&'static str> {
    const C0: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
        "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB",
        "ESC", "FS", "GS", "RS", "US",
    ];
    match c {
        '\0'..='\x1F' => Some(C0[c as usize]),
        ' ' => Some("SP"),
        '\x7F' => Some("DEL"),
        _ => None,
    }
}

/// The explanation of each character of `chars` across every standard and component.
pub fn explain_text(chars: &str, color: bool) -> String {
    let paint = Paint { on: color };
    let mut out = String::new();
    for (n, c) in chars.chars().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let mut utf8 = [0; 4];
        let bytes = c.encode_utf8(&mut utf8).as_bytes();
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
        let shown = match ascii_name(c) {
            Some(name) => format!("{name} "),
            None if c.is_control() => String::new(),
            // A bidi control or an invisible would act on the line: in the visible notation.
            None => format!("'{}' ", visible(bytes)),
        };
        let _ = writeln!(
            out,
            "{shown}U+{:04X}, UTF-8 bytes {}",
            c as u32,
            hex.join(" ")
        );
        header(&mut out, "");
        let mut differs = false;
        for standard in Standard::ALL {
            let _ = write!(
                out,
                "{:<LABEL$}{:<CLASS$}",
                standard.short_name(),
                match standard {
                    Standard::Rfc3987 if !c.is_ascii() => sets::rfc3987::char_class(c),
                    _ => class(standard, bytes[0]),
                }
            );
            for context in Context::ALL {
                let text = cell(standard, context, bytes);
                let base = cell(Standard::Rfc3986, context, bytes);
                let mark = if standard != Standard::Rfc3986 && text.is_some() && text != base {
                    differs = true;
                    "*"
                } else {
                    ""
                };
                let text = text.unwrap_or_else(|| "-".into());
                let kept = text.as_bytes() == bytes;
                // A character kept as it is (RFC 3987 keeps many) is shown in the visible
                // notation, the column as wide as that shows.
                let shown = format!("{}{mark}", visible(text.as_bytes()));
                let w = width(context).max(shown.width() + 1);
                let _ = write!(out, "{}", paint.cell(&shown, kept, w));
            }
            trim_line(&mut out);
        }
        if differs {
            let _ = writeln!(out, "* differs from RFC 3986");
        }
    }
    out
}

/// The cells of one character: for each context, what it is written as
/// (null where the character is data there but not written at all).
#[cfg(feature = "json")]
fn cells_json(standard: Standard, bytes: &[u8]) -> json::Object<'static, Option<String>> {
    json::Object(
        Context::ALL
            .iter()
            .map(|&c| (c.name(), cell(standard, c, bytes)))
            .collect(),
    )
}

/// The chart for one standard, as JSON (the `json` feature).
#[cfg(feature = "json")]
pub fn chart_json(standard: Standard) -> String {
    #[derive(Serialize)]
    struct Row {
        char: String,
        byte: u8,
        class: &'static str,
        cells: json::Object<'static, Option<String>>,
    }
    #[derive(Serialize)]
    struct Chart {
        standard: &'static str,
        rows: Vec<Row>,
    }
    let rows = chart_rows()
        .into_iter()
        .map(|(label, bytes)| Row {
            char: label,
            byte: bytes[0],
            class: class(standard, bytes[0]),
            cells: cells_json(standard, &bytes),
        })
        .collect();
    let chart = Chart {
        standard: standard.short_name(),
        rows,
    };
    let mut out = Vec::new();
    json::write(&chart, &mut out);
    out.push(b'\n');
    String::from_utf8_lossy(&out).into_owned()
}

/// The explanation of `chars`, as JSON Lines: one object per character (the `json` feature).
#[cfg(feature = "json")]
pub fn explain_json(chars: &str) -> String {
    #[derive(Serialize)]
    struct Column {
        class: &'static str,
        cells: json::Object<'static, Option<String>>,
    }
    #[derive(Serialize)]
    struct Explained<'a> {
        char: &'a str,
        codepoint: String,
        utf8: String,
        standards: json::Object<'static, Column>,
    }
    let mut out = Vec::new();
    for c in chars.chars() {
        let mut utf8 = [0; 4];
        let text = c.encode_utf8(&mut utf8);
        let bytes = text.as_bytes();
        let standards = Standard::ALL
            .iter()
            .map(|&s| {
                let column = Column {
                    class: class(s, bytes[0]),
                    cells: cells_json(s, bytes),
                };
                (s.short_name(), column)
            })
            .collect();
        let explained = Explained {
            char: text,
            codepoint: format!("U+{:04X}", c as u32),
            utf8: bytes.iter().map(|b| format!("{b:02X}")).collect(),
            standards: json::Object(standards),
        };
        json::write(&explained, &mut out);
        out.push(b'\n');
    }
    String::from_utf8_lossy(&out).into_owned()
}
