use structio_derive::Json;

#[derive(Json)]
#[structio(bound(reading = "T: Copy"))]
struct Wrapper<T> {
    value: T,
}

fn main() {}
