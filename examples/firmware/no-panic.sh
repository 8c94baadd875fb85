#!/usr/bin/env bash
# The link-time no-panic proof. The example crate is built as a static library for
# thumbv7em-none-eabihf with the `no-panic` feature, whose `#[panic_handler]` calls
# `structio_firmware_panic_is_reachable`, a symbol defined nowhere; then it is linked with
# `--gc-sections` from `read_config` and `write_config`. The link succeeds only if no panic
# path survives optimisation in anything those two can reach. Done at opt-level "s" and "z"
# (the optimiser proves different things at each), in the speed configuration (the default) and
# the size configuration (the `size` feature).
#
# On failure it names each panic site still reachable: the call into `core::panicking` and the
# source lines it was inlined from (the build carries line tables for this; they do not change
# the code).
#
#   no-panic.sh [TARGET]   (default thumbv7em-none-eabihf; exit 0 when every build links)
#
# NO_PANIC_BUILDS narrows the builds, as OPT[:size] words (default "s z s:size z:size").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$here/build-lib.sh"
target=${1:-thumbv7em-none-eabihf}
have_target "$target" || exit 0
for tool in llvm-objdump llvm-symbolizer llvm-size; do
    if ! command -v "$tool" >/dev/null; then
        echo "no-panic: skipped, $tool is missing (apt-get install llvm)" >&2
        exit 0
    fi
done
export FIRMWARE_DEBUG=line-tables-only
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
for build in ${NO_PANIC_BUILDS:-s z s:size z:size}; do
    IFS=: read -r opt config <<<"$build"
    config=${config:-speed}
    features=no-panic
    [ "$config" = size ] && features=no-panic,size
    lib=$(build_lib "$here/Cargo.toml" "$target" "$opt" --features "$features")
    what="$target opt-level \"$opt\", $config configuration"
    if link_image "$lib" "$work/image.elf" read_config write_config 2>"$work/lld.err"; then
        echo "no-panic: $what: links, no panic reachable from read_config and write_config"
        continue
    fi
    fail=1
    echo "no-panic: $what: a panic path is reachable:" >&2
    sed 's/^/    /' "$work/lld.err" | head -5 >&2
    # Link again letting the symbol stay undefined, then list every call site into a function
    # of core that can reach the panic handler, with the inlined source frames of the site.
    link_image "$lib" "$work/image.elf" read_config write_config -- --unresolved-symbols=ignore-all
    llvm-objdump -d --no-show-raw-insn "$work/image.elf" | awk '
        /^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
        fn != "" && /^ *[0-9a-f]+:/ && match($0, /<[^>]+>/) {
            t = substr($0, RSTART + 1, RLENGTH - 2); sub(/\+0x[0-9a-f]+$/, "", t)
            a = $1; sub(":", "", a)
            if (t != fn) print fn, t, "0x" a
        }' >"$work/edges"
    awk -v core='4core|core\\.\\.|^OUTLINED_FUNCTION' '
        { caller[NR] = $1; callee[NR] = $2; site[NR] = $3 }
        END {
            # core::panicking and the functions of core that call into it (out-of-line index
            # checks such as slice_index_fail, v0 or legacy mangling), and the fragments the
            # machine outliner shares between call sites at opt-level "z".
            for (i = 1; i <= NR; i++)
                if (callee[i] ~ /4core9panicking|rust_begin_unwind/) panics[callee[i]] = 1
            do {
                grew = 0
                for (i = 1; i <= NR; i++)
                    if ((callee[i] in panics) && !(caller[i] in panics) && caller[i] ~ core) {
                        panics[caller[i]] = 1; grew = 1
                    }
            } while (grew)
            for (i = 1; i <= NR; i++)
                if ((callee[i] in panics) && caller[i] !~ core && caller[i] !~ /rust_begin_unwind/)
                    print site[i]
        }' "$work/edges" | sort -u >"$work/sites"
    echo "    $(wc -l <"$work/sites") call sites into core's panic paths (innermost frame first):" >&2
    llvm-symbolizer --obj="$work/image.elf" --inlining <"$work/sites" 2>/dev/null |
        awk 'NF == 0 { print "    --"; next }
             /:[0-9]+:[0-9]+$/ { sub(".*/(crates|library|examples)/", ""); print "      " $0; next }
             { print "    " $0 }' >&2 || true
done
exit "$fail"
