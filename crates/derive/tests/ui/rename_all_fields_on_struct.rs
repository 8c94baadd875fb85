use structio_derive::Json;

#[derive(Json)]
#[structio(rename_all_fields = "camelCase")]
struct Config {
    rate_hz: u32,
}

fn main() {}
