use structio_derive::Json;

#[derive(Json)]
#[structio(untagged)]
enum Value {
    Int(i64),
    #[structio(other)]
    Other,
}

fn main() {}
