//! The container stack of the binary formats' error walks (BJData, CBOR): after a read fails,
//! the format walks the input again up to the error's offset, opening containers with its own
//! reader; this is where the open ones are kept and how the walk moves from one child to the
//! next, closing finished containers on the way. Error-path code only: no read goes through it.

use crate::PathTracker;

#[derive(Copy, Clone)]
struct Frame<I> {
    items: Option<I>,
    object: bool,
    next: usize,
}

/// Where [`WalkStack::advance`] left the walk.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// At an array's next element (its index is the tracker's segment): a value starts here.
    Element,
    /// At an object's next member, before its key (which the format reads and names).
    Member,
    /// The walk ends: the root is complete, a container is cut off or broken, or `target` is
    /// at a container's end marker. The tracker holds the path to report.
    Stop,
}

/// Up to `N` open containers of an error walk, each with the reader's state for it (`I`, the
/// format's item counter) and the index of its next child.
///
/// ```
/// use structio_core::{PathTracker, Step, WalkStack};
/// // A reader over `[1, 2]` that only counts: `next` says whether an element follows.
/// let mut stack = WalkStack::<u8, 4>::new();
/// let mut t = PathTracker::new();
/// let mut at = 1usize; // past `[`
/// stack.push(3, false, &mut t);
/// let next = |at: &mut usize, left: &mut u8| -> Result<bool, ()> {
///     *at += 1;
///     *left = left.saturating_sub(1);
///     Ok(*left > 0)
/// };
/// // At the first element, and, once it is read, at the second; then past the array.
/// assert_eq!(stack.advance(&mut at, |a| *a, next, &mut t, 10, false), Step::Element);
/// assert_eq!(t.render(b"").as_str(), "/0");
/// assert_eq!(stack.advance(&mut at, |a| *a, next, &mut t, 10, false), Step::Element);
/// assert_eq!(t.render(b"").as_str(), "/1");
/// assert_eq!(stack.advance(&mut at, |a| *a, next, &mut t, 10, false), Step::Stop);
/// ```
#[doc(hidden)]
pub struct WalkStack<I, const N: usize> {
    frames: [Frame<I>; N],
    depth: usize,
}

impl<I: Copy, const N: usize> Default for WalkStack<I, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<I: Copy, const N: usize> WalkStack<I, N> {
    /// Nothing open.
    pub fn new() -> Self {
        WalkStack {
            frames: [Frame {
                items: None,
                object: false,
                next: 0,
            }; N],
            depth: 0,
        }
    }

    /// Whether `N` containers are open (the walk ends rather than open another).
    pub fn is_full(&self) -> bool {
        self.depth >= N
    }

    /// A container opens, with the reader's counter for it; the tracker enters it.
    pub fn push(&mut self, items: I, object: bool, t: &mut PathTracker) {
        if let Some(f) = self.frames.get_mut(self.depth) {
            *f = Frame {
                items: Some(items),
                object,
                next: 0,
            };
        }
        self.depth += 1;
        t.enter();
    }

    /// After a value ends at the reader: moves to the next child of the innermost open
    /// container, closing finished ones. `next(r, items)` is the format reader's step to the
    /// next child (`false` once it has read the container's end); `offset(r)` its position.
    /// With `close`, a container that ends exactly at `target` is the one reported (a missing
    /// field is reported after its object's last member).
    pub fn advance<R, E>(
        &mut self,
        r: &mut R,
        offset: impl Fn(&R) -> usize,
        mut next: impl FnMut(&mut R, &mut I) -> Result<bool, E>,
        t: &mut PathTracker,
        target: usize,
        close: bool,
    ) -> Step {
        loop {
            if self.depth == 0 {
                // The root is complete: the offset is past it (trailing bytes).
                return Step::Stop;
            }
            let Some(top) = self.frames.get_mut(self.depth - 1) else {
                return Step::Stop;
            };
            let Some(items) = top.items.as_mut() else {
                return Step::Stop;
            };
            let before = offset(r);
            match next(r, items) {
                Err(_) => {
                    // The container is cut off or broken, not its last child.
                    t.leave();
                    t.enter();
                    return Step::Stop;
                }
                Ok(false) => {
                    let after = offset(r);
                    if close && after == target {
                        // The container itself, not its last child.
                        t.leave();
                        t.enter();
                        return Step::Stop;
                    }
                    if before <= target && target < after {
                        // At the marker that ends it.
                        return Step::Stop;
                    }
                    t.leave();
                    self.depth -= 1;
                    continue;
                }
                Ok(true) => {}
            }
            let index = top.next;
            top.next += 1;
            if !top.object {
                t.index(index);
                return Step::Element;
            }
            // Until its key reads, the member is no segment (nor is the one before it).
            t.leave();
            t.enter();
            return Step::Member;
        }
    }
}
