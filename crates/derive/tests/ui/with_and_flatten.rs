use structio_derive::Json;

#[derive(Json)]
struct Inner {
    a: u8,
}

fn keep(v: &Inner) -> u8 {
    v.a
}

#[derive(Json)]
struct Outer {
    #[structio(flatten, serialize_with = "keep")]
    inner: Inner,
}

fn main() {}
