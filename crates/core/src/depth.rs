//! The nesting limit: one name and one default for every reader of every format.

use crate::{Error, ErrorKind, Result};

/// How deep arrays and objects may nest before a reader stops with
/// [`ErrorKind::DepthLimit`], unless the caller sets another limit.
///
/// A destination type that recurses (a tree of `Box`es, `Value`) uses stack per level, so this
/// bounds the stack a hostile document can ask for.
///
/// ```
/// assert_eq!(structio_core::DEFAULT_DEPTH_LIMIT, 128);
/// ```
pub const DEFAULT_DEPTH_LIMIT: u32 = 128;

/// The nesting levels a reader has left.
///
/// ```
/// use structio_core::{Depth, ErrorKind};
/// let mut d = Depth::new(1);
/// d.enter(0)?;
/// assert_eq!(d.enter(5).unwrap_err().kind(), ErrorKind::DepthLimit);
/// d.leave();
/// d.enter(9)?;
/// # Ok::<(), structio_core::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Depth {
    left: u32,
}

impl Depth {
    /// `limit` levels to go.
    ///
    /// ```
    /// assert_eq!(structio_core::Depth::new(3).left(), 3);
    /// ```
    #[inline(always)]
    pub const fn new(limit: u32) -> Self {
        Depth { left: limit }
    }

    /// The levels still allowed.
    ///
    /// ```
    /// assert_eq!(structio_core::Depth::default().left(), structio_core::DEFAULT_DEPTH_LIMIT);
    /// ```
    #[inline(always)]
    pub const fn left(&self) -> u32 {
        self.left
    }

    /// Goes one level deeper; [`ErrorKind::DepthLimit`] at `offset` when no level is left.
    ///
    /// ```
    /// let mut d = structio_core::Depth::new(0);
    /// assert_eq!(d.enter(3).unwrap_err().offset(), 3);
    /// ```
    #[inline(always)]
    pub fn enter(&mut self, offset: usize) -> Result<()> {
        if self.try_enter() {
            Ok(())
        } else {
            Err(Error::new(ErrorKind::DepthLimit, offset))
        }
    }

    /// Goes one level deeper if a level is left (`true`); a reader whose error type carries
    /// more than the core error's builds its own [`ErrorKind::DepthLimit`] on `false`.
    ///
    /// ```
    /// let mut d = structio_core::Depth::new(1);
    /// assert!(d.try_enter());
    /// assert!(!d.try_enter());
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn try_enter(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// Comes back up one level (after a matching [`enter`](Self::enter)).
    ///
    /// ```
    /// let mut d = structio_core::Depth::new(1);
    /// d.enter(0).unwrap();
    /// d.leave();
    /// assert_eq!(d.left(), 1);
    /// ```
    #[inline(always)]
    pub fn leave(&mut self) {
        self.left = self.left.wrapping_add(1);
    }
}

impl Default for Depth {
    /// [`DEFAULT_DEPTH_LIMIT`] levels.
    fn default() -> Self {
        Depth::new(DEFAULT_DEPTH_LIMIT)
    }
}
