//! Chunks: the memory a reader carves a tree's blocks from.
//!
//! A tree read from a document is a few thousand blocks (one per container and per long string),
//! and asking the global allocator for each, then giving each back when the tree drops, was a
//! quarter of the build time of canada. A reader instead takes large chunks and hands out
//! blocks from them by bumping a pointer (from the front of the free room; the rows of an
//! array read in place come from its end, `json_leaf_array`). Every block still belongs to
//! exactly one node and is still given back when that node drops: the first word of each block
//! names the chunk it came from (or none, for a block of its own), and the chunk counts its
//! live blocks. The chunk goes back to the global allocator when its last block is given back,
//! whichever thread does it; except a reader's last chunk, of which the reader keeps one count
//! as its spare, to carve the next document's tree from once every block of the last tree is
//! given back ([`Arena::finish`]).
//!
//! What a user pays for this when mutating a tree: a block that must grow (a push past the
//! capacity) moves to an allocation of its own and gives its chunk slot back, and a chunk's memory
//! returns only when every block carved from it has been dropped, so a long-lived small piece of
//! a large tree keeps its whole chunk alive.
//!
//! A reader also seals each container whose whole subtree it carved from one chunk in a row
//! (`Array::seal`, `Object::seal`): the container records how many blocks that subtree holds,
//! and its drop gives them all back with one count instead of walking them. Every `&mut` access
//! to a container's elements unseals it first, since it can move blocks in or out; a subtree
//! holding an object of more than `INDEX_MIN` members is never sealed, because such an object may
//! later build a lookup index (an allocation of its own) through `&self`.
//!
//! The live count is biased while a reader still carves from the chunk: it starts at [`BIAS`],
//! blocks dropped meanwhile take it down by one each, and when the reader moves on it subtracts
//! `BIAS - carved`, leaving exactly the live blocks. The count cannot reach zero before that
//! (fewer than `BIAS` blocks fit in a chunk), so no atomic operation is needed per block carved.

use alloc::alloc::{alloc, dealloc, handle_alloc_error};
use core::alloc::Layout;
use core::ptr::{self, NonNull};
use core::sync::atomic::{fence, AtomicUsize, Ordering};

/// The head of a chunk; the blocks follow it.
#[repr(C)]
pub(crate) struct Chunk {
    /// Live blocks, plus [`BIAS`] while a reader carves from the chunk.
    live: AtomicUsize,
    /// Bytes of the whole chunk, head included (to rebuild its layout when it is freed).
    size: usize,
}

/// Every block is aligned to this (a node's alignment).
pub(crate) const ALIGN: usize = 8;
const HEAD: usize = core::mem::size_of::<Chunk>();
const BIAS: usize = usize::MAX / 2;
/// The smallest and largest chunk a reader takes. Small: a `Value` read as a field of a typed
/// document is a tree of its own, which keeps its chunk alive; with 4 KiB chunks, 1000 fields
/// of about 250 bytes of blocks each kept 4.1 MB, now 0.27 MB.
const MIN_CHUNK: usize = 256;
const MAX_CHUNK: usize = 64 << 20;
/// Blocks larger than this get an allocation of their own: their cost is spread over many
/// elements anyway, and carving them would waste the rest of a chunk.
const MAX_CARVED: usize = 16 << 10;

/// Gives back one block that came from `owner`, or from the global allocator with `layout` when
/// `owner` is null.
///
/// # Safety
/// `block` is a live block of `layout` with that owner, and is not used again.
#[inline]
pub(crate) unsafe fn free_block(block: *mut u8, layout: Layout, owner: *const Chunk) {
    if owner.is_null() {
        // SAFETY: the caller's promise: the block came from the global allocator with `layout`.
        unsafe { dealloc(block, layout) };
    } else {
        // SAFETY: the caller's promise: the block was carved from the live chunk `owner`.
        unsafe { release(owner, 1) };
    }
}

/// Takes `n` from a chunk's live count and frees the chunk if that was the last of it.
///
/// # Safety
/// `chunk` is live and `n` of its references are given up by the caller.
#[inline]
unsafe fn release(chunk: *const Chunk, n: usize) {
    // SAFETY: the chunk is live until the count reaches zero, which only this call can observe.
    let prev = unsafe { (*chunk).live.fetch_sub(n, Ordering::Release) };
    if prev == n {
        // Every other block's drop happened before its decrement; make them visible here.
        fence(Ordering::Acquire);
        // SAFETY: nothing refers to the chunk any more; it was allocated with this layout.
        unsafe {
            let size = (*chunk).size;
            dealloc(
                chunk as *mut u8,
                Layout::from_size_align_unchecked(size, ALIGN),
            );
        }
    }
}

/// Gives back the blocks of a tree being dropped, counting consecutive blocks of one chunk and
/// taking them off its count in one atomic step (a tree's blocks come in long runs from one
/// chunk, and an atomic step per block was a tenth of the drop).
#[derive(Default)]
pub(crate) struct Releaser {
    chunk: *const Chunk,
    n: usize,
}

impl Releaser {
    /// Gives back `block` (as [`free_block`]), now or at the next [`flush`](Self::flush).
    ///
    /// # Safety
    /// As for [`free_block`]; the block's chunk stays live until the flush, so the caller may
    /// go on reading other blocks of it that it has not given back.
    #[inline]
    pub(crate) unsafe fn free(&mut self, block: *mut u8, layout: Layout, owner: *const Chunk) {
        if owner.is_null() {
            // SAFETY: the caller's promise: a block of its own with `layout`.
            unsafe { dealloc(block, layout) };
        } else {
            // SAFETY: the caller's promise: one block carved from the live chunk `owner`.
            unsafe { self.free_n(owner, 1) };
        }
    }

    /// Gives back `n > 0` blocks of the live chunk `owner` at once: a sealed subtree's (see
    /// `Array::seal`).
    ///
    /// # Safety
    /// `n` blocks carved from `owner` are given up and not used again.
    #[inline]
    pub(crate) unsafe fn free_n(&mut self, owner: *const Chunk, n: usize) {
        if owner != self.chunk {
            self.flush();
            self.chunk = owner;
        }
        self.n += n;
    }

    /// Takes the counted blocks off their chunk's count.
    #[inline]
    pub(crate) fn flush(&mut self) {
        if self.n > 0 {
            // SAFETY: `n` blocks of the live chunk were given back to this releaser.
            unsafe { release(self.chunk, self.n) };
            self.n = 0;
        }
    }
}

impl Drop for Releaser {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A block's memory for a reader: carved from the current chunk, or its own allocation for a
/// large block.
pub(crate) struct Arena {
    /// Chunks taken, blocks allocated on their own, and the reader's notes of anything else a
    /// seal must not cover ([`break_run`](Self::break_run)): while it stays the same, every
    /// block handed out came from one chunk, in order, and nothing else joined the tree.
    breaks: u32,
    chunk: *mut Chunk,
    /// The free room of the chunk: pointers, not addresses, so every block keeps the chunk's
    /// provenance.
    next: *mut u8,
    end: *mut u8,
    carved: usize,
    /// The size of the current chunk and the input bytes left when it was taken (zeros before
    /// the first chunk of a document): how fast it filled sizes the next one.
    taken: (usize, usize),
    /// The last document's last chunk, with one count held by the arena: the next document
    /// carves from it again if every block of that tree was given back by then (see `finish`).
    spare: *mut Chunk,
    /// This document's bytes carved from chunks it retired, and the input bytes left at its
    /// first chunk.
    doc: (usize, usize),
    /// The last document's bytes of tree per bytes of text (as `doc`, zeros before the first):
    /// a reader reading documents of one kind sizes the first chunk of the next one to fit.
    last_rate: (usize, usize),
}

// SAFETY: the arena only holds the reader's share of a chunk, whose count is atomic; moving it to
// another thread moves that share.
unsafe impl Send for Arena {}
// SAFETY: `&Arena` gives no access to anything.
unsafe impl Sync for Arena {}

impl Default for Arena {
    fn default() -> Self {
        Arena {
            breaks: 0,
            chunk: ptr::null_mut(),
            next: ptr::null_mut(),
            end: ptr::null_mut(),
            carved: 0,
            taken: (0, 0),
            spare: ptr::null_mut(),
            doc: (0, 0),
            last_rate: (0, 0),
        }
    }
}

impl Arena {
    /// A block of `size` bytes (a multiple of [`ALIGN`], non-zero) and the chunk it came from
    /// (null for a block of its own, to be freed with `Layout(size, ALIGN)`). `hint` is how many
    /// bytes of input are left: the next chunk is sized from it.
    #[inline(always)]
    pub(crate) fn alloc(&mut self, size: usize, hint: usize) -> (NonNull<u8>, *const Chunk) {
        debug_assert!(size.is_multiple_of(ALIGN) && size > 0);
        if self.end as usize - self.next as usize >= size {
            // SAFETY: `size` (non-zero, aligned) fits the free room, just checked.
            return unsafe { self.carve_front(size) };
        }
        self.alloc_slow(size, hint)
    }

    /// The start of the free room and the chunk, when the room holds `room` bytes; the block
    /// of `size` bytes there is carved only when `take` is true, chosen without a branch.
    ///
    /// The caller may write `room` bytes from the returned pointer either way: they are the
    /// block and free room that no block holds.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn room_carve_if(
        &mut self,
        room: usize,
        size: usize,
        take: bool,
    ) -> Option<(NonNull<u8>, *const Chunk)> {
        debug_assert!(size.is_multiple_of(ALIGN) && size > 0 && size <= room);
        if self.end as usize - self.next as usize >= room {
            let p = self.next;
            // SAFETY: `room >= size` bytes from `p` lie inside the live chunk's free room, which
            // is non-null (the chunk is).
            unsafe {
                self.next = p.add(core::hint::select_unpredictable(take, size, 0));
                self.carved += usize::from(take);
                return Some((NonNull::new_unchecked(p), self.chunk));
            }
        }
        None
    }

    /// The start of the current chunk's free room and its size in bytes (a multiple of
    /// [`ALIGN`]; zero before the first chunk). A caller may write there and then carve the
    /// block around what it wrote with [`carve_front`](Self::carve_front); anything else the
    /// arena hands out in between may overwrite it.
    #[inline(always)]
    pub(crate) fn free_room(&self) -> (*mut u8, usize) {
        (self.next, self.end as usize - self.next as usize)
    }

    /// Carves the block of `size` bytes at the start of the free room, and names its chunk.
    ///
    /// # Safety
    /// `size` is non-zero, a multiple of [`ALIGN`] and at most the free room's size
    /// ([`free_room`](Self::free_room)).
    #[inline(always)]
    pub(crate) unsafe fn carve_front(&mut self, size: usize) -> (NonNull<u8>, *const Chunk) {
        debug_assert!(size.is_multiple_of(ALIGN) && size > 0);
        debug_assert!(size <= self.end as usize - self.next as usize);
        let p = self.next;
        // SAFETY: the caller's promise: `size` bytes from `p` lie inside the free room of the
        // live chunk, so `p` is non-null.
        unsafe {
            self.next = p.add(size);
            self.carved += 1;
            (NonNull::new_unchecked(p), self.chunk)
        }
    }

    /// Carves the block of `size` bytes at the end of the free room, and names its chunk: the
    /// blocks of a run of short arrays whose own array is written at the room's start
    /// (`json_leaf_array`).
    ///
    /// # Safety
    /// As for [`carve_front`](Self::carve_front).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn carve_back(&mut self, size: usize) -> (NonNull<u8>, *const Chunk) {
        debug_assert!(size.is_multiple_of(ALIGN) && size > 0);
        debug_assert!(size <= self.end as usize - self.next as usize);
        // SAFETY: the caller's promise: `size` bytes before `end` lie inside the free room of
        // the live chunk, so the pointer is non-null.
        unsafe {
            self.end = self.end.sub(size);
            self.carved += 1;
            (NonNull::new_unchecked(self.end), self.chunk)
        }
    }

    /// Where the arena is: `(breaks, blocks carved from the current chunk)`. Two marks with the
    /// same `breaks` bound a run of blocks all carved from one chunk, as many as the difference
    /// of the second numbers.
    #[inline(always)]
    pub(crate) fn mark(&self) -> (u32, usize) {
        (self.breaks, self.carved)
    }

    /// How many blocks were carved since `mark`, if they form one run (same chunk, in order,
    /// nothing noted by [`break_run`](Self::break_run) in between) of at least one block: the
    /// count a container closed now seals its subtree with (`Array::seal`).
    #[inline(always)]
    pub(crate) fn run_since(&self, mark: (u32, usize)) -> Option<usize> {
        (self.breaks == mark.0 && self.carved > mark.1).then(|| self.carved - mark.1)
    }

    /// Notes something in the tree that a seal must not cover, ending the current run for every
    /// container open now: a block that grew out of its chunk or was allocated elsewhere, or an
    /// object of more than `INDEX_MIN` members (which may later build a lookup index through
    /// `&self`, an allocation only a walk would free).
    #[inline]
    pub(crate) fn break_run(&mut self) {
        self.breaks = self.breaks.wrapping_add(1);
    }

    #[cold]
    #[inline(never)]
    fn alloc_slow(&mut self, size: usize, hint: usize) -> (NonNull<u8>, *const Chunk) {
        if size > MAX_CARVED {
            // A block of its own joins no run.
            self.breaks = self.breaks.wrapping_add(1);
            // It counts as tree for the next document's first chunk, which can then carve it:
            // a large container that closes last (a root array of thousands of strings) is
            // otherwise on its own in every document, its run broken, and its drop walks it.
            self.doc.0 += size;
            // SAFETY: non-zero size; the alignment is a power of two.
            let layout = unsafe { Layout::from_size_align_unchecked(size, ALIGN) };
            // SAFETY: non-zero size.
            let raw = unsafe { alloc(layout) };
            let Some(p) = NonNull::new(raw) else {
                handle_alloc_error(layout)
            };
            return (p, ptr::null());
        }
        // Blocks from a new chunk do not continue the run of the chunk before. A document's
        // first chunk follows no run: without a chunk nothing was carved, so a mark taken then
        // (`carved` 0) counts this chunk's blocks from its first, and a document that fits its
        // first chunk is sealed whole, root and all. Were the first chunk counted as a break,
        // the root container (opened before the first block) would never be sealed, and its
        // drop would walk every child.
        if !self.chunk.is_null() {
            self.breaks = self.breaks.wrapping_add(1);
        }
        self.retire();
        let want = if self.taken == (0, 0) {
            self.doc = (0, hint);
            first_chunk(self.last_rate, hint)
        } else {
            next_chunk(self.taken, hint)
        };
        let want = want.clamp(MIN_CHUNK, MAX_CHUNK).max(HEAD + size);
        let chunk_size = (want + ALIGN - 1) & !(ALIGN - 1);
        let raw = match self.take_spare(chunk_size) {
            Some(raw) => raw,
            None => {
                // SAFETY: non-zero size; the alignment is a power of two.
                let layout = unsafe { Layout::from_size_align_unchecked(chunk_size, ALIGN) };
                // SAFETY: non-zero size.
                let raw = unsafe { alloc(layout) }.cast::<Chunk>();
                if raw.is_null() {
                    handle_alloc_error(layout)
                }
                // SAFETY: a fresh block large enough for the head.
                unsafe {
                    raw.write(Chunk {
                        live: AtomicUsize::new(BIAS),
                        size: chunk_size,
                    })
                };
                raw
            }
        };
        // SAFETY: a live chunk (fresh, or the spare now the arena's alone).
        let chunk_size = unsafe { (*raw).size };
        self.taken = (chunk_size, hint);
        self.chunk = raw;
        // SAFETY: both are inside (or one past the end of) the fresh chunk.
        unsafe {
            self.next = raw.cast::<u8>().add(HEAD);
            self.end = raw.cast::<u8>().add(chunk_size);
        }
        self.carved = 0;
        self.alloc(size, hint)
    }

    /// The document is read: stops carving from the current chunk but keeps one count of it as
    /// the spare, and notes how much tree the document's text made, to size the next
    /// document's first chunk.
    ///
    /// A reader that reads document after document, dropping each tree before the next read,
    /// so carves every tree from the same chunk: no allocation, memory already in cache, and
    /// none of the page faults glibc's malloc causes when it gives a large freed block back to
    /// the system and then takes it again (158 per build of minified twitter.json with a reused
    /// `Reader`, which took 1.6 times a fresh one's time).
    pub(crate) fn finish(&mut self) {
        if !self.chunk.is_null() {
            self.release_spare();
            self.spare = self.retire_keeping(1);
            self.last_rate = self.doc;
        }
        self.taken = (0, 0);
    }

    /// Stops carving from the current chunk: its count becomes its live blocks (and it is freed
    /// now if none are).
    fn retire(&mut self) {
        self.retire_keeping(0);
    }

    /// Stops carving from the current chunk (if any), which it returns: its count becomes its
    /// live blocks plus `keep` (0, or 1 for a chunk kept as the spare), and the chunk is freed
    /// now if that is zero.
    fn retire_keeping(&mut self, keep: usize) -> *mut Chunk {
        let chunk = self.chunk;
        if !chunk.is_null() {
            // SAFETY: the arena's share of the live chunk is `BIAS - carved` (see the module doc),
            // more than `keep`; `next <= end` lie in the chunk.
            unsafe {
                // Carved from either end: the chunk less its free room.
                self.doc.0 += (*chunk).size - self.end.offset_from(self.next) as usize;
                release(chunk, BIAS - self.carved - keep);
            }
            self.chunk = ptr::null_mut();
            (self.next, self.end, self.carved) = (ptr::null_mut(), ptr::null_mut(), 0);
        }
        chunk
    }

    /// The spare chunk, to carve from as a fresh one of `size` bytes, if every block of its
    /// last tree was given back and it is at least `size` and at most twice as large (a much
    /// larger one would keep memory a small tree does not need alive as long as that tree).
    /// The spare is given up either way.
    fn take_spare(&mut self, size: usize) -> Option<*mut Chunk> {
        let spare = self.spare;
        if spare.is_null() {
            return None;
        }
        // SAFETY: the arena holds a count of the spare, so it is live.
        let (live, spare_size) = unsafe { ((*spare).live.load(Ordering::Acquire), (*spare).size) };
        // Only the arena's count left: no block of the chunk is in use, by any thread (the
        // acquire load sees every drop that gave one back), and none can appear, since only the
        // arena carves blocks.
        if live == 1 && spare_size >= size && spare_size / 2 <= size {
            self.spare = ptr::null_mut();
            // SAFETY: the chunk is the arena's alone.
            unsafe { (*spare).live.store(BIAS, Ordering::Relaxed) };
            return Some(spare);
        }
        self.release_spare();
        None
    }

    /// Gives up the spare chunk if it is larger than `max` bytes.
    #[cfg(feature = "std")]
    pub(crate) fn release_spare_over(&mut self, max: usize) {
        // SAFETY: the arena holds a count of the spare, so it is live.
        if !self.spare.is_null() && unsafe { (*self.spare).size } > max {
            self.release_spare();
        }
    }

    /// Gives up the arena's count of the spare chunk (freeing it if its tree is gone).
    fn release_spare(&mut self) {
        if !self.spare.is_null() {
            // SAFETY: the arena holds one count of the live spare, and forgets it here.
            unsafe { release(self.spare, 1) };
            self.spare = ptr::null_mut();
        }
    }
}

/// The size of the next chunk, from the input bytes left (`hint`) and, if this document already
/// used up a chunk, how fast that one filled (`taken`: its size and the bytes left when it was
/// taken).
///
/// A tree takes 0.8-1.4 times the bytes of pretty-printed text (the corpus), so the first chunk
/// is the size of the text and usually holds the whole tree. Minified text makes a denser tree
/// (citm_catalog minified: 2.3 times), and chunks sized to the text left each time made four
/// chunks of shrinking size; the rate at which the first one filled sizes one more for the rest
/// (with a quarter to spare), so a document takes one or two chunks.
///
/// Few, large chunks also matter to glibc's malloc: once a large block is freed its size raises
/// the mmap and trim thresholds, so the next document's chunks come from the heap without page
/// faults. Smaller chunks (half the text left, capped at 1 MiB) sit at glibc's mmap threshold
/// and are mapped and unmapped on every document, and a run of shrinking chunks pushes the heap
/// past the trim threshold on every document; either way each build pays page faults.
fn next_chunk(taken: (usize, usize), hint: usize) -> usize {
    let (size, left_then) = taken;
    match left_then.checked_sub(hint) {
        Some(read) if size > 0 && read > 0 => tree_for(hint, (size, read), 4),
        _ => hint,
    }
}

/// The size of a document's first chunk, from the input bytes left (`hint`) and the last
/// document's bytes of tree and of text (`last_rate`, zeros before the first document): as much
/// tree as the last document made from that much text (a reader often reads many documents of
/// one kind, and a minified one makes twice its size in tree), or the text left.
///
/// The margin is a sixteenth, not the quarter of [`next_chunk`]: the chunk is the memory the
/// tree keeps, and a document a little larger than the last only takes a second, small chunk.
/// A quarter made a reused reader's tree keep more memory than sonic_rs's on some documents.
fn first_chunk(last_rate: (usize, usize), hint: usize) -> usize {
    match last_rate {
        (tree, text) if tree > 0 && text > 0 => tree_for(hint, last_rate, 16),
        _ => hint,
    }
}

/// The bytes of tree `text` bytes make at `rate` (bytes of tree, bytes of text, both non-zero),
/// with `1 / spare` more to spare, at most [`MAX_CHUNK`].
fn tree_for(text: usize, rate: (usize, usize), spare: usize) -> usize {
    // A product of two `usize` fits `u128`.
    let want = (text as u128 * rate.0 as u128 / rate.1 as u128).min(MAX_CHUNK as u128) as usize;
    (want + want / spare).min(MAX_CHUNK)
}

impl Drop for Arena {
    fn drop(&mut self) {
        self.finish();
        self.release_spare();
    }
}

#[cfg(test)]
mod tests {
    use super::{first_chunk, next_chunk, MAX_CHUNK};

    #[test]
    fn a_documents_first_chunk_is_sized_from_the_last_document() {
        // The reader's first document: the text.
        assert_eq!(first_chunk((0, 0), 500_000), 500_000);
        // The last one made 1 MB of tree from 500 KB of text: twice the text, and a sixteenth.
        assert_eq!(first_chunk((1_000_000, 500_000), 400_000), 850_000);
        // Saturates rather than overflowing.
        assert_eq!(first_chunk((usize::MAX, 1), usize::MAX), MAX_CHUNK);
    }

    #[test]
    fn the_next_chunk_is_sized_from_how_fast_the_last_one_filled() {
        // A document's first chunk: the text left.
        assert_eq!(next_chunk((0, 0), 500_000), 500_000);
        // 500 KB filled over 250 KB of text, 250 KB left: twice the text, and a quarter more.
        assert_eq!(next_chunk((500_000, 500_000), 250_000), 625_000);
        // A sparse tree asks for less than the text left.
        assert_eq!(next_chunk((100_000, 400_000), 200_000), 125_000);
        // Nothing read since (a block larger than the chunk's room): the text left.
        assert_eq!(next_chunk((4096, 1000), 1000), 1000);
        // Huge products saturate at the largest chunk instead of overflowing.
        assert_eq!(
            next_chunk((usize::MAX, usize::MAX), usize::MAX - 1),
            MAX_CHUNK
        );
    }
}
