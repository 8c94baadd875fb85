//! The C interfaces of `baseline/simdjson_harness.cpp` and `baseline/yyjson_harness.c`, which
//! build.rs compiles and links when `cfg(structio_simdjson)` / `cfg(structio_yyjson)` is set, and
//! [`CppDoc`], the safe owner of one document on either side.

#[cfg(any(structio_simdjson, structio_yyjson))]
use std::ffi::{c_char, c_void, CStr};

use super::Task;

/// Which C++ library and how it is driven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// simdjson's On-Demand API: `ondemand::parser::iterate`, nothing built.
    SimdjsonOnDemand,
    /// simdjson's DOM: `dom::parser::parse`, the parser reused.
    SimdjsonDom,
    /// simdjson's DOM, walked over a tree built once.
    SimdjsonDomWalk,
    /// yyjson's read-only document: `yyjson_read_opts`, then `yyjson_doc_free`.
    Yyjson,
    /// yyjson's read-only document, walked over a document read once.
    YyjsonWalk,
    /// yyjson's mutable document: `yyjson_read_opts`, `yyjson_doc_mut_copy`, both freed.
    YyjsonMutable,
}

impl Mode {
    /// Whether the library is linked into this build.
    pub fn built(self) -> bool {
        match self {
            Mode::SimdjsonOnDemand | Mode::SimdjsonDom | Mode::SimdjsonDomWalk => {
                cfg!(structio_simdjson)
            }
            Mode::Yyjson | Mode::YyjsonWalk | Mode::YyjsonMutable => cfg!(structio_yyjson),
        }
    }

    /// The harness's number for the mode (`Mode` in each harness).
    #[cfg(any(structio_simdjson, structio_yyjson))]
    fn code(self) -> u32 {
        match self {
            Mode::SimdjsonOnDemand | Mode::Yyjson => 0,
            Mode::SimdjsonDom | Mode::YyjsonWalk => 1,
            Mode::SimdjsonDomWalk | Mode::YyjsonMutable => 2,
        }
    }

    fn is_simdjson(self) -> bool {
        matches!(
            self,
            Mode::SimdjsonOnDemand | Mode::SimdjsonDom | Mode::SimdjsonDomWalk
        )
    }
}

#[cfg(structio_simdjson)]
unsafe extern "C" {
    fn sjb_open(json: *const c_char, len: usize, err: *mut c_char, cap: usize) -> *mut c_void;
    fn sjb_run(h: *mut c_void, mode: u32, task: u32, iters: u64, answer: *mut u64) -> u64;
    fn sjb_dump(h: *mut c_void, len: *mut usize) -> *const c_char;
    fn sjb_error(h: *mut c_void) -> *const c_char;
    fn sjb_close(h: *mut c_void);
    fn sjb_implementation() -> *const c_char;
}

#[cfg(structio_yyjson)]
unsafe extern "C" {
    fn yyjb_open(json: *const c_char, len: usize, err: *mut c_char, cap: usize) -> *mut c_void;
    fn yyjb_run(h: *mut c_void, mode: u32, task: u32, iters: u64, answer: *mut u64) -> u64;
    fn yyjb_dump(h: *mut c_void, mutable_copy: i32, len: *mut usize) -> *const c_char;
    fn yyjb_error(h: *mut c_void) -> *const c_char;
    fn yyjb_close(h: *mut c_void);
}

/// The implementation simdjson picked for this CPU, if simdjson is built in.
pub fn simdjson_implementation() -> Option<String> {
    #[cfg(structio_simdjson)]
    {
        // SAFETY: sjb_implementation returns a null-terminated string with static lifetime.
        let name = unsafe { CStr::from_ptr(sjb_implementation()) };
        Some(name.to_string_lossy().into_owned())
    }
    #[cfg(not(structio_simdjson))]
    None
}

/// One document held by a C++ library (its own copy of the bytes, and a tree built once for the
/// walk modes).
pub struct CppDoc {
    #[cfg(any(structio_simdjson, structio_yyjson))]
    raw: std::ptr::NonNull<c_void>,
    simdjson: bool,
}

impl CppDoc {
    /// Opens `json` in the library of `mode`; `Err` when it is not built in or rejects the
    /// document.
    pub fn open(mode: Mode, json: &[u8]) -> Result<Self, String> {
        if !mode.built() {
            return Err(super::NOT_BUILT_CELL.into());
        }
        #[cfg(any(structio_simdjson, structio_yyjson))]
        {
            type Open =
                unsafe extern "C" fn(*const c_char, usize, *mut c_char, usize) -> *mut c_void;
            let open: Open = if mode.is_simdjson() {
                #[cfg(structio_simdjson)]
                {
                    sjb_open
                }
                #[cfg(not(structio_simdjson))]
                unreachable!("checked by built()")
            } else {
                #[cfg(structio_yyjson)]
                {
                    yyjb_open
                }
                #[cfg(not(structio_yyjson))]
                unreachable!("checked by built()")
            };
            let mut err = [0 as c_char; 256];
            // SAFETY: `json` is valid for its length and `err` for its capacity; the harness
            // copies the bytes it keeps and null-terminates what it writes into `err`.
            let raw = unsafe {
                open(
                    json.as_ptr().cast(),
                    json.len(),
                    err.as_mut_ptr(),
                    err.len(),
                )
            };
            std::ptr::NonNull::new(raw)
                .map(|raw| CppDoc {
                    raw,
                    simdjson: mode.is_simdjson(),
                })
                .ok_or_else(|| {
                    // SAFETY: the harness null-terminated `err` when it returned null.
                    let why = unsafe { CStr::from_ptr(err.as_ptr()) };
                    why.to_string_lossy().into_owned()
                })
        }
        #[cfg(not(any(structio_simdjson, structio_yyjson)))]
        {
            let _ = (json, mode.is_simdjson());
            unreachable!("checked by built()")
        }
    }

    /// Runs `task` in `mode` `iters` times: the last answer, or the first failure.
    #[inline]
    pub fn run(&mut self, mode: Mode, task: Task, iters: u64) -> Result<u64, String> {
        debug_assert_eq!(mode.is_simdjson(), self.simdjson);
        #[cfg(any(structio_simdjson, structio_yyjson))]
        {
            let mut answer = 0u64;
            let h = self.raw.as_ptr();
            // SAFETY: the handle is live and exclusively borrowed; the harness writes only
            // `answer`. Each library's functions are only called on its own handles (`simdjson`
            // records which opened it).
            let failed = unsafe {
                if self.simdjson {
                    #[cfg(structio_simdjson)]
                    {
                        sjb_run(h, mode.code(), task as u32, iters, &mut answer)
                    }
                    #[cfg(not(structio_simdjson))]
                    unreachable!("opened by simdjson")
                } else {
                    #[cfg(structio_yyjson)]
                    {
                        yyjb_run(h, mode.code(), task as u32, iters, &mut answer)
                    }
                    #[cfg(not(structio_yyjson))]
                    unreachable!("opened by yyjson")
                }
            };
            if failed == 0 {
                return Ok(answer);
            }
            // SAFETY: the handle is live; the error text is null-terminated and owned by the
            // handle until its next call, and it is copied here at once.
            let why = unsafe {
                if self.simdjson {
                    #[cfg(structio_simdjson)]
                    {
                        CStr::from_ptr(sjb_error(h))
                    }
                    #[cfg(not(structio_simdjson))]
                    unreachable!("opened by simdjson")
                } else {
                    #[cfg(structio_yyjson)]
                    {
                        CStr::from_ptr(yyjb_error(h))
                    }
                    #[cfg(not(structio_yyjson))]
                    unreachable!("opened by yyjson")
                }
            };
            Err(why.to_string_lossy().into_owned())
        }
        #[cfg(not(any(structio_simdjson, structio_yyjson)))]
        {
            let _ = (mode, task, iters);
            unreachable!("never opened")
        }
    }

    /// The library's tree written back as compact JSON, for the tree check (for yyjson,
    /// `mutable_copy` picks the mutable document's).
    pub fn dump(&self, mutable_copy: bool) -> Vec<u8> {
        #[cfg(any(structio_simdjson, structio_yyjson))]
        {
            let mut len = 0usize;
            let h = self.raw.as_ptr();
            // SAFETY: the handle is live; the harness returns its buffer (written once, at open)
            // and its length.
            let ptr = unsafe {
                if self.simdjson {
                    #[cfg(structio_simdjson)]
                    {
                        let _ = mutable_copy;
                        sjb_dump(h, &mut len)
                    }
                    #[cfg(not(structio_simdjson))]
                    unreachable!("opened by simdjson")
                } else {
                    #[cfg(structio_yyjson)]
                    {
                        yyjb_dump(h, i32::from(mutable_copy), &mut len)
                    }
                    #[cfg(not(structio_yyjson))]
                    unreachable!("opened by yyjson")
                }
            };
            if ptr.is_null() {
                return Vec::new();
            }
            // SAFETY: `ptr` points at `len` initialised bytes owned by the handle.
            unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }.to_vec()
        }
        #[cfg(not(any(structio_simdjson, structio_yyjson)))]
        {
            let _ = mutable_copy;
            Vec::new()
        }
    }
}

impl Drop for CppDoc {
    fn drop(&mut self) {
        #[cfg(any(structio_simdjson, structio_yyjson))]
        {
            let h = self.raw.as_ptr();
            // SAFETY: the handle came from its library's open and is closed exactly once, here,
            // by the same library.
            unsafe {
                if self.simdjson {
                    #[cfg(structio_simdjson)]
                    sjb_close(h);
                } else {
                    #[cfg(structio_yyjson)]
                    yyjb_close(h);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_library_not_built_in_says_so() {
        for mode in [Mode::SimdjsonDom, Mode::Yyjson] {
            if !mode.built() {
                assert!(CppDoc::open(mode, b"{}").is_err());
            }
        }
    }

    #[cfg(structio_simdjson)]
    #[test]
    fn simdjson_answers_and_dumps() {
        let mut d = CppDoc::open(Mode::SimdjsonDom, br#"{"areaNames": {"a": 1}}"#).unwrap();
        assert_eq!(d.run(Mode::SimdjsonDom, Task::FirstKey, 2), Ok(1));
        assert_eq!(d.run(Mode::SimdjsonOnDemand, Task::FirstKey, 2), Ok(1));
        assert_eq!(d.run(Mode::SimdjsonDomWalk, Task::Count, 1), Ok(3));
        assert!(d.run(Mode::SimdjsonOnDemand, Task::SumIds, 1).is_err());
        assert_eq!(d.dump(false), br#"{"areaNames":{"a":1}}"#);
        assert!(CppDoc::open(Mode::SimdjsonDom, b"[1,").is_err());
    }

    #[cfg(structio_yyjson)]
    #[test]
    fn yyjson_answers_and_dumps() {
        let mut d = CppDoc::open(Mode::Yyjson, br#"{"areaNames": {"a": 1}}"#).unwrap();
        assert_eq!(d.run(Mode::Yyjson, Task::FirstKey, 2), Ok(1));
        assert_eq!(d.run(Mode::YyjsonWalk, Task::Count, 1), Ok(3));
        assert!(d.run(Mode::YyjsonMutable, Task::Build, 1).is_ok());
        assert!(d.run(Mode::Yyjson, Task::SumIds, 1).is_err());
        assert_eq!(d.dump(true), br#"{"areaNames":{"a":1}}"#);
        assert!(CppDoc::open(Mode::Yyjson, b"[1,").is_err());
    }
}
