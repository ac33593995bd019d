#!/usr/bin/env python3
"""Regenerates tests/data/peers/peers.json: what real peer implementations answer for a fixed
set of inputs, so that `cargo test` can compare uriesc with them without needing the peers.

Peers (the versions used are recorded in the output):
  * Python's urllib.parse: quote(x, safe='') (RFC 3986 unreserved kept), unquote_to_bytes
    (lenient percent-decoding), unquote_plus.
  * Node.js: encodeURIComponent (= the WHATWG component set and RFC 2396 unreserved kept) and
    URLSearchParams serialisation (the WHATWG application/x-www-form-urlencoded set).

Inputs are generated here (a fixed seed; no third-party text): every ASCII character alone,
every byte alone (Python only: Node's string functions take no raw bytes), and random strings
mixing printable ASCII, controls, '%' escapes both valid and broken, and code points from
several scripts (Latin, Greek, Cyrillic, CJK, Devanagari, Arabic, emoji).

Usage: python3 tests/data/peers/generate.py   (needs python3 and node on PATH)
"""
import json
import os
import random
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "peers.json")

NODE = r"""
const inputs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = inputs.map(s => ({
  encodeURIComponent: encodeURIComponent(s),
  form: new URLSearchParams([['k', s]]).toString().slice(2),
}));
process.stdout.write(JSON.stringify({version: process.version, results: out}));
"""

SCRIPTS = [
    (0x00C0, 0x017F),  # Latin-1 Supplement / Latin Extended-A
    (0x0391, 0x03C9),  # Greek
    (0x0410, 0x044F),  # Cyrillic
    (0x0620, 0x064A),  # Arabic
    (0x0905, 0x0939),  # Devanagari
    (0x4E00, 0x9FA5),  # CJK Unified Ideographs
    (0xAC00, 0xD7A3),  # Hangul syllables
    (0x1F600, 0x1F64F),  # Emoticons (4-byte UTF-8)
]


def random_string(rng):
    parts = []
    for _ in range(rng.randint(0, 24)):
        kind = rng.random()
        if kind < 0.55:
            parts.append(chr(rng.randint(0x20, 0x7E)))
        elif kind < 0.65:
            parts.append(chr(rng.choice(list(range(0x00, 0x20)) + [0x7F])))
        elif kind < 0.75:
            parts.append("%" + "".join(rng.choice("0123456789abcdefABCDEFgz%") for _ in range(rng.randint(0, 2))))
        else:
            lo, hi = rng.choice(SCRIPTS)
            parts.append(chr(rng.randint(lo, hi)))
    return "".join(parts)


def main():
    rng = random.Random(3986)
    strings = [chr(c) for c in range(0x80)] + ["".join(chr(c) for c in range(0x20, 0x7F))]
    strings += [random_string(rng) for _ in range(2000)]
    node = subprocess.run(["node", "-e", NODE], input=json.dumps(strings), capture_output=True,
                          text=True, check=True)
    js = json.loads(node.stdout)
    string_cases = []
    for s, r in zip(strings, js["results"]):
        string_cases.append({
            "input": s,
            "python_quote": urllib.parse.quote(s, safe=""),
            "python_unquote_to_bytes": urllib.parse.unquote_to_bytes(s).hex(),
            "python_unquote_plus_bytes": urllib.parse.unquote_to_bytes(s.replace("+", " ")).hex(),
            "encodeURIComponent": r["encodeURIComponent"],
            "URLSearchParams": r["form"],
        })
    byte_inputs = [bytes([b]) for b in range(256)]
    byte_inputs += [bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 24))) for _ in range(500)]
    byte_cases = [{
        "input_hex": b.hex(),
        "python_quote": urllib.parse.quote(b, safe=""),
        "python_unquote_to_bytes": urllib.parse.unquote_to_bytes(b).hex(),
    } for b in byte_inputs]
    doc = {
        "generated_by": "tests/data/peers/generate.py",
        "python": sys.version.split()[0],
        "node": js["version"],
        "strings": string_cases,
        "bytes": byte_cases,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=True, indent=0)
        f.write("\n")


if __name__ == "__main__":
    main()
