#!/usr/bin/env bash
# Whether two builds of uriesc write the same bytes: every command, every standard, every
# component each command takes, and the options that change output, over every file of a corpus
# directory. Use it around a change that must not change behaviour (a refactor):
#
#   bench/same-output.sh OLD-BINARY NEW-BINARY CORPUS-DIR
#
# ONLY=COMMAND in the environment keeps the runs of that command alone (ONLY=parse).
#
# For each run it compares stdout, stderr and the exit status, and prints the runs that differ
# (at most the first lines of the difference). Exit status: 0 all alike, 1 some differ, 2 usage.
set -euo pipefail

if [[ $# -ne 3 || ! -x $1 || ! -x $2 || ! -d $3 ]]; then
    echo "usage: $0 OLD-BINARY NEW-BINARY CORPUS-DIR (two uriesc binaries, a directory of inputs)" >&2
    exit 2
fi
old=$1 new=$2 corpus=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

standards=("-r 3986" "-r 2396" "-r 1738" "-w")
data_components=(any userinfo host path segment query param form fragment)
check_components=(uri reference scheme userinfo host port path segment query fragment)

runs=()
for std in "${standards[@]}"; do
    for c in "${data_components[@]}"; do
        runs+=("encode $std -c $c" "encode $std -c $c --plus --lower")
    done
    for c in "${check_components[@]}"; do
        runs+=("check $std -c $c" "check $std -c $c --format json" "check $std -c $c --format github --color never")
    done
    for c in uri reference; do
        runs+=("clean $std -c $c" "clean $std -c $c --basic" "clean $std -c $c --normalize")
    done
    runs+=("clean $std --idna" "clean $std -c reference --base http://a/b/c/d;p?q")
    runs+=("table $std" "table $std --format json")
done
for c in "${data_components[@]}"; do
    runs+=("decode -c $c" "decode -c $c --utf8 lossy" "decode -c $c --strict --utf8 strict")
done
# parse: each format, and templates of every field of each reading (a template is one word:
# its `|` and braces are not the shell's here, and it holds no space, `*`, `?` or `[`).
rfc_fields="{scheme}|{userinfo}|{host}|{host_type}|{port}|{path}|{query}|{fragment}"
whatwg_fields="{href}|{origin}|{protocol}|{username}|{password}|{host}|{hostname}|{port}|{pathname}|{search}|{hash}"
derived_fields="{segments}|{params}|{public_suffix}|{public_suffix_section}|{registrable_domain}|{display_host}"
for std in "${standards[@]}"; do
    fields=$rfc_fields
    [[ $std == -w ]] && fields=$whatwg_fields
    runs+=("parse $std" "parse $std --format json" "parse $std --plus --format json")
    runs+=("parse $std --get $fields|$derived_fields" "parse $std --get ${fields//\}/|decoded\}}")
    runs+=("parse $std --get ${derived_fields//\}/|decoded\}}|{segment:1}|{segment:-1|decoded}|{query:a}|{query-all:q}")
    runs+=("parse $std --get {hostname}" "parse $std --get {host_type}")
    runs+=("parse $std --base http://a/b/c/d;p?q" "parse $std --base http://a/b/c/d;p?q --format json")
done
runs+=("check --confusion" "check --confusion --format json" "check --valid" "check --invalid")
runs+=("check --color always" "pretty-print" "pretty-print --idna" "pretty-print --color always")
# key: every profile, its key alone, with the record, and --unique (whose choices do not depend
# on the run's random hash key, but for a collision: odds in docs/key.md).
for profile in whatwg rfc3986 signature safebrowsing surt ssurt; do
    runs+=("key --profile $profile" "key --profile $profile --with-key --format json")
    runs+=("key --profile $profile --unique --with-key")
done
runs+=("key --profile whatwg --no-fragment" "key --profile safebrowsing --expressions --hash")
runs+=("key --profile surt --with-scheme --trailing-comma --keep-www")

if [[ -n ${ONLY:-} ]]; then
    kept=()
    for run in "${runs[@]}"; do
        [[ ${run%% *} == "$ONLY" ]] && kept+=("$run")
    done
    runs=("${kept[@]}")
fi

differ=0 count=0
for input in "$corpus"/*; do
    [[ -f $input ]] || continue
    for run in "${runs[@]}"; do
        count=$((count + 1))
        # shellcheck disable=SC2086 # each run is a list of words
        for side in old new; do
            status=0
            "${!side}" $run -f "$input" >"$work/$side.out" 2>"$work/$side.err" </dev/null || status=$?
            echo "$status" >"$work/$side.status"
        done
        # The program's own name appears in clap's messages; compare without it.
        sed -i "s#$(basename "$old")#uriesc#g; s#$(basename "$new")#uriesc#g" "$work"/*.err
        for part in out err status; do
            if ! cmp -s "$work/old.$part" "$work/new.$part"; then
                differ=$((differ + 1))
                echo "DIFFERS ($part): uriesc $run -f $input"
                diff <(head -c 100000 "$work/old.$part") <(head -c 100000 "$work/new.$part") | head -6 || true
                break
            fi
        done
    done
done
echo "$count runs, $differ differ"
[[ $differ -eq 0 ]]
