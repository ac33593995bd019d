#!/usr/bin/env bash
# Lists every URL that uriesc and the linkify crate do not both find, and counts them by
# cause (the first rule of bench/extract-causes.awk that fits each), for docs/extract.md:
#
# 1. text: `uriesc extract --from text -n` against linkify's LinkFinder over the whole file
#    (URLs only; examples/linkify.rs), at the same FILE:LINE:COLUMN, each Markdown file under
#    DOCS_DIR;
# 2. Markdown: `uriesc extract` (its Markdown reader) against lychee's way, pulldown-cmark's
#    events with each link's and image's destination and linkify over text and raw HTML
#    (examples/markdown-links.rs), as FILE:URL (a reference link's URL is at its definition
#    for one, at each use for the other: the place is left out, each URL once a file);
# 3. HTML: `cargo doc --no-deps` of this crate (into a temporary target directory), `uriesc
#    extract --from html` against lychee's way, html5gum's URL attributes and linkify over
#    the text (examples/html-links.rs), as FILE:URL.
#
#   bash bench/extract-diff.sh DOCS_DIR [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
docs=${1:?DOCS_DIR: a directory of Markdown files}
out=${2:-target/extract-diff}
mkdir -p "$out"
cargo build --release --locked --quiet --example linkify --example markdown-links \
    --example html-links
bin=${URIESC:-target/release/uriesc}
[ -x "$bin" ] || cargo build --release --locked --quiet
examples=target/release/examples

# Compares $out/$1-uriesc.txt with $out/$1-linkify.txt (sorted), and counts by cause ($2:
# what the files' names are relative to).
compare() {
    local kind=$1 u="$out/$1-uriesc.txt" l="$out/$1-linkify.txt"
    comm -23 "$u" "$l" > "$out/$kind-uriesc-only.txt"
    comm -13 "$u" "$l" > "$out/$kind-linkify-only.txt"
    echo "== $kind: uriesc $(wc -l < "$u"), linkify $(wc -l < "$l"), both $(comm -12 "$u" "$l" | wc -l)"
    for side in uriesc-only linkify-only; do
        echo "-- $side: $(wc -l < "$out/$kind-$side.txt")"
        local theirs=$l
        [ "$side" = uriesc-only ] || theirs=$u
        awk -v kind="$kind" -v other="$theirs" -v docs="${2:-}" -f bench/extract-causes.awk \
            "$out/$kind-$side.txt" |
            sort | uniq -c | sort -rn
    done
}
# FILE:LINE:COLUMN:URL to FILE:URL
unplace() { sed -E 's/^([^:]*):[0-9]+:[0-9]+:/\1:/'; }

find "$docs" -name '*.md' -print0 | sort -z > "$out/files"
xargs -0 "$bin" extract --from text -n < "$out/files" | sort -u > "$out/text-uriesc.txt" || true
xargs -0 "$examples/linkify" -n < "$out/files" | sort -u > "$out/text-linkify.txt"
compare text

xargs -0 "$bin" extract -n < "$out/files" | unplace | sort -u > "$out/markdown-uriesc.txt" || true
xargs -0 "$examples/markdown-links" -n < "$out/files" | sort -u > "$out/markdown-linkify.txt"
compare markdown

doc_target=$(mktemp -d)
trap 'rm -rf "$doc_target"' EXIT
cargo doc --no-deps --quiet --target-dir "$doc_target"
find "$doc_target/doc" -name '*.html' -print0 | sort -z > "$out/html-files"
xargs -0 "$bin" extract --from html -n < "$out/html-files" | unplace |
    sed "s|^$doc_target/doc/||" | sort -u > "$out/html-uriesc.txt" || true
xargs -0 "$examples/html-links" -n < "$out/html-files" |
    sed "s|^$doc_target/doc/||" | sort -u > "$out/html-linkify.txt"
compare html "$doc_target/doc/"
