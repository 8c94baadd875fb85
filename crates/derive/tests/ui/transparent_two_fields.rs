use structio_derive::Json;

#[derive(Json)]
#[structio(transparent)]
struct Meters {
    value: f64,
    unit: String,
}

fn main() {}
