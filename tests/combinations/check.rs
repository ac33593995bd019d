//! `check` with every option: statuses, reports, and `--valid`/`--invalid` agreeing.

use super::*;

#[derive(Clone, Debug)]
struct CheckCase {
    rules: Rules,
    format: Option<&'static str>,
    quiet: bool,
    valid: bool,
    invalid: bool,
    color: Option<&'static str>,
    /// `--confusion`, which takes no standard or component of its own.
    confusion: bool,
    feed: Feed,
}

fn check_case() -> impl Strategy<Value = CheckCase> {
    (
        rules(any_component()),
        prop::option::weighted(
            0.6,
            prop::sample::select(vec!["text", "json", "github", "xml"]),
        ),
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.3),
        prop::bool::weighted(0.3),
        color(),
        prop::bool::weighted(0.2),
        feed(),
    )
        .prop_map(
            |(rules, format, quiet, valid, invalid, color, confusion, feed)| CheckCase {
                rules,
                format,
                quiet,
                valid,
                invalid,
                color,
                confusion,
                feed,
            },
        )
}

impl CheckCase {
    fn args(&self, valid: bool, invalid: bool) -> Vec<OsString> {
        let mut args = vec!["check".into()];
        self.rules.apply(&mut args);
        if let Some(format) = self.format {
            args.extend(["--format".into(), format.into()]);
        }
        if self.quiet {
            args.push("-q".into());
        }
        if valid {
            args.push("--valid".into());
        }
        if invalid {
            args.push("--invalid".into());
        }
        if let Some(color) = self.color {
            args.extend(["--color".into(), color.into()]);
        }
        if self.confusion {
            args.push("--confusion".into());
        }
        args
    }
}

#[test]
fn check_every_option() {
    let dir = TempDir::new("combinations-check");
    cases("check_every_option", 600, check_case(), |case| {
        let mut args = case.args(case.valid, case.invalid);
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        let refused = case.rules.refused()
            || case.feed.refused()
            || case.format == Some("xml")
            || case.color == Some("sometimes")
            || (case.valid && case.invalid)
            // -q prints nothing, so it has no records to print either.
            || (case.quiet && (case.valid || case.invalid))
            || (case.confusion
                && (case.rules.component.is_some() || case.rules.rfc.is_some() || case.rules.whatwg))
            || (!case.confusion
                && not_checkable(case.rules.standard(), case.rules.component("uri")));
        if refused {
            prop_assert_eq!(out.code, 2, "refused: {:?}", out);
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        if case.feed.missing() && !case.quiet {
            prop_assert_eq!(out.code, 2, "{:?}", out);
        }
        // -q stops at the first invalid record, as grep -q stops at its first match: the
        // missing file after the input is then never opened.
        if case.feed.missing() && case.quiet {
            let stopped_before = case.feed.source == Source::FileAndMissing && out.code == 1;
            prop_assert!(out.code == 2 || stopped_before, "{:?}", out);
        }
        if case.quiet {
            prop_assert!(out.stdout.is_empty(), "-q, yet: {:?}", out);
        }
        if case.quiet && !case.feed.missing() {
            prop_assert!(out.stderr.is_empty(), "-q, yet: {:?}", out);
        }
        if case.format == Some("json") && !case.quiet && !case.valid && !case.invalid {
            for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                prop_assert!(
                    serde_json::from_slice::<serde_json::Value>(line).is_ok(),
                    "not JSON: \"{}\" in {:?}",
                    line.escape_ascii(),
                    out
                );
            }
        }
        // The status says whether some record is invalid, whichever records are printed.
        if (case.valid || case.invalid) && !case.feed.missing() {
            let mut args = case.args(!case.valid, !case.invalid);
            let stdin = case.feed.apply(&mut args, &dir);
            let other = run(&args, &stdin)?;
            prop_assert_eq!(other.code, out.code, "{:?}\n{:?}", out, other);
            let invalid_out = if case.invalid { &out } else { &other };
            if out.code == 0 && case.feed.framing != Framing::Whole {
                prop_assert!(
                    invalid_out.stdout.is_empty(),
                    "status 0, yet --invalid printed: {:?}",
                    invalid_out
                );
            }
        }
        Ok(())
    });
}
