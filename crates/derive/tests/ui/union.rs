use structio_derive::Json;

#[derive(Json)]
union Bits {
    f: f32,
    u: u32,
}

fn main() {}
