use std::collections::BTreeMap;
use structio_derive::Json;

// Only unit-only enums key a map: a variant with data has no name-only form.
#[derive(Json, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Point,
    Circle(u32),
}

fn main() {
    let _ = structio_json::from_str::<BTreeMap<Shape, u8>>("{}");
}
