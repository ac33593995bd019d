#!/usr/bin/env python3
"""Transcribes the test tables of xurls, the linkify crate and linkify-it into JSON Lines.

Usage: transcribe.py XURLS_GIT LINKIFY_GIT LINKIFY_IT_GIT OUT_DIR (each a git directory of the
peer's repository; the files are read at its HEAD). Each case keeps its source line (`at`).
"""
import json
import re
import subprocess
import sys


def show(git, path):
    return subprocess.run(["git", "--git-dir", git, "show", "HEAD:" + path], check=True,
                          capture_output=True, text=True).stdout


def head(git):
    return subprocess.run(["git", "--git-dir", git, "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def line_of(text, index):
    return text.count("\n", 0, index) + 1


# xurls: `{IN, WANT},` rows of Go tables; IN a raw (`...`) or plain ("...") string, WANT nil,
# true (the whole input) or a string.
GO_STR = r'(`[^`]*`|"(?:[^"\\]|\\.)*")'
ROW = re.compile(r'\{' + GO_STR + r',\s*(nil|true|' + GO_STR[1:-1] + r')\}')


def go_string(s):
    if s.startswith("`"):
        return s[1:-1]
    return json.loads(s)


def xurls(git):
    text = show(git, "xurls_test.go")
    # Each table, and the regular expressions its test runs it with.
    tables = [
        ("constantTestCases", "var constantTestCases", ["Strict", "Relaxed"]),
        ("Relaxed2", 'doTest(t, "Relaxed2"', ["Relaxed"]),
        ("Strict2", 'doTest(t, "Strict2"', ["Strict"]),
        ("StrictMatchingScheme", 'StrictMatchingScheme("http://|ftps?://|mailto:")',
         ["StrictMatchingScheme(http://|ftps?://|mailto:)"]),
        ("StrictMatchingSchemeAny", "StrictMatchingScheme(AnyScheme)",
         ["StrictMatchingScheme(AnyScheme)"]),
    ]
    out = []
    for name, marker, regexes in tables:
        start = text.index(marker)
        # A table ends where its Go block does: a `var` at `}`, a `doTest` call at `})`.
        end = text.index("\n}" if marker.startswith("var") else "\n\t})", start)
        for m in ROW.finditer(text, start, end):
            # Rows commented out (`//{...}`) are not the peer's cases.
            line_start = text.rfind("\n", 0, m.start()) + 1
            if text[line_start:m.start()].strip().startswith("//"):
                continue
            given = go_string(m.group(1))
            want = m.group(2)
            first = None if want == "nil" else given if want == "true" else go_string(want)
            for regex in regexes:
                out.append({"source": "xurls", "table": name, "regex": regex, "input": given,
                            "first": first, "at": "xurls_test.go:%d" % line_of(text, m.start())})
    return out


def rust_string(text, i):
    """The Rust string literal at `text[i]`, decoded, and the index after it."""
    raw = re.match(r'r(#*)"', text[i:])
    if raw:
        close = '"' + raw.group(1)
        j = text.index(close, i + len(raw.group(0)))
        return text[i + len(raw.group(0)):j], j + len(close)
    assert text[i] == '"', text[i:i + 20]
    j, out = i + 1, []
    while text[j] != '"':
        c = text[j]
        if c != "\\":
            out.append(c)
            j += 1
            continue
        e = text[j + 1]
        if e == "u":
            k = text.index("}", j)
            out.append(chr(int(text[j + 3:k], 16)))
            j = k + 1
        elif e == "\n":
            j += 2
            while text[j] in " \t\n":
                j += 1
        else:
            out.append({"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"',
                        "'": "'"}[e])
            j += 2
    return "".join(out), j + 1


CALL = re.compile(r'\b(assert_linked_with|assert_linked|assert_not_linked_without_protocol|'
                  r'assert_not_linked|assert_urls_without_protocol)\(\s*(&finder,\s*)?')
FN = re.compile(r'\bfn (\w+)\(')


def linkify(git):
    # The finder each helper builds, by file (its `fn assert_*` at the file's end), and the
    # finders the tests build themselves, by test.
    helpers = {
        "tests/url.rs": {"assert_linked": "urls+emails", "assert_not_linked": "urls+emails",
                         "assert_urls_without_protocol": "schemeless-urls",
                         "assert_not_linked_without_protocol": "schemeless-urls"},
        "tests/email.rs": {"assert_linked": "emails", "assert_not_linked": "emails"},
        "tests/domains.rs": {"assert_linked": "schemeless+emails",
                             "assert_not_linked": "schemeless+emails"},
    }
    own = {
        "international_not_allowed": "urls, url_can_be_iri(false)",
        "international_not_allowed_without_protocol": "schemeless-urls, url_can_be_iri(false)",
        "without_protocol_and_email": "schemeless+emails",
        "domain_must_have_dot_false": "emails, email_domain_must_have_dot(false)",
        "trigger_overlap": "urls+emails",
    }
    out = []
    for path, helper in helpers.items():
        text = show(git, path)
        fns = [(m.start(), m.group(1)) for m in FN.finditer(text)]
        for m in CALL.finditer(text):
            if text[m.start() - 3:m.start()] == "fn ":
                continue
            function = [name for at, name in fns if at < m.start()][-1]
            if not re.match(r'r?#*"', text[m.end():]):
                continue  # a helper passing its arguments on
            line_start = text.rfind("\n", 0, m.start()) + 1
            if text[line_start:m.start()].strip().startswith("//"):
                continue  # a case the peer commented out
            given, j = rust_string(text, m.end())
            call = m.group(1)
            if call.startswith("assert_not_linked"):
                marked = given
            else:
                j = re.compile(r",\s*").match(text, j).end()
                marked, _ = rust_string(text, j)
            finder = own[function] if call == "assert_linked_with" else helper[call]
            out.append({"source": "linkify", "path": path, "test": function, "finder": finder,
                        "input": given, "marked": marked,
                        "at": "%s:%d" % (path, line_of(text, m.start()))})
    return out


def linkify_it(git):
    out = []
    path = "test/fixtures/links.txt"
    lines = show(git, path).split("\n")
    # As test/test.mjs reads it: a line that begins with `%` is blank; a line followed by a
    # line that is not blank is the input, and that line the first link's URL; else the line
    # is its own URL.
    clean = [re.sub(r"^%.*", "", line) for line in lines]
    skip = False
    for n, line in enumerate(clean):
        if skip:
            skip = False
            continue
        if not line.strip():
            continue
        nxt = clean[n + 1] if n + 1 < len(clean) else ""
        first = nxt if nxt.strip() else line
        skip = bool(nxt.strip())
        out.append({"source": "linkify-it", "path": path, "options": "fuzzyIP",
                    "input": line, "first": first, "at": "%s:%d" % (path, n + 1)})
    path = "test/fixtures/not_links.txt"
    for n, line in enumerate(show(git, path).split("\n")):
        line = re.sub(r"^%.*", "", line)
        if line.strip():
            out.append({"source": "linkify-it", "path": path, "options": "default",
                        "input": line, "first": None, "at": "%s:%d" % (path, n + 1)})
    return out


def main():
    xurls_git, linkify_git, linkify_it_git, out_dir = sys.argv[1:]
    for name, git, cases in [("xurls", xurls_git, xurls(xurls_git)),
                             ("linkify", linkify_git, linkify(linkify_git)),
                             ("linkify-it", linkify_it_git, linkify_it(linkify_it_git))]:
        with open("%s/%s.jsonl" % (out_dir, name), "w", encoding="utf-8") as f:
            for case in cases:
                case["commit"] = head(git)
                f.write(json.dumps(case, ensure_ascii=False) + "\n")
        print(name, len(cases))


main()
