//! The reference the compact-array fast paths (`Vec<bool>`, the integer vectors) are checked
//! against: the same array read element by element through the `Reader` API, behind the same
//! document reader (which also names the value it found in its error messages).

use core::fmt::Debug;
use structio_json::{JsonRead, Reader, Result};

/// An element type the reference reads one at a time.
pub trait Element: Sized {
    fn read(r: &mut Reader<'_>) -> Result<Self>;
}

impl Element for bool {
    fn read(r: &mut Reader<'_>) -> Result<Self> {
        r.read_bool()
    }
}

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl Element for $t {
            fn read(r: &mut Reader<'_>) -> Result<Self> {
                r.read_int()
            }
        }
    )*};
}
ints!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// An array read element by element.
pub struct ByElements<T>(pub Vec<T>);

impl<'de, T: Element> JsonRead<'de> for ByElements<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        if !r.begin_array()? {
            loop {
                v.push(T::read(r)?);
                if !r.array_next()? {
                    break;
                }
            }
        }
        Ok(ByElements(v))
    }
}

/// `Vec<T>` reads `doc` as the element reader does: the same values, or the same error kind at
/// the same offset; and refilling a vector that held 70 copies of `held` gives the same.
pub fn agree<T>(doc: &[u8], held: T)
where
    T: Element + for<'de> JsonRead<'de> + PartialEq + Debug + Clone,
{
    let fast = structio_json::from_slice::<Vec<T>>(doc);
    let slow = structio_json::from_slice::<ByElements<T>>(doc).map(|b| b.0);
    let text = String::from_utf8_lossy(doc);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
        (Err(a), Err(b)) => {
            assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset()), "{text:?}")
        }
        _ => panic!("{text:?}: {fast:?} against {slow:?}"),
    }
    let mut held = vec![held; 70];
    let refill = structio_json::read_into(&mut held, doc);
    assert_eq!(refill.is_ok(), fast.is_ok(), "{text:?}");
    if let Ok(v) = fast {
        assert_eq!(held, v, "{text:?}");
    }
}

/// Up to two random edits of `doc`: a piece inserted, a byte removed, or the end cut.
pub fn mutate(doc: &mut Vec<u8>, rng: &mut structio_testkit::Rng, pieces: &[&[u8]]) {
    for _ in 0..rng.below(3) {
        let at = rng.below(doc.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 => {
                let piece = rng.pick(pieces);
                doc.splice(at..at, piece.iter().copied());
            }
            1 if at < doc.len() => {
                doc.remove(at);
            }
            _ => doc.truncate(at),
        }
    }
}
