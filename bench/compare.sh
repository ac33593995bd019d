#!/usr/bin/env bash
# Times the release binary against its peers, whole process, file in and /dev/null out, and
# writes the table of BENCHMARKS.md (MB/s, ratio to the peer, peak RSS) to stdout.
#
#   bash bench/compare.sh [CORPUS_DIR] [TARGET_MB] > BENCHMARKS.table.md
#
# CORPUS_DIR: a directory with make-corpus.sh (a corpus of real URLs); without one, the
# inputs are made by bench/make-synthetic.py. Needs hyperfine (installed from Debian if
# missing), python3 and node for their peers.
#
# The rows of `parse` run only with a binary that has the command. Its `--get '{host}'` is
# timed against curl's trurl (`trurl --url-file - --get '{host}'`, the same file on stdin),
# found as: $TRURL if set; else `trurl` on PATH; else Debian's package (`apt-get install
# trurl`: Debian 12 has none); else built here from a trurl source tree in $TRURL_SRC (the
# curl/trurl repository at tag trurl-0.16.1, the version whose tests `parse` follows; needs
# make, a C compiler and libcurl's headers, Debian's libcurl4-openssl-dev) with
# `CFLAGS=-O2 make NDEBUG=1` (its Makefile's default is -g, unoptimised). Without trurl a row
# says so. trurl writes one line per URL it can parse (a note on stderr for each other one)
# and flushes stdout after each: one write(2) per URL, part of what its row times.
#
# The rows of `edit` run only with a binary that has the command. `--whatwg --set host=...` is
# timed against a loop over ada's `host` setter and `href` (the peers example, `ada-set-host`);
# `--remove-param 'utm_*'` against the same trurl's `--qtrim 'utm_*'`. trurl 0.16.1's --qtrim
# dies (SIGSEGV) at the first URL whose query holds an empty pair (`?&a`, `a&&b`): it reads
# the name of such a pair through a null pointer. Both of that row's commands read
# big-urls-no-empty-pair.txt, big-urls.txt without those lines, so trurl reads every line.
#
# The rows of `extract` (their own block, at the end) run on about 100 MB of real Markdown:
# $EXTRACT_DOCS, a directory of Markdown files (*.md), concatenated and repeated into
# docs.md (without it, and without docs.md in the inputs, the rows say so). Its peers are
# the examples `linkify` (the linkify crate's LinkFinder over the text, URLs only) and
# `markdown-links` (lychee's way: pulldown-cmark's events, destinations, linkify over the
# text; `--parse-only`: pulldown-cmark alone, the Markdown reader's floor), and mvdan/xurls's
# command (`xurls`, its default strict regexp), found as: $XURLS if set; else `xurls` on
# PATH; else built from an xurls source tree in $XURLS_SRC (mvdan/xurls, GOPATH mode: the Go
# module proxy may be out of reach) with Debian's golang-1.23-go (bookworm-backports) and
# golang-golang-x-sync-dev. xurls runs at about 1 MB/s: its row and uriesc's beside it read
# the first 10 MB of docs.md.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-}
mb=${2:-200}
inputs=${BENCH_DIR:-/dev/shm/uriesc-bench}
[ -n "${BENCH_DIR:-}" ] || [ -w /dev/shm ] || inputs=${TMPDIR:-/tmp}/uriesc-bench

if ! command -v hyperfine >/dev/null; then
    (apt-get update -qq && apt-get install -y -qq hyperfine) >&2
fi
if [ ! -s "$inputs/big-utf8-encoded.txt" ]; then
    if [ -n "$corpus" ] && [ -f "$corpus/make-corpus.sh" ]; then
        sh "$corpus/make-corpus.sh" "$inputs" "$mb" >&2
    else
        python3 bench/make-synthetic.py "$inputs" "$mb" >&2
    fi
fi
cargo build --release --quiet --bin uriesc --example peers --example urlpattern >&2
uriesc=$PWD/target/release/uriesc
peers=$PWD/target/release/examples/peers
urlpattern=$PWD/target/release/examples/urlpattern
tr '\n' '\0' < "$inputs/big-urls.txt" > "$inputs/big-urls.nul"

scripts=$(mktemp -d)
trap 'rm -rf "$scripts"' EXIT
cat > "$scripts/quote.py" <<'PY'
import sys, urllib.parse as u
w = sys.stdout.buffer.write
for l in sys.stdin.buffer: w(u.quote(l.rstrip(b"\n"), safe="").encode() + b"\n")
PY
cat > "$scripts/unquote.py" <<'PY'
import sys, urllib.parse as u
w = sys.stdout.buffer.write
for l in sys.stdin.buffer: w(u.unquote_to_bytes(l.rstrip(b"\n")) + b"\n")
PY
node_lines='const rl = require("readline").createInterface({input: process.stdin, crlfDelay: Infinity});
const out = []; let n = 0;
const flush = () => { process.stdout.write(out.join("")); out.length = 0; };
rl.on("line", l => { out.push(F(l) + "\n"); if (++n % 10000 == 0) flush(); });
rl.on("close", flush);'
echo "const F = encodeURIComponent; $node_lines" > "$scripts/encodeURIComponent.js"
echo "const F = l => { try { return decodeURIComponent(l) } catch (e) { return l } }; $node_lines" \
    > "$scripts/decodeURIComponent.js"
echo "const F = l => URL.canParse(l) ? '' : 'x'; $node_lines" > "$scripts/canParse.js"

# The trurl to time (see the header), its path on stdout; fails if none can be had.
find_trurl() {
    if [ -n "${TRURL:-}" ]; then echo "$TRURL"; return; fi
    if ! command -v trurl >/dev/null; then
        { apt-get update -qq && apt-get install -y -qq trurl; } >&2 || true
    fi
    if command -v trurl >/dev/null; then command -v trurl; return; fi
    [ -n "${TRURL_SRC:-}" ] && [ -f "$TRURL_SRC/trurl.c" ] || return 1
    if [ ! -x "$TRURL_SRC/trurl" ]; then
        (cd "$TRURL_SRC" && CFLAGS=-O2 make NDEBUG=1 trurl) >&2 || return 1
    fi
    echo "$TRURL_SRC/trurl"
}

# median seconds of COMMAND < FILE over RUNS runs
time_it() {
    local runs=$1 file=$2 cmd=$3 json
    json=$(mktemp)
    hyperfine --style none --ignore-failure --runs "$runs" --warmup "${WARMUP:-1}" --output null \
        --export-json "$json" "$cmd < $file" >/dev/null 2>&1
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
    rm -f "$json"
}
peak_rss() { # KiB; `check` exits 1 when it finds an invalid record, which is no failure here
    { /usr/bin/time -f %M sh -c "$2 < '$1' > /dev/null" || true; } 2>&1 >/dev/null | tail -1
}
paired_row() { # JOB INPUT_NAME PAIRS CMD PEER_CMD: the two run in turn, the ratio a pair's
    # For a ratio to a command of nearly the same speed, where `row`'s medians taken one
    # command after the other move with the machine's load between them: each pair runs both
    # (in turn ABBA, so that a drift in load weighs on both alike), and the ratio is the median
    # of the pairs' ratios of cpu seconds (user and system, the children's rusage).
    local job=$1 name=$2 pairs=$3 cmd=$4 peer=$5
    local file="$inputs/$name" result mbs ratio rss shown
    result=$(python3 - "$pairs" "$file" "$cmd" "$peer" <<'PAIRED'
import os, resource, statistics, subprocess, sys
pairs, path, cmd, peer = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
def cpu(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "rb") as stdin:
        subprocess.run(command, shell=True, stdin=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
cpu(cmd); cpu(peer)
ratios, seconds = [], []
for i in range(pairs):
    if i % 2 == 0:
        a = cpu(cmd); b = cpu(peer)
    else:
        b = cpu(peer); a = cpu(cmd)
    ratios.append(b / a); seconds.append(a)
print(statistics.median(seconds), statistics.median(ratios), min(ratios), max(ratios))
PAIRED
)
    read -r seconds ratio low high <<<"$result"
    mbs=$(python3 -c "print(f'{$(stat -c %s "$file") / $seconds / 1e6:.0f}')")
    ratio=$(python3 -c "print(f'{$ratio:.2f}x paired ({$low:.2f}-{$high:.2f})')")
    rss=$(peak_rss "$file" "$cmd")
    shown=${cmd//$PWD\//}
    echo "| \`$shown\` | $job | $name | $mbs | $ratio | $(( (rss + 512) / 1024 )) MiB |"
}
row() { # JOB INPUT_NAME RUNS CMD [PEER_SECONDS]
    local job=$1 name=$2 runs=$3 cmd=$4 peer=${5:-}
    local file="$inputs/$name" size seconds mbs ratio rss shown
    size=$(stat -c %s "$file")
    seconds=$(time_it "$runs" "$file" "$cmd")
    mbs=$(python3 -c "print(f'{$size / $seconds / 1e6:.0f}')")
    ratio=""
    if [ -n "$peer" ]; then ratio=$(python3 -c "print(f'{$peer / $seconds:.2f}x')"); fi
    rss=$(peak_rss "$file" "$cmd")
    shown=${cmd//$PWD\//}
    shown=${shown//$scripts\//}
    shown=${shown//$inputs\//}
    echo "| \`$shown\` | $job | $name | $mbs | $ratio | $(( (rss + 512) / 1024 )) MiB |"
    last=$seconds
}

echo "| command | job | input | MB/s | vs peer | peak RSS |"
echo "|---|---|---|---:|---:|---:|"
row copy big-urls.txt 5 "cat"
for input in big-urls.txt big-utf8.txt; do
    row "encode (peer)" $input 5 "$peers encode"; peer=$last
    row encode $input 5 "$uriesc encode" "$peer"
    row encode $input 3 "python3 $scripts/quote.py"
    row encode $input 3 "node $scripts/encodeURIComponent.js"
done
row "encode --file" big-urls.txt 5 "$uriesc encode -f $inputs/big-urls.txt"
# The NUL file reads as fast as its pages lie (files of one size on tmpfs read 5-20% apart):
# its own floor, to compare -z with line mode net of reading.
row copy big-urls.nul 5 "cat"
row "encode -z" big-urls.nul 5 "$uriesc encode -z"
row "encode --whole" big-urls.txt 5 "$uriesc encode --whole"
for input in big-encoded.txt big-utf8-encoded.txt; do
    row "decode (peer)" $input 5 "$peers decode"; peer=$last
    row decode $input 5 "$uriesc decode" "$peer"
    row decode $input 3 "python3 $scripts/unquote.py"
    row decode $input 3 "node $scripts/decodeURIComponent.js"
done
# `check` without -q: -q stops at the first invalid record (as grep -q does), and the peers
# read every line. Its reports of the invalid ones go to /dev/null with the rest.
row "check RFC 3986 (peer: fluent-uri)" big-urls.txt 5 "$peers fluent-uri"; peer=$last
row "check RFC 3986" big-urls.txt 5 "$uriesc check -c reference" "$peer"
row "clean (peer: fluent-uri)" big-urls.txt 5 "$peers fluent-uri"; peer=$last
row clean big-urls.txt 5 "$uriesc clean" "$peer"
row pretty-print big-urls.txt 5 "$uriesc pretty-print" "$peer"
row pretty-print big-encoded.txt 5 "$uriesc pretty-print"
# The WHATWG jobs' peer is a loop over ada, the parser uriesc calls: the ratio is what uriesc
# adds around it. The `url` crate's loops are timed against the same peer (ada's time over
# theirs).
row "check WHATWG (peer: ada can_parse)" big-urls.txt 5 "$peers ada-can-parse"; peer=$last
row "check WHATWG" big-urls.txt 5 "$uriesc check --whatwg" "$peer"
row "check --confusion (peer: ada can_parse)" big-urls.txt 5 "$uriesc check --confusion" "$peer"
row "check WHATWG (url)" big-urls.txt 5 "$peers url" "$peer"
row "check WHATWG (url, violations reported)" big-urls.txt 5 "$peers url-violations" "$peer"
row "check WHATWG (node URL.canParse)" big-urls.txt 3 "node $scripts/canParse.js" "$peer"
row "clean WHATWG (peer: ada, href written)" big-urls.txt 5 "$peers ada-href"; peer=$last
row "clean WHATWG --basic" big-urls.txt 5 "$uriesc clean --whatwg --basic" "$peer"
row "clean WHATWG" big-urls.txt 5 "$uriesc clean --whatwg" "$peer"
row "clean WHATWG (url, href written)" big-urls.txt 5 "$peers url-href" "$peer"
if "$uriesc" parse --help >/dev/null 2>&1; then
    row "parse WHATWG JSON (peer: ada getters, serde_json)" big-urls.txt 5 "$peers ada-json"
    peer=$last
    row "parse WHATWG JSON" big-urls.txt 5 "$uriesc parse --whatwg --format json" "$peer"
    if trurl=$(find_trurl); then
        row "parse host (peer: trurl $("$trurl" --version | head -1 | cut -d' ' -f3))" \
            big-urls.txt 3 "$trurl --url-file - --get '{host}'"
        peer=$last
        row "parse host" big-urls.txt 5 "$uriesc parse --get '{host}'" "$peer"
    else
        echo "| \`trurl\` | parse host (peer: trurl) | big-urls.txt | not run: no trurl (see the header of bench/compare.sh) | | |"
        row "parse host" big-urls.txt 5 "$uriesc parse --get '{host}'"
    fi
else
    echo "| \`uriesc parse\` | parse | big-urls.txt | not run: this uriesc has no parse command | | |"
fi
if "$uriesc" edit --help >/dev/null 2>&1; then
    row "edit WHATWG set host (peer: ada set_host + href)" big-urls.txt 5 "$peers ada-set-host"
    peer=$last
    row "edit WHATWG set host" big-urls.txt 5 "$uriesc edit --whatwg --set host=example.org" \
        "$peer"
    # The first `?` (before any `#`) starts the query; an empty pair is an `&` at its start or
    # right after another.
    LC_ALL=C grep -avE '^[^?#]*\?([^#]*&)?&' "$inputs/big-urls.txt" \
        > "$inputs/big-urls-no-empty-pair.txt"
    if trurl=$(find_trurl); then
        row "edit remove utm_* (peer: trurl $("$trurl" --version | head -1 | cut -d' ' -f3) --qtrim)" \
            big-urls-no-empty-pair.txt 3 "$trurl --url-file - --qtrim 'utm_*'"
        peer=$last
        row "edit remove utm_*" big-urls-no-empty-pair.txt 5 \
            "$uriesc edit --remove-param 'utm_*'" "$peer"
    else
        echo "| \`trurl\` | edit remove utm_* (peer: trurl --qtrim) | big-urls-no-empty-pair.txt | not run: no trurl (see the header of bench/compare.sh) | | |"
        row "edit remove utm_*" big-urls-no-empty-pair.txt 5 "$uriesc edit --remove-param 'utm_*'"
    fi
else
    echo "| \`uriesc edit\` | edit | big-urls.txt | not run: this uriesc has no edit command | | |"
fi
# --- match ---------------------------------------------------------------------------------
# `match` against a loop over the urlpattern crate (0.6.0: its `url` crate parses each line,
# `UrlPattern::test` tries each pattern, examples/urlpattern.rs) and against the loop over ada
# that only parses and writes each href (`match` must cost little more than reading the URLs).
# A host pattern, a pathname pattern; then 100 patterns, `https://{*.}?HOST/*` for the 100
# hosts most frequent in the corpus (a scope list), on a tenth of it: the crate's loop takes
# minutes on the whole.
if "$uriesc" match --help >/dev/null 2>&1; then
    for pattern in 'https://*.example.com/*' '*://*/api/:version/*'; do
        row "match (peer: urlpattern crate)" big-urls.txt 3 "$urlpattern '$pattern'"
        peer=$last
        row "match $pattern" big-urls.txt 5 "$uriesc match '$pattern'" "$peer"
        row "match (peer: ada, href written)" big-urls.txt 5 "$peers ada-href"
        row "match $pattern (vs ada)" big-urls.txt 5 "$uriesc match '$pattern'" "$last"
    done
    head -n "$(( $(wc -l < "$inputs/big-urls.txt") / 10 ))" "$inputs/big-urls.txt" \
        > "$inputs/big-urls-tenth.txt"
    awk -F/ 'NF > 3 && $1 ~ /^https?:$/ { print $3 }' "$inputs/big-urls.txt" \
        | LC_ALL=C grep -E '^[a-z0-9.-]+$' | sort | uniq -c | sort -rn | awk 'NR <= 100' \
        | awk '{ print "https://{*.}?" $2 "/*" }' > "$inputs/scope-100.txt"
    row "match 100 patterns (peer: urlpattern crate)" big-urls-tenth.txt 1 \
        "$urlpattern --pattern-file $inputs/scope-100.txt"
    peer=$last
    row "match 100 patterns" big-urls-tenth.txt 5 \
        "$uriesc match --pattern-file $inputs/scope-100.txt" "$peer"
else
    echo "| \`uriesc match\` | match | big-urls.txt | not run: this uriesc has no match command | | |"
fi

# ---- extract: its rows, begin (see the header) ----
# The xurls to time, its path on stdout; fails if none can be had.
find_xurls() {
    if [ -n "${XURLS:-}" ]; then echo "$XURLS"; return; fi
    if command -v xurls >/dev/null; then command -v xurls; return; fi
    [ -n "${XURLS_SRC:-}" ] && [ -f "$XURLS_SRC/xurls.go" ] || return 1
    local go=/usr/lib/go-1.23/bin/go gopath="$inputs/gopath"
    [ -x "$go" ] || return 1
    if [ ! -x "$gopath/xurls" ]; then
        mkdir -p "$gopath/src/mvdan.cc/xurls"
        rm -rf "$gopath/src/mvdan.cc/xurls/v2"
        cp -r "$XURLS_SRC" "$gopath/src/mvdan.cc/xurls/v2"
        (cd "$gopath/src/mvdan.cc/xurls/v2" && GO111MODULE=off \
            GOPATH="$gopath:/usr/share/gocode" "$go" build -o "$gopath/xurls" ./cmd/xurls) >&2 \
            || return 1
    fi
    echo "$gopath/xurls"
}
if [ ! -s "$inputs/docs.md" ] && [ -n "${EXTRACT_DOCS:-}" ]; then
    find "$EXTRACT_DOCS" -name '*.md' -print0 | sort -z | xargs -0 cat > "$inputs/docs-one.md"
    while [ "$(stat -c %s "$inputs/docs.md" 2>/dev/null || echo 0)" -lt 100000000 ]; do
        cat "$inputs/docs-one.md" >> "$inputs/docs.md"
    done
fi
if [ -s "$inputs/docs.md" ]; then
    cargo build --release --quiet --example linkify --example markdown-links >&2
    linkify=$PWD/target/release/examples/linkify
    markdown=$PWD/target/release/examples/markdown-links
    # The same text with no URL (nor address) in it: `cat`'s floor.
    tr -d ':@' < "$inputs/docs.md" > "$inputs/docs-no-url.txt"
    head -c 10000000 "$inputs/docs.md" > "$inputs/docs-10mb.md"
    row "extract text (peer: linkify)" docs.md 5 "$linkify"; peer=$last
    row "extract text" docs.md 5 "$uriesc extract --from text" "$peer"
    row "extract text, no URL (peer: cat)" docs-no-url.txt 5 "cat"; peer=$last
    row "extract text, no URL" docs-no-url.txt 5 "$uriesc extract --from text" "$peer"
    row "extract Markdown (peer: pulldown-cmark alone)" docs.md 5 "$markdown --parse-only"
    peer=$last
    row "extract Markdown" docs.md 5 "$uriesc extract --from markdown" "$peer"
    extract_md=$last
    row "extract Markdown (lychee's way)" docs.md 5 "$markdown"; peer=$last
    row "extract Markdown (peer: lychee's way)" docs.md 5 "$uriesc extract --from markdown" \
        "$peer"
    row "check --extract Markdown (peer: extract Markdown)" docs.md 5 \
        "$uriesc check --extract $inputs/docs.md" "$extract_md"
    if xurls=$(find_xurls); then
        row "extract text (peer: xurls)" docs-10mb.md 1 "$xurls"; peer=$last
        row "extract text" docs-10mb.md 5 "$uriesc extract --from text" "$peer"
    else
        echo "| \`xurls\` | extract text (peer: xurls) | docs-10mb.md | not run: no xurls (see the header of bench/compare.sh) | | |"
    fi
else
    echo "| \`uriesc extract\` | extract | docs.md | not run: no \$EXTRACT_DOCS (see the header) | | |"
fi
# ---- extract: its rows, end ----


# ==== key (issue 45): whatwg against ada, surt against the surt package, --unique ====
# `key --profile whatwg` against the loop over ada that writes each href (the peers example's
# `ada-href`: the parser `key` calls, so the ratio is what `key` adds around it); `key
# --profile whatwg --unique` against `key --profile whatwg` (its ratio under 1 is what the
# digest set costs); `key --profile surt` against the `surt` Python package (internetarchive/
# surt 0.3.1, AGPL-3.0, run from a venv, not copied: bench/surt-peer.py, which keeps it
# offline), in SURT_VENV (default /tmp/surtvenv), made with pip at first use. The package
# takes minutes on the corpus: one run, no warm-up. `key` against ada and `--unique` against
# `key` alone are timed in pairs (`paired_row`), 21 of them: each pair differs by a few tenths
# of a second, and `row`'s medians, taken one command after the other, put `--unique`'s ratio
# anywhere from 0.57 to 1.22, and `key`'s to ada from 1.23 to 2.59, in five runs of this block
# on a shared 2-core virtual machine.
if "$uriesc" key --help >/dev/null 2>&1; then
    row "key whatwg (peer: ada, href written)" big-urls.txt 5 "$peers ada-href"
    paired_row "key whatwg (peer: ada, href written)" big-urls.txt 21 \
        "$uriesc key --profile whatwg" "$peers ada-href"
    paired_row "key whatwg --unique (peer: key whatwg)" big-urls.txt 21 \
        "$uriesc key --profile whatwg --unique" "$uriesc key --profile whatwg"
    venv=${SURT_VENV:-/tmp/surtvenv}
    if "$venv/bin/python" -c 'import surt' 2>/dev/null \
        || { python3 -m venv "$venv" && "$venv/bin/pip" install -q 'surt==0.3.1'; } >&2; then
        WARMUP=0 row "key surt (peer: the surt package 0.3.1, Python)" big-urls.txt 1 \
            "$venv/bin/python $PWD/bench/surt-peer.py"
        peer=$last
        row "key surt" big-urls.txt 5 "$uriesc key --profile surt" "$peer"
    else
        echo "| \`surt-peer.py\` | key surt (peer: the surt package) | big-urls.txt | not run: no surt package (pip install surt) | | |"
        row "key surt" big-urls.txt 5 "$uriesc key --profile surt"
    fi
fi
# ==== end of key ====
