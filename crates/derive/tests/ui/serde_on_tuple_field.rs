use structio_derive::Json;

#[derive(Json)]
struct Pair(#[structio(serde)] u32, u32);

#[derive(Json)]
struct Both {
    #[structio(flatten, serde)]
    inner: Pair,
}

fn main() {}
