//! The compile-time perfect hash of a key set (struct field names, enum variant names).
//!
//! [`Phf::build`] picks the cheapest scheme that separates the keys, in this order:
//!
//! 1. one byte at a fixed index ([`Scheme::Byte`]);
//! 2. the key's length plus one byte ([`Scheme::LenByte`]);
//! 3. two bytes at fixed indexes ([`Scheme::TwoBytes`]);
//! 4. a seeded hash of the whole key ([`Scheme::Full`]), with a small displacement table when
//!    the key set is too large for a single multiplicative step to be collision-free.
//!
//! Each scheme yields a raw `u64`, which a multiplier chosen at compile time and a shift turn
//! into a slot of a power-of-two table. The generated code matches on the slot, and each arm
//! compares the whole key once against the one literal that can live there: one table index
//! (the `match`, a jump table) plus one whole-key compare.
//!
//! **Why the tests prove what users run.** The slot functions (one per scheme) live in
//! `phf_slot.rs`. This module `include!`s that file and evaluates them through [`Phf::slot`];
//! [`Phf::emit_slot`] pastes the chosen scheme's section of the same file's text into the
//! generated code and calls it with the arguments from the same [`Phf::args`]. The property
//! test therefore checks, for random key sets, exactly the function and the constants the macro
//! would emit, and that every key lands on its own slot and non-keys are rejected by
//! [`Phf::lookup`], which mirrors the emitted `match` (`codegen::Keys::emit_lookup` builds that
//! `match` from [`Phf::slots`], the table the test reads).
//!
//! **One table for both formats.** `#[derive(Json)]` and `#[derive(Beve)]` each build the table
//! from the same key list (names, then aliases, in declaration order), and [`Phf::build`] is
//! deterministic (fixed-seed xorshift, fixed search order), so the two derives of one type emit
//! the same scheme, constants and slots.

use proc_macro2::TokenStream;
use quote::quote;

include!("phf_slot.rs");

/// The text of the slot functions, whose sections are pasted into generated code.
const SLOT_FN_SRC: &str = include_str!("phf_slot.rs");

/// The source of the slot function of `scheme` (0 to 3): its section of `phf_slot.rs`.
fn slot_fn_src(scheme: u8) -> &'static str {
    let marker = format!("// @scheme {scheme}:");
    let start = SLOT_FN_SRC.find(&marker).unwrap_or(0);
    let end = SLOT_FN_SRC[start + 1..]
        .find("// @scheme ")
        .map_or(SLOT_FN_SRC.len(), |e| start + 1 + e);
    &SLOT_FN_SRC[start..end]
}

/// How the raw hash of a key is computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scheme {
    /// `key[a]`.
    Byte { a: usize },
    /// `key[a]` and `key.len()`.
    LenByte { a: usize },
    /// `key[a]` and `key[b]`.
    TwoBytes { a: usize, b: usize },
    /// A seeded hash of the whole key; `disp` is empty or a power-of-two displacement table.
    Full { seed: u64, disp: Vec<u16> },
}

/// A perfect hash of one key set: the scheme, the final multiply-shift, and which key owns
/// each slot.
#[derive(Clone, Debug)]
pub(crate) struct Phf {
    pub scheme: Scheme,
    pub mult: u64,
    pub bits: u32,
    /// `slots[s]` is the index (into the key list given to [`Phf::build`]) of the key whose
    /// slot is `s`.
    pub slots: Vec<Option<usize>>,
}

/// The arguments of `__structio_slot`, apart from the key.
pub(crate) struct SlotArgs<'a> {
    pub scheme: u8,
    pub a: usize,
    pub b: usize,
    pub seed: u64,
    pub mult: u64,
    pub shift: u32,
    pub disp: &'a [u16],
}

/// A fixed-seed xorshift, for multipliers and seeds that are the same on every build.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// How many multipliers a single-level table tries per size.
const MULTS: usize = 128;
/// The largest single-level table, in bits; larger key sets use displacement.
const MAX_BITS: u32 = 10;

fn ceil_log2(n: usize) -> u32 {
    let n = n.max(2);
    usize::BITS - (n - 1).leading_zeros()
}

impl Phf {
    /// The arguments the slot function is called with.
    pub fn args(&self) -> SlotArgs<'_> {
        let (scheme, a, b, seed, disp): (u8, usize, usize, u64, &[u16]) = match &self.scheme {
            Scheme::Byte { a } => (0, *a, 0, 0, &[]),
            Scheme::LenByte { a } => (1, *a, 0, 0, &[]),
            Scheme::TwoBytes { a, b } => (2, *a, *b, 0, &[]),
            Scheme::Full { seed, disp } => (3, 0, 0, *seed, disp),
        };
        SlotArgs {
            scheme,
            a,
            b,
            seed,
            mult: self.mult,
            shift: 64 - self.bits,
            disp,
        }
    }

    /// The slot of `key`, by the very function the macro emits.
    pub fn slot(&self, key: &[u8]) -> usize {
        let x = self.args();
        Self::eval(&x, key)
    }

    fn eval(x: &SlotArgs<'_>, key: &[u8]) -> usize {
        let f = match x.scheme {
            0 => __structio_slot0,
            1 => __structio_slot1,
            2 => __structio_slot2,
            _ => __structio_slot3,
        };
        f(key, x.a, x.b, x.seed, x.mult, x.shift, x.disp)
    }

    /// The index of `key` in `keys`, or `None`: one slot, one whole-key compare, as the
    /// emitted `match` does it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn lookup(&self, keys: &[&[u8]], key: &[u8]) -> Option<usize> {
        let i = (*self.slots.get(self.slot(key))?)?;
        (keys[i] == key).then_some(i)
    }

    /// Code that evaluates to the slot of the `&[u8]` expression `key`, and the definition of
    /// the slot function it calls (a section of `phf_slot.rs`, pasted as it is).
    pub fn emit_slot(&self, key: &TokenStream) -> (TokenStream, TokenStream) {
        let SlotArgs {
            scheme,
            a,
            b,
            seed,
            mult,
            shift,
            disp,
        } = self.args();
        let f = quote::format_ident!("__structio_slot{}", scheme);
        let def = slot_fn_src(scheme).parse().unwrap_or_default();
        (
            quote!(#f(#key, #a, #b, #seed, #mult, #shift, &[#(#disp),*])),
            def,
        )
    }

    /// The cheapest perfect hash for `keys`, which must be distinct. Never fails: the full hash
    /// with displacement separates any set of distinct keys.
    pub fn build(keys: &[&[u8]]) -> Phf {
        let max_len = keys.iter().map(|k| k.len()).max().unwrap_or(0);
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let mults: Vec<u64> = (0..MULTS).map(|_| rng.next() | 1).collect();
        let candidates = (0..max_len)
            .map(|a| Scheme::Byte { a })
            .chain((0..max_len).map(|a| Scheme::LenByte { a }))
            .chain(
                (0..max_len).flat_map(|a| (a + 1..max_len).map(move |b| Scheme::TwoBytes { a, b })),
            );
        for scheme in candidates {
            if let Some(phf) = Self::single_level(keys, scheme, &mults) {
                return phf;
            }
        }
        for _ in 0..64 {
            let seed = rng.next();
            if let Some(phf) = Self::single_level(
                keys,
                Scheme::Full {
                    seed,
                    disp: Vec::new(),
                },
                &mults,
            ) {
                return phf;
            }
        }
        loop {
            let seed = rng.next();
            if let Some(phf) = Self::displaced(keys, seed, &mut rng) {
                return phf;
            }
        }
    }

    /// A table with no displacement, if the scheme's raw values are distinct and one of the
    /// multipliers spreads them over a table of at most `MAX_BITS` bits.
    fn single_level(keys: &[&[u8]], scheme: Scheme, mults: &[u64]) -> Option<Phf> {
        let n = keys.len();
        let mut probe = Phf {
            scheme,
            mult: 0,
            bits: 1,
            slots: Vec::new(),
        };
        let raws: Vec<u64> = keys.iter().map(|k| probe.raw(k)).collect();
        let mut sorted = raws.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let lo = ceil_log2(n);
        // Beyond about n^2/16 slots' worth of keys, random multipliers rarely separate a set.
        if n * n > 16 << MAX_BITS {
            return None;
        }
        let mut used = vec![false; 1 << MAX_BITS];
        for bits in lo..=(lo + 3).min(MAX_BITS).max(lo) {
            // Taking the low bits as they are (a multiplier of 2^(64-bits)) is tried first:
            // a direct index needs no multiply once the compiler folds it.
            let low = 1u64 << (64 - bits);
            for &mult in core::iter::once(&low).chain(mults) {
                let used = &mut used[..1 << bits];
                used.iter_mut().for_each(|u| *u = false);
                let shift = 64 - bits;
                let ok = raws.iter().all(|&r| {
                    let s = (r.wrapping_mul(mult) >> shift) as usize;
                    !core::mem::replace(&mut used[s], true)
                });
                if ok {
                    probe.mult = mult;
                    probe.bits = bits;
                    probe.fill(keys);
                    return Some(probe);
                }
            }
        }
        None
    }

    /// Hash and displace: buckets by the hash's top bits, largest first, each given the first
    /// displacement that lands all of its keys in free slots.
    fn displaced(keys: &[&[u8]], seed: u64, rng: &mut XorShift) -> Option<Phf> {
        let n = keys.len();
        let bits = (ceil_log2(n) + 1).max(1);
        let nbuckets = (n / 2).max(1).next_power_of_two();
        let mult = rng.next() | 1;
        let mut phf = Phf {
            scheme: Scheme::Full {
                seed,
                disp: Vec::new(),
            },
            mult,
            bits,
            slots: Vec::new(),
        };
        let hashes: Vec<u64> = keys.iter().map(|k| phf.raw(k)).collect();
        let mut buckets: Vec<Vec<u64>> = vec![Vec::new(); nbuckets];
        for &h in &hashes {
            buckets[(h >> 48) as usize & (nbuckets - 1)].push(h);
        }
        let mut order: Vec<usize> = (0..nbuckets).collect();
        order.sort_by_key(|&b| core::cmp::Reverse(buckets[b].len()));
        let mut used = vec![false; 1 << bits];
        let mut disp = vec![0u16; nbuckets];
        let shift = 64 - bits;
        for b in order {
            if buckets[b].is_empty() {
                break;
            }
            let found = (0..=u16::MAX).find(|&d| {
                let mut taken: Vec<usize> = Vec::with_capacity(buckets[b].len());
                for &h in &buckets[b] {
                    let s = ((h ^ u64::from(d)).wrapping_mul(mult) >> shift) as usize;
                    if used[s] || taken.contains(&s) {
                        return false;
                    }
                    taken.push(s);
                }
                true
            })?;
            for &h in &buckets[b] {
                used[((h ^ u64::from(found)).wrapping_mul(mult) >> shift) as usize] = true;
            }
            disp[b] = found;
        }
        phf.scheme = Scheme::Full { seed, disp };
        phf.fill(keys);
        // The displaced raw hashes must still be distinct slots; `fill` would have kept the
        // last key of a collision, so confirm.
        keys.iter()
            .enumerate()
            .all(|(i, k)| phf.slots[phf.slot(k)] == Some(i))
            .then_some(phf)
    }

    /// The raw value of `key` under this scheme, before the multiply-shift: the slot function
    /// with a multiplier of 1 and no shift.
    fn raw(&self, key: &[u8]) -> u64 {
        let x = SlotArgs {
            mult: 1,
            shift: 0,
            ..self.args()
        };
        Self::eval(&x, key) as u64
    }

    fn fill(&mut self, keys: &[&[u8]]) {
        self.slots = vec![None; 1 << self.bits];
        for (i, k) in keys.iter().enumerate() {
            let s = self.slot(k);
            self.slots[s] = Some(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(keys: &[&[u8]]) -> Phf {
        let phf = Phf::build(keys);
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(
                phf.lookup(keys, k),
                Some(i),
                "key {:?} in {:?}",
                k,
                phf.scheme
            );
        }
        phf
    }

    fn rejects(phf: &Phf, keys: &[&[u8]], other: &[u8]) {
        if !keys.contains(&other) {
            assert_eq!(phf.lookup(keys, other), None, "non-key {other:?}");
        }
    }

    #[test]
    fn one_byte_at_an_index() {
        let keys: &[&[u8]] = &[b"name", b"rate_hz", b"gains", b"enabled"];
        assert!(matches!(check(keys).scheme, Scheme::Byte { a: 0 }));
        let keys: &[&[u8]] = &[b"x_a", b"x_b", b"x_c"];
        assert!(matches!(check(keys).scheme, Scheme::Byte { a: 2 }));
    }

    #[test]
    fn length_plus_one_byte() {
        // No single byte separates these; the length does with the first byte.
        let keys: &[&[u8]] = &[b"ab", b"abc", b"ba", b"bac"];
        assert!(matches!(check(keys).scheme, Scheme::LenByte { .. }));
    }

    #[test]
    fn two_bytes() {
        // Equal lengths; every single index repeats a byte, two indexes together do not.
        let keys: &[&[u8]] = &[b"aa", b"ab", b"ba", b"bb"];
        assert!(matches!(
            check(keys).scheme,
            Scheme::TwoBytes { a: 0, b: 1 }
        ));
    }

    #[test]
    fn whole_key_hash() {
        // Equal lengths, and pairs of positions collide: only the whole key separates.
        let keys: &[&[u8]] = &[
            b"aaa", b"abb", b"bab", b"bba", b"aab", b"aba", b"baa", b"bbb",
        ];
        assert!(matches!(check(keys).scheme, Scheme::Full { .. }));
    }

    #[test]
    fn displacement_for_large_sets() {
        let owned: Vec<Vec<u8>> = (0..200)
            .map(|i| format!("field_number_{i:03}").into_bytes())
            .collect();
        let keys: Vec<&[u8]> = owned.iter().map(|k| k.as_slice()).collect();
        let phf = check(&keys);
        assert!(matches!(&phf.scheme, Scheme::Full { disp, .. } if !disp.is_empty()));
    }

    #[test]
    fn empty_and_single() {
        let phf = check(&[]);
        assert_eq!(phf.lookup(&[], b"x"), None);
        let keys: &[&[u8]] = &[b"only"];
        let phf = check(keys);
        rejects(&phf, keys, b"");
        rejects(&phf, keys, b"onlx");
    }

    /// Random key sets with shared prefixes and equal lengths: every key is found, and
    /// non-keys (keys with a byte changed, prefixes, extensions) are rejected.
    #[test]
    fn property_random_key_sets() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for round in 0..300 {
            let n = 1 + (rng.next() % 200) as usize;
            let max_len = 1 + (rng.next() % 40) as usize;
            let alphabet = 2 + (rng.next() % 30) as u8;
            let prefix_len = (rng.next() % (max_len as u64)) as usize;
            let prefix: Vec<u8> = (0..prefix_len)
                .map(|_| b'a' + (rng.next() % 26) as u8)
                .collect();
            let fixed_len = round % 3 == 0;
            let mut owned: Vec<Vec<u8>> = Vec::new();
            let mut attempts = 0;
            while owned.len() < n && attempts < n * 20 {
                attempts += 1;
                let len = if fixed_len {
                    max_len
                } else {
                    1 + (rng.next() % max_len as u64) as usize
                };
                let mut k: Vec<u8> = prefix.iter().copied().take(len).collect();
                while k.len() < len {
                    k.push(b'a' + (rng.next() % u64::from(alphabet)) as u8);
                }
                if !owned.contains(&k) {
                    owned.push(k);
                }
            }
            let keys: Vec<&[u8]> = owned.iter().map(|k| k.as_slice()).collect();
            let phf = check(&keys);
            for k in &owned {
                let mut changed = k.clone();
                let at = (rng.next() % k.len() as u64) as usize;
                changed[at] ^= 0x20;
                rejects(&phf, &keys, &changed);
                rejects(&phf, &keys, &k[..k.len() - 1]);
                let mut longer = k.clone();
                longer.push(b'z');
                rejects(&phf, &keys, &longer);
            }
            rejects(&phf, &keys, b"");
        }
    }

    #[test]
    fn deterministic_so_both_formats_share_the_table() {
        let owned: Vec<Vec<u8>> = (0..60)
            .map(|i| format!("k{}", i * 7919).into_bytes())
            .collect();
        let keys: Vec<&[u8]> = owned.iter().map(|k| k.as_slice()).collect();
        let (a, b) = (Phf::build(&keys), Phf::build(&keys));
        assert_eq!(
            (a.scheme, a.mult, a.bits, a.slots),
            (b.scheme, b.mult, b.bits, b.slots)
        );
    }

    #[test]
    fn emitted_call_carries_the_same_arguments() {
        let keys: &[&[u8]] = &[
            b"aaa", b"abb", b"bab", b"bba", b"aab", b"aba", b"baa", b"bbb",
        ];
        let phf = Phf::build(keys);
        let (call, def) = phf.emit_slot(&quote!(k));
        let (call, def) = (call.to_string(), def.to_string());
        let x = phf.args();
        assert!(
            call.starts_with(&format!("__structio_slot{}", x.scheme)),
            "{call}"
        );
        assert!(call.contains(&format!("{}u64", x.mult)), "{call}");
        assert!(call.contains(&format!("{}u32", x.shift)), "{call}");
        // The definition pasted is the one function of that scheme, from this file.
        assert!(
            def.contains(&format!("fn __structio_slot{}", x.scheme)),
            "{def}"
        );
        assert_eq!(def.matches("fn __structio_slot").count(), 1, "{def}");
        for s in 0..4u8 {
            assert!(slot_fn_src(s).contains(&format!("fn __structio_slot{s}")));
        }
    }
}
