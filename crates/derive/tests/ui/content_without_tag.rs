use structio_derive::Json;

#[derive(Json)]
#[structio(content = "c")]
enum Shape {
    Circle { r: f64 },
}

fn main() {}
