//! `encode` with every option, and `decode(encode(x)) == x`; `decode` with every option.

use super::*;

#[derive(Clone, Debug)]
struct EncodeCase {
    rules: Rules,
    plus: bool,
    lower: bool,
    keep: Option<Vec<u8>>,
    also: Option<Vec<u8>>,
    feed: Feed,
    /// `--utf8` for the decoding of the law.
    utf8: &'static str,
}

fn encode_case() -> impl Strategy<Value = EncodeCase> {
    (
        rules(any_component()),
        prop::bool::weighted(0.3),
        prop::bool::weighted(0.3),
        prop::option::weighted(0.4, chars()),
        prop::option::weighted(0.4, chars()),
        feed(),
        prop::sample::select(vec!["raw", "raw", "lossy", "strict"]),
    )
        .prop_map(|(rules, plus, lower, keep, also, feed, utf8)| EncodeCase {
            rules,
            plus,
            lower,
            keep,
            also,
            feed,
            utf8,
        })
}

impl EncodeCase {
    /// `encode` with these options, without the input ones.
    fn args(&self) -> Vec<OsString> {
        let mut args = vec!["encode".into()];
        self.rules.apply(&mut args);
        if self.plus {
            args.push("--plus".into());
        }
        if self.lower {
            args.push("--lower".into());
        }
        if let Some(keep) = &self.keep {
            args.push(os([b"--keep=", &keep[..]].concat()));
        }
        if let Some(also) = &self.also {
            args.push(os([b"--also=", &also[..]].concat()));
        }
        args
    }

    /// Whether the options are refused, by clap or as the help and `--keep`'s purpose say:
    /// keeping `%` (or `+` or space where space is `+`) would make the output undecodable, a
    /// character cannot be both kept and encoded, and a non-ASCII one cannot be kept literal
    /// in a URI.
    fn refused(&self) -> bool {
        let component = self.rules.component("any");
        let plus = self.plus || component == "form";
        let keep = self.keep.clone().unwrap_or_default();
        let also = self.also.clone().unwrap_or_default();
        self.rules.refused()
            || self.feed.refused()
            || not_data(self.rules.standard(), component)
            || keep.iter().any(|b| also.contains(b))
            || !keep.is_ascii()
            || keep.contains(&b'%')
            || (plus && (keep.contains(&b'+') || keep.contains(&b' ')))
    }
}

#[test]
fn encode_every_option() {
    let dir = TempDir::new("combinations-encode");
    cases("encode_every_option", 800, encode_case(), |case| {
        let mut args = case.args();
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        if case.refused() {
            prop_assert_eq!(out.code, 2, "refused: {:?}", out);
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        let expected = if case.feed.missing() { 2 } else { 0 };
        prop_assert_eq!(out.code, expected, "{:?}", out);

        // decode(encode(x)) == x, the whole input as one record (newlines are data), with the
        // same component, standard and `--plus`.
        let x = case.feed.joined();
        let mut args = case.args();
        args.push("--whole".into());
        let encoded = run(&args, &x)?;
        prop_assert_eq!(encoded.code, 0, "{:?}", encoded);
        let mut args: Vec<OsString> = vec!["decode".into()];
        case.rules.apply_component(&mut args);
        if case.plus {
            args.push("--plus".into());
        }
        args.extend([
            "--strict".into(),
            "--whole".into(),
            "--utf8".into(),
            case.utf8.into(),
        ]);
        let decoded = run(&args, &encoded.stdout)?;
        match case.utf8 {
            "raw" => {
                prop_assert_eq!(decoded.code, 0, "{:?}", decoded);
                prop_assert_eq!(&decoded.stdout, &x, "decode(encode(x)) != x: {:?}", decoded);
            }
            "lossy" => {
                prop_assert_eq!(decoded.code, 0, "{:?}", decoded);
                let lossy = String::from_utf8_lossy(&x).into_owned().into_bytes();
                prop_assert_eq!(
                    &decoded.stdout,
                    &lossy,
                    "lossy decode(encode(x)) != x with U+FFFD: {:?}",
                    decoded
                );
            }
            _ => {
                if std::str::from_utf8(&x).is_ok() {
                    prop_assert_eq!(decoded.code, 0, "{:?}", decoded);
                    prop_assert_eq!(&decoded.stdout, &x, "decode(encode(x)) != x: {:?}", decoded);
                } else {
                    prop_assert_eq!(decoded.code, 1, "not UTF-8, yet: {:?}", decoded);
                }
            }
        }
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// decode
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct DecodeCase {
    rules: Rules,
    plus: bool,
    strict: bool,
    utf8: Option<&'static str>,
    feed: Feed,
}

fn decode_case() -> impl Strategy<Value = DecodeCase> {
    (
        rules(any_component()),
        prop::bool::weighted(0.3),
        prop::bool::weighted(0.4),
        prop::option::weighted(
            0.5,
            prop::sample::select(vec!["raw", "lossy", "strict", "bogus"]),
        ),
        feed(),
    )
        .prop_map(|(rules, plus, strict, utf8, feed)| DecodeCase {
            rules,
            plus,
            strict,
            utf8,
            feed,
        })
}

#[test]
fn decode_every_option() {
    let dir = TempDir::new("combinations-decode");
    cases("decode_every_option", 500, decode_case(), |case| {
        let mut args: Vec<OsString> = vec!["decode".into()];
        case.rules.apply(&mut args);
        if case.plus {
            args.push("--plus".into());
        }
        if case.strict {
            args.push("--strict".into());
        }
        if let Some(utf8) = case.utf8 {
            args.extend(["--utf8".into(), utf8.into()]);
        }
        let stdin = case.feed.apply(&mut args, &dir);
        let out = run(&args, &stdin)?;
        let refused = case.rules.refused_by_decode()
            || case.feed.refused()
            || case.utf8 == Some("bogus")
            || not_data(case.rules.standard(), case.rules.component("any"));
        if refused {
            prop_assert_eq!(out.code, 2, "refused: {:?}", out);
            prop_assert!(out.stdout.is_empty(), "refused, yet wrote: {:?}", out);
            return Ok(());
        }
        if case.feed.missing() {
            // A problem in the data ends the run (status 1), maybe before the missing file.
            let strict = case.strict || case.utf8 == Some("strict");
            prop_assert!(out.code == 2 || (strict && out.code == 1), "{:?}", out);
        } else if case.strict || case.utf8 == Some("strict") {
            // A problem in the data is status 1, with its place on stderr.
            prop_assert!(out.code != 2, "{:?}", out);
            prop_assert_eq!(out.code == 1, !out.stderr.is_empty(), "{:?}", out);
        } else {
            prop_assert_eq!(out.code, 0, "lenient decoding fails nowhere: {:?}", out);
            prop_assert!(out.stderr.is_empty(), "{:?}", out);
        }
        if case.utf8 == Some("lossy") && !case.strict && !case.feed.missing() {
            prop_assert!(
                std::str::from_utf8(&out.stdout).is_ok(),
                "--utf8 lossy wrote bytes that are not UTF-8: {:?}",
                out
            );
        }
        Ok(())
    });
}
