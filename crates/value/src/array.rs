//! [`Array`]: the elements of a JSON array in one block, behind a thin pointer.
//!
//! The allocation is a header (the chunk the block was carved from, if any, then `len` and `cap`,
//! both `u32`) followed by `cap` values, so the handle stored in a [`Value`] is 8 bytes and an
//! empty array allocates nothing. A reader carves blocks from chunks (see [`crate::chunk`]); a
//! block built or grown through the API is an allocation of its own.

use alloc::alloc::{alloc, handle_alloc_error, realloc};
use alloc::vec::Vec;
use core::alloc::Layout;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use core::ptr::{self, NonNull};
use core::{fmt, mem, slice};

use crate::chunk::{free_block, Arena, Chunk, Releaser};
use crate::Value;

#[repr(C)]
struct Header {
    /// The chunk the block was carved from; null for a block of its own.
    owner: *const Chunk,
    len: u32,
    cap: u32,
    /// Nonzero for a sealed subtree: the number of blocks in it (this one included), all carved
    /// from `owner`, and none of them touched through `&mut` since the reader made them. Its drop
    /// gives them back with one count instead of a walk. Any `&mut` access to the elements
    /// unseals it (`unseal`), since it can move blocks in or out.
    sealed: u32,
}

/// Bytes before the first element; a multiple of `Value`'s alignment.
const HEAD: usize = mem::size_of::<Header>();

/// The elements of a JSON array: a growable vector of [`Value`] whose length and capacity live in
/// its one block, so the handle is a single pointer. It dereferences to `[Value]`, which gives
/// it `len`, `iter`, `get`, indexing and the rest of the slice API.
///
/// ```
/// use structio_value::{Array, Value};
/// let mut a = Array::new();
/// a.push(1u64);
/// a.push("two");
/// assert_eq!(a.len(), 2);
/// assert_eq!(a[1], "two");
/// ```
pub struct Array {
    ptr: Option<NonNull<Header>>,
    _owns: PhantomData<Value>,
}

// SAFETY: an `Array` owns its values exclusively, like `Vec<Value>`, and `Value` is `Send + Sync`.
unsafe impl Send for Array {}
// SAFETY: as above; shared access only reads.
unsafe impl Sync for Array {}

fn layout(cap: usize) -> Layout {
    cap.checked_mul(mem::size_of::<Value>())
        .and_then(|b| b.checked_add(HEAD))
        .and_then(|size| Layout::from_size_align(size, mem::align_of::<Value>()).ok())
        .unwrap_or_else(|| capacity_overflow())
}

#[cold]
pub(crate) fn capacity_overflow() -> ! {
    panic!("capacity overflow")
}

impl Array {
    /// An empty array; allocates nothing.
    ///
    /// ```
    /// assert!(structio_value::Array::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        Array {
            ptr: None,
            _owns: PhantomData,
        }
    }

    /// The block (none for an empty array without one), which the caller now owns with its
    /// elements (see `crate::push`).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn into_raw(self) -> Option<NonNull<u8>> {
        core::mem::ManuallyDrop::new(self).ptr.map(NonNull::cast)
    }

    /// An empty array with room for `cap` elements.
    ///
    /// ```
    /// let a = structio_value::Array::with_capacity(8);
    /// assert!(a.capacity() >= 8);
    /// ```
    pub fn with_capacity(cap: usize) -> Self {
        let mut a = Array::new();
        a.reserve(cap);
        a
    }

    /// How many elements fit before the next reallocation.
    ///
    /// ```
    /// assert_eq!(structio_value::Array::new().capacity(), 0);
    /// ```
    #[inline]
    pub fn capacity(&self) -> usize {
        match self.ptr {
            // SAFETY: a non-null pointer always points at a live header.
            Some(p) => unsafe { (*p.as_ptr()).cap as usize },
            None => 0,
        }
    }

    #[inline]
    fn data(&self) -> *mut Value {
        match self.ptr {
            // SAFETY: the elements start `HEAD` bytes into the allocation.
            Some(p) => unsafe { p.as_ptr().cast::<u8>().add(HEAD).cast::<Value>() },
            None => NonNull::<Value>::dangling().as_ptr(),
        }
    }

    #[inline]
    fn len_u32(&self) -> u32 {
        match self.ptr {
            // SAFETY: a non-null pointer always points at a live header.
            Some(p) => unsafe { (*p.as_ptr()).len },
            None => 0,
        }
    }

    /// # Safety
    /// `len <= capacity()`, the first `len` slots initialised, and the array allocated if
    /// `len > 0`.
    #[inline]
    unsafe fn set_len(&mut self, len: usize) {
        if let Some(p) = self.ptr {
            // SAFETY: the caller keeps `len <= cap <= u32::MAX`. Every change of the elements
            // goes through here or `as_mut_slice`, and both unseal.
            unsafe {
                (*p.as_ptr()).len = len as u32;
                (*p.as_ptr()).sealed = 0;
            }
        }
    }

    /// Ends the seal: called by everything that gives `&mut` access to the elements or moves
    /// them, before it does.
    #[inline]
    fn unseal(&mut self) {
        if let Some(p) = self.ptr {
            // SAFETY: a non-null pointer always points at a live header.
            unsafe { (*p.as_ptr()).sealed = 0 };
        }
    }

    /// Seals an array a reader just finished, if every block carved since `mark`
    /// (`Arena::mark`) is reachable from it and they form one run (`Arena::run_since`): its
    /// drop then gives them back with one count instead of a walk.
    ///
    /// # Safety
    /// `mark` was taken before any block reachable from the array was carved; every block
    /// carved since is reachable from it; and whatever a seal must not cover (a block from
    /// elsewhere, an object of more than [`INDEX_MIN`](crate::object::INDEX_MIN) members) was
    /// noted with `Arena::break_run` when it joined (`Object::seal_since` does it for objects).
    #[inline]
    pub(crate) unsafe fn seal_since(&mut self, arena: &Arena, mark: (u32, usize)) {
        if let Some(blocks) = arena.run_since(mark) {
            // SAFETY: the caller's promise makes the run exactly this array's subtree.
            unsafe { self.seal(blocks) };
        }
    }

    /// Seals a block the reader just made: `blocks` (this one included) were carved from its
    /// chunk since its first element was read, with no block of its own and no chunk change in
    /// between.
    ///
    /// # Safety
    /// Exactly those `blocks` blocks are reachable from this array, all carved from its owner,
    /// and no object among them has more than [`INDEX_MIN`](crate::object::INDEX_MIN) members
    /// (only those can later build a lookup index, an allocation the walk would have to free).
    #[inline]
    unsafe fn seal(&mut self, blocks: usize) {
        if let Some(p) = self.ptr {
            // SAFETY: a live header; the caller's promise makes the count true.
            unsafe {
                if !(*p.as_ptr()).owner.is_null() {
                    (*p.as_ptr()).sealed = blocks as u32;
                }
            }
        }
    }

    /// The elements as a slice.
    ///
    /// ```
    /// let a: structio_value::Array = vec![1u64.into(), 2u64.into()].into();
    /// assert_eq!(a.as_slice().len(), 2);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[Value] {
        // SAFETY: the first `len` slots are initialised (or `len` is 0 and the pointer dangling
        // but aligned).
        unsafe { slice::from_raw_parts(self.data(), self.len_u32() as usize) }
    }

    /// The elements as a mutable slice.
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![1u64.into()].into();
    /// a.as_mut_slice()[0] = true.into();
    /// assert_eq!(a[0], true);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Value] {
        self.unseal();
        // SAFETY: as in `as_slice`, and `&mut self` makes the access exclusive.
        unsafe { slice::from_raw_parts_mut(self.data(), self.len_u32() as usize) }
    }

    /// Makes room for at least `additional` more elements (amortised doubling).
    ///
    /// # Panics
    /// If the capacity would pass `u32::MAX` elements.
    ///
    /// ```
    /// let mut a = structio_value::Array::new();
    /// a.reserve(3);
    /// assert!(a.capacity() >= 3);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        let len = self.len();
        let cap = self.capacity();
        if cap - len >= additional {
            return;
        }
        let need = len
            .checked_add(additional)
            .unwrap_or_else(|| capacity_overflow());
        let new_cap = need.max(cap * 2).max(4);
        self.grow_exact(new_cap);
    }

    #[cold]
    fn grow_exact(&mut self, new_cap: usize) {
        if new_cap > u32::MAX as usize {
            capacity_overflow();
        }
        self.unseal();
        let new_layout = layout(new_cap);
        let raw = match self.ptr {
            // SAFETY: a non-null pointer always points at a live header.
            Some(p) if unsafe { (*p.as_ptr()).owner.is_null() } => {
                // SAFETY: the block is its own allocation of `layout(cap)`; the new size is
                // larger and non-zero; values are moved bitwise, which is how Rust moves them.
                unsafe {
                    realloc(
                        p.as_ptr().cast(),
                        layout(self.capacity()),
                        new_layout.size(),
                    )
                }
            }
            // A block carved from a chunk moves to an allocation of its own.
            Some(p) => {
                // SAFETY: the layout has a non-zero size (it includes the header).
                let raw = unsafe { alloc(new_layout) };
                if !raw.is_null() {
                    // SAFETY: the new block holds the header and `len <= new_cap` values; the
                    // values move bitwise and the old block is given back without dropping them.
                    unsafe {
                        let used = HEAD + self.len() * mem::size_of::<Value>();
                        ptr::copy_nonoverlapping(p.as_ptr().cast::<u8>(), raw, used);
                        let owner = (*p.as_ptr()).owner;
                        (*raw.cast::<Header>()).owner = ptr::null();
                        free_block(p.as_ptr().cast(), layout(self.capacity()), owner);
                    }
                }
                raw
            }
            // SAFETY: the layout has a non-zero size (it includes the header).
            None => unsafe { alloc(new_layout) },
        };
        let Some(p) = NonNull::new(raw.cast::<Header>()) else {
            handle_alloc_error(new_layout)
        };
        // SAFETY: `p` is a live block of at least `HEAD` bytes; `len` and `owner` are kept by
        // realloc and the move above, and written fresh for a new block.
        unsafe {
            if self.ptr.is_none() {
                (*p.as_ptr()).owner = ptr::null();
                (*p.as_ptr()).len = 0;
                (*p.as_ptr()).sealed = 0;
            }
            (*p.as_ptr()).cap = new_cap as u32;
        }
        self.ptr = Some(p);
    }

    /// Appends a value.
    ///
    /// ```
    /// let mut a = structio_value::Array::new();
    /// a.push(false);
    /// assert_eq!(a.len(), 1);
    /// ```
    #[inline]
    pub fn push(&mut self, value: impl Into<Value>) {
        let value = value.into();
        let len = self.len();
        if len == self.capacity() {
            self.reserve(1);
        }
        // SAFETY: `len < cap` after the reserve, so the slot is inside the allocation.
        unsafe {
            self.data().add(len).write(value);
            self.set_len(len + 1);
        }
    }

    /// Removes and returns the last value, or `None` if empty.
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![7u64.into()].into();
    /// assert_eq!(a.pop(), Some(7u64.into()));
    /// assert_eq!(a.pop(), None);
    /// ```
    pub fn pop(&mut self) -> Option<Value> {
        let len = self.len();
        if len == 0 {
            return None;
        }
        // SAFETY: slot `len - 1` is initialised; lowering the length first gives it up.
        unsafe {
            self.set_len(len - 1);
            Some(self.data().add(len - 1).read())
        }
    }

    /// Inserts `value` at `index`, shifting later elements right.
    ///
    /// # Panics
    /// If `index > len()`, as `Vec::insert` does.
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![1u64.into(), 3u64.into()].into();
    /// a.insert(1, 2u64);
    /// assert_eq!(a[1], 2u64);
    /// ```
    pub fn insert(&mut self, index: usize, value: impl Into<Value>) {
        let len = self.len();
        assert!(
            index <= len,
            "insertion index {index} is past the length {len}"
        );
        self.reserve(1);
        // SAFETY: `index <= len < cap`; the tail moves one slot right inside the allocation.
        unsafe {
            let at = self.data().add(index);
            ptr::copy(at, at.add(1), len - index);
            at.write(value.into());
            self.set_len(len + 1);
        }
    }

    /// Removes and returns the element at `index`, shifting later elements left; `None` if
    /// `index` is out of range (no panic).
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![1u64.into(), 2u64.into()].into();
    /// assert_eq!(a.remove(0), Some(1u64.into()));
    /// assert_eq!(a.remove(5), None);
    /// ```
    pub fn remove(&mut self, index: usize) -> Option<Value> {
        let len = self.len();
        if index >= len {
            return None;
        }
        // SAFETY: `index < len`; the value is read out, then the tail closes the gap.
        unsafe {
            let at = self.data().add(index);
            let v = at.read();
            ptr::copy(at.add(1), at, len - index - 1);
            self.set_len(len - 1);
            Some(v)
        }
    }

    /// Shortens the array to `len` elements, dropping the rest.
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![1u64.into(), 2u64.into()].into();
    /// a.truncate(1);
    /// assert_eq!(a.len(), 1);
    /// ```
    pub fn truncate(&mut self, len: usize) {
        let old = self.len();
        if len >= old {
            return;
        }
        // SAFETY: the length is lowered first so a panicking drop cannot drop twice.
        unsafe {
            self.set_len(len);
            ptr::drop_in_place(ptr::slice_from_raw_parts_mut(
                self.data().add(len),
                old - len,
            ));
        }
    }

    /// Drops every element, keeping the allocation.
    ///
    /// ```
    /// let mut a: structio_value::Array = vec![1u64.into()].into();
    /// a.clear();
    /// assert!(a.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Moves the values `src[start..]` into a new array of exactly that many slots and shortens
    /// `src` to `start`: how a reader turns its stack of finished elements into a container.
    pub(crate) fn from_tail(src: &mut Vec<Value>, start: usize) -> Array {
        let mut a = Array::new();
        if src.len() > start {
            a.grow_exact(src.len() - start);
            // SAFETY: `a` was just made with room for exactly the tail.
            unsafe { a.take_tail(src, start) };
        }
        a
    }

    /// Moves `src[start..]` into this empty array and shortens `src` to `start`.
    ///
    /// # Safety
    /// The array is allocated, empty, and has room for `src.len() - start` values.
    #[inline]
    unsafe fn take_tail(&mut self, src: &mut Vec<Value>, start: usize) {
        let n = src.len() - start;
        // SAFETY: the caller's promise gives room for `n` values; they are moved bitwise out of
        // `src`, whose length is lowered so it never drops them.
        unsafe {
            let (from, to) = (src.as_ptr().add(start), self.data());
            if n <= 4 {
                // Most arrays are short: a few 16-byte moves beat a call to `memcpy`.
                for i in 0..n {
                    to.add(i).write(from.add(i).read());
                }
            } else {
                ptr::copy_nonoverlapping(from, to, n);
            }
            src.set_len(start);
            self.set_len(n);
        }
    }

    /// An empty array with room for exactly `cap` elements in a block from `arena` (`hint`: input
    /// bytes left).
    pub(crate) fn with_capacity_in(cap: usize, arena: &mut Arena, hint: usize) -> Array {
        if cap == 0 {
            return Array::new();
        }
        if cap > u32::MAX as usize {
            capacity_overflow();
        }
        let (block, owner) = arena.alloc(layout(cap).size(), hint);
        let h = block.cast::<Header>();
        // SAFETY: a fresh block for the header and `cap` values.
        unsafe {
            h.as_ptr().write(Header {
                owner,
                len: 0,
                cap: cap as u32,
                sealed: 0,
            })
        };
        Array {
            ptr: Some(h),
            _owns: PhantomData,
        }
    }

    /// The array of the `n` nodes written in `arena`'s free room from `HEAD` bytes into it
    /// ([`leaf_room`](Self::leaf_room)), carved now as its block and sealed (a block with no
    /// blocks under it).
    ///
    /// # Safety
    /// `n` is at least 1, `HEAD + 16 * n` bytes fit the free room, and the `n` slots past `HEAD`
    /// hold valid nodes that own no block (numbers, literals, short strings), written since the
    /// free room was last handed out.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn carve_written(arena: &mut Arena, n: usize) -> Array {
        // SAFETY: the caller's promises: the block fits the free room and its elements are
        // written, owning nothing, so the block is its own subtree.
        unsafe {
            let (block, owner) = arena.carve_front(HEAD + n * mem::size_of::<Value>());
            Array::written(block, owner, n, true)
        }
    }

    /// The array of the block just carved at `block` from `owner`, its `n` elements written
    /// after the header, which is written now; sealed as one block when `alone` (its elements
    /// own no block), else not sealed.
    ///
    /// # Safety
    /// `block` holds `HEAD + 16 * n` bytes carved from `owner` (or allocated, with a null
    /// owner), `n >= 1` valid nodes written after `HEAD`, owning nothing when `alone`.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    unsafe fn written(block: NonNull<u8>, owner: *const Chunk, n: usize, alone: bool) -> Array {
        let h = block.cast::<Header>();
        // SAFETY: the caller's promise: the header's room is the block's start.
        unsafe {
            h.as_ptr().write(Header {
                owner,
                len: n as u32,
                cap: n as u32,
                sealed: u32::from(alone && !owner.is_null()),
            })
        };
        Array {
            ptr: Some(h),
            _owns: PhantomData,
        }
    }

    /// Where the elements of a block of `len` elements at the end of `arena`'s free room go,
    /// when the room holds that block and, at its start, a block of `front` elements.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn back_room(arena: &Arena, front: usize, len: usize) -> Option<*mut u64> {
        let (free, size) = arena.free_room();
        let back = HEAD + len * mem::size_of::<Value>();
        (HEAD + front * mem::size_of::<Value>() + back <= size)
            .then(|| free.wrapping_add(size - back + HEAD).cast::<u64>())
    }

    /// The array of the `len` nodes written at the end of `arena`'s free room
    /// ([`back_room`](Self::back_room)), carved now as its block and sealed (a block with no
    /// blocks under it).
    ///
    /// # Safety
    /// `len` is at least 1, `HEAD + 16 * len` bytes fit the free room, and the `len` slots
    /// `back_room` gave hold valid nodes that own no block, written since the free room was
    /// last handed out.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn carve_back_written(arena: &mut Arena, len: usize) -> Array {
        // SAFETY: the caller's promises: the block fits the free room and its elements are
        // written, owning nothing, so the block is its own subtree.
        unsafe {
            let (block, owner) = arena.carve_back(HEAD + len * mem::size_of::<Value>());
            Array::written(block, owner, len, true)
        }
    }

    /// [`carve_written`](Self::carve_written) for nodes that own blocks carved since `mark`:
    /// the array is sealed over the run since then (as [`seal_since`](Self::seal_since)).
    ///
    /// # Safety
    /// As for `carve_written`, except that the nodes may own blocks: every block carved since
    /// `mark` is reachable from them, and none is an object of more than
    /// [`INDEX_MIN`](crate::object::INDEX_MIN) members (see [`seal_since`](Self::seal_since)).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn carve_written_since(
        arena: &mut Arena,
        n: usize,
        mark: (u32, usize),
    ) -> Array {
        // SAFETY: the caller's promises: the block fits the free room, its nodes are written,
        // and the run since `mark` is its subtree.
        unsafe {
            let (block, owner) = arena.carve_front(HEAD + n * mem::size_of::<Value>());
            let mut a = Array::written(block, owner, n, false);
            a.seal_since(arena, mark);
            a
        }
    }

    /// Where [`carve_written`](Self::carve_written)'s elements go in `arena`'s free room, and
    /// how many fit.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn leaf_room(arena: &Arena) -> (*mut u64, usize) {
        let (free, size) = arena.free_room();
        (
            free.wrapping_add(HEAD).cast::<u64>(),
            size.saturating_sub(HEAD) / mem::size_of::<Value>(),
        )
    }

    /// [`from_tail`](Self::from_tail) into a block from `arena` (`hint`: input bytes left).
    #[inline]
    pub(crate) fn from_tail_in(
        src: &mut Vec<Value>,
        start: usize,
        arena: &mut Arena,
        hint: usize,
    ) -> Array {
        // A reader's stack never holds `u32::MAX` values (documents are under 4 GiB and a value
        // takes at least one byte), so the count fits the header.
        let mut a = Array::with_capacity_in(src.len() - start, arena, hint);
        if a.ptr.is_some() {
            // SAFETY: `a` was just made with room for exactly the tail.
            unsafe { a.take_tail(src, start) };
        }
        a
    }
}

impl Array {
    /// Gives back the elements' blocks, then this block, through `rel` (see
    /// [`Value::release`]).
    ///
    /// # Safety
    /// The array is not used or dropped afterwards.
    pub(crate) unsafe fn release(&mut self, rel: &mut Releaser) {
        if let Some(p) = self.ptr {
            // SAFETY: a live header; a sealed subtree's blocks are exactly `sealed` blocks of its
            // owner (see `seal`), given up together without reading them.
            unsafe {
                let h = p.as_ptr();
                if (*h).sealed != 0 {
                    rel.free_n((*h).owner, (*h).sealed as usize);
                    return;
                }
            }
            // SAFETY: the first `len` slots are initialised and owned, and never used again; the
            // block has `layout(cap)` and the owner its header names.
            unsafe {
                // Straight from the raw parts: `as_mut_slice` would unseal, a store for nothing.
                let elements = slice::from_raw_parts_mut(self.data(), self.len_u32() as usize);
                for v in elements {
                    if v.owns_block() {
                        v.release(rel);
                    }
                }
                rel.free(
                    p.as_ptr().cast(),
                    layout(self.capacity()),
                    (*p.as_ptr()).owner,
                );
            }
        }
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        let mut rel = Releaser::default();
        // SAFETY: dropped now, never used again.
        unsafe { self.release(&mut rel) };
    }
}

impl Deref for Array {
    type Target = [Value];
    #[inline]
    fn deref(&self) -> &[Value] {
        self.as_slice()
    }
}

impl DerefMut for Array {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Value] {
        self.as_mut_slice()
    }
}

impl Default for Array {
    fn default() -> Self {
        Array::new()
    }
}

impl Clone for Array {
    fn clone(&self) -> Self {
        let mut a = Array::with_capacity(self.len());
        for v in self.iter() {
            a.push(v.clone());
        }
        a
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<Vec<Value>> for Array {
    fn from(mut v: Vec<Value>) -> Self {
        Array::from_tail(&mut v, 0)
    }
}

impl From<Array> for Vec<Value> {
    fn from(mut a: Array) -> Self {
        let n = a.len();
        let mut v = Vec::with_capacity(n);
        // SAFETY: the values are moved bitwise into `v`'s spare room and `a` forgets them.
        unsafe {
            ptr::copy_nonoverlapping(a.data(), v.as_mut_ptr(), n);
            a.set_len(0);
            v.set_len(n);
        }
        v
    }
}

impl<T: Into<Value>> FromIterator<T> for Array {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut a = Array::new();
        a.extend(iter);
        a
    }
}

impl<T: Into<Value>> Extend<T> for Array {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.reserve(iter.size_hint().0);
        for v in iter {
            self.push(v);
        }
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = alloc::vec::IntoIter<Value>;
    /// Moves the values out (through a `Vec`, one copy of the 16-byte handles).
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        Vec::from(self).into_iter()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = slice::Iter<'a, Value>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut Value;
    type IntoIter = slice::IterMut<'a, Value>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}
