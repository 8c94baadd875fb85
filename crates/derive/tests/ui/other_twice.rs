use structio_derive::Json;

#[derive(Json)]
enum Mode {
    Off,
    #[structio(other)]
    Unknown,
    #[structio(other)]
    Unsupported,
}

fn main() {}
