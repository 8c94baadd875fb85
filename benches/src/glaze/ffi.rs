//! The C interface of `baseline/glaze_harness.cpp`, which build.rs compiles and links when
//! `cfg(structio_glaze)` is set, and [`GlazeDoc`], its safe owner.

use std::ffi::{c_char, CStr};
use std::ptr::NonNull;

use super::{GlazeKind, GlazeOp};

/// The harness's document state (opaque: only the C++ side knows its layout).
#[repr(C)]
struct RawDoc {
    _opaque: [u8; 0],
}

unsafe extern "C" {
    fn glzb_open(
        kind: u32,
        json: *const c_char,
        len: usize,
        err: *mut c_char,
        err_cap: usize,
    ) -> *mut RawDoc;
    fn glzb_load(doc: *mut RawDoc, op: u32, input: *const c_char, len: usize) -> i32;
    fn glzb_run(doc: *mut RawDoc, op: u32, iters: u64) -> u64;
    fn glzb_output(doc: *const RawDoc, op: u32, len: *mut usize) -> *const c_char;
    fn glzb_error(doc: *const RawDoc) -> *const c_char;
    fn glzb_close(doc: *mut RawDoc);
    fn glzb_count_allocs(doc: *mut RawDoc, op: u32, fresh: *mut u64, reused: *mut u64);
}

/// One document as Glaze holds it: the value read from its JSON (what the writers write), the
/// value the readers refill, each operation's input and each writer's reused output buffer.
pub struct GlazeDoc(NonNull<RawDoc>);

impl GlazeDoc {
    /// Reads `json` into a new document of `kind`.
    pub fn open(kind: GlazeKind, json: &[u8]) -> Result<Self, String> {
        let mut err = [0 as c_char; 512];
        // SAFETY: `json` is valid for `json.len()` bytes and `err` for `err.len()`; glzb_open
        // copies what it keeps and writes at most `err.len()` bytes, null-terminated, into `err`.
        let raw = unsafe {
            glzb_open(
                kind as u32,
                json.as_ptr().cast(),
                json.len(),
                err.as_mut_ptr(),
                err.len(),
            )
        };
        NonNull::new(raw).map(GlazeDoc).ok_or_else(|| {
            // SAFETY: glzb_open null-terminated `err` whenever it returned null.
            let why = unsafe { CStr::from_ptr(err.as_ptr()) };
            format!("Glaze: {}", why.to_string_lossy())
        })
    }

    /// Hands `op` its input (copied by the harness), runs it once and, for a read, checks the
    /// value against the document.
    pub fn load(&mut self, op: GlazeOp, input: &[u8]) -> Result<(), String> {
        // SAFETY: the handle is live (owned by self) and `input` is valid for its length; the
        // harness copies it before returning.
        let rc = unsafe {
            glzb_load(
                self.0.as_ptr(),
                op as u32,
                input.as_ptr().cast(),
                input.len(),
            )
        };
        if rc == 0 {
            return Ok(());
        }
        // SAFETY: the handle is live; glzb_error returns a null-terminated string it owns, valid
        // until the next call on this handle, and it is copied here at once.
        let why = unsafe { CStr::from_ptr(glzb_error(self.0.as_ptr())) };
        Err(format!("Glaze: {}", why.to_string_lossy()))
    }

    /// Runs the loaded `op` `iters` times; the number of calls that reported an error.
    #[inline]
    pub fn run(&mut self, op: GlazeOp, iters: u64) -> u64 {
        // SAFETY: the handle is live and exclusively borrowed; an op that was never loaded runs
        // on an empty input and fails without touching memory outside the harness's state.
        unsafe { glzb_run(self.0.as_ptr(), op as u32, iters) }
    }

    /// The allocations (C++ `operator new` calls) of one run of the loaded reader `op` into an
    /// empty value, then again into the value it filled.
    pub fn count_allocs(&mut self, op: GlazeOp) -> (u64, u64) {
        let (mut fresh, mut reused) = (0u64, 0u64);
        // SAFETY: the handle is live and exclusively borrowed; the harness writes only the two
        // counters it is handed.
        unsafe { glzb_count_allocs(self.0.as_ptr(), op as u32, &mut fresh, &mut reused) };
        (fresh, reused)
    }

    /// The last output of writer `op` (empty for a reader or an op never run).
    pub fn output(&self, op: GlazeOp) -> &[u8] {
        let mut len = 0usize;
        // SAFETY: the handle is live; the harness returns its buffer for `op` and its length,
        // which stay unchanged while `self` is borrowed shared (only `run`/`load` write them).
        let ptr = unsafe { glzb_output(self.0.as_ptr(), op as u32, &mut len) };
        if ptr.is_null() || len == 0 {
            return &[];
        }
        // SAFETY: `ptr` points at `len` initialised bytes owned by the handle (see above).
        unsafe { std::slice::from_raw_parts(ptr.cast(), len) }
    }
}

impl Drop for GlazeDoc {
    fn drop(&mut self) {
        // SAFETY: the handle came from glzb_open and is closed exactly once, here.
        unsafe { glzb_close(self.0.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTS: &[u8] = br#"{"a":[1,-2],"z":[3]}"#;

    #[test]
    fn writes_what_it_read() {
        let mut doc = GlazeDoc::open(GlazeKind::Ints, INTS).unwrap();
        doc.load(GlazeOp::Write, &[]).unwrap();
        let out = std::str::from_utf8(doc.output(GlazeOp::Write)).unwrap();
        assert!(out.starts_with(r#"{"a":[1,-2],"b":[],"#), "{out}");
        assert!(out.ends_with(r#""z":[3]}"#), "{out}");
        assert_eq!(doc.run(GlazeOp::Write, 3), 0);
        assert_eq!(doc.output(GlazeOp::Read), b"");
    }

    #[test]
    fn reads_check_the_value_and_report_errors() {
        let mut doc = GlazeDoc::open(GlazeKind::Ints, INTS).unwrap();
        doc.load(GlazeOp::ReadBounded, INTS).unwrap();
        let other = doc.load(GlazeOp::Read, br#"{"a":[1]}"#).unwrap_err();
        assert!(other.contains("differs"), "{other}");
        let bad = doc.load(GlazeOp::Read, br#"{"a":[1,"#).unwrap_err();
        assert!(bad.starts_with("Glaze: read_json"), "{bad}");
        assert!(GlazeDoc::open(GlazeKind::Ints, b"[").is_err());
    }

    #[test]
    fn bools_round_trip_through_beve_in_both_layouts() {
        let json = br#"{"a":[true,false,true]}"#;
        for kind in [GlazeKind::Bools, GlazeKind::BoolsBits] {
            let mut doc = GlazeDoc::open(kind, json).unwrap();
            doc.load(GlazeOp::BeveWrite, &[]).unwrap();
            let beve = doc.output(GlazeOp::BeveWrite).to_vec();
            doc.load(GlazeOp::BeveRead, &beve).unwrap();
            doc.load(GlazeOp::Write, &[]).unwrap();
            assert!(doc
                .output(GlazeOp::Write)
                .starts_with(br#"{"a":[true,false,true],"b":[]"#));
        }
    }
}
