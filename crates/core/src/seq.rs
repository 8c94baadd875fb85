//! The growable containers a sequence is read into: `Vec<T>` and `heapless::Vec<T, N>`, the same
//! for every format's reader.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// A container a sequence can be read into, with the operations the readers need.
///
/// ```
/// use structio_core::Seq;
/// // A numeric array's payload refills a container in one copy (native byte order).
/// fn refill<S: Seq<u16>>(seq: &mut S, payload: &[u8]) -> bool {
///     seq.seq_fill_raw(payload)
/// }
/// ```
pub trait Seq<T> {
    /// Elements held now.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use structio_core::Seq;
    /// assert_eq!(vec![1u8, 2, 3].seq_len(), 3);
    /// # }
    /// ```
    fn seq_len(&self) -> usize;
    /// Drops elements past `len`.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use structio_core::Seq;
    /// let mut v = vec![1u8, 2, 3];
    /// v.seq_truncate(1);
    /// assert_eq!(v, [1]);
    /// # }
    /// ```
    fn seq_truncate(&mut self, len: usize);
    /// The elements held, to refill in place.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use structio_core::Seq;
    /// let mut v = vec![1u8, 2];
    /// v.seq_as_mut_slice()[1] = 5;
    /// assert_eq!(v, [1, 5]);
    /// # }
    /// ```
    fn seq_as_mut_slice(&mut self) -> &mut [T];
    /// Makes room for `n` elements in all; `false` if a fixed capacity is too small.
    ///
    /// ```
    /// # #[cfg(feature = "heapless")] {
    /// use structio_core::Seq;
    /// let mut v = heapless::Vec::<u8, 4>::new();
    /// assert!(v.seq_reserve(4));
    /// assert!(!v.seq_reserve(5));
    /// # }
    /// ```
    fn seq_reserve(&mut self, n: usize) -> bool;
    /// Prepares for a count of `n` elements read from the input, to be read one by one:
    /// `false` if a fixed capacity cannot hold `n`, else room for `now` of them (what the
    /// reader's budget allows up front; the rest grow as they arrive).
    ///
    /// ```
    /// # #[cfg(feature = "heapless")] {
    /// use structio_core::Seq;
    /// let mut v = heapless::Vec::<u8, 4>::new();
    /// assert!(v.seq_expect(4, 0));
    /// assert!(!v.seq_expect(5, 0));
    /// # }
    /// ```
    #[inline]
    fn seq_expect(&mut self, n: usize, now: usize) -> bool {
        let _ = n;
        self.seq_reserve(now)
    }
    /// Appends one element; `false` if a fixed capacity is full.
    ///
    /// ```
    /// # #[cfg(feature = "heapless")] {
    /// use structio_core::Seq;
    /// let mut v = heapless::Vec::<u8, 1>::new();
    /// assert!(v.seq_push(7));
    /// assert!(!v.seq_push(8));
    /// assert_eq!(v, [7]);
    /// # }
    /// ```
    fn seq_push(&mut self, value: T) -> bool;
    /// Appends clones of `items`; `false` (nothing appended) if a fixed capacity is too small.
    ///
    /// ```
    /// # #[cfg(feature = "heapless")] {
    /// use structio_core::Seq;
    /// let mut v = heapless::Vec::<u16, 2>::new();
    /// assert!(!v.seq_extend_from_slice(&[1, 2, 3]));
    /// assert!(v.is_empty());
    /// # }
    /// ```
    fn seq_extend_from_slice(&mut self, items: &[T]) -> bool
    where
        T: Clone;
    /// Replaces the contents with the elements whose native-order bytes are `bytes` (a whole
    /// number of elements); `false` if a fixed capacity is too small.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use structio_core::Seq;
    /// let mut v = vec![9u16; 3];
    /// assert!(v.seq_fill_raw(&[1u16.to_ne_bytes(), 2u16.to_ne_bytes()].concat()));
    /// assert_eq!(v, [1, 2]);
    /// # }
    /// ```
    fn seq_fill_raw(&mut self, bytes: &[u8]) -> bool
    where
        T: bytemuck::Pod;
}

#[cfg(feature = "alloc")]
impl<T> Seq<T> for Vec<T> {
    #[inline]
    fn seq_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn seq_truncate(&mut self, len: usize) {
        self.truncate(len);
    }
    #[inline]
    fn seq_as_mut_slice(&mut self) -> &mut [T] {
        self
    }
    #[inline]
    fn seq_reserve(&mut self, n: usize) -> bool {
        self.reserve(n.saturating_sub(self.len()));
        true
    }
    #[inline]
    fn seq_push(&mut self, value: T) -> bool {
        self.push(value);
        true
    }
    #[inline]
    fn seq_extend_from_slice(&mut self, items: &[T]) -> bool
    where
        T: Clone,
    {
        self.extend_from_slice(items);
        true
    }
    #[inline]
    fn seq_fill_raw(&mut self, bytes: &[u8]) -> bool
    where
        T: bytemuck::Pod,
    {
        let size = core::mem::size_of::<T>();
        let n = bytes.len().checked_div(size).unwrap_or(0);
        self.clear();
        self.reserve(n);
        let spare = self.spare_capacity_mut();
        // SAFETY: the spare capacity viewed as its bytes: the same memory, `spare.len() * size`
        // bytes long, and `MaybeUninit<u8>` has no alignment or validity to keep.
        let spare = unsafe {
            core::slice::from_raw_parts_mut(
                spare.as_mut_ptr().cast::<core::mem::MaybeUninit<u8>>(),
                spare.len() * size,
            )
        };
        // `reserve` made room for `n` elements, so all `n * size` bytes are copied (by the copy
        // whose speed does not hang on the two addresses; see `bulk_copy`).
        crate::copy_to_uninit(spare, bytes.get(..n * size).unwrap_or_default());
        // SAFETY: the first `n * size` bytes of the buffer were just written, and `T: Pod`, so
        // they are `n` valid elements. Copying into the spare capacity instead of `resize`
        // then copy writes every byte once, which is what keeps this at memcpy speed.
        unsafe { self.set_len(n) };
        true
    }
}

#[cfg(feature = "heapless")]
impl<T, const N: usize> Seq<T> for heapless::Vec<T, N> {
    #[inline]
    fn seq_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn seq_truncate(&mut self, len: usize) {
        self.truncate(len);
    }
    #[inline]
    fn seq_as_mut_slice(&mut self) -> &mut [T] {
        self
    }
    #[inline]
    fn seq_reserve(&mut self, n: usize) -> bool {
        n <= N
    }
    #[inline]
    fn seq_expect(&mut self, n: usize, _now: usize) -> bool {
        n <= N
    }
    #[inline]
    fn seq_push(&mut self, value: T) -> bool {
        self.push(value).is_ok()
    }
    #[inline]
    fn seq_extend_from_slice(&mut self, items: &[T]) -> bool
    where
        T: Clone,
    {
        self.extend_from_slice(items).is_ok()
    }
    #[inline]
    fn seq_fill_raw(&mut self, bytes: &[u8]) -> bool
    where
        T: bytemuck::Pod,
    {
        let size = core::mem::size_of::<T>();
        let n = bytes.len().checked_div(size).unwrap_or(0);
        self.clear();
        if self.resize(n, T::zeroed()).is_err() {
            return false;
        }
        crate::copy_bytes(bytemuck::cast_slice_mut::<T, u8>(self), bytes);
        true
    }
}
