use structio_derive::Json;

#[derive(Json)]
struct Inner {
    x: i32,
}

#[derive(Json)]
#[structio(deny_unknown_fields)]
struct Outer {
    id: u32,
    #[structio(flatten)]
    inner: Inner,
}

fn main() {}
