//! Builds a tree from a JSON file many times, or writes it (JSON or BEVE), or reads its BEVE
//! form: a steady loop to profile (`perf record`, callgrind) one path alone.
//! Usage: `cargo run --release --example build_tree -- FILE [ITERATIONS] [json|beve|write|wbeve|pretty]`.

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
    let mode = args.next().unwrap_or_else(|| "json".to_string());
    let tree = match structio_value::from_slice(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let beve = structio_value::to_beve(&tree).unwrap_or_default();
    let mut best = f64::INFINITY;
    for _ in 0..n {
        let t = std::time::Instant::now();
        match mode.as_str() {
            "beve" => drop(std::hint::black_box(structio_value::from_beve(&beve))),
            "write" => drop(std::hint::black_box(structio_value::to_vec(&tree))),
            "wbeve" => drop(std::hint::black_box(structio_value::to_beve(&tree))),
            "pretty" => drop(std::hint::black_box(structio_value::to_vec_pretty(&tree))),
            _ => drop(std::hint::black_box(structio_value::from_slice(&text))),
        }
        best = best.min(t.elapsed().as_secs_f64() * 1e6);
    }
    println!("{path} {mode}: best {best:.0} µs of {n}");
}
