use structio_derive::Json;

#[derive(Json)]
enum Mode {
    Off,
    #[structio(other, skip_deserializing)]
    Unknown,
}

fn main() {}
