use structio_derive::Json;

#[derive(Json)]
#[structio(bound = "T Copy")]
struct Wrapper<T> {
    value: T,
}

fn main() {}
