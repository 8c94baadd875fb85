use structio_derive::Json;

#[derive(Json)]
#[structio(transparent, from = "f64")]
struct Meters(f64);

impl From<f64> for Meters {
    fn from(v: f64) -> Self {
        Meters(v)
    }
}

fn main() {}
