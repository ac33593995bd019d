//! `clean` with every option: idempotent, and what it emits passes `check`.

use super::*;

#[derive(Clone, Debug)]
struct CleanCase {
    rules: Rules,
    basic: bool,
    base: Option<Vec<u8>>,
    normalize: bool,
    idna: bool,
    feed: Feed,
}

fn base() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => pick(&[
            b"http://a/b/c/d;p?q",
            b"http://a/b/c/d;p?q",
            b"file:///x/y",
            b"HTTP://Ex.COM:80/./a/../b",
            "http://ü/x/".as_bytes(),
            b"foo:/.//x",
            b"mailto:a@b",
            b"http://[::1]/",
            b"",
            b"1http://a/",
            b"http://a:x/",
            b"../g",
            b"a b",
            b"http://a/%zz",
        ]),
        1 => url_like(),
    ]
    .prop_map(|b| b.into_iter().filter(|&b| b != 0).collect())
}

fn clean_case() -> impl Strategy<Value = CleanCase> {
    // Mostly the components clean takes, so that the laws run often.
    let mut components = any_component();
    components.extend(["uri", "reference"].repeat(4));
    (
        rules(components),
        prop::bool::weighted(0.3),
        prop::option::weighted(0.3, base()),
        prop::bool::weighted(0.3),
        prop::bool::weighted(0.3),
        feed(),
    )
        .prop_map(|(rules, basic, base, normalize, idna, feed)| CleanCase {
            rules,
            basic,
            base,
            normalize,
            idna,
            feed,
        })
}

impl CleanCase {
    fn args(&self) -> Vec<OsString> {
        let mut args = vec!["clean".into()];
        self.rules.apply(&mut args);
        if self.basic {
            args.push("--basic".into());
        }
        if let Some(base) = &self.base {
            args.push(os([b"--base=", &base[..]].concat()));
        }
        if self.normalize {
            args.push("--normalize".into());
        }
        if self.idna {
            args.push("--idna".into());
        }
        args
    }

    /// Whether the options are refused: clean works on whole URIs (`-c uri` or `-c
    /// reference`), RFC 1738 has no references, and `--normalize` is RFC 3986's.
    fn refused(&self) -> bool {
        let component = self.rules.component("uri");
        self.rules.refused()
            || self.feed.refused()
            || !matches!(component, "uri" | "reference")
            || (self.rules.standard() == Standard::Rfc1738 && component == "reference")
            || (self.normalize && self.rules.whatwg)
    }

    /// `check` with the standard and component of what this cleaning emits: a URI where
    /// there is a base.
    fn check_args(&self) -> Vec<OsString> {
        let mut args = vec!["check".into()];
        args.extend(self.rules.standard_args());
        let component = match self.base {
            Some(_) => "uri",
            None => self.rules.component("uri"),
        };
        args.extend(["-c".into(), component.into()]);
        args
    }
}

/// The records a run's reports name, as `<stdin>:RECORD:COLUMN: ...` (1-based, as `-z`
/// numbers records).
fn reported_records(stderr: &[u8]) -> Vec<usize> {
    stderr
        .split(|&b| b == b'\n')
        .filter_map(|line| {
            let rest = line.strip_prefix(b"<stdin>:")?;
            let end = rest.iter().position(|&b| b == b':')?;
            std::str::from_utf8(&rest[..end]).ok()?.parse().ok()
        })
        .collect()
}

/// Records cut at NUL, the last one ended.
fn nul_records(records: &[Vec<u8>]) -> Vec<u8> {
    records
        .iter()
        .flat_map(|r| r.iter().copied().chain([0]))
        .collect()
}

#[test]
fn clean_every_option() {
    let dir = TempDir::new("combinations-clean");
    cases("clean_every_option", 800, clean_case(), |case| {
        let mut args = case.args();
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        if case.refused() {
            prop_assert_eq!(out.code, 2, "refused: {:?}", out);
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        let base_refused = out.code == 2
            && case.base.is_some()
            && out
                .stderr
                .split(|&b| b == b'\n')
                .any(|l| l.starts_with(b"uriesc: --base "));
        if base_refused {
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        if case.feed.missing() {
            prop_assert_eq!(out.code, 2, "{:?}", out);
        } else {
            prop_assert!(out.code != 2, "{:?}", out);
            prop_assert_eq!(out.code == 1, !out.stderr.is_empty(), "{:?}", out);
        }

        // The laws, record by record: NUL-separated, so that each record is whole.
        let records: Vec<Vec<u8>> = case
            .feed
            .records
            .iter()
            .map(|r| r.iter().copied().filter(|&b| b != 0).collect())
            .collect();
        let mut args = case.args();
        args.push("-z".into());
        let once = run(&args, &nul_records(&records))?;
        prop_assert!(once.code != 2, "{:?}", once);
        let failed = reported_records(&once.stderr);
        prop_assert_eq!(once.code == 1, !failed.is_empty(), "{:?}", once);
        let cleaned: Vec<Vec<u8>> = once
            .stdout
            .split(|&b| b == 0)
            .take(records.len())
            .map(<[u8]>::to_vec)
            .collect();
        prop_assert_eq!(
            nul_records(&cleaned),
            once.stdout.clone(),
            "one record out per record in: {:?}",
            once
        );
        // A record that cannot be cleaned is passed through unchanged; with --whatwg, one
        // that the parser reads is passed on as the parser serializes it (what a browser
        // sends), and cleaning that again fails again (below).
        let whatwg = case.rules.standard() == Standard::Whatwg;
        for &n in &failed {
            if whatwg && cleaned[n - 1] != records[n - 1] {
                continue;
            }
            prop_assert_eq!(
                &cleaned[n - 1],
                &records[n - 1],
                "a record that cannot be cleaned is passed through unchanged: {:?}",
                once
            );
        }
        // Idempotent: what was cleaned cleans to itself, with status 0 (and what could not
        // be cleaned fails again, unchanged).
        let twice = run(&args, &once.stdout)?;
        let again: Vec<&[u8]> = twice.stdout.split(|&b| b == 0).collect();
        prop_assert_eq!(again.len(), cleaned.len() + 1, "{:?}\n{:?}", once, twice);
        for (i, (once_i, twice_i)) in cleaned.iter().zip(&again).enumerate() {
            prop_assert_eq!(
                once_i.as_slice(),
                *twice_i,
                "clean(clean(x)) != clean(x) for record {}:\n{:?}\n{:?}",
                i + 1,
                once,
                twice
            );
        }
        let failed_twice = reported_records(&twice.stderr);
        prop_assert_eq!(failed_twice, failed.clone(), "{:?}\n{:?}", once, twice);
        // What was cleaned passes check.
        let clean: Vec<Vec<u8>> = cleaned
            .iter()
            .enumerate()
            .filter(|(i, _)| !failed.contains(&(i + 1)))
            .map(|(_, r)| r.clone())
            .collect();
        let mut args = case.check_args();
        args.extend(["-z".into(), "--color".into(), "never".into()]);
        let checked = run(&args, &nul_records(&clean))?;
        // Every standard, --whatwg included: what clean does not report is valid.
        prop_assert_eq!(
            checked.code,
            0,
            "clean's output fails check:\n{:?}\n{:?}",
            once,
            checked
        );
        Ok(())
    });
}
