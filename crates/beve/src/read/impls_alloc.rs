//! [`BeveRead`] for the `alloc` types: `String`, `Cow`, `Box`, `Vec` and the maps.

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::impls_core::{str_seq_methods, StrElem};
use super::numbers::{borrow_slice, fix_order, read_seq};
use super::{BeveRead, Reader, Seq};
use crate::error::Result;
use crate::header;
use crate::key::KeyRead;
use crate::number::Number;

/// Replaces the contents of `dst` with `s`: no allocation when its capacity holds `s`, else
/// one `reserve` of the exact shortfall (out of line, so the common case is a compare and a
/// copy with no call for strings of up to 32 bytes).
#[inline(always)]
fn refill(dst: &mut String, s: &str) {
    let n = s.len();
    if dst.capacity() < n {
        dst.clear();
        grow(dst, n);
    }
    // SAFETY: the capacity is at least `n` (checked, or made so by `grow`), `s` cannot overlap
    // the string's own buffer (`dst` is borrowed mutably), and the `n` bytes copied are the
    // UTF-8 of `s`, so `set_len(n)` exposes exactly a copy of `s`.
    unsafe {
        let v = dst.as_mut_vec();
        copy_short(s.as_ptr(), v.as_mut_ptr(), n);
        v.set_len(n);
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping): up to 32 bytes by one masked load
/// and store where AVX-512BW and VL are, which touch only the `n` bytes (one path for every
/// length, where fixed widths need a branch on the size class that a mix of lengths
/// mispredicts); longer runs through `copy_nonoverlapping`.
///
/// # Safety
/// `src` is readable and `dst` writable for `n` bytes, and the two ranges do not overlap.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
))]
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    use core::arch::x86_64::{_mm256_mask_storeu_epi8, _mm256_maskz_loadu_epi8};
    if n > 32 {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let keep = ((1u64 << n) - 1) as u32;
    // SAFETY: the masked load reads and the masked store writes only the lanes in `keep`, the
    // first `n` bytes of `src` and of `dst` (a masked-off lane neither faults nor is written).
    unsafe {
        let x = _mm256_maskz_loadu_epi8(keep, src.cast());
        _mm256_mask_storeu_epi8(dst.cast(), keep, x);
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping): up to 32 bytes as pairs of
/// overlapping loads and stores of 16, 8, 4, 2 and 1 bytes (the first and the last `W` bytes),
/// every pair made whatever the length: a pair wider than `n` loads from a constant block and
/// stores to a scratch one instead, chosen by a select rather than a branch, so a mix of
/// lengths has nothing to mispredict (and no call to `memcpy`, whose dispatch costs more than
/// a short string's bytes). Every store in range writes the bytes of `src` at their own
/// offsets, so the overlaps agree; the scratch block is only written, so no load waits on a
/// store to it. Longer runs through `copy_nonoverlapping`.
///
/// # Safety
/// `src` is readable and `dst` writable for `n` bytes, and the two ranges do not overlap.
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
)))]
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    /// What a pair wider than the string loads.
    static NOTHING: [u8; 16] = [0; 16];
    if n > 32 {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let mut scratch = core::mem::MaybeUninit::<[u8; 16]>::uninit();
    let sink = scratch.as_mut_ptr().cast::<u8>();
    /// The pair of width `W`: from `src` to `dst` when `n >= W`, else `NOTHING` to `sink`.
    #[inline(always)]
    unsafe fn pair<const W: usize>(src: *const u8, dst: *mut u8, n: usize, sink: *mut u8) {
        let fits = n >= W;
        // `n - W` only when it fits; otherwise 0 (a wrapped offset is never formed).
        let last = if fits { n - W } else { 0 };
        let (s, d) = if fits {
            (src, dst)
        } else {
            (NOTHING.as_ptr(), sink)
        };
        // SAFETY: with `fits`, both loads read within the `n` bytes of `src` and both stores
        // write within the `n` bytes of `dst` (`last + W == n`); otherwise they read the first
        // `W` bytes of `NOTHING` and write the first `W` of the 16-byte scratch block
        // (`last == 0`, `W <= 16`). Unaligned.
        unsafe {
            let a = s.cast::<[u8; W]>().read_unaligned();
            let b = s.add(last).cast::<[u8; W]>().read_unaligned();
            d.cast::<[u8; W]>().write_unaligned(a);
            d.add(last).cast::<[u8; W]>().write_unaligned(b);
        }
    }
    // SAFETY: `n <= 32`, the caller's ranges, and `sink` is 16 writable bytes of this frame.
    unsafe {
        pair::<1>(src, dst, n, sink);
        pair::<2>(src, dst, n, sink);
        pair::<4>(src, dst, n, sink);
        pair::<8>(src, dst, n, sink);
        pair::<16>(src, dst, n, sink);
    }
}

/// `reserve` for `n` bytes in an empty string (the shortfall, as the length is 0).
#[cold]
#[inline(never)]
fn grow(dst: &mut String, n: usize) {
    dst.reserve(n);
}

impl<'de> StrElem<'de> for String {
    #[inline]
    fn from_str_at(s: &'de str, _: &Reader<'de>) -> Result<Self> {
        Ok(s.to_owned())
    }
    #[inline]
    fn assign(&mut self, s: &'de str, _: &Reader<'de>) -> Result<()> {
        refill(self, s);
        Ok(())
    }
}

impl<'de> BeveRead<'de> for String {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(ToOwned::to_owned)
    }
    /// Refills the string: no allocation when its capacity holds the new text, else one.
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let s = r.read_str()?;
        refill(self, s);
        Ok(())
    }
    str_seq_methods!();
}

impl<'de: 'a, 'a> StrElem<'de> for Cow<'a, str> {
    #[inline]
    fn from_str_at(s: &'de str, _: &Reader<'de>) -> Result<Self> {
        Ok(Cow::Borrowed(s))
    }
}

impl<'de: 'a, 'a> BeveRead<'de> for Cow<'a, str> {
    /// Always borrowed: BEVE strings have no escapes, so the input holds the text as it is.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(Cow::Borrowed)
    }
    str_seq_methods!();
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Box<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        T::read_beve(r).map(Box::new)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        (**self).read_beve_into(r)
    }
}

impl<'de> BeveRead<'de> for Box<str> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(Box::from)
    }
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Vec<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        T::read_beve_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_beve_seq(self, r)
    }
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Box<[T]> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        Vec::<T>::read_beve(r).map(Vec::into_boxed_slice)
    }
}

impl<'de: 'a, 'a, T: Number + BeveRead<'de>> BeveRead<'de> for Cow<'a, [T]> {
    /// Borrowed from the input when it holds the elements as `T` at an address aligned for `T`
    /// (an aligned array in an aligned buffer, see [`to_beve_aligned`](crate::to_beve_aligned));
    /// otherwise copied (or converted) into an owned vector.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let h = r.peek_header()?;
        let exact = h == T::TYPED_HEADER
            || (h == header::ALIGNED_ARRAY
                && r.input().get(r.offset() + 1) == Some(&T::TYPED_HEADER));
        if !exact {
            let mut v = Vec::new();
            read_seq::<T, _>(&mut v, r)?;
            return Ok(Cow::Owned(v));
        }
        match borrow_slice::<T>(r)? {
            Ok(s) => Ok(Cow::Borrowed(s)),
            Err(bytes) => {
                let mut v = Vec::new();
                v.seq_fill_raw(bytes);
                fix_order(&mut v);
                Ok(Cow::Owned(v))
            }
        }
    }
}

/// Reads an object whose keys are `K`, handing each member to `insert`, which says whether the
/// key was there before (then the reader's duplicate-key policy applies).
#[inline]
pub(crate) fn read_map<'de, K: KeyRead<'de>, V: BeveRead<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    let at = r.offset();
    r.expect_header(K::OBJECT_HEADER)?;
    let n = r.read_count(K::MIN_KEY_BYTES + 1)?;
    r.enter_at(at)?;
    for _ in 0..n {
        let key_at = r.offset();
        let k = K::read_key(r)?;
        let v = V::read_beve(r)?;
        if insert(k, v) {
            r.duplicate_key(key_at)?;
        }
    }
    r.leave();
    Ok(())
}

impl<'de, K: KeyRead<'de> + Ord, V: BeveRead<'de>> BeveRead<'de> for BTreeMap<K, V> {
    /// Keys of the object's kind (string keys for string types, the integer width for
    /// integers); a repeated key keeps its last value.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
}

#[cfg(feature = "std")]
impl<'de, K, V, H> BeveRead<'de> for std::collections::HashMap<K, V, H>
where
    K: KeyRead<'de> + Eq + core::hash::Hash,
    V: BeveRead<'de>,
    H: core::hash::BuildHasher + Default,
{
    /// As for `BTreeMap`.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = std::collections::HashMap::with_hasher(H::default());
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}
