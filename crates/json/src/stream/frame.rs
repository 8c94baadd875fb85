//! Finding where one top-level JSON value ends, a byte at a time and resumably, without
//! validating it: brackets are counted outside strings, strings end at an unescaped quote, and
//! a number or literal ends at the first byte that cannot continue it. The full reader then
//! checks the value it framed, so invalid text is reported by the reader, at its first error.

/// Bytes that end a number or a literal: JSON whitespace and the structural characters.
/// serde_json's stream reader accepts the same set after a scalar.
#[inline(always)]
pub(super) const fn ends_scalar(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':'
    )
}

/// JSON whitespace (RFC 8259: space, tab, line feed, carriage return).
#[inline(always)]
pub(super) const fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// What the framed value starts with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Shape {
    /// Not yet seen.
    Unknown,
    /// `{`, `[` or `"`: ends at its own closing byte.
    Delimited,
    /// A number, a literal or anything else: ends before a byte in [`ends_scalar`].
    Scalar,
}

/// The framing state of one value, kept across reads so that each byte is looked at once
/// however the stream is cut into chunks.
#[derive(Clone, Debug)]
pub(super) struct Frame {
    /// How many bytes of the value have been looked at.
    pos: usize,
    /// Open brackets outside strings. Counted, not checked: the reader checks the pairs and
    /// the depth limit once the value is framed.
    depth: u64,
    in_string: bool,
    escaped: bool,
    shape: Shape,
}

impl Frame {
    pub(super) const fn new() -> Self {
        Frame {
            pos: 0,
            depth: 0,
            in_string: false,
            escaped: false,
            shape: Shape::Unknown,
        }
    }

    /// Looks at `value[self.pos..]`, where `value` starts at the value's first byte (not
    /// whitespace) and holds everything read of it so far. Returns the value's length once it
    /// is known; `None` asks for more input. At the end of the stream (`eof`) the value is
    /// whatever is left, and the reader will say what is wrong with it.
    pub(super) fn advance(&mut self, value: &[u8], eof: bool) -> Option<usize> {
        if self.shape == Shape::Unknown {
            match value.first() {
                None => return eof.then_some(0),
                // A closing byte or separator where a value is due: one byte, which the
                // reader rejects with its offset.
                Some(b']' | b'}' | b',' | b':') => return Some(1),
                Some(b'{' | b'[' | b'"') => self.shape = Shape::Delimited,
                Some(_) => self.shape = Shape::Scalar,
            }
        }
        let found = match self.shape {
            Shape::Scalar => value[self.pos..]
                .iter()
                .position(|&b| ends_scalar(b))
                .map(|i| self.pos + i),
            _ => self.delimited(value),
        };
        match found {
            Some(end) => Some(end),
            None => {
                self.pos = value.len();
                eof.then_some(value.len())
            }
        }
    }

    /// The end of a container or string, if `value` holds it.
    fn delimited(&mut self, value: &[u8]) -> Option<usize> {
        let mut i = self.pos;
        if self.escaped {
            // The byte after a backslash that ended the last look.
            if i >= value.len() {
                return None;
            }
            self.escaped = false;
            i += 1;
        }
        loop {
            i = next_interesting(value, i, self.in_string);
            let Some(&b) = value.get(i) else {
                self.pos = value.len();
                return None;
            };
            i += 1;
            if self.in_string {
                if b == b'\\' {
                    if i >= value.len() {
                        self.escaped = true;
                        self.pos = i;
                        return None;
                    }
                    i += 1;
                } else {
                    self.in_string = false;
                    if self.depth == 0 {
                        return Some(i);
                    }
                }
            } else if b == b'"' {
                self.in_string = true;
            } else if b == b'[' || b == b'{' {
                self.depth += 1;
            } else {
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 0 {
                    return Some(i);
                }
            }
        }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = ONES * 0x80;

/// High bit set in exactly the bytes of `w` equal to `b` (no borrow crosses a byte).
#[inline(always)]
const fn eq_mask(w: u64, b: u8) -> u64 {
    let t = w ^ (ONES * b as u64);
    !(((t & !HIGH).wrapping_add(!HIGH)) | t) & HIGH
}

/// The first byte at or after `i` that the framing must look at: a quote or backslash in a
/// string, a quote or bracket outside; `value.len()` if none. Eight bytes a step.
#[inline(always)]
fn next_interesting(value: &[u8], mut i: usize, in_string: bool) -> usize {
    while let Some(block) = value.get(i..).and_then(|s| s.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*block);
        let m = if in_string {
            eq_mask(w, b'"') | eq_mask(w, b'\\')
        } else {
            // `[` and `{`, `]` and `}` differ only in bit 5.
            let folded = w | (ONES * 0x20);
            eq_mask(w, b'"') | eq_mask(folded, b'{') | eq_mask(folded, b'}')
        };
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&b) = value.get(i) {
        let hit = if in_string {
            b == b'"' || b == b'\\'
        } else {
            matches!(b, b'"' | b'[' | b']' | b'{' | b'}')
        };
        if hit {
            break;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::Frame;

    fn frame_all(doc: &[u8]) -> Option<usize> {
        Frame::new().advance(doc, false)
    }

    #[test]
    fn frames_each_shape() {
        assert_eq!(frame_all(br#"{"a":"}\"]"} 1"#), Some(12));
        assert_eq!(frame_all(br#""x\\" 2"#), Some(5));
        assert_eq!(frame_all(b"123 "), Some(3));
        assert_eq!(frame_all(b"true["), Some(4));
        assert_eq!(frame_all(b"] 1"), Some(1));
        assert_eq!(frame_all(b"123"), None);
        assert_eq!(Frame::new().advance(b"123", true), Some(3));
        assert_eq!(Frame::new().advance(b"", true), Some(0));
    }

    #[test]
    fn resumes_at_every_cut() {
        let doc = br#"[{"k": "a\"]\\ long text [with] {brackets} \\\" and more"}, [1, 2e5], "}", {"x": [[], {}]}] "#;
        for cut in 0..doc.len() {
            let mut f = Frame::new();
            let first = f.advance(&doc[..cut], false);
            let end = first.or_else(|| f.advance(doc, false));
            assert_eq!(end, Some(doc.len() - 1), "cut {cut}");
        }
    }
}
