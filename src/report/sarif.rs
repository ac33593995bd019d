//! Diagnostics as one SARIF 2.1.0 log (OASIS "Static Analysis Results Interchange Format
//! Version 2.1.0", errata 01): the format GitHub code scanning and most CI dashboards read.
//!
//! A log is one JSON document for the whole run (§3.13 `sarifLog`, one §3.14 `run`), so it is
//! written in three parts as the run goes: [`begin`] before the first result, each
//! [`result`] (§3.27) as its problem is found, and [`end`] when the input has ended. Nothing
//! is held: a run with a million problems writes a million results in bounded memory. Columns
//! are counted in characters (§3.14.25 `columnKind`: `unicodeCodePoints`), as every uriesc
//! report counts them.

use serde::Serialize;

use super::json::{self, Quote};
use super::{Diagnostic, Severity};
use crate::sets::{ByteSet, rfc3986};
use crate::visible::visible;

/// §3.13.3: the schema of the version written.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Appends the log's start, up to its results' `[`: the tool is uriesc, running `command`.
pub(super) fn begin(command: &str, out: &mut Vec<u8>) {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Driver<'a> {
        name: &'a str,
        full_name: &'a str,
        semantic_version: &'a str,
    }
    let version = env!("CARGO_PKG_VERSION");
    let full_name = format!("uriesc {command} {version}");
    let driver = Driver {
        name: "uriesc",
        full_name: &full_name,
        semantic_version: version,
    };
    out.extend_from_slice(b"{\"$schema\":");
    json::write(SCHEMA, out);
    out.extend_from_slice(b",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":");
    json::write(&driver, out);
    out.extend_from_slice(b"},\"columnKind\":\"unicodeCodePoints\",\"results\":[");
}

/// Appends the log's end, after its last result.
pub(super) fn end(out: &mut Vec<u8>) {
    out.extend_from_slice(b"]}]}\n");
}

/// The bytes a file name's path keeps in an artifact's `uri` (§3.4.3, a URI reference, RFC
/// 3986 §4.1): a path's characters (§3.3); every other byte is percent-encoded.
const PATH_KEPT: ByteSet = rfc3986::PATH;

/// Appends the result of `diagnostic` (no separator), with `more` in its properties.
pub(super) fn result<M: Serialize>(diagnostic: &Diagnostic, more: &M, out: &mut Vec<u8>) {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Result<'a, M> {
        rule_id: &'a str,
        level: &'static str,
        message: Text<'a>,
        locations: [Location<'a>; 1],
        properties: Properties<'a, M>,
    }
    #[derive(Serialize)]
    struct Text<'a> {
        text: &'a str,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Location<'a> {
        physical_location: Physical<'a>,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Physical<'a> {
        artifact_location: Artifact<'a>,
        region: Region,
    }
    /// §3.4: a file by its `uri`; stdin and an argument, which have none, by a description.
    #[derive(Serialize)]
    struct Artifact<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        uri: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        description: Option<Text<'a>>,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Region {
        start_line: u64,
        start_column: u64,
    }
    /// §3.8: what the JSON Lines report says beyond the result's own members.
    #[derive(Serialize)]
    struct Properties<'a, M> {
        source: &'a str,
        offset: usize,
        #[serde(flatten)]
        quote: Quote<'a, M>,
    }
    let source = visible(diagnostic.source.as_bytes());
    let message = diagnostic.shown_message();
    let artifact = match diagnostic.file {
        true => Artifact {
            uri: Some(file_uri(diagnostic.source)),
            description: None,
        },
        false => Artifact {
            uri: None,
            description: Some(Text { text: &source }),
        },
    };
    let result = Result {
        rule_id: diagnostic.rule,
        level: match diagnostic.severity {
            Severity::Error => "error",
            Severity::Note => "note",
        },
        message: Text { text: &message },
        locations: [Location {
            physical_location: Physical {
                artifact_location: artifact,
                // §3.30.5: lines and columns from 1; a record's line is its number.
                region: Region {
                    start_line: diagnostic.line.max(1),
                    start_column: diagnostic.column.max(1),
                },
            },
        }],
        properties: Properties {
            source: &source,
            offset: diagnostic.offset,
            quote: Quote::of(diagnostic, more),
        },
    };
    json::write(&result, out);
}

/// A file name as SARIF's `uri` wants it (§3.10.2: a URI, or a relative reference with no
/// leading `/`, which would not combine with a base, §3.4.4): an absolute path as a `file:`
/// URI (RFC 8089 §2: `file://` with an empty authority, then the path), a relative one as a
/// relative reference (RFC 3986 §4.2), `./` before a first segment with a `:`, which would
/// read as a scheme. Either way, each byte a path cannot hold is percent-encoded (RFC 3986
/// §3.3; RFC 8089 §4 for the bytes of a name that are not ASCII).
fn file_uri(name: &str) -> String {
    let encoded =
        crate::percent::percent_encode(name.as_bytes(), &const { PATH_KEPT.complement() })
            .to_string();
    if encoded.starts_with('/') {
        return format!("file://{encoded}");
    }
    let first = encoded.split('/').next().unwrap_or_default();
    match first.contains(':') {
        true => format!("./{encoded}"),
        false => encoded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 §3.3 and §4.2: spaces, `%`, `#` and `?` encoded, `/` kept, and a colon in
    /// the first segment behind `./`.
    #[test]
    fn file_uris() {
        assert_eq!(file_uri("docs/a b.txt"), "docs/a%20b.txt");
        assert_eq!(file_uri("100%#?.txt"), "100%25%23%3F.txt");
        assert_eq!(file_uri("c:urls"), "./c:urls");
        assert_eq!(file_uri("é"), "%C3%A9");
    }

    /// RFC 8089 §2 and Appendix B: an absolute path is `file:` and an empty authority, then
    /// the path, encoded as RFC 3986 §3.3 says (`file:///path/to/file`).
    #[test]
    fn absolute_paths_are_file_uris() {
        assert_eq!(file_uri("/tmp/urls.txt"), "file:///tmp/urls.txt");
        assert_eq!(file_uri("/tmp/x:y"), "file:///tmp/x:y");
        assert_eq!(file_uri("/a b/ü#?"), "file:///a%20b/%C3%BC%23%3F");
    }
}
