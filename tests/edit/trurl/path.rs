//! trurl's cases that append a segment to the path (`--append path=`) or resolve a reference
//! against the URL (`--redirect`).

use super::{Case, ITERATE, MISSING, WHOLE_PATH, differs, fails, not_applicable, ok, same};

const CURL_HELLO: &str = "https://curl.se/hello";

pub(super) const CASES: &[Case] = &[
    same(
        &["localhost", "--append", "path=moo"],
        &[ok(
            &["--set", "path=/moo", "http://localhost"],
            "http://localhost/moo\n",
        )],
        WHOLE_PATH,
    ),
    same(
        &["localhost", "-a", "path=moo"],
        &[ok(
            &["--set", "path=/moo", "http://localhost"],
            "http://localhost/moo\n",
        )],
        WHOLE_PATH,
    ),
    same(
        &[
            "--url",
            "https://curl.se/we/are.html",
            "--redirect",
            "here.html",
        ],
        &[ok(
            &["--redirect", "here.html", "https://curl.se/we/are.html"],
            "https://curl.se/we/here.html\n",
        )],
        "RFC 3986 §5.2.2, §5.2.3",
    ),
    same(
        &["--url", CURL_HELLO, "--append", "path=you"],
        &[ok(
            &["--set", "path=/hello/you", CURL_HELLO],
            "https://curl.se/hello/you\n",
        )],
        WHOLE_PATH,
    ),
    same(
        &["--url", CURL_HELLO, "--append", "path=you index.html"],
        &[ok(
            &["--set", "path=/hello/you index.html", CURL_HELLO],
            "https://curl.se/hello/you%20index.html\n",
        )],
        WHOLE_PATH,
    ),
    not_applicable(
        &[
            "example.com",
            "--append",
            "path=add",
            "--iterate",
            "scheme=http ftp",
        ],
        ITERATE,
    ),
    same(
        &[
            "example.com",
            "--append",
            "path=add",
            "--append",
            "path=two",
        ],
        &[ok(
            &["--set", "path=/add/two", "http://example.com"],
            "http://example.com/add/two\n",
        )],
        WHOLE_PATH,
    ),
    differs(
        &[
            "https://example.com/one/t%61o/%2F%42/",
            "--append",
            "path=%61",
        ],
        &[ok(
            &[
                "--set",
                "path:=/one/t%61o/%2F%42/%2561",
                "https://example.com/one/t%61o/%2F%42/",
            ],
            "https://example.com/one/t%61o/%2F%42/%2561\n",
        )],
        "the old path as written (RFC 3986 §5.3), where trurl decodes %61 and %42, unreserved \
         (a comparison's normalisation, §6.2.2.2), and writes %2f in lower case (§2.1: upper); \
         the new segment is data, %2561, in both",
    ),
    same(
        &["url", "--redirect"],
        &[fails(&["http://url", "--redirect"], "", 2)],
        MISSING,
    ),
];
