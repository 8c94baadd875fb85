#!/usr/bin/env bash
# Runs the firmware example on a Cortex-M4 under QEMU (`mps2-an386`, semihosting for the
# console and the exit code): reads the config, writes it back byte-identical, and checks the
# error kinds of a too-long SSID (`StringTooLong`), nine channels into eight
# (`TooManyElements`), a truncated file (`UnexpectedEnd`) and a small buffer (`BufferFull`).
# It prints the stack `read_config` used (measured by painting), and the same figure for
# serde-json-core's `read_config` (serde-json-core-peer/).
#
# QEMU_FEATURES=size runs the size configuration instead of the speed one.
#
# Skips, with a message and exit code 0, when qemu-system-arm or the thumbv7em-none-eabihf
# standard library is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$here/build-lib.sh"
target=thumbv7em-none-eabihf
if ! command -v qemu-system-arm >/dev/null; then
    echo "qemu: skipped, qemu-system-arm is missing (apt-get install qemu-system-arm)"
    exit 0
fi
have_target "$target" || exit 0
export CARGO_TERM_COLOR=never
run() {
    # A hung image (a panic loops after its exit request fails) is a failure, not a stall.
    timeout 120 qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic -monitor none \
        -serial none -semihosting-config enable=on,target=native -kernel "$1"
}
CARGO_TARGET_DIR="$root/target/firmware-qemu" cargo build --quiet --release \
    --manifest-path "$here/Cargo.toml" --target "$target" --features "qemu${QEMU_FEATURES:+,$QEMU_FEATURES}" --bin firmware-qemu
run "$root/target/firmware-qemu/$target/release/firmware-qemu"
CARGO_TARGET_DIR="$root/target/firmware-qemu-peer" cargo build --quiet --release \
    --manifest-path "$here/serde-json-core-peer/Cargo.toml" --target "$target" --features qemu \
    --bin peer-qemu
run "$root/target/firmware-qemu-peer/$target/release/peer-qemu"
echo "qemu: 1 passed, 0 failed"
