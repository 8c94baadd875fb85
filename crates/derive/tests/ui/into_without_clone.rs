use structio_derive::Json;

// `into` converts a clone; `Port` is not `Clone`.
#[derive(Json)]
#[structio(into = "u16")]
struct Port(u16);

impl From<Port> for u16 {
    fn from(p: Port) -> u16 {
        p.0
    }
}

fn main() {}
