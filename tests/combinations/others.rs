//! `pretty-print`, `table` and `completions` with every option.

use super::*;

#[derive(Clone, Debug)]
struct PrettyCase {
    idna: bool,
    color: Option<&'static str>,
    feed: Feed,
}

#[test]
fn pretty_print_every_option() {
    let dir = TempDir::new("combinations-pretty");
    let strategy = (any::<bool>(), color(), feed()).prop_map(|(idna, color, feed)| PrettyCase {
        idna,
        color,
        feed,
    });
    cases("pretty_print_every_option", 300, strategy, |case| {
        let mut args: Vec<OsString> = vec!["pretty-print".into()];
        if case.idna {
            args.push("--idna".into());
        }
        if let Some(color) = case.color {
            args.extend(["--color".into(), color.into()]);
        }
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        let expected =
            if case.feed.refused() || case.color == Some("sometimes") || case.feed.missing() {
                2
            } else {
                0
            };
        prop_assert_eq!(out.code, expected, "{:?}", out);
        Ok(())
    });
}

#[derive(Clone, Debug)]
struct TableCase {
    chars: Option<Vec<u8>>,
    rfc: Option<&'static str>,
    whatwg: bool,
    format: Option<&'static str>,
    color: Option<&'static str>,
}

fn table_chars() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(
            pick(&[
                b"a",
                b"%",
                b"#",
                b" ",
                b"\t",
                b"\x01",
                b"\x7F",
                b"\n",
                b"\r",
                b"\\",
                b"\"",
                "é".as_bytes(),
                "中".as_bytes(),
                "\u{202E}".as_bytes(),
                "\u{FEFF}".as_bytes(),
                "🦀".as_bytes(),
                "\u{0301}".as_bytes(),
                "～".as_bytes(),
                b"\xFF",
                b"\xED\xA0\x80",
                b"-",
                b"--",
            ]),
            1..6,
        )
        .prop_map(|c| c.concat()),
        any::<String>().prop_map(|s| s.replace('\0', "").into_bytes()),
    ]
}

#[test]
fn table_every_option() {
    let strategy = (
        prop::option::weighted(0.8, table_chars()),
        prop::option::weighted(
            0.5,
            prop::sample::select(vec!["3986", "2396", "1738", "3987", "0"]),
        ),
        prop::bool::weighted(0.3),
        prop::option::weighted(
            0.7,
            prop::sample::select(vec!["text", "json", "json", "yaml"]),
        ),
        color(),
    )
        .prop_map(|(chars, rfc, whatwg, format, color)| TableCase {
            chars,
            rfc,
            whatwg,
            format,
            color,
        });
    cases("table_every_option", 300, strategy, |case| {
        let mut args: Vec<OsString> = vec!["table".into()];
        if let Some(rfc) = case.rfc {
            args.extend(["-r".into(), rfc.into()]);
        }
        if case.whatwg {
            args.push("-w".into());
        }
        if let Some(format) = case.format {
            args.extend(["--format".into(), format.into()]);
        }
        if let Some(color) = case.color {
            args.extend(["--color".into(), color.into()]);
        }
        if let Some(chars) = &case.chars {
            args.extend(["--".into(), os(chars.clone())]);
        }
        let out = run(&args, b"")?;
        let refused = (case.whatwg && case.rfc.is_some())
            || case.rfc == Some("0")
            || case.format == Some("yaml")
            || case.color == Some("sometimes")
            || case
                .chars
                .as_ref()
                .is_some_and(|c| c.is_empty() || std::str::from_utf8(c).is_err());
        if refused {
            prop_assert_eq!(out.code, 2, "refused: {:?}", out);
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        prop_assert_eq!(out.code, 0, "{:?}", out);
        prop_assert!(!out.stdout.is_empty(), "{:?}", out);
        if case.format == Some("json") {
            for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                prop_assert!(
                    serde_json::from_slice::<serde_json::Value>(line).is_ok(),
                    "not JSON: \"{}\" in {:?}",
                    line.escape_ascii(),
                    out
                );
            }
        }
        Ok(())
    });
}

#[test]
fn completions_every_shell() {
    let strategy = prop::sample::select(vec![
        "bash",
        "zsh",
        "fish",
        "elvish",
        "powershell",
        "cmd",
        "",
    ]);
    cases("completions_every_shell", 14, strategy, |shell| {
        let out = run(&["completions".into(), shell.into()], b"")?;
        let known = !matches!(shell, "cmd" | "");
        prop_assert_eq!(out.code, if known { 0 } else { 2 }, "{:?}", out);
        prop_assert_eq!(out.stdout.is_empty(), !known, "{:?}", out);
        Ok(())
    });
}
