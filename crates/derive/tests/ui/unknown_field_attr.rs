use structio_derive::Json;

#[derive(Json)]
struct Config {
    #[structio(skip_if_none)]
    note: Option<u32>,
}

fn main() {}
