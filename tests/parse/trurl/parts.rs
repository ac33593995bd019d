//! trurl's `--get` cases of one part of a URL each (its suite's cases up to `{default:port}`).

use super::{Case, DEFAULT_PORT, EDIT, differs, fails, get, not_applicable, same};

const ESCAPES_KEPT: &str = "the component as written (RFC 3986 §3.3, §3.4, §3.5), where trurl \
    decodes the escapes of unreserved characters (§6.2.2.2, a normalisation for comparing); \
    |decoded gives trurl's answer, the control %13 kept escaped";
const ZONE_ID: &str = "a zone ID: RFC 3986's IP-literal has none (§3.2.2; RFC 6874 would write \
    %25), and the URL Standard's IPv6 parser fails on '%' (url.bs \"IPv6 parser\"): not a URL \
    in either reading, so an empty line and status 1";

// The URLs that several cases read.
const WE: &str = "https://curl.se/we/are.html";
const V6: &str = "https://[fe80::0000:20c:29ff:fe9c:409b]:8080/we/are.html";
const V6_EUTH0: &str = "https://[fe80::0000:20c:29ff:fe9c:409b%euth0]:8080/we/are.html";
const V6_ETH0: &str = "https://[fe80::0000:20c:29ff:fe9c:409b%eth0]:8080/we/are.html";

pub(super) const CASES: &[Case] = &[
    not_applicable(
        &[
            "--keep-port",
            "https://curl.se:22/",
            "-s",
            "port=443",
            "--get",
            "{url}",
        ],
        EDIT,
    ),
    same(
        &["--url", WE, "--get", "{path}"],
        &[get(&["-g", "{path|decoded}", WE], "/we/are.html\n")],
        "trurl's {path} is decoded",
    ),
    same(
        &["--url", WE, "-g{path}"],
        &[get(&["-g{path|decoded}", WE], "/we/are.html\n")],
        "trurl's {path} is decoded",
    ),
    differs(
        &[
            "--default-port",
            "--url",
            "imap://curl.se/we/are.html",
            "--get",
            "{port}",
        ],
        &[
            get(&["-g", "{port}", "imap://curl.se/we/are.html"], "\n"),
            get(&["-w", "-g", "{port}", "imap://curl.se/we/are.html"], "\n"),
        ],
        DEFAULT_PORT,
    ),
    same(
        &["--url", WE, "--get", "{scheme}"],
        &[get(&["-g", "{scheme}", WE], "https\n")],
        "",
    ),
    same(
        &["--url", WE, "--get", "{:scheme}"],
        &[get(&["-g", "{scheme}", WE], "https\n")],
        "trurl's {:NAME} is as written, uriesc's {NAME}",
    ),
    same(
        &[
            "--url",
            "https://curl.se:55/we/are.html",
            "--get",
            "{url:port}",
        ],
        &[get(
            &["-g", "{port}", "https://curl.se:55/we/are.html"],
            "55\n",
        )],
        "trurl's {url:NAME} is as written, uriesc's {NAME}",
    ),
    differs(
        &["--url", "https://curl.se/%2e%61%13", "--get", "{:path}"],
        &[get(
            &["-g", "{path} {path|decoded}", "https://curl.se/%2e%61%13"],
            "/%2e%61%13 /.a%13\n",
        )],
        ESCAPES_KEPT,
    ),
    differs(
        &["--url", "https://curl.se?%2e%61%13", "--get", "{:query}"],
        &[get(
            &["-g", "{query} {query|decoded}", "https://curl.se?%2e%61%13"],
            "%2e%61%13 .a%13\n",
        )],
        ESCAPES_KEPT,
    ),
    differs(
        &[
            "--url",
            "https://curl.se/#%2e%61%13",
            "--get",
            "{:fragment}",
        ],
        &[get(
            &[
                "-g",
                "{fragment} {fragment|decoded}",
                "https://curl.se/#%2e%61%13",
            ],
            "%2e%61%13 .a%13\n",
        )],
        ESCAPES_KEPT,
    ),
    same(
        &[
            "--url",
            "https://hello@curl.se/we/are.html",
            "--get",
            "{user}",
        ],
        &[get(
            &["-g", "{userinfo}", "https://hello@curl.se/we/are.html"],
            "hello\n",
        )],
        "trurl's {user} is RFC 3986's userinfo (§3.2.1)",
    ),
    same(
        &[
            "--url",
            "https://hello:secret@curl.se/we/are.html",
            "--get",
            "{password}",
        ],
        &[get(
            &[
                "-w",
                "-g",
                "{password}",
                "https://hello:secret@curl.se/we/are.html",
            ],
            "secret\n",
        )],
        "RFC 3986's userinfo is one part (§3.2.1, 'user:password' deprecated): the URL \
         Standard's password getter",
    ),
    not_applicable(
        &[
            "--url",
            "imap://hello:secret;crazy@curl.se/we/are.html",
            "--get",
            "{options}",
        ],
        "IMAP's ;options (RFC 5092): parse reads no scheme's own syntax; RFC 3986's userinfo is \
         hello:secret;crazy",
    ),
    same(
        &["--url", WE, "--get", "{host}"],
        &[get(&["-g", "{host}", WE], "curl.se\n")],
        "",
    ),
    differs(
        &["--url", "https://10.1/we/are.html", "--get", "{host}"],
        &[
            get(&["-g", "{host}", "https://10.1/we/are.html"], "10.1\n"),
            get(
                &["-w", "-g", "{hostname}", "https://10.1/we/are.html"],
                "10.0.0.1\n",
            ),
        ],
        "RFC 3986 §3.2.2: 10.1 is no IPv4address (four dec-octets), so a reg-name, as written; \
         the URL Standard's IPv4 parser reads 10.0.0.1 (url.bs \"IPv4 parser\"): --whatwg agrees",
    ),
    differs(
        &["--url", V6, "--get", "{host}"],
        &[
            get(&["-g", "{host}", V6], "[fe80::0000:20c:29ff:fe9c:409b]\n"),
            get(
                &["-w", "-g", "{hostname}", V6],
                "[fe80::20c:29ff:fe9c:409b]\n",
            ),
        ],
        "RFC 3986 §3.2.2: the IP-literal as written (§6.2.2.1 normalises only case); the URL \
         Standard's IPv6 serializer compresses it (url.bs \"IPv6 serializer\"): --whatwg agrees",
    ),
    differs(
        &["--url", V6_EUTH0, "--get", "{zoneid}"],
        &[
            fails(&["-g", "{host}", V6_EUTH0], "\n", 1),
            fails(&["-w", "-g", "{hostname}", V6_EUTH0], "\n", 1),
        ],
        ZONE_ID,
    ),
    differs(
        &["--url", V6_ETH0, "--get", "{zoneid}"],
        &[
            fails(&["-g", "{host}", V6_ETH0], "\n", 1),
            fails(&["-w", "-g", "{hostname}", V6_ETH0], "\n", 1),
        ],
        ZONE_ID,
    ),
    same(
        &[
            "--url",
            "https://curl.se/we/are.html?user=many#more",
            "--get",
            "{query}",
        ],
        &[get(
            &[
                "-g",
                "{query}",
                "https://curl.se/we/are.html?user=many#more",
            ],
            "user=many\n",
        )],
        "nothing to decode",
    ),
    same(
        &[
            "--url",
            "https://curl.se/we/are.html?user=many#more",
            "--get",
            "{fragment}",
        ],
        &[get(
            &[
                "-g",
                "{fragment}",
                "https://curl.se/we/are.html?user=many#more",
            ],
            "more\n",
        )],
        "nothing to decode",
    ),
    differs(
        &[
            "--url",
            "imap://curl.se/we/are.html",
            "-g",
            "{default:port}",
        ],
        &[get(&["-g", "{port}", "imap://curl.se/we/are.html"], "\n")],
        DEFAULT_PORT,
    ),
];
