use structio_derive::Json;

#[derive(Json)]
struct Config {
    rate: u32,
    #[structio(rename = "rate")]
    rate_hz: u32,
}

fn main() {}
