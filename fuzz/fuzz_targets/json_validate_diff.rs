//! Differential: structio's `validate` (and the typed readers of `Value` and `IgnoredAny`-like
//! skipping) against serde_json on whether bytes are one JSON document.
//!
//! The reference is serde_json reading into `IgnoredAny` (the grammar, numbers of any size) plus
//! a UTF-8 check of the whole input (serde_json does not check UTF-8 inside skipped strings;
//! outside strings any non-ASCII byte is a grammar error anyway). Documented differences,
//! filtered out:
//! - nesting: serde_json stops at 128 levels, structio at 1024;
//! - lone surrogate escapes (`"\ud800"`): structio rejects them (`LoneSurrogate`, see
//!   `validate`'s docs), serde_json's skipping accepts them;
//! - numbers past f64's range (`1e400`): structio rejects them everywhere (`NumberOutOfRange`,
//!   the crate docs' number policy), serde_json's skipping accepts them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::de::IgnoredAny;
use structio_json::ErrorKind;

fuzz_target!(|data: &[u8]| {
    let ours = structio_json::validate(data);
    let theirs = serde_json::from_slice::<IgnoredAny>(data);
    let theirs_ok = theirs.is_ok() && std::str::from_utf8(data).is_ok();
    if let Err(e) = &theirs {
        if e.to_string().contains("recursion limit") {
            return;
        }
    }
    match &ours {
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::LoneSurrogate | ErrorKind::DepthLimit | ErrorKind::NumberOutOfRange
            ) =>
        {
            return
        }
        _ => {}
    }
    assert_eq!(
        ours.is_ok(),
        theirs_ok,
        "validate: {ours:?}, serde_json: {theirs:?} on {:?}",
        String::from_utf8_lossy(data)
    );
    // Every other whole-document reader agrees with validate (Value may also refuse depth).
    let raw = structio_json::RawValue::from_slice(data);
    assert_eq!(raw.is_ok(), ours.is_ok(), "RawValue::from_slice: {raw:?}");
    // Value holds numbers to the same range as validate.
    let value = structio_value::from_slice(data);
    assert_eq!(value.is_ok(), ours.is_ok(), "Value: {value:?}");
    let skipped = structio_json::skip_value(data, 0, 1024);
    if ours.is_ok() {
        skipped.expect("skip_value rejects a valid document");
    }
});
