//! The path to the value an error is about, in JSON Pointer form (`/network/port`,
//! `/channels/3/pin`).
//!
//! Readers do not track where they are: that would cost every successful read. After an error,
//! the entry point walks the input again from the start up to the error's offset with a
//! [`PathTracker`], and the [`ErrorPath`] it renders goes into the [`Error`](crate::Error).
//! Both are fixed-size, so this works without an allocator; a path too long for
//! [`ErrorPath`] keeps its deepest segments and says that it was cut.

use core::fmt;

/// How many bytes of path an [`ErrorPath`] holds.
const PATH_CAP: usize = 96;

/// How many levels a [`PathTracker`] remembers: the deepest ones, which are the ones a path
/// that fits [`PATH_CAP`] can show.
const FRAMES: usize = 16;

/// The JSON Pointer (RFC 6901) of the value an error is about, or of the deepest part of it
/// that fits (see [`is_cut`](Self::is_cut)). Empty for the document's root.
///
/// ```
/// use structio_core::{ErrorPath, PathTracker};
/// let input = b"network port";
/// let mut t = PathTracker::new();
/// t.enter();
/// t.key(0, 7);
/// t.enter();
/// t.index(3);
/// let path: ErrorPath = t.render(input);
/// assert_eq!(path.as_str(), "/network/3");
/// assert_eq!(path.to_string(), "/network/3");
/// ```
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct ErrorPath {
    bytes: [u8; PATH_CAP],
    len: u8,
    cut: bool,
}

impl ErrorPath {
    /// The root's path: empty.
    ///
    /// ```
    /// assert!(structio_core::ErrorPath::root().as_str().is_empty());
    /// ```
    pub const fn root() -> Self {
        ErrorPath {
            bytes: [0; PATH_CAP],
            len: 0,
            cut: false,
        }
    }

    /// The pointer text kept (without the `…` that [`Display`](fmt::Display) puts before a
    /// cut path).
    ///
    /// ```
    /// assert_eq!(structio_core::ErrorPath::root().as_str(), "");
    /// ```
    pub fn as_str(&self) -> &str {
        let kept = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        // Segments are pushed as whole UTF-8 text (invalid input bytes become U+FFFD).
        core::str::from_utf8(kept).unwrap_or_default()
    }

    /// Whether segments nearer the root were left out because the path did not fit.
    ///
    /// ```
    /// assert!(!structio_core::ErrorPath::root().is_cut());
    /// ```
    pub const fn is_cut(&self) -> bool {
        self.cut
    }

    /// Whether there is nothing to show: the root, and not cut.
    ///
    /// ```
    /// assert!(structio_core::ErrorPath::root().is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0 && !self.cut
    }
}

impl Default for ErrorPath {
    fn default() -> Self {
        Self::root()
    }
}

impl fmt::Display for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cut {
            f.write_str("…")?;
        }
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// Which child of its container a level of the path is.
#[derive(Copy, Clone)]
enum Segment {
    /// The container was entered, but no member or element was reached yet.
    None,
    /// A member, by its key's bytes in the input.
    Key { start: usize, len: usize },
    /// An element, by its index.
    Index(usize),
    /// Overwritten by a deeper level, then come back to: unknown.
    Lost,
}

#[derive(Copy, Clone)]
struct Frame {
    level: usize,
    segment: Segment,
}

/// Follows a walk through nested containers, remembering the deepest levels' keys and indices,
/// and renders them as an [`ErrorPath`]. Formats drive it from their error-path walkers:
/// [`enter`](Self::enter) on opening a container, [`key`](Self::key) or
/// [`index`](Self::index) on reaching a child, [`leave`](Self::leave) on closing it.
///
/// ```
/// use structio_core::PathTracker;
/// let input = b"a~b";
/// let mut t = PathTracker::new();
/// t.enter();
/// t.key(0, 3);
/// assert_eq!(t.render(input).as_str(), "/a~0b");
/// t.leave();
/// assert_eq!(t.render(input).as_str(), "");
/// ```
pub struct PathTracker {
    frames: [Frame; FRAMES],
    depth: usize,
}

impl Default for PathTracker {
    fn default() -> Self {
        Self::new()
    }
}

impl PathTracker {
    /// At the root, nothing entered.
    ///
    /// ```
    /// assert_eq!(structio_core::PathTracker::new().depth(), 0);
    /// ```
    pub const fn new() -> Self {
        PathTracker {
            frames: [Frame {
                level: 0,
                segment: Segment::None,
            }; FRAMES],
            depth: 0,
        }
    }

    /// How many containers are open.
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// assert_eq!(t.depth(), 1);
    /// ```
    pub const fn depth(&self) -> usize {
        self.depth
    }

    /// A container opens (its children are one level deeper).
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.enter();
    /// assert_eq!(t.depth(), 2);
    /// ```
    pub fn enter(&mut self) {
        self.depth = self.depth.saturating_add(1);
        self.set(Segment::None);
    }

    /// The innermost container closes.
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.index(4);
    /// t.leave();
    /// assert_eq!((t.depth(), t.render(b"").as_str()), (0, ""));
    /// ```
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The innermost container's member whose key is `input[start..start + len]` is reached.
    ///
    /// ```
    /// let input = br#"{"port":80}"#;
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.key(2, 4);
    /// assert_eq!(t.render(input).as_str(), "/port");
    /// ```
    pub fn key(&mut self, start: usize, len: usize) {
        self.set(Segment::Key { start, len });
    }

    /// The innermost container's element `index` is reached.
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.index(12);
    /// assert_eq!(t.render(b"").as_str(), "/12");
    /// ```
    pub fn index(&mut self, index: usize) {
        self.set(Segment::Index(index));
    }

    /// The innermost container's next element is reached: index 0 after
    /// [`enter`](Self::enter), else one more than the last.
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.next_index();
    /// t.next_index();
    /// assert_eq!(t.render(b"").as_str(), "/1");
    /// ```
    pub fn next_index(&mut self) {
        let depth = self.depth;
        let next = match self.frames.get(depth % FRAMES) {
            Some(Frame {
                level,
                segment: Segment::Index(i),
            }) if *level == depth => Segment::Index(i.saturating_add(1)),
            Some(Frame {
                level,
                segment: Segment::None,
            }) if *level == depth => Segment::Index(0),
            _ => Segment::Lost,
        };
        self.set(next);
    }

    /// The innermost container is between children (after a member, before the next key): the
    /// path ends at the container.
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.key(0, 1);
    /// t.between();
    /// assert_eq!(t.render(b"a").as_str(), "");
    /// ```
    pub fn between(&mut self) {
        let depth = self.depth;
        let lost = self
            .frames
            .get(depth % FRAMES)
            .is_some_and(|f| f.level != depth || matches!(f.segment, Segment::Lost));
        self.set(if lost { Segment::Lost } else { Segment::None });
    }

    fn set(&mut self, segment: Segment) {
        if self.depth == 0 {
            return;
        }
        if let Some(frame) = self.frames.get_mut(self.depth % FRAMES) {
            *frame = Frame {
                level: self.depth,
                segment,
            };
        }
    }

    /// The path of the open levels, keys read from `input`. The deepest segments are kept
    /// when the whole path does not fit (and the path says it was cut).
    ///
    /// ```
    /// let mut t = structio_core::PathTracker::new();
    /// t.enter();
    /// t.key(0, 4);
    /// t.enter();
    /// t.index(3);
    /// assert_eq!(t.render(b"pins").as_str(), "/pins/3");
    /// ```
    pub fn render(&self, input: &[u8]) -> ErrorPath {
        let mut out = ErrorPath::root();
        let mut tail = [0u8; PATH_CAP];
        // Written from the end of `tail` backwards, deepest segment first.
        let mut start = PATH_CAP;
        let mut level = self.depth;
        while level > 0 {
            let Some(frame) = self.frames.get(level % FRAMES).copied() else {
                break;
            };
            if frame.level != level {
                // Overwritten by a deeper level: what was nearer the root is unknown.
                out.cut = true;
                break;
            }
            let mut seg = [0u8; PATH_CAP];
            let Some(len) = render_segment(frame.segment, input, &mut seg) else {
                out.cut = true;
                break;
            };
            if len > start {
                out.cut = true;
                break;
            }
            if let (Some(dst), Some(src)) = (tail.get_mut(start - len..start), seg.get(..len)) {
                copy(dst, src);
            }
            start -= len;
            level -= 1;
        }
        let kept = tail.get(start..).unwrap_or_default();
        if let Some(dst) = out.bytes.get_mut(..kept.len()) {
            copy(dst, kept);
        }
        out.len = kept.len() as u8;
        out
    }
}

/// Writes `/key` (with `~` as `~0`, `/` as `~1` and bytes that are not UTF-8 as U+FFFD) or
/// `/index` into `out`; `None` if it does not fit.
fn render_segment(segment: Segment, input: &[u8], out: &mut [u8; PATH_CAP]) -> Option<usize> {
    let mut w = Cursor { out, len: 0 };
    match segment {
        Segment::None => return Some(0),
        Segment::Lost => return None,
        Segment::Index(mut i) => {
            w.push(b"/")?;
            let mut digits = [0u8; 20];
            let mut n = digits.len();
            loop {
                n -= 1;
                *digits.get_mut(n)? = b'0' + (i % 10) as u8;
                i /= 10;
                if i == 0 {
                    break;
                }
            }
            w.push(digits.get(n..)?)?;
        }
        Segment::Key { start, len } => {
            w.push(b"/")?;
            let key = input.get(start..start.checked_add(len)?)?;
            for chunk in key.utf8_chunks() {
                for c in chunk.valid().chars() {
                    match c {
                        '~' => w.push(b"~0")?,
                        '/' => w.push(b"~1")?,
                        c => w.push(c.encode_utf8(&mut [0; 4]).as_bytes())?,
                    }
                }
                if !chunk.invalid().is_empty() {
                    w.push("\u{fffd}".as_bytes())?;
                }
            }
        }
    }
    Some(w.len)
}

/// Copies as many bytes as both hold. The callers' lengths are equal; unlike `copy_from_slice`
/// this has no panic path the optimiser must prove away (firmware images link without one).
pub(crate) fn copy(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

struct Cursor<'a> {
    out: &'a mut [u8; PATH_CAP],
    len: usize,
}

impl Cursor<'_> {
    fn push(&mut self, bytes: &[u8]) -> Option<()> {
        let end = self.len.checked_add(bytes.len())?;
        copy(self.out.get_mut(self.len..end)?, bytes);
        self.len = end;
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deep_path_keeps_its_deepest_segments() {
        let input = b"abcdefghij";
        let mut t = PathTracker::new();
        for _ in 0..40 {
            t.enter();
            t.key(0, 10);
        }
        let p = t.render(input);
        assert!(p.is_cut());
        assert_eq!(p.as_str(), "/abcdefghij".repeat(8));
        let mut s = [0u8; 128];
        let mut c = Cursor2(&mut s, 0);
        core::fmt::write(&mut c, format_args!("{p}")).unwrap();
        assert!(s.starts_with("…/abc".as_bytes()));
    }

    #[test]
    fn levels_forgotten_by_the_ring_cut_the_path() {
        let mut t = PathTracker::new();
        for i in 0..20 {
            t.enter();
            t.index(i);
        }
        for _ in 0..18 {
            t.leave();
        }
        // Levels 1 and 2 were overwritten by 17 and 18.
        let p = t.render(b"");
        assert!(p.is_cut());
        assert_eq!(p.as_str(), "");
        let mut t = PathTracker::new();
        t.enter();
        t.index(7);
        t.enter();
        assert_eq!(t.render(b"").as_str(), "/7");
    }

    #[test]
    fn keys_are_escaped_and_invalid_utf8_replaced() {
        let input = b"a/b~\xff";
        let mut t = PathTracker::new();
        t.enter();
        t.key(0, input.len());
        assert_eq!(t.render(input).as_str(), "/a~1b~0\u{fffd}");
        let mut t = PathTracker::new();
        t.enter();
        t.key(3, 99);
        assert!(t.render(input).is_cut());
    }

    struct Cursor2<'a>(&'a mut [u8; 128], usize);
    impl core::fmt::Write for Cursor2<'_> {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.1 + s.len();
            self.0[self.1..end].copy_from_slice(s.as_bytes());
            self.1 = end;
            Ok(())
        }
    }
}
