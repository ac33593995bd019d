#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), from a seed corpus built out of the
# repository's conformance data, and prints each target's executions and findings.
#
#   bash fuzz/run.sh 300            # needs cargo-fuzz (`cargo install cargo-fuzz`)
#   bash fuzz/run.sh 30 key match   # only the targets named
#
# Every target of Cargo.toml runs unless some are named. The status is 1 where a target found
# something (its input is kept under artifacts/TARGET/, its message printed), so CI fails then.
#
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP=1 lets the stable toolchain provide them.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
export RUSTC_BOOTSTRAP=1

# Seeds: every input string of the conformance data and the real URLs, one file each.
python3 - <<'PY'
import json, os, hashlib, re
data = "../tests/data"
seeds = set()
for line in open(f"{data}/urls-permissive-slice.txt", encoding="utf-8"):
    seeds.add(line.rstrip("\n"))
cases = json.load(open(f"{data}/rfc3986-cases.json", encoding="utf-8"))
for key in ("uri_references", "ipv4address", "ipv6address"):
    seeds.update(c["input"] for c in cases[key])
for c in json.load(open(f"{data}/wpt/urltestdata.json", encoding="utf-8")):
    if isinstance(c, dict):
        seeds.add(c["input"])
for c in json.load(open(f"{data}/wpt/urlencoded-parser-data.json", encoding="utf-8")):
    seeds.add(c["input"])
for target in ("encode", "decode", "check", "clean", "options", "edit", "parse", "key"):
    os.makedirs(f"corpus/{target}", exist_ok=True)
    for s in seeds:
        b = s.encode("utf-8", "surrogatepass")
        if target == "options":
            b = b"\x00" * 5 + b  # the five bytes that choose the options
        elif target == "edit":
            b = b"example.org\n" + b  # the value, a line before the record
        elif target != "check":
            b = b"\x00" + b  # the options byte (parse: the output's length before)
        name = hashlib.sha1(b).hexdigest()
        with open(f"corpus/{target}/{name}", "wb") as f:
            f.write(b)
# `extract`: the documents of the extraction cases, once a reader of `Reader::ALL` (the first
# byte chooses it), cut at 0 (the second byte says where plain text is cut in two).
readers = int(re.search(r"pub const ALL: \[Reader; (\d+)\]",
                        open("../src/extract/mod.rs", encoding="utf-8").read()).group(1))
os.makedirs("corpus/extract", exist_ok=True)
for name in ("gfm", "lychee", "rfc3986-appendix-c"):
    for line in open(f"{data}/extract/{name}.jsonl", encoding="utf-8"):
        document = json.loads(line)["input"].encode("utf-8")
        for reader in range(readers):
            b = bytes([reader, 0]) + document
            with open(f"corpus/extract/{hashlib.sha1(b).hexdigest()}", "wb") as f:
                f.write(b)
# `match`: each WPT URLPattern entry's pattern string, a line, then its URL inputs.
os.makedirs("corpus/match", exist_ok=True)
for entry in json.loads(open(f"{data}/urlpattern/urlpatterntestdata.json", encoding="utf-8").read()):
    first = (entry.get("pattern") or [""])[0]
    pattern = first if isinstance(first, str) else first.get("pathname", "")
    inputs = [i for i in entry.get("inputs", []) if isinstance(i, str)]
    b = "\n".join([pattern] + inputs).encode("utf-8", "surrogatepass")
    with open(f"corpus/match/{hashlib.sha1(b).hexdigest()}", "wb") as f:
        f.write(b)
print(f"{len(seeds)} seeds")
PY

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^uriesc-fuzz$')
fi
# Built as `cargo fuzz run` builds (optimized, with debug assertions and overflow checks), so
# that each run below starts at once rather than building again without them.
cargo fuzz build >/dev/null
found=0
for target in "${targets[@]}"; do
    log="$(mktemp)"
    if cargo fuzz run "$target" "corpus/$target" -- -max_total_time="$seconds" -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        result=ok
    else
        result=FAILED
        found=1
    fi
    runs=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "$target: $result, ${runs:-?} executions in ${seconds}s"
    if [ "$result" = FAILED ]; then
        grep -E 'panicked|ERROR|Test unit written' "$log" | head -5
    fi
    rm -f "$log"
done
exit "$found"
