//! `cargo xtask bench` and `cargo xtask glaze`.
fn main() {
    eprintln!("xtask: not yet implemented");
    std::process::exit(2);
}
