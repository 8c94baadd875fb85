//! [`Object`]: the members of a JSON object, in insertion order, in one block (carved from a
//! reader's chunk, or an allocation of its own; see the crate docs).
//!
//! Layout of the block behind the thin pointer: a header, then `cap` entries of 24 bytes
//! (`key offset: u32`, `key length: u32`, the 16-byte [`Value`]), then `kcap` bytes holding the
//! keys' text back to back. A key therefore costs its bytes and no allocation of its own. Removing
//! a member leaves its key bytes unused until the next growth compacts them.
//!
//! Lookup scans the entries (length first, then bytes) while an object has at most
//! [`INDEX_MIN`] members; above that, the first lookup builds a sorted permutation of the
//! entries (a `Vec<u32>`, one more allocation, O(n log n) once), and lookups bisect it. Once
//! built, the index is kept in step by every mutation: an insertion costs a bisection and a shift
//! of the `u32`s, a removal a pass over them.

use alloc::alloc::{alloc, handle_alloc_error};
use alloc::vec::Vec;
use core::alloc::Layout;
use core::marker::PhantomData;
use core::ptr::{self, NonNull};
use core::{mem, slice, str};

mod iter;

pub use iter::{Iter, IterMut};

use crate::array::capacity_overflow;
use crate::chunk::{free_block, Arena, Chunk, Releaser, ALIGN};
use crate::duplicates::KeyFilter;
use crate::lazy_index::LazyIndex;
use crate::Value;

/// Objects with more members than this are searched by key through a sorted index, built by the
/// first such lookup. A scan of 64 entries compares lengths first and costs about what the
/// bisection does; and a read subtree holding a larger object cannot be sealed (its index, built
/// later through `&self`, is an allocation its drop must find), so a higher threshold keeps the
/// drop of typical documents (twitter's 40-member user objects) to one step.
///
/// ```
/// use structio_value::{object::INDEX_MIN, Object};
/// assert_eq!(INDEX_MIN, 64);
/// let big: Object = (0..=INDEX_MIN as u64).map(|i| (i.to_string(), i)).collect();
/// assert_eq!(big.get("64"), Some(&64u64.into())); // found through the sorted index
/// ```
pub const INDEX_MIN: usize = 64;

#[repr(C)]
struct Header {
    /// The chunk the block was carved from; null for a block of its own.
    owner: *const Chunk,
    len: u32,
    cap: u32,
    klen: u32,
    kcap: u32,
    index: LazyIndex,
    /// A sealed subtree's block count (see `Array`'s header): nonzero only while no `&mut`
    /// access has reached the members since the reader made the object.
    sealed: u32,
}

#[repr(C)]
struct Entry {
    koff: u32,
    klen: u32,
    value: Value,
}

const HEAD: usize = mem::size_of::<Header>();
const ENTRY: usize = mem::size_of::<Entry>();

fn layout(cap: usize, kcap: usize) -> Layout {
    cap.checked_mul(ENTRY)
        .and_then(|b| b.checked_add(HEAD))
        .and_then(|b| b.checked_add(kcap))
        .and_then(|size| Layout::from_size_align(size, mem::align_of::<Header>()).ok())
        .unwrap_or_else(|| capacity_overflow())
}

/// Whether `key` equals one of the first `n` keys of a block being built
/// (`Object::from_members_in`'s repeat check, when the key's filter bit was set already).
///
/// # Safety
/// The first `n` entries from `entries` are written, and each one's key bytes at its `koff` in
/// `key_room`.
#[cold]
#[inline(never)]
unsafe fn repeats_earlier(
    entries: *const Entry,
    key_room: *const u8,
    n: usize,
    key: &[u8],
) -> bool {
    (0..n).any(|j| {
        // SAFETY: entry `j < n` and its key bytes are written (the caller's promise).
        unsafe {
            let e = entries.add(j);
            (*e).klen as usize == key.len()
                && slice::from_raw_parts(key_room.add((*e).koff as usize), key.len()) == key
        }
    })
}

/// The members of a JSON object: keys and values in insertion order, in one block with the
/// keys' text stored beside the entries.
///
/// Reading a document keeps a key repeated in one object once, at its first position, holding
/// its last value (see the crate docs); [`get`](Self::get) finds the member with a key, and
/// [`insert`](Self::insert) replaces it.
///
/// ```
/// use structio_value::Object;
/// let mut o = Object::new();
/// o.insert("id", 7u64);
/// o.insert("name", "x");
/// assert_eq!(o.get("id"), Some(&7u64.into()));
/// assert_eq!(o.keys().collect::<Vec<_>>(), ["id", "name"]);
/// ```
pub struct Object {
    ptr: Option<NonNull<Header>>,
    _owns: PhantomData<Value>,
}

// SAFETY: an `Object` owns its entries exclusively, like a `Vec<(String, Value)>`.
unsafe impl Send for Object {}
// SAFETY: as above; shared access only reads.
unsafe impl Sync for Object {}

impl Object {
    /// An empty object; allocates nothing.
    ///
    /// ```
    /// assert!(structio_value::Object::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        Object {
            ptr: None,
            _owns: PhantomData,
        }
    }

    /// The block (none for an empty object without one), which the caller now owns with its
    /// members (see `crate::push`).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn into_raw(self) -> Option<NonNull<u8>> {
        core::mem::ManuallyDrop::new(self).ptr.map(NonNull::cast)
    }

    /// An empty object with room for `members` entries and `key_bytes` bytes of keys.
    ///
    /// ```
    /// let o = structio_value::Object::with_capacity(4, 32);
    /// assert!(o.is_empty());
    /// ```
    pub fn with_capacity(members: usize, key_bytes: usize) -> Self {
        let mut o = Object::new();
        if members > 0 || key_bytes > 0 {
            o.grow_exact(members, key_bytes);
        }
        o
    }

    /// A block from `arena` (`hint`: input bytes left) for exactly `members` entries and
    /// `key_bytes` bytes of keys, its header not yet written: the block, its owner and its key
    /// room (`key_bytes` and the bytes the rounding to the arena's alignment adds, so that
    /// `layout(members, kcap)` is exactly the block's size, the layout a block of its own is
    /// freed with).
    ///
    /// The counts are `u32`s (those of a document under 2 GiB), so on 64-bit targets the size
    /// needs no overflow checks.
    #[inline(always)]
    fn carve_in(
        members: u32,
        key_bytes: u32,
        arena: &mut Arena,
        hint: usize,
    ) -> (NonNull<Header>, *const Chunk, u32) {
        let (members, key_bytes) = (members as usize, key_bytes as usize);
        // Below 2^37 on 64-bit targets; checked on narrower ones.
        #[cfg(target_pointer_width = "64")]
        let size = HEAD + members * ENTRY + key_bytes;
        #[cfg(not(target_pointer_width = "64"))]
        let size = layout(members, key_bytes).size();
        let (block, owner) = arena.alloc((size + ALIGN - 1) & !(ALIGN - 1), hint);
        let kcap = key_bytes + (size.wrapping_neg() & (ALIGN - 1));
        (block.cast::<Header>(), owner, kcap as u32)
    }

    #[inline]
    fn header(&self) -> Option<&Header> {
        // SAFETY: a non-null pointer always points at a live, initialised header.
        self.ptr.map(|p| unsafe { &*p.as_ptr() })
    }

    /// Ends the seal: called by everything that gives `&mut` access to the members or moves
    /// them, before it does.
    #[inline]
    fn unseal(&mut self) {
        if let Some(p) = self.ptr {
            // SAFETY: a non-null pointer always points at a live header.
            unsafe { (*p.as_ptr()).sealed = 0 };
        }
    }

    /// Seals an object a reader just finished, if everything carved since `mark` is its subtree
    /// in one run (see `Array::seal_since`). An object holding a block of its own (grown out of
    /// its chunk while it was read, or too large to carve) or with more than [`INDEX_MIN`]
    /// members (it may build a lookup index later, an allocation a sealed drop would miss) is
    /// never sealed, and is noted on the arena so that no container around it is either.
    ///
    /// # Safety
    /// As for `Array::seal_since`.
    #[inline]
    pub(crate) unsafe fn seal_since(&mut self, arena: &mut Arena, mark: (u32, usize)) {
        // SAFETY: a non-null pointer always points at a live header.
        let own_block = self
            .ptr
            .is_some_and(|p| unsafe { (*p.as_ptr()).owner.is_null() });
        if own_block || self.len() > INDEX_MIN {
            arena.break_run();
        } else if let Some(blocks) = arena.run_since(mark) {
            // SAFETY: the caller's promise: the run is this object's block (in its chunk, as
            // checked above) and its members', with nothing from elsewhere and no big object.
            unsafe { self.seal(blocks) };
        }
    }

    /// Seals this object's subtree as `blocks` blocks of its owner (see `Array::seal`).
    ///
    /// # Safety
    /// As for `Array::seal`: exactly `blocks` blocks, all carved from this object's owner, are
    /// reachable from it, and no object among them has more than [`INDEX_MIN`] members.
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

    #[inline]
    fn entries_ptr(&self) -> *mut Entry {
        match self.ptr {
            // SAFETY: the entries start `HEAD` bytes into the block.
            Some(p) => unsafe { p.as_ptr().cast::<u8>().add(HEAD).cast::<Entry>() },
            None => NonNull::<Entry>::dangling().as_ptr(),
        }
    }

    #[inline]
    fn keys_ptr(&self) -> *mut u8 {
        match self.ptr {
            // SAFETY: the key bytes follow the `cap` entry slots.
            Some(p) => unsafe {
                p.as_ptr()
                    .cast::<u8>()
                    .add(HEAD + (*p.as_ptr()).cap as usize * ENTRY)
            },
            None => NonNull::<u8>::dangling().as_ptr(),
        }
    }

    #[inline]
    fn entries(&self) -> &[Entry] {
        let len = self.header().map_or(0, |h| h.len as usize);
        // SAFETY: the first `len` entries are initialised.
        unsafe { slice::from_raw_parts(self.entries_ptr(), len) }
    }

    #[inline]
    fn entries_mut(&mut self) -> &mut [Entry] {
        self.unseal();
        let len = self.header().map_or(0, |h| h.len as usize);
        // SAFETY: as in `entries`, with exclusive access through `&mut self`.
        unsafe { slice::from_raw_parts_mut(self.entries_ptr(), len) }
    }

    #[inline]
    fn key_of(&self, e: &Entry) -> &str {
        // SAFETY: every entry's key range lies inside the key bytes and was copied from a `&str`.
        unsafe {
            let bytes =
                slice::from_raw_parts(self.keys_ptr().add(e.koff as usize), e.klen as usize);
            str::from_utf8_unchecked(bytes)
        }
    }

    /// How many members.
    ///
    /// ```
    /// assert_eq!(structio_value::Object::new().len(), 0);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.header().map_or(0, |h| h.len as usize)
    }

    /// `true` if there are no members.
    ///
    /// ```
    /// assert!(structio_value::Object::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of the first member named `key`.
    fn find(&self, key: &str) -> Option<usize> {
        let h = self.header()?;
        let entries = self.entries();
        if entries.len() > INDEX_MIN {
            let index = h.index.get_or_build(|| self.sorted_positions());
            let at = index.partition_point(|&i| self.key_of(&entries[i as usize]) < key);
            let i = *index.get(at)? as usize;
            return (self.key_of(&entries[i]) == key).then_some(i);
        }
        let k = key.as_bytes();
        entries
            .iter()
            .position(|e| e.klen as usize == k.len() && self.key_of(e).as_bytes() == k)
    }

    /// The value of the first member named `key`.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// assert_eq!(o.get("a"), Some(&1u64.into()));
    /// assert_eq!(o.get("b"), None);
    /// ```
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).map(|i| &self.entries()[i].value)
    }

    /// The value of the first member named `key`, mutably.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// *o.get_mut("a").unwrap() = 2u64.into();
    /// assert_eq!(o["a"], 2u64);
    /// ```
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        let i = self.find(key)?;
        Some(&mut self.entries_mut()[i].value)
    }

    /// `true` if a member is named `key`.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// assert!(o.contains_key("a"));
    /// ```
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// The member at position `index` in insertion order.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// assert_eq!(o.get_index(0), Some(("a", &1u64.into())));
    /// assert_eq!(o.get_index(1), None);
    /// ```
    #[inline]
    pub fn get_index(&self, index: usize) -> Option<(&str, &Value)> {
        let e = self.entries().get(index)?;
        Some((self.key_of(e), &e.value))
    }

    /// Sets `key` to `value`: replaces the first member named `key` in place (returning the old
    /// value), or appends a new member.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// assert_eq!(o.insert("a", 1u64), None);
    /// assert_eq!(o.insert("a", 2u64), Some(1u64.into()));
    /// assert_eq!(o.len(), 1);
    /// ```
    pub fn insert(&mut self, key: &str, value: impl Into<Value>) -> Option<Value> {
        let value = value.into();
        if let Some(i) = self.find(key) {
            return Some(mem::replace(&mut self.entries_mut()[i].value, value));
        }
        self.append(key, value);
        self.index_appended();
        None
    }

    /// The value of `key`, inserting `null` first if there is none (what `v["key"] = x` uses).
    pub(crate) fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.find(key) {
            Some(i) => i,
            None => {
                self.append(key, Value::NULL);
                self.index_appended();
                self.len() - 1
            }
        };
        &mut self.entries_mut()[i].value
    }

    /// Appends a member without looking for an existing one and without touching the index;
    /// the caller calls [`index_appended`](Self::index_appended) unless the object is new (no
    /// index built yet).
    #[inline]
    pub(crate) fn append(&mut self, key: &str, value: Value) {
        self.unseal();
        let (len, cap, klen, kcap) = match self.header() {
            Some(h) => (
                h.len as usize,
                h.cap as usize,
                h.klen as usize,
                h.kcap as usize,
            ),
            None => (0, 0, 0, 0),
        };
        if len == cap || kcap - klen < key.len() {
            self.grow_for(key.len());
        }
        let p = self.ptr.unwrap_or_else(|| capacity_overflow());
        // SAFETY: after `grow_for` there is an entry slot at `len` and room for the key's bytes
        // at the header's `klen` (re-read: growth compacts the keys).
        // The header is reached through the raw pointer only, never a `&mut` held across the
        // other accesses.
        unsafe {
            let (keys, entries) = (self.keys_ptr(), self.entries_ptr());
            let h = p.as_ptr();
            let koff = (*h).klen as usize;
            ptr::copy_nonoverlapping(key.as_ptr(), keys.add(koff), key.len());
            entries.add(len).write(Entry {
                koff: koff as u32,
                klen: key.len() as u32,
                value,
            });
            (*h).len += 1;
            (*h).klen += key.len() as u32;
        }
    }

    /// An object of exactly the members `keys` (`(text, start, len)`: the key is
    /// `text[start..start + len]`) and the values `values[first..]`, which move out of the
    /// vector (it is shortened to `first`), in a block from `arena` (`hint`: input bytes left):
    /// how a reader closes an object, writing each entry once with no capacity checks. With
    /// `CHECK`, the second answer says whether a key repeats an earlier one, found while the
    /// keys are copied (`duplicates::KeyFilter`; at most `FILTERED_MAX` keys); else it is
    /// `false`.
    ///
    /// # Safety
    /// Every key range is in bounds and valid UTF-8, there are exactly as many values after
    /// `first` as keys (fewer than 2^32), and the key lengths sum to `key_bytes`.
    #[inline]
    pub(crate) unsafe fn from_members_in<'t, const CHECK: bool>(
        keys: impl ExactSizeIterator<Item = (&'t [u8], usize, usize)>,
        values: &mut Vec<Value>,
        first: usize,
        key_bytes: u32,
        arena: &mut Arena,
        hint: usize,
    ) -> (Object, bool) {
        let n = keys.len();
        debug_assert!(n <= u32::MAX as usize);
        debug_assert!(!CHECK || n <= crate::duplicates::FILTERED_MAX);
        let (h, owner, kcap) = Object::carve_in(n as u32, key_bytes, arena, hint);
        // SAFETY: the entries start `HEAD` bytes into the block, the key room after `n` of them.
        let (entries, key_room) = unsafe {
            let block = h.as_ptr().cast::<u8>();
            (block.add(HEAD).cast::<Entry>(), block.add(HEAD + n * ENTRY))
        };
        // SAFETY: the caller's promises: `values[first..]` holds `n` values.
        let from = unsafe { values.as_ptr().add(first) };
        let mut koff = 0usize;
        let mut filter = KeyFilter::new();
        for (i, (text, start, len)) in keys.enumerate() {
            // SAFETY: the caller's promises: ranges in bounds, lengths summing to the block's key
            // room, value `i < n` initialised; entry `i < n` is inside the block. Each value is
            // moved bitwise, and the vector forgets them below.
            unsafe {
                let (src, dst) = (text.as_ptr().add(start), key_room.add(koff));
                // Keys past 32 bytes go to `memcpy`, which costs a call and a size dispatch
                // (a fifth of twitter's keys are 17-32 bytes, and paid that until they were
                // copied inline). Their first and last words (in the key: it is longer than 32
                // bytes) are loaded for the repeat check's tag.
                let words = if len > 32 {
                    ptr::copy_nonoverlapping(src, dst, len);
                    [
                        src.cast::<u64>().read_unaligned(),
                        src.add(len - 8).cast::<u64>().read_unaligned(),
                    ]
                } else {
                    crate::copy::copy_key(src, dst, len)
                };
                if CHECK {
                    let key = slice::from_raw_parts(dst, len);
                    // The keys before `i` are written: their entries and their bytes.
                    filter.record(words, len, || repeats_earlier(entries, key_room, i, key));
                }
                // Field by field: building a whole `Entry` on the stack would move its value
                // there and back.
                let e = entries.add(i);
                ptr::addr_of_mut!((*e).koff).write(koff as u32);
                ptr::addr_of_mut!((*e).klen).write(len as u32);
                ptr::copy_nonoverlapping(from.add(i), ptr::addr_of_mut!((*e).value), 1);
            }
            koff += len;
        }
        // SAFETY: the values were moved out above; `n` entries and `koff` key bytes were
        // written, and the header, written once now that its counts are known, makes them live.
        unsafe {
            values.set_len(first);
            h.as_ptr().write(Header {
                owner,
                len: n as u32,
                cap: n as u32,
                klen: koff as u32,
                kcap,
                index: LazyIndex::new(),
                sealed: 0,
            });
        }
        let o = Object {
            ptr: Some(h),
            _owns: PhantomData,
        };
        (o, filter.found())
    }

    /// Keeps a built index in step after one `append`.
    fn index_appended(&mut self) {
        let len = self.len();
        let Some(p) = self.ptr else { return };
        // SAFETY: the header is live and only the index is borrowed from it here; entries and
        // keys lie outside the header.
        let Some(index) = (unsafe { (*p.as_ptr()).index.get_mut() }) else {
            return;
        };
        if index.len() + 1 != len {
            // SAFETY: as above.
            unsafe { (*p.as_ptr()).index.clear() };
            return;
        }
        let entries = self.entries();
        let key = self.key_of(&entries[len - 1]);
        let at = index.partition_point(|&i| self.key_of(&entries[i as usize]) <= key);
        index.insert(at, (len - 1) as u32);
    }

    /// Entry positions sorted by key; a stable sort keeps equal keys in insertion order, so a
    /// bisection finds the first.
    fn sorted_positions(&self) -> Vec<u32> {
        let entries = self.entries();
        let mut index: Vec<u32> = (0..entries.len() as u32).collect();
        index.sort_by(|&a, &b| {
            self.key_of(&entries[a as usize])
                .cmp(self.key_of(&entries[b as usize]))
        });
        index
    }

    #[cold]
    fn grow_for(&mut self, key_len: usize) {
        let (len, cap, live) = match self.header() {
            Some(h) => (
                h.len as usize,
                h.cap as usize,
                self.entries().iter().map(|e| e.klen as usize).sum(),
            ),
            None => (0, 0, 0usize),
        };
        let new_cap = if len == cap { (cap * 2).max(4) } else { cap };
        let need = live + key_len;
        let new_kcap = need.max(live * 2).max(new_cap * 8);
        self.grow_exact(new_cap, new_kcap);
    }

    /// Moves the object into a block of `new_cap` entries and `new_kcap` key bytes, compacting the
    /// keys. Both must hold what is there now.
    fn grow_exact(&mut self, new_cap: usize, new_kcap: usize) {
        if new_cap > u32::MAX as usize || new_kcap > u32::MAX as usize {
            capacity_overflow();
        }
        let new_layout = layout(new_cap, new_kcap);
        // SAFETY: the layout is non-zero (it holds the header).
        let raw = unsafe { alloc(new_layout) }.cast::<Header>();
        let Some(np) = NonNull::new(raw) else {
            handle_alloc_error(new_layout)
        };
        let len = self.len();
        // SAFETY: the new block has room for `len <= new_cap` entries and the live key bytes
        // (`<= new_kcap`, the caller's promise); entries and the index move bitwise and the old
        // block is freed without dropping them.
        unsafe {
            let index = match self.ptr {
                Some(p) => ptr::read(&(*p.as_ptr()).index),
                None => LazyIndex::new(),
            };
            np.as_ptr().write(Header {
                owner: ptr::null(),
                len: len as u32,
                cap: new_cap as u32,
                klen: 0,
                kcap: new_kcap as u32,
                index,
                sealed: 0,
            });
            let new_entries = raw.cast::<u8>().add(HEAD).cast::<Entry>();
            let new_keys = raw.cast::<u8>().add(HEAD + new_cap * ENTRY);
            let mut koff = 0usize;
            for (i, e) in self.entries().iter().enumerate() {
                let k = e.klen as usize;
                ptr::copy_nonoverlapping(
                    self.keys_ptr().add(e.koff as usize),
                    new_keys.add(koff),
                    k,
                );
                new_entries.add(i).write(Entry {
                    koff: koff as u32,
                    klen: e.klen,
                    value: ptr::read(&e.value),
                });
                koff += k;
            }
            (*raw).klen = koff as u32;
            if let Some(p) = self.ptr {
                let h = &*p.as_ptr();
                let l = layout(h.cap as usize, h.kcap as usize);
                free_block(p.as_ptr().cast(), l, h.owner);
            }
        }
        self.ptr = Some(np);
    }

    /// Removes the first member named `key` and returns its value, keeping the others in order.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64), ("b", 2u64)].into_iter().collect();
    /// assert_eq!(o.remove("a"), Some(1u64.into()));
    /// assert_eq!(o.remove("a"), None);
    /// assert_eq!(o.get_index(0).unwrap().0, "b");
    /// ```
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let i = self.find(key)?;
        self.remove_index(i).map(|(_, v)| v)
    }

    /// Removes the member at position `index` and returns its key and value, or `None` when out
    /// of range. Later members shift down one place.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// let (k, v) = o.remove_index(0).unwrap();
    /// assert_eq!((k.as_str(), v), ("a", 1u64.into()));
    /// ```
    pub fn remove_index(&mut self, index: usize) -> Option<(alloc::string::String, Value)> {
        self.unseal();
        let len = self.len();
        if index >= len {
            return None;
        }
        let p = self.ptr?;
        let key = alloc::string::String::from(self.key_of(&self.entries()[index]));
        // SAFETY: `index < len`; the value is read out and the tail closes the gap, then the
        // length drops by one. The key bytes stay until the next growth compacts them.
        let value = unsafe {
            let at = self.entries_ptr().add(index);
            let v = ptr::read(&(*at).value);
            ptr::copy(at.add(1), at, len - index - 1);
            (*p.as_ptr()).len -= 1;
            v
        };
        // SAFETY: the header is live and nothing else borrows the index.
        let h = unsafe { &mut *p.as_ptr() };
        if len - 1 <= INDEX_MIN {
            h.index.clear();
        } else if let Some(ix) = h.index.get_mut() {
            let removed = index as u32;
            ix.retain(|&i| i != removed);
            for i in ix.iter_mut() {
                if *i > removed {
                    *i -= 1;
                }
            }
        }
        Some((key, value))
    }

    /// Removes every member, keeping the allocation.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// o.clear();
    /// assert!(o.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.unseal();
        let Some(p) = self.ptr else { return };
        // SAFETY: the header is live; the length is zeroed before the values are dropped.
        unsafe {
            let len = (*p.as_ptr()).len as usize;
            (*p.as_ptr()).len = 0;
            (*p.as_ptr()).klen = 0;
            (*p.as_ptr()).index.clear();
            for i in 0..len {
                ptr::drop_in_place(&mut (*self.entries_ptr().add(i)).value);
            }
        }
    }

    /// The members in insertion order.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// for (k, v) in o.iter() {
    ///     assert_eq!((k, v), ("a", &1u64.into()));
    /// }
    /// ```
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            obj: self,
            inner: self.entries().iter(),
        }
    }

    /// The members in insertion order, values mutable.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// for (_, v) in o.iter_mut() {
    ///     *v = true.into();
    /// }
    /// assert_eq!(o["a"], true);
    /// ```
    #[inline]
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        self.unseal();
        let keys = self.keys_ptr();
        let len = self.len();
        // SAFETY: the first `len` entries are initialised; `&mut self` makes access exclusive.
        let entries = unsafe { slice::from_raw_parts_mut(self.entries_ptr(), len) };
        IterMut {
            keys,
            inner: entries.iter_mut(),
            _obj: PhantomData,
        }
    }

    /// The keys in insertion order.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64), ("b", 2u64)].into_iter().collect();
    /// assert_eq!(o.keys().collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    #[inline]
    pub fn keys(&self) -> impl Iterator<Item = &str> + '_ {
        self.iter().map(|(k, _)| k)
    }

    /// The values in insertion order.
    ///
    /// ```
    /// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// assert_eq!(o.values().count(), 1);
    /// ```
    #[inline]
    pub fn values(&self) -> impl Iterator<Item = &Value> + '_ {
        self.entries().iter().map(|e| &e.value)
    }

    /// The values in insertion order, mutable.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
    /// o.values_mut().for_each(|v| *v = 0u64.into());
    /// assert_eq!(o["a"], 0u64);
    /// ```
    #[inline]
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Value> + '_ {
        self.entries_mut().iter_mut().map(|e| &mut e.value)
    }
}

impl Object {
    /// Gives back the values' blocks, then this block, through `rel` (see
    /// [`Value::release`]).
    ///
    /// # Safety
    /// The object is not used or dropped afterwards.
    pub(crate) unsafe fn release(&mut self, rel: &mut Releaser) {
        if let Some(p) = self.ptr {
            let h = p.as_ptr();
            // SAFETY: a live header; a sealed subtree's blocks are exactly `sealed` blocks of its
            // owner and it holds no lookup index (see `seal`): given up together, unread.
            unsafe {
                if (*h).sealed != 0 {
                    rel.free_n((*h).owner, (*h).sealed as usize);
                    return;
                }
            }
            // SAFETY: the first `len` entries are initialised and owned, and never used again;
            // the index is dropped in place and the block given back with its layout and owner.
            unsafe {
                // Straight from the raw parts: `entries_mut` would unseal, a store for nothing.
                let entries = slice::from_raw_parts_mut(self.entries_ptr(), (*h).len as usize);
                for e in entries {
                    if e.value.owns_block() {
                        e.value.release(rel);
                    }
                }
                let l = layout((*h).cap as usize, (*h).kcap as usize);
                ptr::drop_in_place(&mut (*h).index);
                rel.free(h.cast(), l, (*h).owner);
            }
        }
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        let mut rel = Releaser::default();
        // SAFETY: dropped now, never used again.
        unsafe { self.release(&mut rel) };
    }
}
