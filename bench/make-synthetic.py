#!/usr/bin/env python3
"""Writes the four benchmark inputs of bench/compare.sh without the shared corpus: URL lines
shaped like real ones (scheme mix, host labels, path segments, queries, a few escapes, spaces and
non-ASCII characters at about the rates of the corpus README) and lines of non-ASCII text from
several scripts, each also percent-encoded as a component (RFC 3986 unreserved kept).

Usage: python3 bench/make-synthetic.py OUTDIR [TARGET_MB]   (deterministic: fixed seed)
"""
import os
import random
import sys
import urllib.parse

out, mb = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200
os.makedirs(out, exist_ok=True)
rng = random.Random(1738)
WORDS = ["docs", "blog", "api", "v1", "index.html", "en", "wiki", "books", "2024", "free",
         "programming", "static", "assets", "user", "repo", "blob", "main", "README.md", "tree"]
SCRIPTS = [(0x4E00, 0x9FA5), (0x0410, 0x044F), (0x0905, 0x0939), (0x0391, 0x03C9),
           (0xAC00, 0xD7A3), (0x0D05, 0x0D39), (0x0B85, 0x0BB9)]


def label():
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(2, 12))).strip("-") or "x"


def url():
    r = rng.random()
    scheme = "https" if r < 0.635 else "http" if r < 0.989 else rng.choice(["ftp", "file", "ws", "mailto"])
    host = ".".join(label() for _ in range(rng.randint(1, 3))) + rng.choice([".com", ".org", ".cn", ".io", ".net"])
    segments = [rng.choice(WORDS) if rng.random() < 0.6 else label() for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.0067:
        segments.append("%" + rng.choice("0123456789ABCDEF") + rng.choice("0123456789ABCDEF"))
    if rng.random() < 0.016:
        segments.append("%" + label().upper())  # placeholders like %HOSTIP: no escape
    if rng.random() < 0.0005:
        segments.append(chr(rng.randint(*rng.choice(SCRIPTS))))
    u = f"{scheme}://{host}/" + "/".join(segments)
    if rng.random() < 0.128:
        u += "?" + "&".join(f"{label()}={label()}" for _ in range(rng.randint(1, 3)))
    if rng.random() < 0.0058:
        u += "#" + label()
    if rng.random() < 0.00005:
        u += " x"
    return u


def text_line():
    return "".join(chr(rng.randint(*rng.choice(SCRIPTS))) if rng.random() < 0.9 else rng.choice(" ,.:;!?")
                   for _ in range(rng.randint(10, 120)))


def write(name, make, target):
    size = 0
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        while size < target:
            line = make() + "\n"
            f.write(line)
            size += len(line.encode())


urls = [url() for _ in range(150_000)]
texts = [text_line() for _ in range(30_000)]
target = mb * 1_000_000
cycle = lambda items: (lambda it=iter(range(10**12)): lambda: items[next(it) % len(items)])()
write("big-urls.txt", cycle(urls), target)
write("big-encoded.txt", cycle([urllib.parse.quote(u, safe="") for u in urls]), target * 5 // 4)
write("big-utf8.txt", cycle(texts), target)
write("big-utf8-encoded.txt", cycle([urllib.parse.quote(t, safe="") for t in texts]), target)
