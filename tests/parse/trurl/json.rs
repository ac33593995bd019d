//! trurl's `--json` cases (but for those with `--get` too), in the order of its suite. trurl
//! writes a JSON array of `{"url", "parts", "params"}`, its parts decoded (as written with
//! `--urlencode`), its params `{"key", "value"}`; uriesc a line per URL, its components as
//! written (segments and params decoded), params `[name, value]`.

use super::{Case, EDIT, Run, Want, differs, json, not_applicable, same};

const EMPTY_PATH: &str = "the empty path: RFC 3986 keeps it empty (§3.3, path-abempty), the \
    same as '/' only to a comparison that knows the scheme (§6.2.3); the URL Standard's path of \
    a special URL is never empty (url.bs \"path start state\"): --whatwg agrees";
const ZERO_HOST: &str = "RFC 3986 §3.2.2: '0' is no IPv4address, so a reg-name, and the path \
    is empty (§3.3); the URL Standard's IPv4 parser reads 0.0.0.0 (url.bs \"IPv4 parser\") and \
    its path is '/': --whatwg agrees, href and all";
const NUL_PARAMS: &str = "trurl's --urlencode: the query as written; the params decoded, NUL \
    and all (a JSON string escapes it)";

// The URLs that several runs read.
const UTM: &str = "https://example.com?utm=tra%20cker&address%20=home&here=now&thisthen";
const FTP: &str = "ftp://smith:secret@example.com:33/path?search=me#where";
const IMAP: &str = "imap://user:password;crazy@[ff00::1234%hello]:1234/path?a=b&c=d#fragment";
const ZERO: &str = "http://0?0%000000000000000000000000000000000";
const ZEROS: &str = "http://0?0%000000000000000000000000000000000=000%0000000000";

/// A run with `--format json` whose record does not parse: each line an error, status 1.
const fn refused(args: &'static [&'static str], want: &'static str) -> Run {
    Run {
        args,
        stdin: "",
        want: Want::Json(want),
        status: 1,
    }
}

pub(super) const CASES: &[Case] = &[
    differs(
        &[UTM, "--json"],
        &[
            json(
                &["--format", "json", UTM],
                r#"[{"scheme":"https","host":"example.com","path":"",
                "query":"utm=tra%20cker&address%20=home&here=now&thisthen",
                "params":[["utm","tra cker"],["address ","home"],["here","now"],["thisthen",""]]}]"#,
            ),
            json(
                &["-w", "--format", "json", UTM],
                r#"[{"href":"https://example.com/?utm=tra%20cker&address%20=home&here=now&thisthen",
                "pathname":"/","search":"?utm=tra%20cker&address%20=home&here=now&thisthen",
                "params":[["utm","tra cker"],["address ","home"],["here","now"],["thisthen",""]]}]"#,
            ),
        ],
        "trurl's url re-encodes %20 as '+', as a form does; both standards keep the query as \
         written (RFC 3986 §3.4; url.bs \"query state\"); and the empty path (as below); the \
         params agree",
    ),
    same(
        &[FTP, "--json"],
        &[
            json(
                &["--format", "json", FTP],
                r#"[{"scheme":"ftp","userinfo":"smith:secret","host":"example.com","port":"33",
                "path":"/path","query":"search=me","fragment":"where","params":[["search","me"]]}]"#,
            ),
            json(
                &["-w", "--format", "json", FTP],
                r#"[{"href":"ftp://smith:secret@example.com:33/path?search=me#where",
                "username":"smith","password":"secret"}]"#,
            ),
        ],
        "trurl's user and password: RFC 3986's userinfo (§3.2.1), the URL Standard's username \
         and password",
    ),
    differs(
        &["example.com", "--json"],
        &[
            json(
                &["--format", "json", "http://example.com"],
                r#"[{"scheme":"http","host":"example.com","path":"","query":null,"params":null}]"#,
            ),
            json(
                &["-w", "--format", "json", "http://example.com"],
                r#"[{"href":"http://example.com/","hostname":"example.com","pathname":"/"}]"#,
            ),
        ],
        EMPTY_PATH,
    ),
    differs(
        &["example.com", "other.com", "--json"],
        &[
            json(
                &["--format", "json", "http://example.com", "http://other.com"],
                r#"[{"scheme":"http","host":"example.com","path":""},
                {"scheme":"http","host":"other.com","path":""}]"#,
            ),
            json(
                &[
                    "-w",
                    "--format",
                    "json",
                    "http://example.com",
                    "http://other.com",
                ],
                r#"[{"href":"http://example.com/","pathname":"/"},
                {"href":"http://other.com/","pathname":"/"}]"#,
            ),
        ],
        EMPTY_PATH,
    ),
    not_applicable(&["localhost", "--iterate", "host=one two", "--json"], EDIT),
    not_applicable(&["--json", "-s", "scheme=irc", "-s", "host=curl.se"], EDIT),
    not_applicable(&["--json", "-s", "host=curl.se"], EDIT),
    not_applicable(
        &[
            "--verify",
            "--json",
            "ftp://example.org",
            "",
            "git://curl.se/",
        ],
        "--verify stops at the first record that is no URL; parse writes a line for each \
         record, always (and an empty record is a valid relative reference, RFC 3986 §4.2)",
    ),
    same(
        &["--json", "https://curl.se/?&&&"],
        &[json(
            &["--format", "json", "https://curl.se/?&&&"],
            r#"[{"scheme":"https","host":"curl.se","path":"/","query":"&&&","params":[]}]"#,
        )],
        "empty sequences are no pairs (url.bs \"application/x-www-form-urlencoded parsing\")",
    ),
    not_applicable(
        &["--json", "--trim", "query=f*", "localhost?foo&bar=ar"],
        EDIT,
    ),
    not_applicable(
        &[
            "https://example.com?search=hello&utm_source=tracker&utm_block&testing",
            "--trim",
            "query=utm_*",
            "--json",
        ],
        EDIT,
    ),
    differs(
        &[IMAP, "--json"],
        &[
            refused(
                &["--format", "json", IMAP],
                r#"[{"error":{"rule":"IPv6address"}}]"#,
            ),
            refused(&["-w", "--format", "json", IMAP], r#"[{"error":{}}]"#),
        ],
        "a zone ID: RFC 3986's IP-literal has none (§3.2.2; RFC 6874 would write %25), and the \
         URL Standard's IPv6 parser fails on '%' (url.bs \"IPv6 parser\"): an error in either \
         reading (and IMAP's ;options are no part of RFC 3986)",
    ),
    same(
        &["-f", "testfiles/test0002.txt", "--json"],
        &[Run {
            args: &["--format", "json"],
            stdin: "",
            want: Want::Json("[]"),
            status: 0,
        }],
        "trurl's test0002.txt is empty: no records, no lines (trurl writes an empty array)",
    ),
    not_applicable(&["-s", "path=\\\\", "--json", "localhost"], EDIT),
    not_applicable(
        &[
            "-s",
            "path=abc\\\\",
            "-s",
            "query:=a&b&a%26b",
            "--urlencode",
            "--json",
            "localhost",
        ],
        EDIT,
    ),
    same(
        &["http://example.com/?q=mr%00smith", "--json", "--urlencode"],
        &[json(
            &["--format", "json", "http://example.com/?q=mr%00smith"],
            r#"[{"scheme":"http","host":"example.com","path":"/","query":"q=mr%00smith",
            "params":[["q","mr\u0000smith"]]}]"#,
        )],
        NUL_PARAMS,
    ),
    same(
        &[
            "http://example.com/?q=mr%00sm%00ith",
            "--json",
            "--urlencode",
        ],
        &[json(
            &["--format", "json", "http://example.com/?q=mr%00sm%00ith"],
            r#"[{"scheme":"http","host":"example.com","path":"/","query":"q=mr%00sm%00ith",
            "params":[["q","mr\u0000sm\u0000ith"]]}]"#,
        )],
        NUL_PARAMS,
    ),
    same(
        &[
            "http://example.com/?q=mr%00%00%00smith",
            "--json",
            "--urlencode",
        ],
        &[json(
            &["--format", "json", "http://example.com/?q=mr%00%00%00smith"],
            r#"[{"scheme":"http","host":"example.com","path":"/","query":"q=mr%00%00%00smith",
            "params":[["q","mr\u0000\u0000\u0000smith"]]}]"#,
        )],
        NUL_PARAMS,
    ),
    not_applicable(
        &[
            "example.org/?quest=best",
            "--replace",
            "quest=%00",
            "--json",
            "--urlencode",
        ],
        EDIT,
    ),
    differs(
        &[
            "--json",
            "0?0%000000000000000000000000000000000",
            "--urlencode",
        ],
        &[
            json(
                &["--format", "json", ZERO],
                r#"[{"scheme":"http","host":"0","host_type":"reg-name","path":"",
                "query":"0%000000000000000000000000000000000",
                "params":[["0\u00000000000000000000000000000000000",""]]}]"#,
            ),
            json(
                &["-w", "--format", "json", ZERO],
                r#"[{"href":"http://0.0.0.0/?0%000000000000000000000000000000000",
                "hostname":"0.0.0.0","pathname":"/",
                "params":[["0\u00000000000000000000000000000000000",""]]}]"#,
            ),
        ],
        ZERO_HOST,
    ),
    differs(
        &[
            "--json",
            "0?0%000000000000000000000000000000000=000%0000000000",
            "--urlencode",
        ],
        &[
            json(
                &["--format", "json", ZEROS],
                r#"[{"scheme":"http","host":"0","host_type":"reg-name","path":"",
                "query":"0%000000000000000000000000000000000=000%0000000000",
                "params":[["0\u00000000000000000000000000000000000","000\u000000000000"]]}]"#,
            ),
            json(
                &["-w", "--format", "json", ZEROS],
                r#"[{"href":"http://0.0.0.0/?0%000000000000000000000000000000000=000%0000000000",
                "hostname":"0.0.0.0","pathname":"/",
                "params":[["0\u00000000000000000000000000000000000","000\u000000000000"]]}]"#,
            ),
        ],
        ZERO_HOST,
    ),
    same(
        &["http://example.org/%18", "--json"],
        &[json(
            &["--format", "json", "http://example.org/%18"],
            r#"[{"scheme":"http","host":"example.org","path":"/%18","segments":["\u0018"]}]"#,
        )],
        "trurl's parts are decoded: uriesc's segments (its path is as written)",
    ),
    same(
        &["http://example.org/%18", "--json", "--urlencode"],
        &[json(
            &["--format", "json", "http://example.org/%18"],
            r#"[{"scheme":"http","host":"example.org","path":"/%18"}]"#,
        )],
        "trurl's --urlencode: the path as written",
    ),
    same(
        &["http://example.org/?a=1&b=&c=2", "--json"],
        &[json(
            &["--format", "json", "http://example.org/?a=1&b=&c=2"],
            r#"[{"scheme":"http","host":"example.org","path":"/","query":"a=1&b=&c=2",
            "params":[["a","1"],["b",""],["c","2"]]}]"#,
        )],
        "",
    ),
    not_applicable(&["-s", "path=\\\\", "--json", "localhost"], EDIT),
    not_applicable(
        &[
            "-s",
            "path=abc\\\\",
            "-s",
            "query:=a&b&a%26b",
            "--urlencode",
            "--json",
            "localhost",
        ],
        EDIT,
    ),
];
