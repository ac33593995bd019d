//! One report for every command that reports: `check`, `decode --strict` and `--utf8 strict`,
//! `clean`, `parse`, `edit` and `pretty-print --explain` write the same fields in each
//! `--format` (`--report-format` is the spelling every one of them takes): JSON Lines with
//! check's members, GitHub annotations, and a SARIF 2.1.0 log that the OASIS schema
//! (`tests/data/sarif/`) validates.
//!
//! The commands come from the binary itself: each that takes `--report-format` must have a
//! case here, so a new command that reports is tested by being added.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::util::{run, uriesc};

/// One run that reports one problem, and what the standards say of it.
pub(crate) struct Case {
    /// The command and its options, before `--report-format FORMAT` and the record.
    pub args: &'static [&'static str],
    pub record: &'static str,
    /// The rule that decided, in the standard's words.
    rule: &'static str,
    /// The column (in characters, from 1) where the standard puts the problem.
    column: u64,
    /// An error, or a note.
    severity: &'static str,
}

/// A case per reporting command (and one per kind of problem `decode` judges). Columns from the
/// standards: RFC 3986 §2.1 (a `%` begins "%" HEXDIG HEXDIG: the `%` of `a%zz` is character
/// 2), RFC 3629 §4 (`%C3` decodes to a lead byte with no continuation: the escape at 2), RFC
/// 3986 §3.2.3 (port = *DIGIT: the `a` of `h:8a`, character 11), §3.2.2 (an IP-literal's `[`
/// at 8 that no `]` closes), §3.3 (a space, character 10, in a path); url.bs "API"
/// (the port setter refuses `x`: the record's, from 1); UTS #39 (a whole-script confusable:
/// the record's note, from 1).
pub(crate) const CASES: &[Case] = &[
    Case {
        args: &["check"],
        record: "http://a/ b",
        rule: "path",
        column: 10,
        severity: "error",
    },
    Case {
        args: &["decode", "--strict"],
        record: "a%zz",
        rule: "pct-encoded",
        column: 2,
        severity: "error",
    },
    Case {
        args: &["decode", "--utf8", "strict"],
        record: "a%C3",
        rule: "UTF8-char",
        column: 2,
        severity: "error",
    },
    Case {
        args: &["clean"],
        record: "http://h:8a/",
        rule: "port",
        column: 11,
        severity: "error",
    },
    Case {
        args: &["parse", "--format", "json"],
        record: "http://[/",
        rule: "IP-literal",
        column: 8,
        severity: "error",
    },
    Case {
        args: &["edit", "--whatwg", "--set", "port=x"],
        record: "http://a/",
        rule: "setter",
        column: 1,
        severity: "error",
    },
    Case {
        args: &["key", "--profile", "whatwg"],
        record: "http://[/",
        rule: "failure",
        column: 8,
        severity: "error",
    },
    Case {
        args: &["match", "--invalid", "-e", "http://*"],
        record: "http://[/",
        rule: "failure",
        column: 8,
        severity: "error",
    },
    Case {
        args: &["pretty-print", "--idna", "--explain"],
        record: "http://xn--80ak6aa92e.com/",
        rule: "idn-display-policy",
        column: 1,
        severity: "note",
    },
];

/// The members of every JSON report (`check`'s).
const JSON_MEMBERS: &[&str] = &[
    "source",
    "line",
    "column",
    "offset",
    "severity",
    "message",
    "rule",
    "record",
    "suggestion",
];

/// The reports of `case` in `format`, from the stream they go to: stdout for `check`, whose
/// output they are, stderr for the others, whose output is their data.
fn reports(case: &Case, format: &str, dir: Option<&Path>) -> (String, Option<i32>) {
    let mut command = uriesc();
    command.args(case.args).args(["--report-format", format]);
    match dir {
        // The record in a file named with a space (a SARIF artifact's uri encodes it).
        Some(dir) => {
            std::fs::write(dir.join("in put.txt"), format!("{}\n", case.record)).expect("write");
            command.current_dir(dir).args(["--file", "in put.txt"]);
        }
        None => {
            command.args(["--", case.record]);
        }
    }
    let output = crate::util::output_of(command, b"");
    let stream = match case.args[0] {
        "check" => output.stdout,
        _ => output.stderr,
    };
    (
        String::from_utf8(stream).expect("UTF-8 reports"),
        output.status.code(),
    )
}

/// The OASIS SARIF 2.1.0 schema, compiled, with format assertions on (`uri`, `date-time`).
fn sarif_schema() -> (boon::Schemas, boon::SchemaIndex) {
    let text = include_str!("data/sarif/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(text).expect("the schema is JSON");
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    compiler
        .add_resource("sarif-schema-2.1.0.json", schema)
        .expect("the schema loads");
    let index = compiler
        .compile("sarif-schema-2.1.0.json", &mut schemas)
        .expect("the schema compiles");
    (schemas, index)
}

#[test]
fn every_reporting_command_has_a_case() {
    let reporting: BTreeSet<String> = crate::commands::subcommands()
        .into_iter()
        .filter(|command| {
            let help = run(&[command, "--help"], b"");
            String::from_utf8_lossy(&help.stdout).contains("--report-format")
        })
        .collect();
    let cased: BTreeSet<String> = CASES.iter().map(|c| c.args[0].to_string()).collect();
    assert_eq!(
        reporting, cased,
        "every command that takes --report-format has a case in CASES, and no other"
    );
    for command in [
        "check",
        "decode",
        "clean",
        "parse",
        "edit",
        "key",
        "pretty-print",
    ] {
        assert!(
            reporting.contains(command),
            "{command} takes --report-format"
        );
    }
}

/// Every format of the library's list, in every command that reports: its problem said once,
/// at the case's column, with the case's status, each format in its own words. A format added
/// to `report::Format::ALL` is run here by being added; the tests below hold each format's own
/// shape.
#[test]
fn every_format_of_the_library_reports_in_every_command() {
    for case in CASES {
        let mut seen = BTreeSet::new();
        for format in uriesc::report::Format::ALL {
            let (text, status) = reports(case, format.name(), None);
            let what = format!("{:?} --report-format {}: {text}", case.args, format.name());
            let expected = match case.severity {
                "error" => Some(1),
                _ => Some(0),
            };
            assert_eq!(status, expected, "{what}");
            assert!(text.contains(&case.column.to_string()), "{what}");
            assert!(
                seen.insert(text.clone()),
                "{what}: as another format wrote it"
            );
        }
    }
}

#[test]
fn json_reports_have_checks_members() {
    for case in CASES {
        let (text, status) = reports(case, "json", None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1, "{:?}: one report: {text}", case.args);
        let report: Value = serde_json::from_str(lines[0]).expect("a JSON object");
        for member in JSON_MEMBERS {
            assert!(
                report.get(member).is_some(),
                "{:?}: {member} in {report}",
                case.args
            );
        }
        assert_eq!(report["rule"], case.rule, "{:?}", case.args);
        assert_eq!(report["column"], case.column, "{:?}", case.args);
        assert_eq!(report["line"], 1);
        assert_eq!(report["source"], "<arg 1>");
        assert_eq!(report["severity"], case.severity);
        let expected = match case.severity {
            "error" => Some(1),
            _ => Some(0),
        };
        assert_eq!(status, expected, "{:?}", case.args);
    }
}

#[test]
fn github_annotations_for_every_command() {
    for case in CASES {
        let (text, _) = reports(case, "github", None);
        let command = match case.severity {
            "error" => "error",
            _ => "notice",
        };
        let title = format!("title=uriesc {} ({})::<arg 1>: ", case.args[0], case.rule);
        let start = format!("::{command} line=1,col={},{title}", case.column);
        assert!(
            text.starts_with(&start),
            "{:?}: {text:?} starts with {start:?}",
            case.args
        );
        assert_eq!(text.lines().count(), 1, "{text}");
    }
}

#[test]
fn sarif_logs_validate_against_the_oasis_schema() {
    let (schemas, index) = sarif_schema();
    let dir = std::env::temp_dir().join(format!("uriesc-sarif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for case in CASES {
        for dir in [None, Some(dir.as_path())] {
            let (text, _) = reports(case, "sarif", dir);
            let log: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{:?}: one JSON document ({e}): {text}", case.args));
            if let Err(error) = schemas.validate(&log, index) {
                panic!(
                    "{:?}: the log is not valid SARIF 2.1.0: {error:#}\n{text}",
                    case.args
                );
            }
            assert_eq!(log["version"], "2.1.0");
            let run = &log["runs"][0];
            assert_eq!(run["columnKind"], "unicodeCodePoints");
            let results = run["results"].as_array().expect("results");
            assert_eq!(results.len(), 1, "{:?}: {text}", case.args);
            let result = &results[0];
            assert_eq!(result["ruleId"], case.rule);
            assert_eq!(result["level"], case.severity);
            let location = &result["locations"][0]["physicalLocation"];
            assert_eq!(location["region"]["startLine"], 1);
            assert_eq!(location["region"]["startColumn"], case.column);
            let artifact = &location["artifactLocation"];
            match dir {
                // RFC 3986 §3.3: a space is no path character.
                Some(_) => assert_eq!(artifact["uri"], "in%20put.txt"),
                None => assert_eq!(artifact["description"]["text"], "<arg 1>"),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run with nothing to report still writes a whole log, with no results; one with many
/// writes them all in one document.
#[test]
fn sarif_logs_of_none_and_of_many() {
    let (schemas, index) = sarif_schema();
    for (records, count) in [
        (&["http://a/"][..], 0),
        (&["http://a/ b", "%", "x y"][..], 3),
    ] {
        let mut args = vec!["check", "--format", "sarif", "--"];
        args.extend(records);
        let output = run(&args, b"");
        let log: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
        assert!(schemas.validate(&log, index).is_ok(), "{log}");
        let results = log["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), count);
    }
    // With --valid the reports go to stderr, and stay one document: no summary among them.
    let output = run(
        &[
            "check",
            "--valid",
            "--format",
            "sarif",
            "--",
            "http://a/",
            "a b",
        ],
        b"",
    );
    assert_eq!(output.stdout, b"http://a/\n");
    let log: Value = serde_json::from_slice(&output.stderr).expect("one JSON document on stderr");
    assert!(schemas.validate(&log, index).is_ok(), "{log}");
}
