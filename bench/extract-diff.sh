#!/usr/bin/env bash
# Lists every URL that `uriesc extract --from text -n` and the linkify crate's LinkFinder
# (examples/linkify.rs) do not both find, at the same FILE:LINE:COLUMN, in each Markdown file
# under DOCS_DIR; then counts them by cause (the first rule of bench/extract-causes.awk that
# fits each), for docs/extract.md's note.
#
#   bash bench/extract-diff.sh DOCS_DIR [OUT_DIR]
set -euo pipefail
docs=${1:?DOCS_DIR: a directory of Markdown files}
out=${2:-target/extract-diff}
mkdir -p "$out"
cargo build --release --locked --quiet --example linkify
bin=${URIESC:-target/release/uriesc}
[ -x "$bin" ] || cargo build --release --locked --quiet
find "$docs" -name '*.md' -print0 | sort -z > "$out/files"
xargs -0 "$bin" extract --from text -n < "$out/files" | sort -u > "$out/uriesc.txt" || true
xargs -0 target/release/examples/linkify < "$out/files" | sort -u > "$out/linkify.txt"
comm -23 "$out/uriesc.txt" "$out/linkify.txt" > "$out/uriesc-only.txt"
comm -13 "$out/uriesc.txt" "$out/linkify.txt" > "$out/linkify-only.txt"
echo "uriesc: $(wc -l < "$out/uriesc.txt"), linkify: $(wc -l < "$out/linkify.txt")," \
    "both: $(comm -12 "$out/uriesc.txt" "$out/linkify.txt" | wc -l)"
for side in uriesc-only linkify-only; do
    echo "== $side: $(wc -l < "$out/$side.txt")"
    awk -f bench/extract-causes.awk "$out/$side.txt" | sort | uniq -c | sort -rn
done
