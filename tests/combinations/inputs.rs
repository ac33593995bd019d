//! Hostile inputs and where they come from: records, framings, arguments, files, stdin.

use super::*;

pub(super) fn pick(choices: &[&[u8]]) -> impl Strategy<Value = Vec<u8>> + use<> {
    prop::sample::select(choices.iter().map(|c| c.to_vec()).collect::<Vec<_>>())
}

/// A label longer than DNS allows (63 octets).
pub(super) fn long_label() -> Vec<u8> {
    vec![b'a'; 70]
}

/// Strings shaped like URLs, from pieces that break them in every known way.
pub(super) fn url_like() -> impl Strategy<Value = Vec<u8>> {
    let scheme = pick(&[
        b"http",
        b"HTTP",
        b"https",
        b"file",
        b"mailto",
        b"foo",
        b"1http",
        b"a+b",
        b"",
        b"\xC3\xBC",
        b"ht tp",
        b"web+demo",
    ]);
    let sep = pick(&[b"://", b":", b":/", b":\\\\", b"", b"///", b":///", b"//"]);
    let userinfo = pick(&[
        b"",
        b"",
        b"user@",
        b"a@@",
        b"a:b@",
        b"@",
        b"\xC3\xBC@",
        b"a b@",
        b"%zz@",
    ]);
    let host = prop_oneof![
        pick(&[
            b"a",
            b"example.com",
            "ü".as_bytes(),
            "ü ü.com".as_bytes(),
            b"[::1]",
            b"[v1.x]",
            b"[::1",
            b"::1]",
            b"[fe80::1%25eth0]",
            b"xn--bcher-kva.example",
            "ａｂ.com".as_bytes(),
            "bücher.example".as_bytes(),
            b"127.0.0.1",
            b"999.1.1.1",
            b"%41",
            b"%zz",
            b"",
            b"a_b",
            b"xn--",
            b"\xED\xA0\x80",
        ]),
        Just(long_label()),
        Just([long_label(), b".com".to_vec()].concat()),
    ];
    let port = pick(&[
        b"", b"", b":80", b":99999", b":8a", b":", b":443", b":-1", b"::",
    ]);
    let path = prop::collection::vec(
        pick(&[
            b"/",
            b"/a b",
            b"/./",
            b"/../",
            b"\\",
            b"%",
            b"%4",
            b"%zz",
            b"%41",
            b"%2F",
            "/ü".as_bytes(),
            "／".as_bytes(),
            "\u{202E}".as_bytes(),
            b"^",
            b"|",
            b"{}",
            b"\t",
            b"[x]",
            b"@@",
            b"\r",
            b"\r\n",
            b"\0",
            b"\xED\xA0\x80",
            b"\xFF",
            b"+",
            b"a",
        ]),
        0..5,
    )
    .prop_map(|p| p.concat());
    let query = pick(&[
        b"", b"?", b"?a=b&c", b"?q=100%", b"?%4", b"?a b", b"??", b"?#",
    ]);
    let fragment = pick(&[b"", b"#x", b"#x#y", b"##", b"#%", b"# ", "#ü".as_bytes()]);
    (scheme, sep, userinfo, host, port, path, query, fragment).prop_map(
        |(scheme, sep, userinfo, host, port, path, query, fragment)| {
            [scheme, sep, userinfo, host, port, path, query, fragment].concat()
        },
    )
}

/// One record: URL-shaped, a hostile classic, or raw bytes.
pub(super) fn record() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => url_like(),
        2 => pick(&[
            b"",
            b"%",
            b"a%",
            b"%4",
            b"a%4",
            b"%%",
            b"\xED\xA0\x80",
            b"\0",
            b"a\0b",
            b"\r",
            b"a\r\nb",
            b"\xFF\xFE",
            "ｈｔｔｐ：／／ｅｘ．ｃｏｍ".as_bytes(),
            b"http://\xC3\xBC:8a/",
            "http://ü ü.com/".as_bytes(),
            b"http://[::1]:99999/a\\b#x#y",
            b"-",
            b"--help",
            b"+ +%2B",
        ]),
        2 => prop::collection::vec(any::<u8>(), 0..24),
    ]
}

/// How records are cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Framing {
    /// Lines ended by `\n` (or `\r\n`), the last one ended or not.
    Lines { crlf: bool, last_ended: bool },
    /// `-z`
    Null { last_ended: bool },
    /// `--whole`
    Whole,
    /// `-z --whole`, which clap refuses.
    Both,
}

/// Where records come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// As arguments (after `--`; an argument cannot hold NUL, so NULs are dropped).
    Args,
    Stdin,
    /// `-f -`
    Dash,
    /// `-f FILE`
    File,
    /// `-f FILE -f MISSING`: the missing one is reported, the other one read.
    FileAndMissing,
    /// `-f MISSING` only.
    Missing,
}

/// Records, how they are cut and where they come from.
#[derive(Clone, Debug)]
pub(super) struct Feed {
    pub(super) records: Vec<Vec<u8>>,
    pub(super) framing: Framing,
    pub(super) source: Source,
    pub(super) line_buffered: bool,
}

pub(super) fn feed() -> impl Strategy<Value = Feed> {
    let framing = prop_oneof![
        8 => (any::<bool>(), any::<bool>()).prop_map(|(crlf, last_ended)| Framing::Lines { crlf, last_ended }),
        4 => any::<bool>().prop_map(|last_ended| Framing::Null { last_ended }),
        4 => Just(Framing::Whole),
        1 => Just(Framing::Both),
    ];
    let source = prop_oneof![
        6 => Just(Source::Args),
        6 => Just(Source::Stdin),
        2 => Just(Source::Dash),
        4 => Just(Source::File),
        1 => Just(Source::FileAndMissing),
        1 => Just(Source::Missing),
    ];
    (
        prop::collection::vec(record(), 0..5),
        framing,
        source,
        prop::bool::weighted(0.2),
    )
        .prop_map(|(records, framing, source, line_buffered)| Feed {
            records,
            framing,
            source,
            line_buffered,
        })
}

impl Feed {
    /// The bytes of the records, cut as the framing says.
    pub(super) fn bytes(&self) -> Vec<u8> {
        let (end, last_ended): (&[u8], bool) = match self.framing {
            Framing::Lines { crlf, last_ended } => (if crlf { b"\r\n" } else { b"\n" }, last_ended),
            Framing::Null { last_ended } => (b"\0", last_ended),
            Framing::Whole | Framing::Both => (b"\n", false),
        };
        let mut out = self.records.join(end);
        if last_ended && !self.records.is_empty() {
            out.extend_from_slice(end);
        }
        out
    }

    /// Appends the input options and values to `args`; what to feed stdin.
    pub(super) fn apply(&self, args: &mut Vec<OsString>, dir: &TempDir) -> Vec<u8> {
        match self.framing {
            Framing::Null { .. } => args.push("-z".into()),
            Framing::Whole => args.push("--whole".into()),
            Framing::Both => args.extend(["--null".into(), "--whole".into()]),
            Framing::Lines { .. } => {}
        }
        if self.line_buffered {
            args.push("--line-buffered".into());
        }
        let missing = dir.0.join("missing").into_os_string();
        match self.source {
            Source::Args => {
                args.push("--".into());
                args.extend(
                    self.records
                        .iter()
                        .map(|r| os(r.iter().copied().filter(|&b| b != 0).collect::<Vec<_>>())),
                );
                Vec::new()
            }
            Source::Stdin => self.bytes(),
            Source::Dash => {
                args.extend(["-f".into(), "-".into()]);
                self.bytes()
            }
            Source::File | Source::FileAndMissing => {
                args.extend(["-f".into(), dir.file("input", &self.bytes()).into()]);
                if self.source == Source::FileAndMissing {
                    args.extend(["-f".into(), missing]);
                }
                Vec::new()
            }
            Source::Missing => {
                args.extend(["-f".into(), missing]);
                Vec::new()
            }
        }
    }

    /// Whether an input cannot be read (status 2, as `cat` has).
    pub(super) fn missing(&self) -> bool {
        matches!(self.source, Source::FileAndMissing | Source::Missing)
    }

    /// Whether clap refuses the input options.
    pub(super) fn refused(&self) -> bool {
        self.framing == Framing::Both
    }

    /// The records as one byte string that holds no NUL, for laws run with `--whole` / `-z`.
    pub(super) fn joined(&self) -> Vec<u8> {
        self.records.join(&b"\n"[..])
    }
}
