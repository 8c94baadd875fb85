use structio_derive::Json;

#[derive(Json)]
#[structio(from = "1 + 1")]
struct Port(u16);

fn main() {}
