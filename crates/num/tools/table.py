#!/usr/bin/env python3
"""Prints the num benchmark table (ns per value, ratio to structio) from criterion's estimates.

Usage: tools/table.py $CARGO_TARGET_DIR/criterion
"""
import json, os, sys

root = sys.argv[1]
N = 10_000
groups = sorted(d for d in os.listdir(root) if d.startswith(("write_", "read_")))
print("| case | structio | peers (ns/value, structio / peer) |")
print("|---|---:|---|")
for g in groups:
    res = {}
    for b in sorted(os.listdir(os.path.join(root, g))):
        f = os.path.join(root, g, b, "new", "estimates.json")
        if os.path.exists(f):
            res[b] = json.load(open(f))["median"]["point_estimate"] / N
    if "structio" not in res:
        continue
    ours = res.pop("structio")
    peers = ", ".join(f"{p} {v:.2f} ({ours / v:.2f}x)" for p, v in sorted(res.items()))
    print(f"| {g.replace('_', ' ', 1)} | {ours:.2f} | {peers} |")
