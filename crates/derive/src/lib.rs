//! structio-derive: `#[derive(Json)]` and `#[derive(Beve)]`, with object keys found by a perfect
//! hash chosen at compile time.
mod phf;
