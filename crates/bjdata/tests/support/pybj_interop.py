#!/usr/bin/env python3
"""The pybj side of tests/interop_pybj.rs.

Reads one JSON request from stdin:

  {"decode": [hex, ...], "seed": n, "count": k}

Each `decode` document (written by structio) is read with `bjdata.loadb` and answered as
[tagged(v), hex(bjdata.dumpb(v))], the tagged form below. Then `count` random values from random.Random(seed) are written with
`bjdata.dumpb(v)` and `bjdata.dumpb(v, container_count=True)` and answered as
[hex, hex, tagged(v)].

Tagged form (exact, so that Rust can compare numbers by bits): null, true/false, {"i": "123"}
for an integer (a Decimal that is integral too), {"f": "<8 bytes LE hex>"} for a float,
{"h": "text"} for any other Decimal, {"s": "text"}, [..] for a list (bytes and NumPy arrays
become lists), {"o": [[key, value], ...]} for a dict.

Writes {"decoded": [...], "generated": [...]} to stdout. Any failure is an exception and exit
status 1.
"""
import decimal
import json
import random
import struct
import sys
import warnings

warnings.filterwarnings("ignore")

import bjdata  # noqa: E402

try:
    import numpy
except ImportError:  # pragma: no cover
    numpy = None


def tag(v):
    if v is None or isinstance(v, bool):
        return v
    if numpy is not None and isinstance(v, numpy.ndarray):
        return tag(v.tolist())
    if numpy is not None and isinstance(v, numpy.generic):
        return tag(v.item())
    if isinstance(v, int):
        return {"i": str(v)}
    if isinstance(v, float):
        return {"f": struct.pack("<d", v).hex()}
    if isinstance(v, decimal.Decimal):
        if v == v.to_integral_value() and "E" not in str(v) and "." not in str(v):
            return {"i": str(int(v))}
        return {"h": str(v)}
    if isinstance(v, str):
        return {"s": v}
    if isinstance(v, (bytes, bytearray)):
        return [{"i": str(b)} for b in v]
    if isinstance(v, (list, tuple)):
        return [tag(x) for x in v]
    if isinstance(v, dict):
        return {"o": [[k, tag(x)] for k, x in v.items()]}
    raise TypeError(type(v))


FLOATS = [0.0, -0.0, 1.5, -2.25, 1e300, 5e-324, float("inf"), float("-inf"), float("nan")]


def gen(rng, depth):
    kinds = ["int", "big", "float", "text", "bool", "null"]
    if depth < 4:
        kinds += ["list", "dict"] * 2
    k = rng.choice(kinds)
    if k == "int":
        bits = rng.choice([4, 8, 16, 32, 63])
        return rng.randrange(-(1 << bits), 1 << bits)
    if k == "big":
        return rng.choice([1, -1]) * rng.randrange(1 << 64, 1 << 100)
    if k == "float":
        if rng.random() < 0.3:
            return rng.choice(FLOATS)
        return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64) & ~(0x7FF << 52) | (rng.randrange(1, 0x7FF) << 52)))[0]
    if k == "text":
        return "".join(chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0xD7FF), rng.randrange(0x10000, 0x10FFFF)])) for _ in range(rng.randrange(0, 12)))
    if k == "bool":
        return rng.random() < 0.5
    if k == "null":
        return None
    if k == "list":
        # Empty lists are left out: pybj misreads an empty counted container before a sibling.
        return [gen(rng, depth + 1) for _ in range(rng.randrange(1, 6))]
    return {"k%d_%s" % (i, gen_key(rng)): gen(rng, depth + 1) for i in range(rng.randrange(1, 6))}


def gen_key(rng):
    return "".join(chr(rng.randrange(0x61, 0x7B)) for _ in range(rng.randrange(0, 6)))


def main():
    req = json.load(sys.stdin)
    decoded = []
    for d in req["decode"]:
        v = bjdata.loadb(bytes.fromhex(d))
        decoded.append([tag(v), bjdata.dumpb(v).hex()])
    rng = random.Random(req["seed"])
    generated = []
    for _ in range(req["count"]):
        v = gen(rng, 0)
        generated.append([
            bjdata.dumpb(v).hex(),
            bjdata.dumpb(v, container_count=True).hex(),
            tag(v),
        ])
    json.dump({"decoded": decoded, "generated": generated}, sys.stdout)


main()
