//! [`JsonRead`] and [`JsonWrite`] for [`Value`], so that a `Value` can be a field of a derived
//! struct or an element of any container structio-json reads and writes.
//!
//! Reading lets the json crate's validating `skip_value` find the end of the value, then builds
//! the tree from that span with this crate's own reader: the span is read twice, once cheaply,
//! because `Reader` has no public way to move its cursor.

use structio_json::{JsonRead, JsonWrite, Reader, Result, Sink, Writer};

use crate::json_read::DEFAULT_MAX_DEPTH;
use crate::json_write::float_text;
use crate::value::Repr;
use crate::Value;

/// ```
/// let v: Vec<structio_value::Value> = structio_json::from_str(r#"[1, {"a": "b"}]"#).unwrap();
/// assert_eq!(v[1]["a"], "b");
/// ```
impl<'de> JsonRead<'de> for Value {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.peek()?;
        let start = r.offset();
        r.skip_value()?;
        let end = r.offset();
        let input = &r.input()[..end];
        let deny = r.denies_duplicate_keys();
        crate::builder::with_reader(|reader| {
            reader.read_at_denying(input, start, DEFAULT_MAX_DEPTH, deny)
        })
    }
}

/// ```
/// let v = structio_value::value!({"a": [1, 2.5, null]});
/// assert_eq!(structio_json::to_string(&v).unwrap(), r#"{"a":[1,2.5,null]}"#);
/// ```
impl JsonWrite for Value {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match &self.repr {
            Repr::Null => w.write_null(),
            Repr::Bool(b) => w.write_bool(*b),
            Repr::U64(n) => w.write_int(*n),
            Repr::I64(n) => w.write_int(*n),
            Repr::F64(f) => {
                let mut buf = [0u8; 32];
                let n = float_text(*f, &mut buf);
                w.write_raw(&buf[..n])
            }
            Repr::Short(_) | Repr::Str(_) => w.write_str(self.as_str().unwrap_or_default()),
            Repr::Array(a) => {
                w.begin_array()?;
                for (i, e) in a.iter().enumerate() {
                    w.element(i == 0)?;
                    e.write_json(w)?;
                }
                w.end_array(a.is_empty())
            }
            Repr::Object(o) => {
                w.begin_object()?;
                for (i, (k, e)) in o.iter().enumerate() {
                    w.key(i == 0, k)?;
                    e.write_json(w)?;
                }
                w.end_object(o.is_empty())
            }
        }
    }
}
