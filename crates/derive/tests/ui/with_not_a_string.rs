use structio_derive::Json;

#[derive(Json)]
struct Timing {
    #[structio(with = millis)]
    period: std::time::Duration,
}

fn main() {}
