//! What the structio crates' tests share: a small fixed-seed generator, so tests need no data
//! files and find the same inputs on every run and every machine, and (feature `alloc-count`) a
//! global allocator that counts each thread's allocations. A dev-dependency only.
//!
//! ```
//! use structio_testkit::Rng;
//! let mut a = Rng::new(7);
//! let mut b = Rng::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(10) < 10);
//! ```
#![no_std]

#[cfg(feature = "alloc-count")]
extern crate std;

#[cfg(feature = "alloc-count")]
pub mod alloc_count;
#[cfg(feature = "alloc-count")]
mod reserve_budget;

/// A xorshift64 generator (shifts 13, 7, 17): fast, tiny and deterministic. Not for anything
/// but tests.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`; a zero seed (which xorshift would never leave) is replaced by a
    /// fixed odd constant.
    ///
    /// ```
    /// assert_ne!(structio_testkit::Rng::new(0).next_u64(), 0);
    /// ```
    pub const fn new(seed: u64) -> Self {
        Rng(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = structio_testkit::Rng::new(1);
    /// assert_eq!(r.next_u64(), 0x4082_2041);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `n` (`n` > 0); the slight bias of a modulo does not matter to a test.
    ///
    /// ```
    /// let mut r = structio_testkit::Rng::new(3);
    /// assert!((0..100).all(|_| r.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// One of `items` (not empty), chosen at random.
    ///
    /// ```
    /// let mut r = structio_testkit::Rng::new(5);
    /// assert!([1, 2, 3].contains(r.pick(&[1, 2, 3])));
    /// ```
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Calls `f` with every byte sequence a UTF-8 validator is tested on: every one- and two-byte
/// sequence from a byte past ASCII, every three-byte one from a lead byte past 0xdf with a
/// sample of third bytes, and four-byte ones from every lead past 0xef (valid, cut short and
/// broken), in a fixed order.
///
/// ```
/// let mut n = 0;
/// structio_testkit::utf8_probes(|seq| {
///     assert!((1..=4).contains(&seq.len()));
///     n += 1;
/// });
/// assert!(n > 30_000);
/// ```
pub fn utf8_probes(mut f: impl FnMut(&[u8])) {
    for a in 0x80..=0xffu8 {
        f(&[a]);
        for b in 0..=0xffu8 {
            f(&[a, b]);
            if a >= 0xe0 {
                for c in [0x41, 0x80, 0x9f, 0xa0, 0xbf, 0xc0] {
                    f(&[a, b, c]);
                    if a >= 0xf0 && b % 4 == 0 {
                        f(&[a, b, c, 0x80]);
                        f(&[a, b, c, 0xbf]);
                        f(&[a, b, c, 0x20]);
                    }
                }
            }
        }
    }
}

/// Calls `f` with every prefix of every document (from empty to whole), then with every document
/// (at most 1024 bytes) with each of its bytes replaced in turn by each of `swaps`: the inputs a
/// differential test of two readers feeds both, so that every token is cut short and broken at
/// every byte.
///
/// ```
/// let mut n = 0;
/// structio_testkit::cuts_and_swaps(&["[1]"], b"x", |_| n += 1);
/// assert_eq!(n, 4 + 3);
/// ```
pub fn cuts_and_swaps(docs: &[&str], swaps: &[u8], mut f: impl FnMut(&[u8])) {
    for doc in docs {
        let original = doc.as_bytes();
        for end in 0..=original.len() {
            f(&original[..end]);
        }
        // A copy on the stack: the kit needs no allocator.
        let mut copy = [0u8; 1024];
        assert!(
            original.len() <= copy.len(),
            "a document of at most 1024 bytes"
        );
        let doc = &mut copy[..original.len()];
        doc.copy_from_slice(original);
        for i in 0..doc.len() {
            let was = doc[i];
            for &b in swaps {
                doc[i] = b;
                f(doc);
            }
            doc[i] = was;
        }
    }
}

/// The strict JSON number grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) from
/// `s[i]`, a byte at a time: the end of the number, or the offset of the byte that breaks the
/// grammar (`s.len()` when the input ends too soon). The reference the fast number scanners are
/// tested against; what may follow the number is the caller's question.
///
/// ```
/// use structio_testkit::number_grammar;
/// assert_eq!(number_grammar(b"[-1.5e3,", 1), Ok(7));
/// assert_eq!(number_grammar(b"01", 0), Err(1));
/// assert_eq!(number_grammar(b"1.", 0), Err(2));
/// ```
pub fn number_grammar(s: &[u8], i: usize) -> Result<usize, usize> {
    let at = |p: usize| s.get(p).copied();
    let digit = |p: usize| at(p).is_some_and(|b| b.is_ascii_digit());
    let digits_from = |mut p: usize| {
        while digit(p) {
            p += 1;
        }
        p
    };
    let mut p = i + usize::from(at(i) == Some(b'-'));
    match at(p) {
        Some(b'0') if digit(p + 1) => return Err(p + 1),
        Some(b'0') => p += 1,
        Some(b'1'..=b'9') => p = digits_from(p),
        _ => return Err(p.min(s.len())),
    }
    if at(p) == Some(b'.') {
        if !digit(p + 1) {
            return Err((p + 1).min(s.len()));
        }
        p = digits_from(p + 1);
    }
    if matches!(at(p), Some(b'e' | b'E')) {
        p += 1;
        if matches!(at(p), Some(b'+' | b'-')) {
            p += 1;
        }
        if !digit(p) {
            return Err(p.min(s.len()));
        }
        p = digits_from(p);
    }
    Ok(p)
}
