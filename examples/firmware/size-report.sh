#!/usr/bin/env bash
# Code size of one function with everything it can reach: the function's own bytes plus every
# function it calls or jumps to, transitively, plus every read-only table those reference (by
# following the call/jump targets and `# <symbol>` comments of `objdump -d`). This is what that
# function costs in a firmware image; `size` of the whole binary also counts the harness.
#
#   size-report.sh BINARY SYMBOL   ->  "SYMBOL: own N bytes, reachable code C bytes in F
#                                       functions, tables T bytes"
set -euo pipefail
bin=$1
root=$2
sizes=$(mktemp)
edges=$(mktemp)
trap 'rm -f "$sizes" "$edges"' EXIT
# name -> size and type (t/T code, r/R read-only data), unmangled names kept mangled for
# uniqueness.
nm -S -t d --defined-only "$bin" | awk 'NF == 4 { print $4, $2 + 0, tolower($3) }' > "$sizes"
# caller -> callee for every symbol an instruction names.
objdump -d --no-show-raw-insn "$bin" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
    fn != "" && match($0, /<[^>]+>/) {
        t = substr($0, RSTART + 1, RLENGTH - 2); sub(/\+0x[0-9a-f]+$/, "", t)
        if (t != fn) print fn, t
    }' | sort -u > "$edges"
awk -v root="$root" '
    FNR == NR { size[$1] = $2; kind[$1] = $3; next }
    { out[$1] = out[$1] " " $2 }
    END {
        queue[0] = root; seen[root] = 1; n = 1
        for (i = 0; i < n; i++) {
            k = split(out[queue[i]], next_, " ")
            for (j = 1; j <= k; j++) if (!(next_[j] in seen)) { seen[next_[j]] = 1; queue[n++] = next_[j] }
        }
        for (s in seen) {
            if (kind[s] == "t") { code += size[s]; fns++ } else if (kind[s] == "r") tables += size[s]
        }
        printf "%s: own %d bytes, reachable code %d bytes in %d functions, tables %d bytes\n", root, size[root], code, fns, tables
    }' "$sizes" "$edges"
