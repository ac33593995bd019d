//! RFC 1738 §5: the generic URL syntax, the common Internet scheme syntax of §3.1
//! (`//user:password@host:port/url-path`), and the scheme-specific rules of §3 for `http`,
//! `ftp`, `file`, `mailto`, `news`, `nntp`, `telnet`, `gopher`, `wais` and `prospero`. Other
//! schemes are checked against `genericurl = scheme ":" schemepart`, `schemepart = *xchar |
//! ip-schemepart`.
//!
//! RFC 1738 has no fragment: `#` is unsafe (§2.2) and must be encoded.

use super::{Problem, Scan, Target, dotted_digits, hostname, rfc3986};
use crate::excerpt::quote;
use crate::sets::ascii::{ALPHA, DIGIT};
use crate::sets::{ByteSet, Component, Standard, rfc1738};

type Where = rfc3986::Where;

const USER: Where = ("a user name or password", "user");
const HSEGMENT: Where = ("an HTTP path", "hsegment");
const SEARCH: Where = ("a search part", "search");
const FSEGMENT: Where = ("an FTP or file path", "fsegment");
/// The bytes of an FTP or file path: `fsegment`s and the `/` between them (made once, here:
/// an argument's `ByteSet::add` would build its tables again at each call).
const FSEGMENTS: ByteSet = rfc1738::FSEGMENT.add(b'/');
const XCHAR: Where = ("a URL", "xchar");
const UCHAR: Where = ("this part", "uchar");
const ARTICLE: Where = ("a news article name", "article");
const PSEGMENT: Where = ("a Prospero path", "psegment");
const FIELD: Where = ("a Prospero field", "fieldname");

/// Checks `s` as `target` under RFC 1738 (§5 BNF, §3 scheme parts).
pub fn check(s: &[u8], target: Target) -> Result<(), Problem> {
    let scan = Scan::new(s);
    let len = s.len();
    match target {
        Target::Uri => url(&scan),
        Target::Component(Component::Scheme) => scheme(&scan, len),
        Target::Component(Component::Userinfo) => {
            let colon = s.iter().position(|&b| b == b':').unwrap_or(len);
            scan.chars(0, colon, &rfc1738::USER, USER)?;
            scan.chars((colon + 1).min(len), len, &rfc1738::USER, USER)
        }
        Target::Component(Component::Host) => host(&scan, 0, len),
        Target::Component(Component::Port) => port(&scan, 0, len),
        Target::Component(Component::Path) => scan.chars(0, len, &rfc1738::HPATH, HSEGMENT),
        Target::Component(Component::Segment) => scan.chars(0, len, &rfc1738::HSEGMENT, HSEGMENT),
        Target::Component(Component::Query) => scan.chars(0, len, &rfc1738::SEARCH, SEARCH),
        Target::Reference | Target::Component(Component::Fragment) => {
            Err(super::unsupported(Standard::Rfc1738, target))
        }
    }
}

/// This standard's validator, registered in [`super::validator`].
pub(crate) const VALIDATOR: super::Validator = super::Validator {
    check,
    supports,
    noun: "a URL",
    begins: "RFC 1738 §2.1: a URL is <scheme>:<scheme-specific-part>",
    valid_run: super::no_fast_path,
};

/// RFC 1738 has neither fragments nor relative references.
fn supports(target: Target) -> Result<(), &'static str> {
    match target {
        Target::Component(Component::Fragment) => Err("RFC 1738 has no fragment component"),
        Target::Reference => {
            Err("RFC 1738 has no relative references (they came with RFC 1808); use -c uri")
        }
        _ => Ok(()),
    }
}

/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]` (upper case accepted, §2.1).
fn scheme(scan: &Scan, end: usize) -> Result<(), Problem> {
    if end == 0 {
        return Err(scan.problem(0, "scheme", "a scheme cannot be empty".into()));
    }
    match scan.bytes[..end]
        .iter()
        .position(|&b| !rfc1738::SCHEME.contains(b))
    {
        None => Ok(()),
        Some(i) => Err(scan.problem(
            i,
            "scheme",
            format!(
                "{} is not allowed in a scheme (letters, digits, '+', '-', '.' only)",
                scan.show(i)
            ),
        )),
    }
}

fn url(scan: &Scan) -> Result<(), Problem> {
    let s = scan.bytes;
    let Some(colon) = s.iter().position(|&b| b == b':') else {
        return Err(scan.problem(
            0,
            "genericurl",
            "missing scheme (a URL is scheme ':' ...)".into(),
        ));
    };
    scheme(scan, colon)?;
    let name = s[..colon].to_ascii_lowercase();
    let rest = colon + 1;
    match &name[..] {
        b"http" => http(scan, rest),
        b"ftp" => ftp(scan, rest),
        b"file" => file(scan, rest),
        b"mailto" => {
            // mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
            nonempty(scan, rest, "encoded822addr", "an address after 'mailto:'")?;
            scan.chars(rest, s.len(), &rfc1738::XCHAR, XCHAR)
        }
        b"news" => news(scan, rest),
        b"nntp" => nntp(scan, rest),
        b"telnet" => {
            // telneturl = "telnet://" login [ "/" ]
            let end = slashes(scan, rest)?;
            let login_end = end_of(s, end, b"/");
            login(scan, end, login_end)?;
            if login_end < s.len() && login_end + 1 != s.len() {
                return Err(scan.problem(
                    login_end + 1,
                    "telneturl",
                    "a telnet URL ends after the host (and one '/')".into(),
                ));
            }
            Ok(())
        }
        b"gopher" => {
            // gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search
            //             [ "%09" gopher+_string ] ] ] ] ], all of them xchar
            let start = slashes(scan, rest)?;
            let host_end = end_of(s, start, b"/");
            hostport(scan, start, host_end)?;
            scan.chars(host_end, s.len(), &rfc1738::XCHAR, XCHAR)
        }
        b"wais" => wais(scan, rest),
        b"prospero" => prospero(scan, rest),
        // genericurl: schemepart = *xchar | ip-schemepart; every ip-schemepart is *xchar.
        _ => scan.chars(rest, s.len(), &rfc1738::XCHAR, XCHAR),
    }
}

/// `"//" hostport "/"`, which NNTP, WAIS and Prospero URLs begin with; returns where the '/'
/// is, or says that it is missing.
fn server_then_slash(
    scan: &Scan,
    at: usize,
    rule: &'static str,
    missing: &str,
) -> Result<usize, Problem> {
    let s = scan.bytes;
    let start = slashes(scan, at)?;
    let host_end = end_of(s, start, b"/");
    hostport(scan, start, host_end)?;
    if host_end == s.len() {
        return Err(scan.problem(host_end, rule, missing.into()));
    }
    Ok(host_end)
}

/// The `//` that begins an ip-schemepart; returns where the login starts.
fn slashes(scan: &Scan, at: usize) -> Result<usize, Problem> {
    if scan.bytes[at..].starts_with(b"//") {
        Ok(at + 2)
    } else {
        Err(scan.problem(at, "ip-schemepart", "expected '//' after the scheme".into()))
    }
}

fn nonempty(scan: &Scan, at: usize, rule: &'static str, what: &str) -> Result<(), Problem> {
    if at < scan.bytes.len() {
        Ok(())
    } else {
        Err(scan.problem(at, rule, format!("missing {what}")))
    }
}

fn end_of(s: &[u8], from: usize, stops: &[u8]) -> usize {
    s[from..]
        .iter()
        .position(|b| stops.contains(b))
        .map_or(s.len(), |p| from + p)
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.
fn http(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let start = slashes(scan, at)?;
    let host_end = end_of(s, start, b"/?");
    hostport(scan, start, host_end)?;
    if host_end == s.len() {
        return Ok(());
    }
    if s[host_end] == b'?' {
        return Err(scan.problem(
            host_end,
            "httpurl",
            "an RFC 1738 HTTP URL needs a '/' before the '?'".into(),
        ));
    }
    let search = end_of(s, host_end + 1, b"?");
    scan.chars(host_end + 1, search, &rfc1738::HPATH, HSEGMENT)?;
    if search < s.len() {
        scan.chars(search + 1, s.len(), &rfc1738::SEARCH, SEARCH)?;
    }
    Ok(())
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
fn ftp(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let start = slashes(scan, at)?;
    let login_end = end_of(s, start, b"/");
    login(scan, start, login_end)?;
    if login_end == s.len() {
        return Ok(());
    }
    let mut path_end = s.len();
    if let Some(p) = s
        .windows(6)
        .rposition(|w| w.eq_ignore_ascii_case(b";type="))
        && p > login_end
    {
        let ftptype = &s[p + 6..];
        if !matches!(ftptype, b"A" | b"I" | b"D" | b"a" | b"i" | b"d") {
            return Err(scan.problem(
                p + 6,
                "ftptype",
                "';type=' takes one of A, I, D (either case)".into(),
            ));
        }
        path_end = p;
    }
    scan.chars(login_end + 1, path_end, &FSEGMENTS, FSEGMENT)
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`.
fn file(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let start = slashes(scan, at)?;
    let host_end = end_of(s, start, b"/");
    if host_end > start {
        host(scan, start, host_end)?;
    }
    if host_end == s.len() {
        return Err(scan.problem(
            host_end,
            "fileurl",
            "a file URL needs '/' and a path after the host".into(),
        ));
    }
    scan.chars(host_end + 1, s.len(), &FSEGMENTS, FSEGMENT)
}

/// `newsurl = "news:" grouppart`, `grouppart = "*" | group | article`.
fn news(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let part = &s[at..];
    if part == b"*" {
        return Ok(());
    }
    nonempty(
        scan,
        at,
        "grouppart",
        "a newsgroup or article after 'news:'",
    )?;
    match part.iter().rposition(|&b| b == b'@') {
        // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
        Some(p) => {
            if p == 0 {
                return Err(scan.problem(at, "article", "an article name comes before '@'".into()));
            }
            scan.chars(at, at + p, &rfc1738::ARTICLE, ARTICLE)?;
            host(scan, at + p + 1, s.len())
        }
        None => group(scan, at, s.len()),
    }
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`.
fn group(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    if start == end || !ALPHA.contains(s[start]) {
        return Err(scan.problem(
            start,
            "group",
            "a newsgroup name begins with a letter".into(),
        ));
    }
    match s[start..end]
        .iter()
        .position(|&b| !rfc1738::GROUP.contains(b))
    {
        None => Ok(()),
        Some(p) => Err(scan.not_allowed(start + p, "a newsgroup name", "group")),
    }
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
fn nntp(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let host_end = server_then_slash(scan, at, "nntpurl", "an NNTP URL needs '/' and a newsgroup")?;
    let group_end = end_of(s, host_end + 1, b"/");
    group(scan, host_end + 1, group_end)?;
    if group_end < s.len() {
        digits(scan, group_end + 1, s.len(), "an article number")?;
    }
    Ok(())
}

/// `waisurl = "wais://" hostport "/" database [ ( "?" search ) | ( "/" wtype "/" wpath ) ]`.
fn wais(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let host_end = server_then_slash(scan, at, "waisurl", "a WAIS URL needs '/' and a database")?;
    let database_end = end_of(s, host_end + 1, b"?/");
    scan.chars(host_end + 1, database_end, &rfc1738::UCHAR, UCHAR)?;
    if database_end == s.len() {
        return Ok(());
    }
    if s[database_end] == b'?' {
        return scan.chars(database_end + 1, s.len(), &rfc1738::SEARCH, SEARCH);
    }
    let wtype_end = end_of(s, database_end + 1, b"/");
    scan.chars(database_end + 1, wtype_end, &rfc1738::UCHAR, UCHAR)?;
    if wtype_end == s.len() {
        return Err(scan.problem(
            wtype_end,
            "waisurl",
            "a WAIS type is followed by '/' and a path".into(),
        ));
    }
    scan.chars(wtype_end + 1, s.len(), &rfc1738::UCHAR, UCHAR)
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`, `fieldspec = ";"
/// fieldname "=" fieldvalue`.
fn prospero(scan: &Scan, at: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let host_end = server_then_slash(
        scan,
        at,
        "prosperourl",
        "a Prospero URL needs '/' and a path",
    )?;
    let path_end = end_of(s, host_end + 1, b";");
    scan.chars(host_end + 1, path_end, &FSEGMENTS, PSEGMENT)?;
    let mut i = path_end;
    while i < s.len() {
        let field_end = end_of(s, i + 1, b";");
        let Some(eq) = s[i + 1..field_end].iter().position(|&b| b == b'=') else {
            return Err(scan.problem(i, "fieldspec", "a field is ';' name '=' value".into()));
        };
        scan.chars(i + 1, i + 1 + eq, &rfc1738::FIELDNAME, FIELD)?;
        scan.chars(i + 2 + eq, field_end, &rfc1738::FIELDNAME, FIELD)?;
        i = field_end;
    }
    Ok(())
}

/// `login = [ user [ ":" password ] "@" ] hostport`.
fn login(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let s = scan.bytes;
    let host_start = match s[start..end].iter().rposition(|&b| b == b'@') {
        Some(at) => {
            let colon = s[start..start + at]
                .iter()
                .position(|&b| b == b':')
                .map_or(start + at, |p| start + p);
            scan.chars(start, colon, &rfc1738::USER, USER)?;
            if colon < start + at {
                scan.chars(colon + 1, start + at, &rfc1738::USER, USER)?;
            }
            start + at + 1
        }
        None => start,
    };
    hostport(scan, host_start, end)
}

/// `hostport = host [ ":" port ]`.
fn hostport(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let colon = scan.bytes[start..end]
        .iter()
        .position(|&b| b == b':')
        .map_or(end, |p| start + p);
    host(scan, start, colon)?;
    if colon < end {
        port(scan, colon + 1, end)?;
    }
    Ok(())
}

/// `host = hostname | hostnumber`.
fn host(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    let h = &scan.bytes[start..end];
    if hostname(h, false) || dotted_digits(h, usize::MAX) {
        return Ok(());
    }
    if super::ip::unbracketed_ipv6(scan, start, end, "").is_some() {
        return Err(scan.problem(
            start,
            "host",
            format!(
                "'{}' is an IPv6 address, which no RFC 1738 host can be (IP literals came with \
                 RFC 2732); check it with -r 3986, written in brackets: [{0}]",
                String::from_utf8_lossy(h)
            ),
        ));
    }
    Err(scan.problem(
        start,
        "host",
        format!(
            "'{}' is not a host name (letters, digits and '-' in dot-separated labels, the last \
             starting with a letter) or a host number (four dot-separated numbers)",
            quote(h)
        ),
    ))
}

/// `port = digits`.
fn port(scan: &Scan, start: usize, end: usize) -> Result<(), Problem> {
    digits(scan, start, end, "a port")
}

fn digits(scan: &Scan, start: usize, end: usize, what: &str) -> Result<(), Problem> {
    const DIGITS: ByteSet = DIGIT;
    let s = &scan.bytes[start..end];
    if !s.is_empty() && s.iter().all(|&b| DIGITS.contains(b)) {
        return Ok(());
    }
    let rule = if what == "a port" { "port" } else { "digits" };
    let noun = if what == "a port" { "port" } else { what };
    Err(scan.problem(
        start,
        rule,
        format!("{noun} must be digits, found '{}'", quote(s)),
    ))
}
