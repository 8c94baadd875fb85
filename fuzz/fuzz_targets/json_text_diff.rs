//! The text tools against each other and the validator: `minify` and `prettify` accept
//! exactly what `validate` accepts and refuse with the same error (kind and offset); on a
//! valid document, `prettify(minify(x))` minifies back to `minify(x)`, the trusted forms write
//! the same bytes, and `pointer(x, "")` names the whole value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_json::PrettyOptions;

fn verdict<T>(r: &structio_json::Result<T>) -> Result<(), (structio_json::ErrorKind, usize)> {
    match r {
        Ok(_) => Ok(()),
        Err(e) => Err((e.kind(), e.offset())),
    }
}

fuzz_target!(|data: &[u8]| {
    let valid = structio_json::validate(data);
    let mut min = Vec::new();
    let minified = structio_json::minify(data, &mut min);
    assert_eq!(verdict(&minified), verdict(&valid), "minify vs validate");
    let options = PrettyOptions::default();
    let mut pretty = Vec::new();
    let prettified = structio_json::prettify(data, &mut pretty, &options);
    assert_eq!(
        verdict(&prettified),
        verdict(&valid),
        "prettify vs validate"
    );
    let pointed = structio_json::pointer(data, "");
    assert_eq!(
        verdict(&pointed).is_ok(),
        valid.is_ok(),
        "pointer vs validate"
    );
    if valid.is_err() {
        return;
    }
    // Minified output is itself valid, and minifying it changes nothing.
    structio_json::validate(&min).expect("minified output validates");
    let mut again = Vec::new();
    structio_json::minify(&min, &mut again).unwrap();
    assert_eq!(again, min, "minify is not idempotent");
    // Laid out and minified back: the same bytes.
    let mut laid = Vec::new();
    structio_json::prettify(&min, &mut laid, &options).unwrap();
    structio_json::validate(&laid).expect("prettified output validates");
    let mut back = Vec::new();
    structio_json::minify(&laid, &mut back).unwrap();
    assert_eq!(back, min, "prettify then minify");
    // Prettifying the original or its minified form lays out the same.
    assert_eq!(laid, pretty, "prettify(x) vs prettify(minify(x))");
    // The unchecked forms agree on valid input.
    let mut trusted = Vec::new();
    structio_json::minify_trusted(data, &mut trusted).unwrap();
    assert_eq!(trusted, min, "minify_trusted");
    let mut trusted = Vec::new();
    structio_json::prettify_trusted(data, &mut trusted, &options).unwrap();
    assert_eq!(trusted, pretty, "prettify_trusted");
    let raw = pointed.unwrap().expect("the root exists");
    let mut raw_min = Vec::new();
    structio_json::minify(raw.as_bytes(), &mut raw_min).unwrap();
    assert_eq!(raw_min, min, "pointer root");
});
