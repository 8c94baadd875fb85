use structio_derive::Json;

#[derive(Json)]
#[structio(rename_all = "camel_case")]
struct Config {
    rate_hz: u32,
}

fn main() {}
