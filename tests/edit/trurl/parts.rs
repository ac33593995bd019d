//! trurl's cases that set a part (`--set`, `-s`).

use super::{Case, IF_ABSENT, ITERATE, MISSING, SLASH, differs, fails, not_applicable, ok, same};

const CURL_HELLO: &str = "https://curl.se/hello";
const UPPER_HEX: &str = "upper-case hex (RFC 3986 §2.1 \"should use uppercase\"; url.bs \
    \"percent-encode\" writes upper case); trurl writes lower case where libcurl does";
const USERNAME: &str = "trurl's user is url.bs's username, whose setter escapes ':' (url.bs \
    \"userinfo percent-encode set\"); RFC 3986's userinfo holds ':' as it is (§3.2.1), so the \
    user's ':' is written %3A there: userinfo:=";

pub(super) const CASES: &[Case] = &[
    differs(
        &["--set", "host=moo", "--set", "scheme=http"],
        &[ok(
            &["--set", "host=moo", "--set", "scheme=http", ""],
            "http://moo\n",
        )],
        SLASH,
    ),
    differs(
        &["-s", "host=moo", "-s", "scheme=http"],
        &[ok(
            &["--set", "host=moo", "--set", "scheme=http", ""],
            "http://moo\n",
        )],
        SLASH,
    ),
    differs(
        &[
            "--set",
            "host=moo",
            "--set",
            "scheme=https",
            "--set",
            "port=999",
        ],
        &[ok(
            &[
                "--set",
                "host=moo",
                "--set",
                "scheme=https",
                "--set",
                "port=999",
                "",
            ],
            "https://moo:999\n",
        )],
        SLASH,
    ),
    same(
        &[
            "--set",
            "host=moo",
            "--set",
            "scheme=ftps",
            "--set",
            "path=/hello",
        ],
        &[ok(
            &[
                "--set",
                "host=moo",
                "--set",
                "scheme=ftps",
                "--set",
                "path=/hello",
                "",
            ],
            "ftps://moo/hello\n",
        )],
        "the URL built from the empty reference",
    ),
    differs(
        &["--url", "https://curl.se", "--set", "host=example.com"],
        &[
            ok(
                &["--set", "host=example.com", "https://curl.se"],
                "https://example.com\n",
            ),
            ok(
                &["-w", "--set", "host=example.com", "https://curl.se"],
                "https://example.com/\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &["--set", "host=example.com", "--set", "scheme=ftp"],
        &[ok(
            &["--set", "host=example.com", "--set", "scheme=ftp", ""],
            "ftp://example.com\n",
        )],
        SLASH,
    ),
    differs(
        &[
            "--url",
            "https://curl.se/we/../are.html",
            "--set",
            "port=8080",
        ],
        &[
            ok(
                &["--set", "port=8080", "https://curl.se/we/../are.html"],
                "https://curl.se:8080/we/../are.html\n",
            ),
            ok(
                &["-w", "--set", "port=8080", "https://curl.se/we/../are.html"],
                "https://curl.se:8080/are.html\n",
            ),
        ],
        "the path as written: RFC 3986 removes dot-segments when it resolves a reference \
         (§5.2.4) or normalises for a comparison (§6.2.2.3), not when it recomposes (§5.3); \
         --whatwg gives trurl's (url.bs \"path state\" reads \"..\")",
    ),
    differs(
        &["imap://curl.se:22/", "-s", "port=143"],
        &[
            ok(
                &["--set", "port=143", "imap://curl.se:22/"],
                "imap://curl.se:143/\n",
            ),
            ok(
                &["-w", "--set", "port=143", "imap://curl.se:22/"],
                "imap://curl.se:143/\n",
            ),
        ],
        "the port as set, though imap's default: a port is what the URI writes (RFC 3986 \
         §3.2.3), leaving the default out a normalisation (§6.2.3); url.bs drops only a \
         special scheme's default (\"port setter\"), and imap is none",
    ),
    same(
        &["--keep-port", "https://curl.se:22/", "-s", "port=443"],
        &[ok(
            &["--set", "port=443", "https://curl.se:22/"],
            "https://curl.se:443/\n",
        )],
        "trurl's --keep-port is RFC 3986's rule: the port as written (§3.2.3)",
    ),
    differs(
        &["--url", CURL_HELLO, "--set", "user=:hej:"],
        &[
            ok(
                &["--set", "userinfo:=%3Ahej%3A", CURL_HELLO],
                "https://%3Ahej%3A@curl.se/hello\n",
            ),
            ok(
                &["-w", "--set", "username=:hej:", CURL_HELLO],
                "https://%3Ahej%3A@curl.se/hello\n",
            ),
        ],
        UPPER_HEX,
    ),
    same(
        &["--url", CURL_HELLO, "--set", "user=:hej:"],
        &[
            ok(
                &["--set", "userinfo:=%3Ahej%3A", CURL_HELLO],
                "https://%3Ahej%3A@curl.se/hello\n",
            ),
            ok(
                &["-w", "--set", "username=:hej:", CURL_HELLO],
                "https://%3Ahej%3A@curl.se/hello\n",
            ),
        ],
        USERNAME,
    ),
    same(
        &[
            "--url",
            CURL_HELLO,
            "--set",
            "user=hej",
            "--set",
            "password=secret",
        ],
        &[
            ok(
                &["--set", "userinfo=hej:secret", CURL_HELLO],
                "https://hej:secret@curl.se/hello\n",
            ),
            ok(
                &[
                    "-w",
                    "--set",
                    "username=hej",
                    "--set",
                    "password=secret",
                    CURL_HELLO,
                ],
                "https://hej:secret@curl.se/hello\n",
            ),
        ],
        "RFC 3986's one userinfo (§3.2.1), or url.bs's username and password",
    ),
    same(
        &["--url", CURL_HELLO, "--set", "query:=user=me"],
        &[ok(
            &["--set", "query:=user=me", CURL_HELLO],
            "https://curl.se/hello?user=me\n",
        )],
        "",
    ),
    differs(
        &["--url", CURL_HELLO, "--set", "query=user=me"],
        &[
            ok(
                &["--set", "query=user=me", CURL_HELLO],
                "https://curl.se/hello?user=me\n",
            ),
            ok(
                &["-w", "--set", "search=user=me", CURL_HELLO],
                "https://curl.se/hello?user=me\n",
            ),
        ],
        "'=' as it is: a query holds it (RFC 3986 §3.4, pchar's sub-delims), and so does \
         url.bs's search setter (\"query percent-encode set\"); trurl escapes it, `%3d`, as a \
         form's value would be",
    ),
    same(
        &["--url", CURL_HELLO, "--set", "fragment= hello"],
        &[ok(
            &["--set", "fragment= hello", CURL_HELLO],
            "https://curl.se/hello#%20hello\n",
        )],
        "RFC 3986 §2.1: a space is %20",
    ),
    same(
        &["--url", CURL_HELLO, "--set", "fragment:=%20hello"],
        &[ok(
            &["--set", "fragment:=%20hello", CURL_HELLO],
            "https://curl.se/hello#%20hello\n",
        )],
        "",
    ),
    same(
        &["https://daniel@curl.se:22/", "-s", "port=", "-s", "user="],
        &[
            ok(
                &[
                    "--unset",
                    "port",
                    "--unset",
                    "userinfo",
                    "https://daniel@curl.se:22/",
                ],
                "https://curl.se/\n",
            ),
            ok(
                &[
                    "-w",
                    "--set",
                    "port=",
                    "--set",
                    "username=",
                    "https://daniel@curl.se:22/",
                ],
                "https://curl.se/\n",
            ),
        ],
        "trurl's empty value removes the part: --unset (RFC 3986's `port=` would write an \
         empty port, §3.2.3); url.bs's setters given \"\" remove it",
    ),
    same(
        &["https://hello:443/foo", "-s", "scheme=ftp"],
        &[ok(
            &["--set", "scheme=ftp", "https://hello:443/foo"],
            "ftp://hello:443/foo\n",
        )],
        "the port as written (RFC 3986 §3.2.3)",
    ),
    same(
        &["--keep-port", "ftp://hello:443/foo", "-s", "scheme=https"],
        &[ok(
            &["--set", "scheme=https", "ftp://hello:443/foo"],
            "https://hello:443/foo\n",
        )],
        "trurl's --keep-port is RFC 3986's rule: the port as written (§3.2.3)",
    ),
    differs(
        &["example.com:29", "--set", "port="],
        &[
            ok(
                &["--unset", "port", "http://example.com:29"],
                "http://example.com\n",
            ),
            ok(
                &["-w", "--unset", "port", "http://example.com:29"],
                "http://example.com/\n",
            ),
        ],
        SLASH,
    ),
    not_applicable(
        &[
            "https://curl.se",
            "-s",
            "host=localhost",
            "--iterate",
            "port=22 23",
        ],
        ITERATE,
    ),
    differs(
        &["-s", "scheme=imap"],
        &[ok(&["--set", "scheme=imap", ""], "imap:\n")],
        "a scheme is enough for a URI: `scheme \":\" hier-part`, and hier-part can be \
         path-empty (RFC 3986 §3); trurl wants a host",
    ),
    not_applicable(
        &["localhost", "-s", "host=foo", "--iterate", "host=bar baz"],
        ITERATE,
    ),
    differs(
        &["--accept-space", "-s", "query:=x=10&x=2 3", "localhost"],
        &[
            fails(
                &["--set", "query:=x=10&x=2 3", "http://localhost"],
                "http://localhost\n",
                1,
            ),
            ok(
                &["--set", "query=x=10&x=2 3", "http://localhost"],
                "http://localhost?x=10&x=2%203\n",
            ),
            ok(
                &["-w", "--set", "search=x=10&x=2 3", "http://localhost"],
                "http://localhost/?x=10&x=2%203\n",
            ),
        ],
        "a space is no URI character (RFC 3986 §2): as written, the result is not a URI, and \
         the record is written as it came (status 1); as data, it is %20 (§2.1; url.bs's \
         search setter, \"query percent-encode set\"); `+` is the form serializer's (url.bs \
         \"application/x-www-form-urlencoded serializer\"), for pairs made with --plus",
    ),
    differs(
        &[
            "-s",
            "scheme:=http",
            "-s",
            "host:=localhost",
            "-s",
            "path:=/ABC%5C%5C",
            "-s",
            "query:=a&b&a%26b",
        ],
        &[ok(
            &[
                "--set",
                "scheme:=http",
                "--set",
                "host:=localhost",
                "--set",
                "path:=/ABC%5C%5C",
                "--set",
                "query:=a&b&a%26b",
                "",
            ],
            "http://localhost/ABC%5C%5C?a&b&a%26b\n",
        )],
        UPPER_HEX,
    ),
    differs(
        &["example.com", "--set", "host=[::1]"],
        &[
            ok(
                &["--set", "host:=[::1]", "http://example.com"],
                "http://[::1]\n",
            ),
            ok(
                &["-w", "--set", "hostname:=[::1]", "http://example.com"],
                "http://[::1]/\n",
            ),
        ],
        SLASH,
    ),
    not_applicable(&["example.com:88", "--set", "port?=99"], IF_ABSENT),
    not_applicable(&["example.com", "--set", "port?=99"], IF_ABSENT),
    not_applicable(&["example.com", "--set", "scheme?=https"], IF_ABSENT),
    not_applicable(&["ftp://example.com", "--set", "scheme?=https"], IF_ABSENT),
    same(
        &["--url", "http://åäö/", "--punycode", "-s", "port=21"],
        &[ok(
            &["-w", "--set", "port=21", "http://åäö/"],
            "http://xn--4cab6c:21/\n",
        )],
        "url.bs's host parser writes a domain in ASCII (\"domain to ASCII\"): trurl's --punycode",
    ),
    differs(
        &["sftp://odd", "--set", "port=144", "--set", "port=145"],
        &[ok(
            &["--set", "port=144", "--set", "port=145", "sftp://odd"],
            "sftp://odd:145\n",
        )],
        "no standard's: uriesc's --set is repeatable and made in order, the last one stays; \
         trurl takes one --set a part (a usage error)",
    ),
    same(
        &["url", "--set"],
        &[fails(&["http://url", "--set"], "", 2)],
        MISSING,
    ),
];
