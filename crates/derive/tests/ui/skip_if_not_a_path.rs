use structio_derive::Json;

#[derive(Json)]
struct Config {
    #[structio(skip_serializing_if = "|x| x.is_none()")]
    note: Option<u32>,
}

fn main() {}
