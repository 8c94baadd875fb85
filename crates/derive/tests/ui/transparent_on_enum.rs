use structio_derive::Json;

#[derive(Json)]
#[structio(transparent)]
enum Either {
    A(u8),
}

fn main() {}
