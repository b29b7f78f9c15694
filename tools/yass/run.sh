#!/bin/sh
# Solves every level of an XSB collection with YASS, one at a time, the way
# docs/benchmarks.md compares it with Frontier. YASS is not part of Frontier: see README.md
# for where to get its source.
#
#   tools/yass/run.sh YASS.pas COLLECTION.xsb [SECONDS] [JOBS]
#
# Prints one tab-separated line per level: its number, solved or unsolved, and milliseconds.
set -eu
yass_source=$1
collection=$2
seconds=${3:-10}
jobs=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$yass_source" "$work/YASS.pas"
cp "$here/yassrun.lpr" "$work/"
(cd "$work" && fpc -O3 -Mdelphi yassrun.lpr >"$work/build.log") || {
    cat "$work/build.log" >&2
    exit 1
}
python3 "$here/split.py" "$collection" "$work/levels"
ls "$work/levels" | sort -n | xargs -P "$jobs" -I{} sh -c '
    result=$(timeout $(('"$seconds"' * 3)) "'"$work"'/yassrun" "'"$work"'/levels/{}" '"$seconds"' 1024 \
        | cut -d" " -f1,2)
    printf "%s\t%s\t%s\n" "{}" "${result% *}" "${result#* }"' | sort -n
