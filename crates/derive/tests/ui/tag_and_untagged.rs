use structio_derive::Json;

#[derive(Json)]
#[structio(tag = "type", untagged)]
enum Shape {
    Circle { r: f64 },
}

fn main() {}
