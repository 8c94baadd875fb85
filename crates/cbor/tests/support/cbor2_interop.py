#!/usr/bin/env python3
"""The cbor2 side of tests/interop_cbor2.rs.

Reads one CBOR item from stdin: an array whose first element names the mode.

  ["reencode", [doc, ...]]   each doc (a byte string) decoded by cbor2, then written back as
                             [cbor2.dumps(v), cbor2.dumps(v, canonical=True), untyped] where
                             `untyped` has RFC 8746 typed arrays replaced by plain arrays, so
                             that structio reads what cbor2 understood of them.
  ["generate", seed, count]  `count` random values from random.Random(seed), each written as
                             [cbor2.dumps(v), cbor2.dumps(v, canonical=True)].

Writes the answer (a CBOR array) to stdout. Any failure is an exception and exit status 1.
"""
import random
import struct
import sys

import cbor2

# RFC 8746 tag -> struct format of one element (little-endian tags only; the writer uses them).
TYPED = {
    64: "<B", 68: "<B", 69: "<H", 70: "<I", 71: "<Q",
    72: "<b", 77: "<h", 78: "<i", 79: "<q",
    84: "<e", 85: "<f", 86: "<d",
}


def untype(*args):
    # cbor2 5 calls tag_hook(decoder, tag); cbor2 6 calls tag_hook(tag, immutable).
    tag = next(a for a in args if isinstance(a, cbor2.CBORTag))
    fmt = TYPED.get(tag.tag)
    if fmt is None or not isinstance(tag.value, bytes):
        return tag
    width = struct.calcsize(fmt)
    assert len(tag.value) % width == 0, "typed array of a partial element"
    return [struct.unpack_from(fmt, tag.value, i)[0] for i in range(0, len(tag.value), width)]


def reencode(docs):
    out = []
    for doc in docs:
        v = cbor2.loads(doc)
        u = cbor2.loads(doc, tag_hook=untype)
        out.append([cbor2.dumps(v), cbor2.dumps(v, canonical=True), cbor2.dumps(u)])
    return out


SAFE_FLOATS = [0.0, -0.0, 1.0, 1.5, -2.5, 65504.0, 1e300, float("inf"), float("-inf"), float("nan")]


def gen(rng, depth):
    kinds = ["int", "bigint", "float", "text", "bytes", "bool", "null", "undefined", "simple", "tag"]
    if depth < 3:
        kinds += ["array", "map"] * 3
    k = rng.choice(kinds)
    if k == "int":
        bits = rng.choice([4, 8, 16, 32, 64])
        return rng.randrange(-(1 << bits), 1 << bits)
    if k == "bigint":
        m = rng.randrange(1 << 64, 1 << 127)
        return m if rng.random() < 0.5 else -m
    if k == "float":
        r = rng.random()
        if r < 0.3:
            return rng.choice(SAFE_FLOATS)
        if r < 0.5:
            return struct.unpack("<e", struct.pack("<H", rng.randrange(0, 0x7c00) | rng.choice([0, 0x8000])))[0]
        if r < 0.7:
            return struct.unpack("<f", struct.pack("<I", rng.randrange(0, 0x7f800000)))[0]
        return struct.unpack("<d", struct.pack("<Q", rng.randrange(0, 0x7ff0000000000000)))[0] * rng.choice([1, -1])
    if k == "text":
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0xa0, 0xd7ff), rng.randrange(0x10000, 0x10ffff)])) for _ in range(rng.randrange(0, 30)))
    if k == "bytes":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40)))
    if k == "bool":
        return rng.random() < 0.5
    if k == "null":
        return None
    if k == "undefined":
        return cbor2.undefined
    if k == "simple":
        return cbor2.CBORSimpleValue(rng.choice(list(range(0, 20)) + list(range(32, 256))))
    if k == "tag":
        return cbor2.CBORTag(rng.randrange(2000, 10000), gen(rng, depth + 1))
    if k == "array":
        return [gen(rng, depth + 1) for _ in range(rng.randrange(0, 6))]
    m = {}
    for _ in range(rng.randrange(0, 6)):
        key = rng.choice([rng.randrange(-300, 300), "".join(chr(rng.randrange(97, 123)) for _ in range(rng.randrange(0, 4)))])
        m[key] = gen(rng, depth + 1)
    return m


def generate(seed, count):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        v = gen(rng, 0)
        out.append([cbor2.dumps(v), cbor2.dumps(v, canonical=True)])
    return out


def main():
    request = cbor2.loads(sys.stdin.buffer.read())
    mode = request[0]
    if mode == "reencode":
        answer = reencode(request[1])
    elif mode == "generate":
        answer = generate(request[1], request[2])
    else:
        raise ValueError(f"unknown mode {mode!r}")
    sys.stdout.buffer.write(cbor2.dumps(answer))


if __name__ == "__main__":
    main()
