//! The steps every reader of packed little-endian number arrays (BJData's `[$T#n`, CBOR's
//! typed arrays) takes once it holds the payload: fill a sequence or a slice from it, check an
//! element count, borrow it in place. The formats differ in how they find the payload, not in
//! what they do with it.

use crate::{Error, ErrorKind, Result, Seq};

/// Puts elements copied from little-endian wire bytes into the target's byte order (nothing
/// to do on a little-endian target).
///
/// ```
/// let mut v = [1u16, 2];
/// structio_core::fix_le(&mut v);
/// assert_eq!(v, [u16::from_le(1), u16::from_le(2)]);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn fix_le<T: bytemuck::Pod>(items: &mut [T]) {
    if cfg!(target_endian = "big") {
        for x in items {
            bytemuck::bytes_of_mut(x).reverse();
        }
    }
}

/// Replaces the contents of `seq` with the little-endian elements `bytes` holds
/// ([`ErrorKind::TooManyElements`] at `at` if a fixed capacity is too small).
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// let mut v: Vec<u16> = vec![9];
/// structio_core::fill_seq_le(&mut v, &[1, 0, 2, 0], 0).unwrap();
/// assert_eq!(v, [1, 2]);
/// # }
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn fill_seq_le<T: bytemuck::Pod, S: Seq<T>>(
    seq: &mut S,
    bytes: &[u8],
    at: usize,
) -> Result<()> {
    if !seq.seq_fill_raw(bytes) {
        return Err(Error::new(ErrorKind::TooManyElements, at));
    }
    fix_le(seq.seq_as_mut_slice());
    Ok(())
}

/// Succeeds if `n` elements were found where `want` are due, else
/// [`ErrorKind::TooManyElements`] or [`ErrorKind::TooFewElements`] at `at`.
///
/// ```
/// use structio_core::{check_count, ErrorKind};
/// assert!(check_count(2, 2, 0).is_ok());
/// assert_eq!(check_count(1, 2, 5).unwrap_err().kind(), ErrorKind::TooFewElements);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn check_count(n: usize, want: usize, at: usize) -> Result<()> {
    match n.cmp(&want) {
        core::cmp::Ordering::Equal => Ok(()),
        core::cmp::Ordering::Greater => Err(Error::new(ErrorKind::TooManyElements, at)),
        core::cmp::Ordering::Less => Err(Error::new(ErrorKind::TooFewElements, at)),
    }
}

/// Fills `dst` with the little-endian elements `bytes` holds, which must be exactly
/// `dst.len()` of them (else the error of [`check_count`] at `at`).
///
/// ```
/// let mut a = [0u16; 2];
/// structio_core::copy_exact_le(&mut a, &[1, 0, 2, 0], 0).unwrap();
/// assert_eq!(a, [1, 2]);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn copy_exact_le<T: bytemuck::Pod>(dst: &mut [T], bytes: &[u8], at: usize) -> Result<()> {
    check_count(bytes.len() / core::mem::size_of::<T>(), dst.len(), at)?;
    crate::copy_bytes(bytemuck::cast_slice_mut::<T, u8>(dst), bytes);
    fix_le(dst);
    Ok(())
}

/// A sink for converted elements that stores element `i` in `dst[i]`, `false` past its end.
///
/// ```
/// let mut a = [0u8; 1];
/// {
///     let mut put = structio_core::put_at(&mut a);
///     assert!(put(0, 7));
///     assert!(!put(1, 8));
/// }
/// assert_eq!(a, [7]);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn put_at<T>(dst: &mut [T]) -> impl FnMut(usize, T) -> bool + '_ {
    |i, v| match dst.get_mut(i) {
        Some(x) => {
            *x = v;
            true
        }
        None => false,
    }
}

/// The little-endian elements `bytes` holds, viewed in place, or `Err(bytes)` back when they
/// cannot be (misaligned, or a big-endian target with elements wider than a byte).
///
/// ```
/// assert_eq!(structio_core::borrow_le::<u8>(&[1, 2]), Ok(&[1u8, 2][..]));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn borrow_le<T: bytemuck::Pod>(bytes: &[u8]) -> core::result::Result<&[T], &[u8]> {
    if cfg!(target_endian = "big") && core::mem::size_of::<T>() > 1 {
        return Err(bytes);
    }
    bytemuck::try_cast_slice::<u8, T>(bytes).map_err(|_| bytes)
}
