use structio_derive::Json;

// No `impl From<u16> for Port`.
#[derive(Json)]
#[structio(from = "u16")]
struct Port(u16);

fn main() {}
