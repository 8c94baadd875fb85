use structio_derive::Beve;

#[derive(Beve)]
#[structio(tag = "type")]
struct Config {
    rate_hz: u32,
}

fn main() {}
