//! Times `copy_from_slice` (glibc's `memcpy`) against `structio_core::copy_bytes` at every
//! offset of source and destination within a cache line, in steps of 8 bytes: the measurement
//! behind `bulk_copy` (a `rep movsb` whose speed hangs on where the destination lies).
//! Usage: `cargo run --release -p structio-core --example copy_offsets -- [BYTES] [ARRAYS]`
//! (default 16,000 bytes, 100 arrays: the Glaze harness's `numbers-100x2000`). The two copies
//! alternate in one process; each cell is the best of 200 passes over the arrays.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16_000);
    let arrays: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    // Each array starts a whole number of pages after the last, in both buffers, so an offset
    // pair puts every array's destination the same distance past its source modulo 4 KiB.
    let stride = n.div_ceil(4096) * 4096 + 4096;
    let src: Vec<u8> = (0..stride * (arrays + 1)).map(|i| (i * 7) as u8).collect();
    let mut dst = vec![0u8; stride * (arrays + 1)];
    let page = |p: *const u8| (4096 - p as usize % 4096) % 4096;
    let (src_base, dst_base) = (page(src.as_ptr()), page(dst.as_ptr()));
    let mut best = [[[f64::MAX; 8]; 8]; 2];
    for _ in 0..40 {
        for s in 0..8 {
            for d in 0..8 {
                for (which, cell) in best.iter_mut().enumerate() {
                    for _ in 0..5 {
                        let t = Instant::now();
                        for k in 0..arrays {
                            let from = &src[src_base + k * stride + s * 8..][..n];
                            let to = &mut dst[dst_base + k * stride + d * 8..][..n];
                            if which == 0 {
                                to.copy_from_slice(from);
                            } else {
                                structio_core::copy_bytes(to, from);
                            }
                        }
                        std::hint::black_box(&mut dst);
                        let us = t.elapsed().as_secs_f64() * 1e6;
                        cell[s][d] = cell[s][d].min(us);
                    }
                }
            }
        }
    }
    println!("{arrays} copies of {n} bytes, µs (rows: source offset, columns: destination)");
    for (name, grid) in ["copy_from_slice", "structio_core::copy_bytes"]
        .iter()
        .zip(&best)
    {
        println!("\n{name}");
        println!(
            "      {}",
            (0..8).map(|d| format!("{:>8}", d * 8)).collect::<String>()
        );
        for (s, row) in grid.iter().enumerate() {
            let cells: String = row.iter().map(|us| format!("{us:8.1}")).collect();
            println!("{:>4}  {cells}", s * 8);
        }
        let all = grid.iter().flatten();
        let (lo, hi) = all.fold((f64::MAX, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        println!("best {lo:.1}, worst {hi:.1} µs");
    }
}
