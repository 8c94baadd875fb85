use structio_derive::Json;

#[derive(Json)]
struct Config {
    #[structio(rename = rate)]
    rate_hz: u32,
}

fn main() {}
