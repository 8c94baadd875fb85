#!/usr/bin/env bash
# The flash table of docs/perf/firmware.md: the example's `read_config`, `write_config` and both,
# against serde-json-core-peer/ doing the same job, each built as a `no_std` static library
# (fat LTO, one codegen unit, panic = "abort") and linked with `--gc-sections` from those
# entry points alone. Flash is `.text` + `.rodata` of the linked image.
#
# Then checks structio's figures against size-budget.txt: a row above its budget fails, so a
# change that grows flash is seen, and the budget is raised (or lowered) on purpose.
#
#   size-table.sh [TARGET:OPT[:size] ...]   (default: the rows of size-budget.txt)
#
# A row ending in `:size` builds with the `size` feature (structio-json's size configuration);
# serde-json-core's figures are the same in both.
#
# A target whose standard library is missing (and that rustup cannot add) is skipped with a
# message.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$here/build-lib.sh"
budget="$here/size-budget.txt"
if ! command -v llvm-size >/dev/null; then
    echo "size-table: skipped, llvm-size is missing (apt-get install llvm)"
    exit 0
fi
rows=("$@")
if [ ${#rows[@]} -eq 0 ]; then
    mapfile -t rows < <(awk '!/^#/ && NF >= 2 { print $1 ":" $2 ($6 == "size" ? ":size" : "") }' "$budget")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# measure MANIFEST TARGET OPT [CARGO ARGS...] -> "read write both"
measure() {
    local lib
    lib=$(build_lib "$@")
    link_image "$lib" "$work/r.elf" read_config
    link_image "$lib" "$work/w.elf" write_config
    link_image "$lib" "$work/b.elf" read_config write_config
    echo "$(flash "$work/r.elf") $(flash "$work/w.elf") $(flash "$work/b.elf")"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
fail=0
echo "| target | opt-level | configuration | structio read | structio write | both | serde-json-core read | serde-json-core both | both ratio | read ratio |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
for row in "${rows[@]}"; do
    IFS=: read -r target opt config <<<"$row"
    config=${config:-speed}
    features=()
    [ "$config" = size ] && features=(--features size)
    have_target "$target" || continue
    read -r r w b <<<"$(measure "$here/Cargo.toml" "$target" "$opt" "${features[@]}")"
    read -r pr _ pb <<<"$(measure "$here/serde-json-core-peer/Cargo.toml" "$target" "$opt")"
    echo "| $target | \"$opt\" | $config | $r | $w | $b | $pr | $pb | $(ratio "$b" "$pb") | $(ratio "$r" "$pr") |"
    limit=$(awk -v t="$target" -v o="$opt" -v c="$config" \
        '!/^#/ && $1 == t && $2 == o && ($6 == "" ? "speed" : $6) == c { print $3, $4, $5 }' "$budget")
    if [ -n "$limit" ]; then
        read -r lr lw lb <<<"$limit"
        for pair in "read $r $lr" "write $w $lw" "both $b $lb"; do
            read -r what got max <<<"$pair"
            if [ "$got" -gt "$max" ]; then
                echo "size-table: $target \"$opt\" $config $what is $got bytes, over its budget of $max (size-budget.txt)" >&2
                fail=1
            fi
        done
    fi
done
if [ "$fail" -ne 0 ]; then
    exit 1
fi
echo "size-table: within size-budget.txt"
