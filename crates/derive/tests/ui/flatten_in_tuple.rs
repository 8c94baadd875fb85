use structio_derive::Json;

#[derive(Json)]
struct Pair(#[structio(flatten)] u32, u32);

fn main() {}
