//! `Display` (compact JSON, or pretty with `{:#}`) and `Debug` for [`Value`].

use core::fmt;

use crate::json_write::{to_string, to_string_pretty};
use crate::Value;

/// Compact JSON; `{:#}` gives the pretty form.
///
/// ```
/// let v = structio_value::value!({"a": [1, "x"]});
/// assert_eq!(format!("{v}"), r#"{"a":[1,"x"]}"#);
/// assert_eq!(format!("{v:#}"), "{\n  \"a\": [\n    1,\n    \"x\"\n  ]\n}");
/// ```
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() {
            to_string_pretty(self)
        } else {
            to_string(self)
        };
        f.write_str(&text)
    }
}

/// The compact JSON text, which says more than a list of variant names would.
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
