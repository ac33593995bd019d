"""The `surt` Python package (internetarchive/surt, AGPL-3.0) run as a peer of
`uriesc key --profile surt`: nothing of it is copied here, it is imported from a venv.

    surt-peer.py [--with-scheme] [--trailing-comma] [--keep-www] < urls > surts
        one SURT per line in (surt.surt on the line's bytes); where surt raises, the
        line is `!EXCEPTION: <type>`.
    surt-peer.py --compare IN SURT URIESC
        the lines where the two differ, as LINE<TAB>INPUT<TAB>SURT<TAB>URIESC, then the
        counts by cause on stderr (bench/surt-diff.sh runs both).

Offline: surt reaches for the Public Suffix List only through tldextract (its
`public_suffix` option, which the default SURT does not use), and tldextract fetches the list
from the network on first use unless told otherwise; here it is told to use the snapshot it
ships (`suffix_list_urls=()`, no cache), so nothing goes to the network. The package's IPv4
step asks the system resolver (`socket.gethostbyname_ex`) only for names of digits and dots,
which glibc answers itself (`inet_aton`), without DNS.
"""
import os
import re
import sys

os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""


def peer(argv):
    import tldextract

    tldextract.extract = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
    import surt

    options = {
        "with_scheme": "--with-scheme" in argv,
        "trailing_comma": "--trailing-comma" in argv,
        "host_massage": "--keep-www" not in argv,
    }
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        line = line[:-1] if line.endswith(b"\n") else line
        try:
            key = surt.surt(line, **options)
        except Exception as e:  # surt's answer for this line is an exception
            key = b"!EXCEPTION: " + type(e).__name__.encode()
        out.write(key.replace(b"\n", b"\\n") + b"\n")


# Causes, tried in order on (input, surt's key, uriesc's key).
WWW = re.compile(rb"(^|\()([^)/]*,)?www\d*[,:)]")


def cause(line, theirs, ours):
    if theirs.startswith(b"!EXCEPTION"):
        return "surt raises (no key: uriesc reports the record)" if not ours else "surt raises, uriesc answers"
    if not ours:
        return "uriesc refuses, surt answers"
    host = line.split(b"?")[0].split(b"#")[0]
    if re.search(rb"%26", line.split(b"?", 1)[1] if b"?" in line else b"", re.I):
        return "surt#20: an escaped & in the query"
    if WWW.search(ours.split(b")")[0][-40:] + b")") and not WWW.search(theirs.split(b")")[0][-40:] + b")"):
        return "surt#28: a www label that is the name"
    if any(b > 0x7F for b in host) or re.search(rb"%[89a-fA-F][0-9a-fA-F]", host.split(b"/")[2] if host.count(b"/") >= 2 else b""):
        return "IDNA 2003 (Python's codec) and UTS #46 (idna crate)"
    return "other"


def compare(paths):
    files = [open(p, "rb") for p in paths]
    counts = {}
    out = sys.stdout.buffer
    total = 0
    for n, (line, theirs, ours) in enumerate(zip(*files), 1):
        total += 1
        line, theirs, ours = (x.rstrip(b"\n") for x in (line, theirs, ours))
        if theirs == ours:
            continue
        c = cause(line, theirs, ours)
        counts[c] = counts.get(c, 0) + 1
        if c.startswith("surt raises (no key"):
            continue
        out.write(b"%d\t%s\t%s\t%s\n" % (n, line, theirs, ours))
    print(f"{total} lines compared", file=sys.stderr)
    for c, k in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{k:8d}  {c}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        compare(sys.argv[2:5])
    else:
        peer(sys.argv[1:])
