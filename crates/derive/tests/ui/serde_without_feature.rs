// structio-json's `serde` feature is off in this crate's dev-dependencies.
use structio_derive::Json;

#[derive(Json)]
struct Event {
    id: u64,
    #[structio(serde)]
    at: std::time::Duration,
}

fn main() {}
