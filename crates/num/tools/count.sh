#!/bin/sh
# Instructions per value for every case and peer, from callgrind (machine load does not move
# them). Build first: RUSTFLAGS="-C target-cpu=native" cargo build --release -p structio-num --example count
BIN=${1:-target/release/examples/count}
ir() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" "$3" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for spec in "w_u64_short structio structio_list itoa" "w_u64_13 structio structio_list itoa" \
    "w_i64_short structio structio_list itoa" \
    "w_f64_arbitrary structio zmij ryu" "w_f64_short structio zmij ryu" \
    "r_u64_short structio std" "r_u64_13 structio std" "r_i64_short structio std" \
    "r_f64_arbitrary structio fast_float2 std" "r_f64_short structio fast_float2 std"; do
    set -- $spec
    case=$1
    shift
    line="$case"
    for peer in "$@"; do
        a=$(ir "$case" "$peer" 0)
        b=$(ir "$case" "$peer" 10)
        line="$line $peer=$(( (b - a) / 100000 ))"
    done
    echo "$line"
done
