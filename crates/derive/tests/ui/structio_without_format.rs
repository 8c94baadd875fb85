use structio_derive::Structio;

#[derive(Structio)]
struct Point {
    x: i32,
}

fn main() {}
