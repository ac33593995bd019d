//! trurl's `--get` cases of query values, template syntax, IDNA and usage (its suite's cases
//! after `{default:port}`).

use super::{Case, DEFAULT_PORT, EDIT, differs, fails, get, not_applicable, same};

const CONTROLS_KEPT: &str = "a decoded value keeps its controls escaped, so that it stays one \
    line of text (uriesc's rule; the standards leave display to the reader): %00 and %18 stay, \
    where trurl writes '.', the raw byte, or nothing";
const GUESS: &str = "trurl guesses http:// for a bare host; uriesc is given it";
const MUST: &str = "{must:…} fails where a part is absent: parse writes an absent part empty";

// The URLs that several cases read.
const UTM: &str = "https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen";
const HASH: &str = "https://example.org/foo?a=1&b=%23&a=%26#hello";
const SMORGAS: &str = "https://räksmörgås.se";
const SFTP: &str = "sftp://us%65r:pwd;giraffe@odd";
const NUL_QUERY: &str = "https://curl.se?name=mr%00smith";

pub(super) const CASES: &[Case] = &[
    same(
        &[UTM, "-g", "{query:utm_source}"],
        &[get(
            &["-g", "{query:utm_source|decoded}", UTM],
            "tra cker\n",
        )],
        "trurl's {query:NAME} is decoded",
    ),
    differs(
        &[UTM, "-g", "{:query:utm_source}"],
        &[
            get(&["-g", "{query:utm_source}", UTM], "tra%20cker\n"),
            get(&["-w", "-g", "{query:utm_source}", UTM], "tra%20cker\n"),
        ],
        "the value as written, %20 (RFC 3986 §2.1; the URL Standard keeps it too, url.bs \
         \"query state\"), where trurl re-encodes it as a form does, '+' (url.bs \
         \"application/x-www-form-urlencoded serializer\")",
    ),
    same(
        &[UTM, "-g", "{:query:utm_}"],
        &[get(&["-g", "{query:utm_}", UTM], "\n")],
        "a name matches whole, not as a prefix",
    ),
    same(
        &[UTM, "-g", "{:query:UTM_SOURCE}"],
        &[get(&["-g", "{query:UTM_SOURCE}", UTM], "\n")],
        "a name matches case-sensitively",
    ),
    differs(
        &["localhost", "-g", "{scheme} {host"],
        &[fails(&["-g", "{scheme} {host", "http://localhost"], "", 2)],
        "template syntax, not a standard's: an unclosed '{' is a usage error (status 2), where \
         trurl writes it as text; '{{' is a brace",
    ),
    differs(
        &["localhost", "-g", "[scheme] [host"],
        &[fails(&["-g", "{scheme} {host", "http://localhost"], "", 2)],
        "trurl's [NAME] is its other spelling of {NAME}; so spelt, this is the case before it",
    ),
    same(
        &["localhost", "-g", "\\{{scheme}\\["],
        &[get(&["-g", "{{{scheme}[", "http://localhost"], "{http[\n")],
        "trurl's \\{ is uriesc's {{, and '[' is text in uriesc",
    ),
    same(
        &["localhost", "-g", "\\\\["],
        &[get(&["-g", "\\[", "http://localhost"], "\\[\n")],
        "trurl's \\\\ is a backslash; uriesc's templates have no backslash escapes",
    ),
    differs(
        &[
            "https://u:s@foo?moo",
            "-g",
            "[scheme][user][password][query]",
        ],
        &[
            get(
                &["-g", "{scheme}{userinfo}{query}", "https://u:s@foo?moo"],
                "httpsu:smoo\n",
            ),
            get(
                &["-w", "-g", "{username}{password}", "https://u:s@foo?moo"],
                "us\n",
            ),
        ],
        "RFC 3986's userinfo is one part, u:s (§3.2.1); the URL Standard splits it, but its \
         protocol and search getters keep their ':' and '?' (url.bs \"API\")",
    ),
    same(
        &["hej?a=b&a=c&a=d&b=a", "-g", "{query-all:a}"],
        &[get(
            &["-g", "{query-all:a}", "http://hej?a=b&a=c&a=d&b=a"],
            "b c d\n",
        )],
        GUESS,
    ),
    differs(
        &[NUL_QUERY, "--get", "{query:name}"],
        &[get(
            &["-g", "{query:name|decoded}", NUL_QUERY],
            "mr%00smith\n",
        )],
        CONTROLS_KEPT,
    ),
    not_applicable(
        &[
            "hello@localhost",
            "--iterate",
            "host=one two",
            "-g",
            "{host} {user}",
        ],
        EDIT,
    ),
    same(
        &["-g", "{query:}", "http://localhost/?=bar"],
        &[get(&["-g", "{query:}", "http://localhost/?=bar"], "bar\n")],
        "an empty name",
    ),
    differs(
        &[SMORGAS, "-g", "{default:puny:url}"],
        &[get(
            &["-w", "-g", "{href}", SMORGAS],
            "https://xn--rksmrgs-5wao1o.se/\n",
        )],
        "the URL Standard drops a port that is the scheme's default and writes none back (url.bs \
         \"port state\", \"URL serializing\"; RFC 3986 §3.2.3 too says to omit it)",
    ),
    same(
        &[SMORGAS, "-g", "{puny:url}"],
        &[get(
            &["-w", "-g", "{href}", SMORGAS],
            "https://xn--rksmrgs-5wao1o.se/\n",
        )],
        "the URL Standard's host parser writes a domain in ASCII (url.bs \"domain to ASCII\"): \
         --whatwg's href; RFC 3986 refuses the IRI (RFC 3987 reads it, its host in Unicode)",
    ),
    same(
        &[SMORGAS, "-g", "{puny:host}"],
        &[get(
            &["-w", "-g", "{hostname}", SMORGAS],
            "xn--rksmrgs-5wao1o.se\n",
        )],
        "url.bs \"domain to ASCII\": --whatwg's hostname",
    ),
    differs(
        &[
            "imap://example.com/",
            "--get",
            "port: {port}, default:port: {default:port}",
        ],
        &[get(
            &[
                "-g",
                "port: {port}, default:port: {port}",
                "imap://example.com/",
            ],
            "port: , default:port: \n",
        )],
        DEFAULT_PORT,
    ),
    same(
        &[
            "http://example.com:8080/",
            "--get",
            "port: {port}, default:port: {default:port}",
        ],
        &[get(
            &[
                "-g",
                "port: {port}, default:port: {port}",
                "http://example.com:8080/",
            ],
            "port: 8080, default:port: 8080\n",
        )],
        "a port is written, so trurl's {default:port} is {port}",
    ),
    not_applicable(
        &["-s", "path=\\\\", "-g", "{path}\\n{:path}", "localhost"],
        EDIT,
    ),
    not_applicable(
        &[
            "-s",
            "path=\\\\",
            "-g",
            "{path}\\n{:path}",
            "--urlencode",
            "localhost",
        ],
        EDIT,
    ),
    same(
        &[
            "-g",
            "{query:b}\\t{query-all:a}\\n{:query:b}\\t{:query-all:a}",
            HASH,
        ],
        &[
            get(
                &["-g", "{query:b|decoded}\t{query-all:a|decoded}", HASH],
                "#\t1 &\n",
            ),
            get(&["-g", "{query:b}\t{query-all:a}", HASH], "%23\t1 %26\n"),
        ],
        "trurl's \\t is a tab; one line a record, so a run for each of trurl's lines",
    ),
    same(
        &[
            "--urlencode",
            "-g",
            "{query:b}\\t{query-all:a}\\n{:query:b}\\t{:query-all:a}",
            HASH,
        ],
        &[
            get(&["-g", "{query:b}\t{query-all:a}", HASH], "%23\t1 %26\n"),
            get(&["-g", "{query:b}\t{query-all:a}", HASH], "%23\t1 %26\n"),
        ],
        "trurl's --urlencode writes every value as written: uriesc's {NAME}; a run for each line",
    ),
    same(
        &["--url", "http://xn--rksmrgs-5wao1o/", "-g", "{idn:host}"],
        &[get(
            &["-g", "{display_host}", "http://xn--rksmrgs-5wao1o/"],
            "räksmörgås\n",
        )],
        "trurl's {idn:host} is the host in Unicode (UTS #46 ToUnicode): uriesc's display_host",
    ),
    differs(
        &[NUL_QUERY, "--get", "{query}"],
        &[get(
            &["-g", "{query|decoded}", NUL_QUERY],
            "name=mr%00smith\n",
        )],
        CONTROLS_KEPT,
    ),
    not_applicable(
        &[NUL_QUERY, "--get", "{strict:query}"],
        "{strict:…} fails where a value does not decode cleanly: parse's decoding never fails",
    ),
    not_applicable(&["https://example.com/", "--get", "{must:query}"], MUST),
    not_applicable(&["https://example.com/?", "--get", "{must:query}"], MUST),
    not_applicable(&["https://example.com/", "--get", "{must:fragment}"], MUST),
    differs(
        &["http://example.org/%18", "--get", "{path}"],
        &[get(
            &["-g", "{path|decoded}", "http://example.org/%18"],
            "/%18\n",
        )],
        CONTROLS_KEPT,
    ),
    same(
        &[SFTP, "--get", "[password]"],
        &[get(
            &["-w", "-g", "{password|decoded}", SFTP],
            "pwd;giraffe\n",
        )],
        "trurl's [NAME] is its {NAME}, decoded; the password is the URL Standard's (RFC 3986's \
         userinfo is one part, §3.2.1)",
    ),
    differs(
        &[SFTP, "--get", "[:password]"],
        &[get(&["-w", "-g", "{password}", SFTP], "pwd%3Bgiraffe\n")],
        "the URL Standard percent-encodes ';' in a password (url.bs \"userinfo percent-encode \
         set\") in upper-case hex (url.bs \"percent-encode\"; RFC 3986 §2.1 prefers it too), \
         where trurl writes %3b",
    ),
    same(
        &["sftp://odd", "--get", "[port]", "--get", "{port}"],
        &[fails(
            &["-g", "[port]", "-g", "{port}", "sftp://odd"],
            "",
            2,
        )],
        "one --get only: a usage error (uriesc's status 2; trurl's 4)",
    ),
    same(
        &["url", "--get"],
        &[fails(&["http://url", "--get"], "", 2)],
        "--get needs its template: a usage error (uriesc's status 2; trurl's 3)",
    ),
    same(
        &["url", "--json", "--get", "{port}"],
        &[fails(
            &["http://url", "--format", "json", "--get", "{port}"],
            "",
            2,
        )],
        "JSON or a template, not both: a usage error (uriesc's status 2; trurl's 4)",
    ),
    same(
        &["url", "--get", "{port}", "--json"],
        &[fails(
            &["http://url", "--get", "{port}", "--format", "json"],
            "",
            2,
        )],
        "JSON or a template, not both: a usage error (uriesc's status 2; trurl's 4)",
    ),
    not_applicable(
        &[
            "-s",
            "path=\\\\",
            "-g",
            "{path}\\n{:path}",
            "--urlencode",
            "localhost",
        ],
        EDIT,
    ),
    not_applicable(
        &["-s", "path=\\\\", "-g", "{path}\\n{:path}", "localhost"],
        EDIT,
    ),
    not_applicable(
        &[
            "https://example.com/?a=1&b=2&c=3",
            "--qtrim",
            "b",
            "--get",
            "{query}",
        ],
        EDIT,
    ),
];
