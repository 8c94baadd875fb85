use structio_derive::Json;

#[derive(Json)]
#[structio(renam_all = "camelCase")]
struct Config {
    rate_hz: u32,
}

fn main() {}
