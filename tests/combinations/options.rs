//! The rules every command shares: components (taken and refused), standards, characters.

use super::*;

pub(super) const COMPONENTS: [&str; 13] = [
    "any",
    "scheme",
    "userinfo",
    "host",
    "port",
    "path",
    "segment",
    "query",
    "param",
    "form",
    "fragment",
    "uri",
    "reference",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Standard {
    Rfc3986,
    Rfc2396,
    Rfc1738,
    Whatwg,
    Rfc3987,
}

#[derive(Clone, Debug)]
pub(super) struct Rules {
    /// `-c`: a component, or a name that is none ("bogus").
    pub(super) component: Option<&'static str>,
    /// `-r`: an RFC, or one that the program does not know ("4000").
    pub(super) rfc: Option<&'static str>,
    pub(super) whatwg: bool,
}

/// Rules with components drawn from `components` (which may hold "bogus"), mostly ones clap
/// accepts: a standard by `--rfc` or `--whatwg`; sometimes both, or an unknown RFC.
pub(super) fn rules(components: Vec<&'static str>) -> impl Strategy<Value = Rules> {
    let standard = prop_oneof![
        3 => Just((None, false)),
        4 => prop::sample::select(vec!["3986", "2396", "1738", "3987"]).prop_map(|r| (Some(r), false)),
        3 => Just((None, true)),
        1 => prop::sample::select(vec!["3986", "4000"]).prop_map(|r| (Some(r), true)),
        1 => Just((Some("4000"), false)),
    ];
    (
        prop::option::weighted(0.8, prop::sample::select(components)),
        standard,
    )
        .prop_map(|(component, (rfc, whatwg))| Rules {
            component,
            rfc,
            whatwg,
        })
}

/// Every component, and one that is none.
pub(super) fn any_component() -> Vec<&'static str> {
    let mut components = COMPONENTS.to_vec();
    components.push("bogus");
    components
}

impl Rules {
    pub(super) fn apply(&self, args: &mut Vec<OsString>) {
        self.apply_component(args);
        if let Some(r) = self.rfc {
            args.extend(["--rfc".into(), r.into()]);
        }
        if self.whatwg {
            args.push("--whatwg".into());
        }
    }

    /// Only `-c`, for `decode`, which has no standard to choose.
    pub(super) fn apply_component(&self, args: &mut Vec<OsString>) {
        if let Some(c) = self.component {
            args.extend(["-c".into(), c.into()]);
        }
    }

    /// Whether `decode` refuses these: any standard given at all (percent-decoding is the
    /// same under each), or what clap refuses.
    pub(super) fn refused_by_decode(&self) -> bool {
        self.refused() || self.rfc.is_some() || self.whatwg
    }

    /// Whether clap refuses these: an unknown name, or both `--rfc` and `--whatwg`.
    pub(super) fn refused(&self) -> bool {
        self.component == Some("bogus")
            || self.rfc == Some("4000")
            || (self.whatwg && self.rfc.is_some())
    }

    pub(super) fn standard(&self) -> Standard {
        match (self.whatwg, self.rfc) {
            (true, _) => Standard::Whatwg,
            (false, Some("2396")) => Standard::Rfc2396,
            (false, Some("1738")) => Standard::Rfc1738,
            (false, Some("3987")) => Standard::Rfc3987,
            _ => Standard::Rfc3986,
        }
    }

    pub(super) fn component(&self, default: &'static str) -> &'static str {
        self.component.unwrap_or(default)
    }

    /// `-r N` or `--whatwg` for the standard of these rules.
    pub(super) fn standard_args(&self) -> Vec<OsString> {
        match self.standard() {
            Standard::Rfc3986 => vec!["-r".into(), "3986".into()],
            Standard::Rfc2396 => vec!["-r".into(), "2396".into()],
            Standard::Rfc1738 => vec!["-r".into(), "1738".into()],
            Standard::Whatwg => vec!["--whatwg".into()],
            Standard::Rfc3987 => vec!["-r".into(), "3987".into()],
        }
    }
}

/// Whether `encode` and `decode` refuse a component as data (their help: a scheme and a port
/// take no escapes, a whole URI is not data; RFC 1738 hosts take none and it has no fragment).
pub(super) fn not_data(standard: Standard, component: &str) -> bool {
    matches!(component, "scheme" | "port" | "uri" | "reference")
        || (standard == Standard::Rfc1738 && matches!(component, "host" | "fragment"))
}

/// Whether `check` refuses a component: `any`, `param` and `form` are choices for encoding;
/// RFC 1738 has no fragment and no relative references.
pub(super) fn not_checkable(standard: Standard, component: &str) -> bool {
    matches!(component, "any" | "param" | "form")
        || (standard == Standard::Rfc1738 && matches!(component, "fragment" | "reference"))
}

/// Characters for `--keep` and `--also`: ASCII delimiters, the escape and plus signs, space,
/// controls, non-ASCII and a byte that is not UTF-8.
pub(super) fn chars() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        pick(&[
            b"a",
            b"%",
            b"+",
            b" ",
            b"/",
            b"?",
            b"#",
            b"&",
            b"=",
            b"~",
            b"-",
            b".",
            b"\t",
            b"\n",
            b"\r",
            b":",
            b"@",
            "ü".as_bytes(),
            "～".as_bytes(),
            b"\xFF",
        ]),
        0..4,
    )
    .prop_map(|c| c.concat())
}

/// `--color`'s values, and one clap refuses.
pub(super) fn color() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::weighted(
        0.5,
        prop::sample::select(vec!["always", "never", "auto", "sometimes"]),
    )
}
