#!/bin/sh
# Where `uriesc key --profile surt` and the `surt` Python package (its `surt.surt`) differ, on
# the first LINES of a URL file: LINE<TAB>INPUT<TAB>SURT<TAB>URIESC on stdout, the counts by
# cause on stderr. The two differ on purpose for surt#28 and surt#20 (docs/key.md says why).
#
#   bench/surt-diff.sh [URLS [LINES [FLAGS...]]]   # FLAGS: --with-scheme --trailing-comma --keep-www
#
# The package (AGPL-3.0) is run, not copied: installed into a venv (SURT_VENV, default
# /tmp/surtvenv) from PyPI at first use; bench/surt-peer.py keeps it offline.
set -eu
cd "$(dirname "$0")/.."
urls=${1:-/dev/shm/ub/big-urls.txt}
lines=${2:-200000}
[ $# -ge 2 ] && shift 2 || shift $#
venv=${SURT_VENV:-/tmp/surtvenv}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import surt' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'surt==0.3.1'
fi
cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n "$lines" "$urls" > "$tmp/in"
target/release/uriesc key --profile surt "$@" < "$tmp/in" > "$tmp/uriesc" 2>/dev/null || true
"$venv/bin/python" bench/surt-peer.py "$@" < "$tmp/in" > "$tmp/surt"
python3 bench/surt-peer.py --compare "$tmp/in" "$tmp/surt" "$tmp/uriesc"
