//! A diagnostic as a GitHub Actions workflow command (`::error file=F,line=L,col=C,title=T::M`,
//! GitHub's "Workflow commands for GitHub Actions"), which a workflow run shows as an
//! annotation on the file's line.

use std::io::Write;

use super::{Diagnostic, Severity};
use crate::visible::visible;

/// Appends the annotation of `diagnostic`, titled for `command`: `::error` for an error,
/// `::notice` for a note.
pub(super) fn write(diagnostic: &Diagnostic, command: &str, out: &mut Vec<u8>) {
    let source = visible(diagnostic.source.as_bytes());
    let file = match diagnostic.file {
        true => format!("file={},", property(&source)),
        false => String::new(),
    };
    let level = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Note => "notice",
    };
    let _ = writeln!(
        out,
        "::{level} {file}line={},col={},title=uriesc {command} ({})::{}",
        diagnostic.line,
        diagnostic.column,
        property(diagnostic.rule),
        data(&format!("{source}: {}", diagnostic.shown_message())),
    );
}

/// Workflow-command escaping of a message.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Workflow-command escaping of a property value.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}
