use structio_derive::Json;

#[derive(Json)]
#[structio(from = "u16", try_from = "u16")]
struct Port(u16);

fn main() {}
