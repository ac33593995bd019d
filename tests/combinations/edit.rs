//! `edit` with every option: parts set (by name and value, data or as written, of the reading
//! or not), removed, query pairs edited, resolution; whatever the options, one output record per
//! input record.

use super::*;

/// The values given: hostile bytes, escapes, delimiters, an IP literal, a newline.
const VALUES: [&[u8]; 12] = [
    b"a b",
    b"%",
    b"%zz",
    b"\xff",
    b"[::1]",
    b"x\ny",
    b"",
    b"80",
    b"h:1",
    b"#?/&=",
    "\u{e9}\u{202e}".as_bytes(),
    b"example.org",
];

/// Every part of either reading, and one that is none.
const PARTS: [&str; 16] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment", "href", "protocol",
    "username", "password", "hostname", "pathname", "search", "hash", "bogus",
];

#[derive(Clone, Debug)]
struct EditCase {
    rules: Rules,
    /// `--set NAME=VALUE` (or `NAME:=VALUE` where the flag says so).
    sets: Vec<(&'static str, bool, Vec<u8>)>,
    unsets: Vec<&'static str>,
    /// `--remove-param`, `--keep-param`, `--set-param`, `--append`.
    params: Vec<(&'static str, Vec<u8>)>,
    sort: bool,
    separator: Option<&'static str>,
    plus: bool,
    base: Option<&'static str>,
    redirect: Option<Vec<u8>>,
    feed: Feed,
}

fn edit_case() -> impl Strategy<Value = EditCase> {
    let value = || pick(&VALUES);
    let part = || prop::sample::select(PARTS.to_vec());
    let param_flag = prop::sample::select(vec![
        "--remove-param",
        "--keep-param",
        "--set-param",
        "--append",
    ]);
    (
        rules(any_component()),
        prop::collection::vec((part(), any::<bool>(), value()), 0..3),
        prop::collection::vec(part(), 0..2),
        prop::collection::vec((param_flag, value()), 0..3),
        prop::bool::weighted(0.3),
        prop::option::weighted(0.2, prop::sample::select(vec!["&", ";", "x"])),
        prop::bool::weighted(0.2),
        prop::option::weighted(
            0.2,
            prop::sample::select(vec!["http://a/b/c", "/relative", "http://a b/"]),
        ),
        prop::option::weighted(0.2, value()),
        feed(),
    )
        .prop_map(
            |(rules, sets, unsets, params, sort, separator, plus, base, redirect, feed)| {
                EditCase {
                    // `edit` has no `-c`.
                    rules: Rules {
                        component: None,
                        ..rules
                    },
                    sets,
                    unsets,
                    params,
                    sort,
                    separator,
                    plus,
                    base,
                    redirect,
                    feed,
                }
            },
        )
}

impl EditCase {
    fn args(&self) -> Vec<OsString> {
        let mut args = vec!["edit".into()];
        self.rules.apply(&mut args);
        for (part, written, value) in &self.sets {
            let mark: &[u8] = if *written { b":=" } else { b"=" };
            args.extend(["--set".into(), os([part.as_bytes(), mark, value].concat())]);
        }
        for part in &self.unsets {
            args.extend(["--unset".into(), (*part).into()]);
        }
        for (flag, value) in &self.params {
            args.extend([(*flag).into(), os(value.clone())]);
        }
        if self.sort {
            args.push("--sort-params".into());
        }
        if let Some(separator) = self.separator {
            args.extend(["--param-separator".into(), separator.into()]);
        }
        if self.plus {
            args.push("--plus".into());
        }
        if let Some(base) = self.base {
            args.extend(["--base".into(), base.into()]);
        }
        if let Some(reference) = &self.redirect {
            args.extend(["--redirect".into(), os(reference.clone())]);
        }
        args
    }
}

/// Whatever the options: a usage error (status 2, with a message) or one output record per
/// input record, each edited or written as it came (status 0 or 1); never a panic.
#[test]
fn edit_every_option() {
    let dir = TempDir::new("combinations-edit");
    cases("edit_every_option", 300, edit_case(), |case| {
        let mut args = case.args();
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        let clap_refuses =
            case.rules.refused() || case.feed.refused() || case.separator == Some("x");
        if clap_refuses || case.feed.missing() {
            prop_assert_eq!(out.code, 2, "{:?}", out);
        }
        if out.code == 2 {
            return Ok(());
        }
        let Some((terminator, records)) = output_records(&case.feed) else {
            return Ok(());
        };
        prop_assert_eq!(count(&out.stdout, terminator), records, "{:?}", out);
        Ok(())
    });
}

/// How many records a command that writes one output record per input record writes for
/// `feed`, and what ends each; `None` where that cannot be told from the input alone (one
/// whole record; an argument that holds a newline, which a record written as it came keeps).
pub(super) fn output_records(feed: &Feed) -> Option<(u8, usize)> {
    match (feed.source, feed.framing) {
        (Source::Args, _) if feed.records.iter().any(|r| r.contains(&b'\n')) => None,
        (Source::Args, Framing::Lines { .. }) => Some((b'\n', feed.records.len())),
        (Source::Args, Framing::Null { .. }) => Some((b'\0', feed.records.len())),
        (_, Framing::Lines { .. }) => Some((b'\n', count(&feed.bytes(), b'\n'))),
        (_, Framing::Null { .. }) => Some((b'\0', count(&feed.bytes(), b'\0'))),
        _ => None,
    }
}

pub(super) fn count(bytes: &[u8], byte: u8) -> usize {
    bytes.iter().filter(|&&b| b == byte).count()
}
