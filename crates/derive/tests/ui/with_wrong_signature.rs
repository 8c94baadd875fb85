use structio_derive::Json;

// Returns the value itself, not a `Result`.
fn double(v: u32) -> u32 {
    v * 2
}

#[derive(Json)]
struct Config {
    #[structio(deserialize_with = "double")]
    rate: u32,
}

fn main() {}
