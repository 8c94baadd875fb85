//! Mutated documents into derived types of every shape, in both formats: each gives a value or
//! an error, never a panic. A fixed-seed xorshift makes the inputs the same on every run.

use structio_derive::{Beve, Json};

#[derive(Json, Beve, Debug, PartialEq, Clone)]
struct Inner {
    x: i32,
    #[structio(default)]
    tags: Vec<String>,
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
struct Outer<'a> {
    name: &'a str,
    #[structio(alias = "n")]
    count: u64,
    ratio: Option<f64>,
    #[structio(flatten)]
    inner: Inner,
    pair: (u8, bool),
    mode: Mode,
    shape: Shape,
    any: Any,
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
enum Mode {
    Off,
    Level(u8),
    Span { lo: i16, hi: i16 },
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
#[structio(tag = "kind", content = "data")]
enum Shape {
    Dot,
    Circle(f64),
    Rect { w: f64, h: f64 },
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
#[structio(untagged)]
enum Any {
    Num(i64),
    Text(String),
    Inner(Inner),
}

fn sample() -> Outer<'static> {
    Outer {
        name: "dev",
        count: 3,
        ratio: Some(0.5),
        inner: Inner {
            x: -4,
            tags: vec!["a".into(), "b".into()],
        },
        pair: (9, true),
        mode: Mode::Span { lo: -1, hi: 1 },
        shape: Shape::Rect { w: 1.0, h: 2.0 },
        any: Any::Inner(Inner { x: 1, tags: vec![] }),
    }
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn mutate(rng: &mut XorShift, doc: &[u8], alphabet: &[u8]) -> Vec<u8> {
    let mut v = doc.to_vec();
    for _ in 0..1 + rng.next() % 4 {
        if v.is_empty() {
            break;
        }
        let at = (rng.next() % v.len() as u64) as usize;
        match rng.next() % 4 {
            0 => v[at] = alphabet[(rng.next() % alphabet.len() as u64) as usize],
            1 => {
                v.remove(at);
            }
            2 => v.insert(at, alphabet[(rng.next() % alphabet.len() as u64) as usize]),
            _ => v.truncate(at),
        }
    }
    v
}

#[test]
fn json_round_trip_then_mutations() {
    let text = structio_json::to_vec(&sample()).unwrap();
    assert_eq!(structio_json::from_slice::<Outer>(&text).unwrap(), sample());
    let mut rng = XorShift(0x5DEE_CE66_D1CE_4E5B);
    let alphabet = b"{}[]\",:0123456789-.eE tfnulrsa\\xkindatcountn";
    for _ in 0..20_000 {
        let m = mutate(&mut rng, &text, alphabet);
        let _ = structio_json::from_slice::<Outer>(&m);
        let mut into = sample();
        let _ = structio_json::read_into(&mut into, &m);
    }
}

#[test]
fn beve_round_trip_then_mutations() {
    let bytes = structio_beve::to_vec(&sample()).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Outer>(&bytes).unwrap(),
        sample()
    );
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let alphabet: Vec<u8> = (0..=255).collect();
    for _ in 0..20_000 {
        let m = mutate(&mut rng, &bytes, &alphabet);
        let _ = structio_beve::from_slice::<Outer>(&m);
        let mut into = sample();
        let _ = structio_beve::read_into(&mut into, &m);
    }
}
