use structio_derive::Json;

fn even(v: u32) -> Result<u32, &'static str> {
    Ok(v)
}

#[derive(Json)]
struct Pair(#[structio(deserialize_with = "even")] u32, u32);

fn main() {}
