#!/usr/bin/env bash
# Shared by no-panic.sh and size-table.sh (sourced, not run): builds a firmware crate as a
# `no_std` static library for a bare-metal target (fat LTO, one codegen unit, panic = "abort",
# the opt-level asked for) and links it with rust-lld and `--gc-sections` from the entry
# points named, so the image holds exactly what those functions can reach.

# The rust-lld rustup ships with the active toolchain.
lld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"

# Whether rustup has TARGET's standard library (or can add it); says why not on stderr.
have_target() {
    local target=$1
    if rustc --print sysroot >/dev/null && [ -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
        return 0
    fi
    if command -v rustup >/dev/null && rustup target add "$target" >/dev/null 2>&1; then
        return 0
    fi
    echo "skipped: the $target standard library is not installed and rustup cannot add it" >&2
    return 1
}

# build_lib MANIFEST TARGET OPT [CARGO ARGS...] -> prints the path of the static library.
# One target directory for everything: the host-side proc macros are built once, and each
# (crate, target, opt-level, features) keeps its own artifacts there, so switching between them
# does not rebuild. The library is uplifted to the same path each time: link it before the next
# build.
build_lib() {
    local manifest=$1 target=$2 opt=$3
    shift 3
    local dir="${FIRMWARE_TARGET_DIR:-$root/target/firmware-size}"
    CARGO_TARGET_DIR="$dir" CARGO_TERM_COLOR=never \
        CARGO_PROFILE_RELEASE_OPT_LEVEL="$opt" \
        CARGO_PROFILE_RELEASE_DEBUG="${FIRMWARE_DEBUG:-false}" \
        cargo rustc --quiet --release --manifest-path "$manifest" --lib --target "$target" \
        --crate-type staticlib "$@" >&2
    local crate
    crate=$(sed -n 's/^name = "\(.*\)"/\1/p' "$manifest" | head -1)
    echo "$dir/$target/release/lib${crate//-/_}.a"
}

# link_image LIB OUT ROOT... [-- LLD ARGS...]: links LIB from the ROOT functions.
link_image() {
    local lib=$1 out=$2
    shift 2
    local args=() entry=""
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        if [ -z "$entry" ]; then entry=$1; args+=(-e "$1"); else args+=(-u "$1"); fi
        shift
    done
    [ "${1:-}" = "--" ] && shift
    "$lld" -flavor gnu --gc-sections "${args[@]}" "$@" "$lib" -o "$out"
}

# flash ELF: the bytes of .text and .rodata (what goes into flash besides .data's initialisers,
# of which these images have none).
flash() {
    llvm-size -A "$1" | awk '$1 == ".text" || $1 ~ /^\.rodata/ { n += $2 } END { print n + 0 }'
}
