use structio_derive::Json;

#[derive(Json)]
#[structio(tag = "type")]
enum Shape {
    Circle { r: f64 },
    Rect(f64, f64),
}

fn main() {}
