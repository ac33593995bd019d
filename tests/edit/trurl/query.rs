//! trurl's cases that append pairs to the query (`--append query=`) or remove them
//! (`--qtrim`, `--trim query=`).

use super::{Case, SLASH, differs, ok};

// The URLs that several cases read.
const TRACKED: &str = "https://example.com?search=hello&utm_source=tracker";
const TRACKED_MORE: &str = "https://example.com?search=hello&utm_source=tracker&more=data";

pub(super) const CASES: &[Case] = &[
    differs(
        &[
            "--url",
            "https://curl.se?name=hello",
            "--append",
            "query=search=string",
        ],
        &[
            ok(
                &["--append", "search=string", "https://curl.se?name=hello"],
                "https://curl.se?name=hello&search=string\n",
            ),
            ok(
                &[
                    "-w",
                    "--append",
                    "search=string",
                    "https://curl.se?name=hello",
                ],
                "https://curl.se/?name=hello&search=string\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &["localhost", "--append", "query=hello=foo"],
        &[
            ok(
                &["--append", "hello=foo", "http://localhost"],
                "http://localhost?hello=foo\n",
            ),
            ok(
                &["-w", "--append", "hello=foo", "http://localhost"],
                "http://localhost/?hello=foo\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &["localhost", "-a", "query=hello=foo"],
        &[
            ok(
                &["--append", "hello=foo", "http://localhost"],
                "http://localhost?hello=foo\n",
            ),
            ok(
                &["-w", "--append", "hello=foo", "http://localhost"],
                "http://localhost/?hello=foo\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[TRACKED, "--trim", "query=utm_*"],
        &[
            ok(
                &["--remove-param", "utm_*", TRACKED],
                "https://example.com?search=hello\n",
            ),
            ok(
                &["-w", "--remove-param", "utm_*", TRACKED],
                "https://example.com/?search=hello\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[TRACKED, "--qtrim", "utm_*"],
        &[
            ok(
                &["--remove-param", "utm_*", TRACKED],
                "https://example.com?search=hello\n",
            ),
            ok(
                &["-w", "--remove-param", "utm_*", TRACKED],
                "https://example.com/?search=hello\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[TRACKED_MORE, "--trim", "query=utm_*"],
        &[
            ok(
                &["--remove-param", "utm_*", TRACKED_MORE],
                "https://example.com?search=hello&more=data\n",
            ),
            ok(
                &["-w", "--remove-param", "utm_*", TRACKED_MORE],
                "https://example.com/?search=hello&more=data\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[TRACKED_MORE, "--qtrim", "utm_*"],
        &[
            ok(
                &["--remove-param", "utm_*", TRACKED_MORE],
                "https://example.com?search=hello&more=data\n",
            ),
            ok(
                &["-w", "--remove-param", "utm_*", TRACKED_MORE],
                "https://example.com/?search=hello&more=data\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[
            "https://example.com?search=hello&more=data",
            "--qtrim",
            "utm_*",
        ],
        &[
            ok(
                &[
                    "--remove-param",
                    "utm_*",
                    "https://example.com?search=hello&more=data",
                ],
                "https://example.com?search=hello&more=data\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "utm_*",
                    "https://example.com?search=hello&more=data",
                ],
                "https://example.com/?search=hello&more=data\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[
            "https://example.com?utm_source=tracker",
            "--trim",
            "query=utm_*",
        ],
        &[
            ok(
                &[
                    "--remove-param",
                    "utm_*",
                    "https://example.com?utm_source=tracker",
                ],
                "https://example.com\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "utm_*",
                    "https://example.com?utm_source=tracker",
                ],
                "https://example.com/\n",
            ),
        ],
        "no pair left, no query (url.bs URLSearchParams \"update\": an empty serialization is \
         null), as in trurl; and the path empty as written (RFC 3986 §3.3), where trurl writes \
         `/` (§6.2.3); --whatwg gives trurl's",
    ),
    differs(
        &[TRACKED_MORE, "--qtrim", "utm_source"],
        &[
            ok(
                &["--remove-param", "utm_source", TRACKED_MORE],
                "https://example.com?search=hello&more=data\n",
            ),
            ok(
                &["-w", "--remove-param", "utm_source", TRACKED_MORE],
                "https://example.com/?search=hello&more=data\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[
            TRACKED_MORE,
            "--qtrim",
            "utm_source",
            "--qtrim",
            "more",
            "--qtrim",
            "search",
        ],
        &[
            ok(
                &[
                    "--remove-param",
                    "utm_source",
                    "--remove-param",
                    "more",
                    "--remove-param",
                    "search",
                    TRACKED_MORE,
                ],
                "https://example.com\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "utm_source",
                    "--remove-param",
                    "more",
                    "--remove-param",
                    "search",
                    TRACKED_MORE,
                ],
                "https://example.com/\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &["https://example.com?moo&search=hello", "--qtrim", "search"],
        &[
            ok(
                &[
                    "--remove-param",
                    "search",
                    "https://example.com?moo&search=hello",
                ],
                "https://example.com?moo\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "search",
                    "https://example.com?moo&search=hello",
                ],
                "https://example.com/?moo\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &["https://example.com?search=hello&moo", "--qtrim", "search"],
        &[
            ok(
                &[
                    "--remove-param",
                    "search",
                    "https://example.com?search=hello&moo",
                ],
                "https://example.com?moo\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "search",
                    "https://example.com?search=hello&moo",
                ],
                "https://example.com/?moo\n",
            ),
        ],
        SLASH,
    ),
    differs(
        &[
            "https://example.com?search=hello",
            "--qtrim",
            "search",
            "--append",
            "query=moo",
        ],
        &[
            ok(
                &[
                    "--remove-param",
                    "search",
                    "--append",
                    "moo",
                    "https://example.com?search=hello",
                ],
                "https://example.com?moo\n",
            ),
            ok(
                &[
                    "-w",
                    "--remove-param",
                    "search",
                    "--append",
                    "moo",
                    "https://example.com?search=hello",
                ],
                "https://example.com/?moo\n",
            ),
        ],
        SLASH,
    ),
];
