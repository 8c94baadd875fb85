//! Builds a tree from a JSON file many times: a steady loop to profile (`perf record`) the
//! reader alone. Usage: `cargo run --release --example build_tree -- FILE [ITERATIONS]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: build_tree FILE [ITERATIONS]");
        return;
    };
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let text = match std::fs::read(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let mut best = f64::INFINITY;
    for _ in 0..n {
        let t = std::time::Instant::now();
        let v = structio_value::from_slice(&text);
        drop(std::hint::black_box(v));
        best = best.min(t.elapsed().as_secs_f64() * 1e6);
    }
    println!("{path}: best {best:.0} µs of {n}");
}
