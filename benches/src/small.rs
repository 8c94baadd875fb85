//! Small messages: a thousand JSON objects of about 120 bytes each (an order: identifiers,
//! prices, a side, two tags), read one at a time as a service reads requests, into a struct
//! that borrows its strings and into a dynamic tree. structio reads each from a `&[u8]` and
//! from a `PaddedBytes` (64 zero bytes after the document, as simdjson's padded strings and
//! Glaze's null-terminated input); serde_json and sonic-rs read from the slice. In a message
//! this short most numbers and strings are near its end, where a bounded reader takes its
//! slower paths; the padded column shows what they cost.

use std::fmt::Write as _;
use std::hint::black_box;

use serde::Deserialize;

use crate::harness::{measure_rounds, Budget, Check, Contender};
use crate::rng::Rng;

/// One message: what every reader reads (strings borrowed where the reader can).
#[derive(Deserialize, Debug, PartialEq)]
#[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
pub struct Order<'a> {
    /// A 1-9 digit identifier.
    pub id: u64,
    /// A short ASCII symbol.
    pub symbol: &'a str,
    /// A price with two decimals.
    pub price: f64,
    /// A quantity.
    pub qty: u32,
    /// "buy" or "sell".
    pub side: &'a str,
    /// Two short tags.
    pub tags: [&'a str; 2],
    /// A millisecond timestamp (13 digits).
    pub ts: u64,
    /// A fee with three decimals.
    pub fee: f64,
}

/// The messages, compact, one document each.
pub fn messages(seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..1000)
        .map(|_| {
            format!(
                r#"{{"id":{},"symbol":"SYM{}","price":{}.{:02},"qty":{},"side":"{}","tags":["t{}","desk"],"ts":{},"fee":{}.{:03}}}"#,
                rng.below(1_000_000_000),
                rng.below(1000),
                rng.below(10_000),
                rng.below(100),
                rng.below(1000),
                if rng.below(2) == 0 { "buy" } else { "sell" },
                rng.below(10),
                1_700_000_000_000u64 + rng.below(1_000_000_000),
                rng.below(10),
                rng.below(1000)
            )
            .into_bytes()
        })
        .collect()
}

/// The sum of every message's identifier and quantity, through one reader: what each
/// contender must agree on (with serde_json's derive as the reference).
fn checksum<'a, D>(
    docs: &'a [D],
    read: &mut impl FnMut(&'a D) -> Result<(u64, u32), String>,
) -> Result<u64, String> {
    let mut sum = 0u64;
    for d in docs {
        let (id, qty) = read(d)?;
        sum = sum.wrapping_add(id).wrapping_add(u64::from(qty));
    }
    Ok(sum)
}

/// A contender that reads every message of `docs` with `read`, checked against `want`.
fn contender<'a, D>(
    lib: &'static str,
    docs: &'a [D],
    want: u64,
    mut read: impl FnMut(&'a D) -> Result<(u64, u32), String> + 'a,
) -> Contender<'a> {
    let got = checksum(docs, &mut read);
    Contender::new(
        lib,
        move || match got {
            Ok(sum) if sum == want => Ok(Check::SameValues),
            Ok(_) => Err("the identifiers and quantities differ".into()),
            Err(e) => Err(e),
        },
        move |n| {
            for _ in 0..n {
                for d in docs {
                    let _ = black_box(read(black_box(d)));
                }
            }
        },
    )
}

/// What a contender checks of a message read into an [`Order`].
fn id_qty<E: std::fmt::Display>(read: Result<Order<'_>, E>) -> Result<(u64, u32), String> {
    read.map(|o| (o.id, o.qty)).map_err(|e| e.to_string())
}

fn serde_typed(m: &[u8]) -> Result<(u64, u32), String> {
    id_qty(serde_json::from_slice::<Order>(m))
}

/// The typed readers: structio over the slice and padded, serde_json, sonic-rs.
fn typed<'a>(
    msgs: &'a [Vec<u8>],
    padded: &'a [structio_json::PaddedBytes],
    want: u64,
) -> Vec<Contender<'a>> {
    let mut v = Vec::new();
    #[cfg(feature = "sio-json")]
    {
        v.push(contender("structio", msgs, want, |m| {
            id_qty(structio_json::from_slice::<Order>(m))
        }));
        v.push(contender(
            crate::suite::STRUCTIO_PADDED,
            padded,
            want,
            |p| id_qty(structio_json::from_padded::<Order>(p)),
        ));
    }
    #[cfg(not(feature = "sio-json"))]
    let _ = padded;
    v.push(contender("serde_json", msgs, want, |m| serde_typed(m)));
    v.push(contender("sonic-rs", msgs, want, |m| {
        id_qty(sonic_rs::from_slice::<Order>(m))
    }));
    v
}

/// The tree readers: structio's `Value` over the slice and padded, serde_json's and sonic-rs's.
fn trees<'a>(
    msgs: &'a [Vec<u8>],
    padded: &'a [structio_json::PaddedBytes],
    want: u64,
) -> Vec<Contender<'a>> {
    let mut v = Vec::new();
    #[cfg(feature = "sio-value")]
    {
        fn pick(t: &structio_value::Value) -> Result<(u64, u32), String> {
            let id = t["id"].as_u64().ok_or("id")?;
            let qty = t["qty"].as_u64().ok_or("qty")? as u32;
            Ok((id, qty))
        }
        v.push(contender("structio", msgs, want, |m| {
            structio_value::from_slice(m)
                .map_err(|e| e.to_string())
                .and_then(|t| pick(&t))
        }));
        v.push(contender(
            crate::suite::STRUCTIO_PADDED,
            padded,
            want,
            |p| {
                structio_value::from_padded(p)
                    .map_err(|e| e.to_string())
                    .and_then(|t| pick(&t))
            },
        ));
    }
    #[cfg(not(feature = "sio-value"))]
    let _ = padded;
    v.push(contender("serde_json", msgs, want, |m| {
        let t: serde_json::Value = serde_json::from_slice(m).map_err(|e| e.to_string())?;
        Ok((
            t["id"].as_u64().ok_or("id")?,
            t["qty"].as_u64().ok_or("qty")? as u32,
        ))
    }));
    v.push(contender("sonic-rs", msgs, want, |m| {
        use sonic_rs::JsonValueTrait as _;
        let t: sonic_rs::Value = sonic_rs::from_slice(m).map_err(|e| e.to_string())?;
        Ok((
            t["id"].as_u64().ok_or("id")?,
            t["qty"].as_u64().ok_or("qty")? as u32,
        ))
    }));
    v
}

/// Measures both tables and returns them as Markdown.
pub fn run(seed: u64, budget: Budget) -> String {
    let msgs = messages(seed);
    let padded: Vec<structio_json::PaddedBytes> = msgs
        .iter()
        .map(|m| structio_json::PaddedBytes::new(m))
        .collect();
    let bytes: usize = msgs.iter().map(Vec::len).sum();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "### Small messages\n\n{} JSON objects of {} bytes on average (an order: identifiers, \
         prices, a side, two tags), each read on its own, into a struct borrowing its strings and \
         into a dynamic tree. \"structio padded\" reads each from a `PaddedBytes` (64 zero bytes \
         after the document); the others from the slice. Median [min-max] ns per message over \
         {} alternating rounds; the ratio is each reader's median over structio's.\n",
        msgs.len(),
        bytes / msgs.len().max(1),
        budget.rounds
    );
    let want = match checksum(&msgs, &mut |m: &Vec<u8>| serde_typed(m)) {
        Ok(w) => w,
        Err(e) => return format!("{s}serde_json failed on the messages: {e}\n\n"),
    };
    for (title, contenders) in [
        ("into the struct", typed(&msgs, &padded, want)),
        ("into a tree", trees(&msgs, &padded, want)),
    ] {
        let _ = writeln!(
            s,
            "| reader, {title} | ns per message | ratio to structio |\n|---|---:|---:|"
        );
        let cells = measure_rounds(contenders, budget);
        s.push_str(&crate::table::spread_rows(&cells, msgs.len() as f64));
        s.push('\n');
    }
    s
}
