//! The read and write impls of the few types the tests use.

use crate::{DebugRead, DebugWrite, ErrorKind, Reader, Result, Sink, Writer};

impl<'de> DebugRead<'de> for bool {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        let b = r.peek()?;
        match b {
            b't' | b'f' => {
                r.expect(b)?;
                Ok(b == b't')
            }
            _ => Err(r.error(ErrorKind::Expected(b't'))),
        }
    }
}

impl DebugWrite for bool {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.raw(if *self { b"t" } else { b"f" })
    }
}

macro_rules! numbers {
    ($tag:literal: $($t:ty),*) => {$(
        impl<'de> DebugRead<'de> for $t {
            fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
                r.expect($tag)?;
                r.parse_until(b';')
            }
        }
        impl DebugWrite for $t {
            fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.number($tag, self)
            }
        }
    )*};
}
numbers!(b'i': i8, i16, i32, i64, u8, u16, u32, u64, usize);
numbers!(b'd': f64);

impl<'de> DebugRead<'de> for String {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        Ok(r.read_str()?.to_owned())
    }
}

impl DebugWrite for String {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<'de: 'a, 'a> DebugRead<'de> for &'a str {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl DebugWrite for str {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<T: DebugWrite + ?Sized> DebugWrite for &T {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_debug(w)
    }
}

impl<'de, T: DebugRead<'de>> DebugRead<'de> for Option<T> {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek()? == b'n' {
            r.read_null()?;
            return Ok(None);
        }
        T::read_debug(r).map(Some)
    }
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}

impl<T: DebugWrite> DebugWrite for Option<T> {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Some(v) => v.write_debug(w),
            None => w.raw(b"n"),
        }
    }
}

impl<'de, T: DebugRead<'de>> DebugRead<'de> for Vec<T> {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        v.read_debug_into(r)?;
        Ok(v)
    }
    fn read_debug_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        let n = r.begin(b'[')?;
        for _ in 0..n {
            self.push(T::read_debug(r)?);
        }
        r.end(b']')
    }
}

impl<T: DebugWrite> DebugWrite for Vec<T> {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin(b'[', self.len())?;
        for v in self {
            v.write_debug(w)?;
        }
        w.raw(b"]")
    }
}

impl<'de, T: DebugRead<'de>> DebugRead<'de> for Box<T> {
    fn read_debug(r: &mut Reader<'de>) -> Result<Self> {
        T::read_debug(r).map(Box::new)
    }
}

impl<T: DebugWrite + ?Sized> DebugWrite for Box<T> {
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_debug(w)
    }
}
