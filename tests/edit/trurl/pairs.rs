//! trurl's cases that sort the query's pairs (`--sort-query`), split them otherwise
//! (`--query-separator`) or give a name one value (`--replace`, `--replace-append`,
//! `--force-replace`).

use super::{Case, ITERATE, MISSING, SEPARATOR, SLASH, differs, fails, not_applicable, ok, same};

const USAGE: &str = "a usage error: nothing on stdout (uriesc's status 2; trurl's 12)";
const SET_PARAM: &str = "trurl's --replace is URLSearchParams.set (url.bs): --set-param";
const SORT: &str = "sorted by name, stably (url.bs URLSearchParams \"sort()\")";

const SORTED_AMP: &str = "https://example.com?a=b&c=d&";

pub(super) const CASES: &[Case] = &[
    differs(
        &[
            "https://example.com?utm_source=tracker&monkey=123",
            "--sort-query",
        ],
        &[
            ok(
                &[
                    "--sort-params",
                    "https://example.com?utm_source=tracker&monkey=123",
                ],
                "https://example.com?monkey=123&utm_source=tracker\n",
            ),
            ok(
                &[
                    "-w",
                    "--sort-params",
                    "https://example.com?utm_source=tracker&monkey=123",
                ],
                "https://example.com/?monkey=123&utm_source=tracker\n",
            ),
        ],
        SLASH,
    ),
    // url.bs's sort() serializes the list whatever the order ("update"), so the empty
    // sequence, no pair, goes.
    differs(
        &[SORTED_AMP, "--sort-query"],
        &[
            ok(
                &["--sort-params", SORTED_AMP],
                "https://example.com?a=b&c=d\n",
            ),
            ok(
                &["-w", "--sort-params", SORTED_AMP],
                "https://example.com/?a=b&c=d\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[SORTED_AMP, "--sort-query", "--trim", "query=a"],
        &[
            ok(
                &["--sort-params", "--remove-param", "a", SORTED_AMP],
                "https://example.com?c=d\n",
            ),
            ok(
                &["-w", "--sort-params", "--remove-param", "a", SORTED_AMP],
                "https://example.com/?c=d\n",
            ),
        ],
        SLASH,
    ),
    not_applicable(
        &[
            "https://example.com?utm=tra%20cker:address%20=home:here=now:thisthen",
            "--sort-query",
            "--query-separator",
            ":",
        ],
        SEPARATOR,
    ),
    not_applicable(
        &[
            "foo?a=bCd=eCe=f",
            "--query-separator",
            "C",
            "--trim",
            "query=d",
        ],
        SEPARATOR,
    ),
    same(
        &[
            "-a",
            "query=c=moo",
            "--sort-query",
            "https://example.org/foo?x=hi#rye",
        ],
        &[ok(
            &[
                "--append",
                "c=moo",
                "--sort-params",
                "https://example.org/foo?x=hi#rye",
            ],
            "https://example.org/foo?c=moo&x=hi#rye\n",
        )],
        SORT,
    ),
    same(
        &[
            "--qtrim",
            "a",
            "-a",
            "query=a=ciao",
            "-a",
            "query=b=salve",
            "https://example.org/foo?a=hi&b=hello&x=y",
        ],
        &[ok(
            &[
                "--remove-param",
                "a",
                "--append",
                "a=ciao",
                "--append",
                "b=salve",
                "https://example.org/foo?a=hi&b=hello&x=y",
            ],
            "https://example.org/foo?b=hello&x=y&a=ciao&b=salve\n",
        )],
        "pairs removed, then appended",
    ),
    same(
        &[
            "--url",
            "https://curl.se/we/are.html?*=moo&user=many#more",
            "--qtrim",
            "\\*",
        ],
        &[ok(
            &[
                "--remove-param",
                "\\*",
                "https://curl.se/we/are.html?*=moo&user=many#more",
            ],
            "https://curl.se/we/are.html?user=many#more\n",
        )],
        "'\\' quotes '*' (POSIX XCU §2.13.1)",
    ),
    same(
        &["http://test.org/?key=val", "--replace", "key=foo"],
        &[ok(
            &["--set-param", "key=foo", "http://test.org/?key=val"],
            "http://test.org/?key=foo\n",
        )],
        SET_PARAM,
    ),
    same(
        &[
            "http://test.org/?that=thing&key=val",
            "--replace",
            "key=foo",
        ],
        &[ok(
            &[
                "--set-param",
                "key=foo",
                "http://test.org/?that=thing&key=val",
            ],
            "http://test.org/?that=thing&key=foo\n",
        )],
        SET_PARAM,
    ),
    same(
        &["http://test.org/?that=thing&key", "--replace", "key=foo"],
        &[ok(
            &["--set-param", "key=foo", "http://test.org/?that=thing&key"],
            "http://test.org/?that=thing&key=foo\n",
        )],
        SET_PARAM,
    ),
    same(
        &["http://test.org/?that=thing&key=foo", "--replace", "key"],
        &[ok(
            &["--set-param", "key", "http://test.org/?that=thing&key=foo"],
            "http://test.org/?that=thing&key\n",
        )],
        "--set-param NAME alone: the pair without '='",
    ),
    differs(
        &[
            "https://example.com?a=123&b=321&b=987",
            "--replace",
            "b=foo",
        ],
        &[
            ok(
                &[
                    "--set-param",
                    "b=foo",
                    "https://example.com?a=123&b=321&b=987",
                ],
                "https://example.com?a=123&b=foo\n",
            ),
            ok(
                &[
                    "-w",
                    "--set-param",
                    "b=foo",
                    "https://example.com?a=123&b=321&b=987",
                ],
                "https://example.com/?a=123&b=foo\n",
            ),
        ],
        SLASH,
    ),
    same(
        &["example.com", "--replace"],
        &[fails(&["http://example.com", "--set-param"], "", 2)],
        USAGE,
    ),
    same(
        &["http://test.org/?that=thing", "--force-replace", "key=foo"],
        &[ok(
            &["--set-param", "key=foo", "http://test.org/?that=thing"],
            "http://test.org/?that=thing&key=foo\n",
        )],
        "URLSearchParams.set appends a name the query has not (url.bs): --set-param",
    ),
    same(
        &["http://test.org/?that=thing", "--replace-append", "key=foo"],
        &[ok(
            &["--set-param", "key=foo", "http://test.org/?that=thing"],
            "http://test.org/?that=thing&key=foo\n",
        )],
        "URLSearchParams.set appends a name the query has not (url.bs): --set-param",
    ),
    not_applicable(
        &[
            "example.com",
            "--append",
            "query=add",
            "--iterate",
            "scheme=http ftp",
        ],
        ITERATE,
    ),
    same(
        &["url", "--replace"],
        &[fails(&["http://url", "--set-param"], "", 2)],
        USAGE,
    ),
    same(
        &["url", "--replace-append"],
        &[fails(&["http://url", "--set-param"], "", 2)],
        USAGE,
    ),
    same(
        &["url", "--append"],
        &[fails(&["http://url", "--append"], "", 2)],
        MISSING,
    ),
    same(
        &["url", "--query-separator", "''"],
        &[fails(&["http://url", "--param-separator", "''"], "", 2)],
        "'&' or ';' only: a usage error (uriesc's status 2; trurl's 4)",
    ),
    same(
        &["url", "--query-separator", "aa"],
        &[fails(&["http://url", "--param-separator", "aa"], "", 2)],
        "'&' or ';' only: a usage error (uriesc's status 2; trurl's 4)",
    ),
];
