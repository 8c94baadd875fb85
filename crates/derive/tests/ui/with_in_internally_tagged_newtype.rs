use structio_derive::Json;

#[derive(Json)]
struct Inner {
    a: u8,
}

fn keep(v: &Inner) -> u8 {
    v.a
}

#[derive(Json)]
#[structio(tag = "type")]
enum Message {
    Wrapped(#[structio(serialize_with = "keep")] Inner),
}

fn main() {}
