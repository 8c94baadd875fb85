use structio_derive::Json;

#[derive(Json)]
#[structio(untagged)]
enum Value {
    Int(i64),
    #[structio(untagged)]
    Text(String),
}

fn main() {}
