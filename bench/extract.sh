#!/usr/bin/env bash
# Times `uriesc extract` and `check --extract` whole process on about 100 MB of real Markdown
# (DOCS_DIR's *.md concatenated and repeated into /dev/shm), next to `grep -oE` and `cat`,
# output to a file on /dev/shm;
# prints a table of seconds (the best of RUNS) and peak RSS (its last run:
# bench/history/2026-11-28-extract.md).
#
#   bash bench/extract.sh DOCS_DIR [RUNS]
set -euo pipefail
docs=${1:?DOCS_DIR: a directory of Markdown files}
runs=${2:-5}
bin=${URIESC:-target/release/uriesc}
[ -x "$bin" ] || cargo build --release --locked >&2
work=$(mktemp -d /dev/shm/uriesc-extract.XXXXXX)
trap 'rm -rf "$work"' EXIT
find "$docs" -name '*.md' -print0 | sort -z | xargs -0 cat > "$work/one.md"
copies=$(( (100 * 1000 * 1000 + $(stat -c %s "$work/one.md") - 1) / $(stat -c %s "$work/one.md") ))
for _ in $(seq "$copies"); do cat "$work/one.md"; done > "$work/docs.md"
cp "$work/docs.md" "$work/docs.txt"
tr -d ':@' < "$work/docs.md" > "$work/no-url.txt"

# best wall seconds and peak RSS (KiB) of a command, its output to a file on /dev/shm
best() {
    local best="" rss=""
    for _ in $(seq "$runs"); do
        # Status 1 (nothing found, a URL invalid) is no failure here. The output goes to a
        # file: GNU grep stops at its first match when it writes to /dev/null.
        /usr/bin/time -o "$work/time" -f '%e %M' "$@" > "$work/out" 2>&1 || true
        local t rss_now
        read -r t rss_now < <(tail -1 "$work/time")
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t rss=$rss_now; fi
    done
    echo "$best $rss"
}

printf '| job | input | seconds | peak RSS (KiB) |\n|---|---|---|---|\n'
row() { local name=$1 input=$2; shift 2; read -r s k < <(best "$@"); printf '| %s | %s | %s | %s |\n' "$name" "$input" "$s" "$k"; }
size=$(( $(stat -c %s "$work/docs.md") / 1000000 ))
row "uriesc extract --from text" "${size} MB Markdown" "$bin" extract --from text "$work/docs.md"
row "uriesc extract (Markdown)" "${size} MB Markdown" "$bin" extract "$work/docs.md"
row "uriesc check --extract (text)" "${size} MB Markdown" "$bin" check --extract "$work/docs.txt"
row "uriesc check --extract (Markdown)" "${size} MB Markdown" "$bin" check --extract "$work/docs.md"
row "uriesc extract --from text" "no URL" "$bin" extract --from text "$work/no-url.txt"
row "grep -oE 'https?://[^ ]+'" "${size} MB Markdown" grep -oE 'https?://[^ ]+' "$work/docs.md"
row "cat" "${size} MB Markdown" cat "$work/docs.md"
row "cat" "no URL" cat "$work/no-url.txt"
