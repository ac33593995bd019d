//! `parse` with every option: readings, formats, templates (valid and not), a base, a Public
//! Suffix List that is not there; whatever the options, one output record per input record.

use super::edit::{count, output_records};
use super::*;

/// Templates: every kind of field, and ones that are no template.
const TEMPLATES: [&str; 8] = [
    "{host}",
    "{query:id|decoded} {segment:-1}",
    "{query-all:a} {registrable_domain} {display_host}",
    "{href}",
    "{{}}",
    "{nope}",
    "{host",
    "{segment:0}",
];

#[derive(Clone, Debug)]
struct ParseCase {
    rules: Rules,
    format: Option<&'static str>,
    get: Option<&'static str>,
    plus: bool,
    base: Option<&'static str>,
    psl_missing: bool,
    feed: Feed,
}

fn parse_case() -> impl Strategy<Value = ParseCase> {
    (
        rules(any_component()),
        prop::option::weighted(0.4, prop::sample::select(vec!["text", "json", "xml"])),
        prop::option::weighted(0.4, prop::sample::select(TEMPLATES.to_vec())),
        prop::bool::weighted(0.2),
        prop::option::weighted(
            0.2,
            prop::sample::select(vec!["http://a/b/c", "/relative", "http://a b/"]),
        ),
        prop::bool::weighted(0.1),
        feed(),
    )
        .prop_map(
            |(rules, format, get, plus, base, psl_missing, feed)| ParseCase {
                // `parse` has no `-c`.
                rules: Rules {
                    component: None,
                    ..rules
                },
                format,
                get,
                plus,
                base,
                psl_missing,
                feed,
            },
        )
}

impl ParseCase {
    fn args(&self, dir: &TempDir) -> Vec<OsString> {
        let mut args = vec!["parse".into()];
        self.rules.apply(&mut args);
        if let Some(format) = self.format {
            args.extend(["--format".into(), format.into()]);
        }
        if let Some(template) = self.get {
            args.extend(["--get".into(), template.into()]);
        }
        if self.plus {
            args.push("--plus".into());
        }
        if let Some(base) = self.base {
            args.extend(["--base".into(), base.into()]);
        }
        if self.psl_missing {
            args.extend([
                "--psl".into(),
                dir.0.join("no-such-list.dat").into_os_string(),
            ]);
        }
        args
    }
}

/// Whatever the options: a usage error (status 2, with a message) or one output record per
/// input record (status 0 or 1); never a panic.
#[test]
fn parse_every_option() {
    let dir = TempDir::new("combinations-parse");
    cases("parse_every_option", 300, parse_case(), |case| {
        let mut args = case.args(&dir);
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        let clap_refuses = case.rules.refused()
            || case.feed.refused()
            || case.format == Some("xml")
            || (case.format.is_some() && case.get.is_some());
        if clap_refuses || case.feed.missing() || case.psl_missing {
            prop_assert_eq!(out.code, 2, "{:?}", out);
        }
        if out.code == 2 {
            return Ok(());
        }
        if let Some((terminator, records)) = output_records(&case.feed) {
            prop_assert_eq!(count(&out.stdout, terminator), records, "{:?}", out);
        }
        Ok(())
    });
}
