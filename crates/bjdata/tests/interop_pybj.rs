//! Interop with pybj (`pip install bjdata`, NeuroJSON's reference implementation): seven
//! benchmark-like documents and random trees written by structio in both modes are read by
//! `bjdata.loadb` to the same values (numbers by bits) and written back by `bjdata.dumpb`,
//! which structio reads into the original types; random values pybj generates and writes (both
//! its container styles) read into structio, and where both sides make the same choices the
//! bytes are identical. Skipped, with a message, when `python3 -c 'import bjdata'` fails.
#![cfg(feature = "std")]

#[path = "support/dynamic.rs"]
mod dynamic;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

use dynamic::{from_hex, to_hex, Dyn};
use structio_bjdata::{from_slice, to_vec_with, BjdataRead, BjdataWrite, Mode};
use structio_derive::Structio;

fn pybj_available() -> bool {
    Command::new("python3")
        .args(["-W", "ignore", "-c", "import bjdata"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Sends a request to the pybj script and returns its answer.
fn pybj(request: &serde_json::Value) -> serde_json::Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/pybj_interop.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input = serde_json::to_vec(request).unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the pybj script failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The tagged form of the script, as a `Dyn`.
fn untag(v: &serde_json::Value) -> Dyn {
    use serde_json::Value as J;
    match v {
        J::Null => Dyn::Null,
        J::Bool(b) => Dyn::Bool(*b),
        J::Array(a) => Dyn::Array(a.iter().map(untag).collect()),
        J::Object(o) => {
            let (k, x) = o.iter().next().unwrap();
            match k.as_str() {
                "i" => {
                    let s = x.as_str().unwrap();
                    s.parse::<i128>()
                        .map(Dyn::Int)
                        .unwrap_or_else(|_| Dyn::High(s.into()))
                }
                "f" => {
                    let b: [u8; 8] = from_hex(x.as_str().unwrap()).try_into().unwrap();
                    Dyn::Float(f64::from_le_bytes(b))
                }
                "h" => Dyn::High(x.as_str().unwrap().into()),
                "s" => Dyn::Str(x.as_str().unwrap().into()),
                "o" => Dyn::Object(
                    x.as_array()
                        .unwrap()
                        .iter()
                        .map(|e| (e[0].as_str().unwrap().to_string(), untag(&e[1])))
                        .collect(),
                ),
                _ => panic!("unknown tag {k}"),
            }
        }
        _ => panic!("untagged {v}"),
    }
}

/// xorshift64*: a fixed-seed generator, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn float(&mut self) -> f64 {
        match self.below(5) {
            0 => [0.0, -0.0, 1.5, f64::INFINITY, f64::NAN, 1e-310][self.below(6) as usize],
            1 => f64::from(self.next() as u32 as f32 / 7.0),
            _ => f64::from_bits(self.next() & !(0x7ffu64 << 52) | (1 + self.below(0x7fe)) << 52),
        }
    }
    fn text(&mut self, max: u64) -> String {
        (0..self.below(max))
            .map(|_| match self.below(4) {
                0 => char::from_u32(0xa0 + self.below(0xd700) as u32).unwrap(),
                1 => char::from_u32(0x10000 + self.below(0xf_ffff) as u32).unwrap(),
                _ => char::from_u32(0x20 + self.below(0x5f) as u32).unwrap(),
            })
            .collect()
    }
}

// The seven documents, shaped like the benchmark ones.

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Feature {
    kind: String,
    name: String,
    coordinates: Vec<Vec<[f64; 2]>>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Canada {
    kind: String,
    features: Vec<Feature>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct User {
    id: u64,
    screen_name: String,
    followers: u32,
    verified: bool,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Status {
    id: u64,
    text: String,
    user: User,
    retweets: u32,
    favorited: bool,
    reply_to: Option<u64>,
    lang: String,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Twitter {
    statuses: Vec<Status>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Event {
    id: u32,
    name: String,
    topic_ids: Vec<u32>,
    subtitle: Option<String>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Citm {
    events: BTreeMap<String, Event>,
    area_names: BTreeMap<String, String>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Mesh {
    vertices: Vec<f32>,
    normals: Vec<f32>,
    indices: Vec<u32>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Numbers {
    doubles: Vec<f64>,
    ints: Vec<i64>,
    small: Vec<u8>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Project {
    title: String,
    student: String,
    org: String,
    tags: Vec<String>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Gsoc {
    projects: Vec<Project>,
}

/// The records benchmark: an integer, a string, two reals and a boolean.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Record {
    id: i64,
    name: String,
    x: f64,
    y: f64,
    ok: bool,
}

fn canada(rng: &mut Rng) -> Canada {
    Canada {
        kind: "FeatureCollection".into(),
        features: (0..3)
            .map(|i| Feature {
                kind: "Polygon".into(),
                name: format!("area {i}"),
                coordinates: (0..4)
                    .map(|_| {
                        (0..(2 + rng.below(60)))
                            .map(|_| [rng.float(), -(rng.below(90_000_000) as f64) / 1e6])
                            .collect()
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn twitter(rng: &mut Rng) -> Twitter {
    Twitter {
        statuses: (0..40)
            .map(|i| Status {
                id: rng.next() >> rng.below(64),
                text: rng.text(140),
                user: User {
                    id: rng.below(1 << 40),
                    screen_name: rng.text(15),
                    followers: rng.below(1 << 32) as u32,
                    verified: rng.below(2) == 0,
                },
                retweets: rng.below(70_000) as u32,
                favorited: i % 3 == 0,
                reply_to: (i % 4 == 0).then(|| rng.next()),
                lang: ["en", "ja", "es"][i % 3].into(),
            })
            .collect(),
    }
}

fn citm(rng: &mut Rng) -> Citm {
    Citm {
        events: (0..50)
            .map(|i| {
                (
                    format!("{}", 138_586_341 + i),
                    Event {
                        id: 138_586_341 + i as u32,
                        name: rng.text(30),
                        topic_ids: (0..rng.below(6))
                            .map(|_| rng.below(1 << 30) as u32)
                            .collect(),
                        subtitle: (i % 5 == 0).then(|| rng.text(10)),
                    },
                )
            })
            .collect(),
        area_names: (0..20)
            .map(|i| (format!("{}", 205_705_993 + i), rng.text(20)))
            .collect(),
    }
}

fn mesh(rng: &mut Rng) -> Mesh {
    Mesh {
        vertices: (0..3000).map(|_| rng.float() as f32).collect(),
        normals: (0..3000)
            .map(|_| (rng.below(2000) as f32 - 1000.0) / 1000.0)
            .collect(),
        indices: (0..6000).map(|_| rng.below(1000) as u32).collect(),
    }
}

fn numbers(rng: &mut Rng) -> Numbers {
    Numbers {
        doubles: (0..5000).map(|_| rng.float()).collect(),
        ints: (0..2000)
            .map(|_| (rng.next() as i64) >> rng.below(64))
            .collect(),
        small: (0..500).map(|_| rng.next() as u8).collect(),
    }
}

fn gsoc(rng: &mut Rng) -> Gsoc {
    Gsoc {
        projects: (0..60)
            .map(|_| Project {
                title: rng.text(60),
                student: rng.text(20),
                org: rng.text(20),
                tags: (0..rng.below(5)).map(|_| rng.text(12)).collect(),
            })
            .collect(),
    }
}

fn records(rng: &mut Rng) -> Vec<Record> {
    (0..10_000)
        .map(|i| Record {
            id: i,
            name: format!("record {i}"),
            x: rng.float(),
            y: rng.below(1000) as f64 * 0.5,
            ok: i % 2 == 0,
        })
        .collect()
}

/// A typed document checked both ways: its structio bytes in both modes decode in pybj to
/// the value structio reads from them, and pybj's `dumpb` of what it decoded reads back into
/// the typed value.
fn check_doc<T>(name: &str, doc: &T, requests: &mut Vec<(String, Mode, Vec<u8>, Dyn)>)
where
    T: BjdataWrite,
{
    for mode in [Mode::Speed, Mode::Size] {
        let bytes = to_vec_with(doc, mode).unwrap();
        let value: Dyn = from_slice(&bytes).unwrap();
        requests.push((name.to_string(), mode, bytes, value));
    }
}

fn random_dyn(rng: &mut Rng, depth: u32) -> Dyn {
    let kinds = if depth < 4 { 9 } else { 6 };
    match rng.below(kinds) {
        0 => Dyn::Int(match rng.below(4) {
            0 => rng.below(300) as i128,
            1 => i128::from(rng.next() as i64 >> rng.below(64)),
            2 => i128::from(rng.next()),
            _ => {
                let m = (i128::from(rng.next()) << 30 | i128::from(rng.next())) | 1 << 70;
                if rng.below(2) == 0 {
                    m
                } else {
                    -m
                }
            }
        }),
        1 => Dyn::Float(rng.float()),
        2 => Dyn::Str(rng.text(20)),
        3 => Dyn::Bool(rng.below(2) == 0),
        4 => Dyn::Null,
        5 => Dyn::Str(rng.text(3)),
        6 => Dyn::Array(
            (0..rng.below(6))
                .map(|_| random_dyn(rng, depth + 1))
                .collect(),
        ),
        _ => Dyn::Object(
            (0..rng.below(6))
                .map(|i| (format!("k{i}{}", rng.text(4)), random_dyn(rng, depth + 1)))
                .collect(),
        ),
    }
}

#[test]
fn pybj_reads_what_structio_writes_and_back() {
    if !pybj_available() {
        eprintln!(
            "skipped: python3 with the `bjdata` package (pip install bjdata) is not available"
        );
        return;
    }
    let mut rng = Rng(0x5eed_b1da_7a00_0001);
    let docs = (
        canada(&mut rng),
        twitter(&mut rng),
        citm(&mut rng),
        mesh(&mut rng),
        numbers(&mut rng),
        gsoc(&mut rng),
        records(&mut rng),
    );
    let mut requests = Vec::new();
    check_doc("canada", &docs.0, &mut requests);
    check_doc("twitter", &docs.1, &mut requests);
    check_doc("citm", &docs.2, &mut requests);
    check_doc("mesh", &docs.3, &mut requests);
    check_doc("numbers", &docs.4, &mut requests);
    check_doc("gsoc", &docs.5, &mut requests);
    check_doc("records", &docs.6, &mut requests);
    let trees: Vec<Dyn> = (0..300).map(|_| random_dyn(&mut rng, 0)).collect();
    for (i, t) in trees.iter().enumerate() {
        for mode in [Mode::Speed, Mode::Size] {
            let bytes = to_vec_with(t, mode).unwrap();
            requests.push((format!("tree {i}"), mode, bytes, t.clone()));
        }
    }
    let answer = pybj(&serde_json::json!({
        "decode": requests.iter().map(|r| to_hex(&r.2)).collect::<Vec<_>>(),
        "seed": 7,
        "count": 300,
    }));
    let decoded = answer["decoded"].as_array().unwrap();
    assert_eq!(decoded.len(), requests.len());
    for ((name, mode, bytes, value), got) in requests.iter().zip(decoded) {
        let theirs = untag(&got[0]);
        assert!(
            theirs == *value || typed_same(&theirs, value),
            "{name} {mode:?}: pybj read {theirs:?}\nexpected {value:?}\nbytes {}",
            to_hex(bytes)
        );
        // pybj's own encoding of what it read comes back to the same value.
        let again = from_hex(got[1].as_str().unwrap());
        let back: Dyn = from_slice(&again).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            back == *value || typed_same(&back, value),
            "{name} {mode:?}: dumpb read back {back:?}"
        );
    }
    // And into the typed documents themselves (compared by their speed-mode bytes, so that
    // NaNs compare by bits).
    let typed_back = |i: usize| from_hex(decoded[i][1].as_str().unwrap());
    fn same<T: BjdataWrite + for<'de> BjdataRead<'de>>(bytes: &[u8], doc: &T) {
        let back: T = from_slice(bytes).unwrap();
        assert_eq!(
            structio_bjdata::to_vec(&back).unwrap(),
            structio_bjdata::to_vec(doc).unwrap()
        );
    }
    same(&typed_back(0), &docs.0);
    same(&typed_back(2), &docs.1);
    same(&typed_back(4), &docs.2);
    same(&typed_back(6), &docs.3);
    same(&typed_back(8), &docs.4);
    same(&typed_back(10), &docs.5);
    same(&typed_back(12), &docs.6);
    // Size mode is never larger than pybj's default output (equal where a document has no
    // floats and no numeric arrays: both then pick the same smallest markers).
    for i in 0..7 {
        let (name, _, ours, _) = &requests[2 * i + 1];
        let theirs = typed_back(2 * i);
        assert!(
            ours.len() <= theirs.len(),
            "{name}: size mode {} bytes, pybj {}",
            ours.len(),
            theirs.len()
        );
        eprintln!(
            "{name}: speed {} bytes, size {} bytes, pybj dumpb {} bytes",
            requests[2 * i].2.len(),
            ours.len(),
            theirs.len()
        );
    }

    // Values pybj generates, in both its container styles.
    let mut identical = 0;
    for g in answer["generated"].as_array().unwrap() {
        let expected = untag(&g[2]);
        for k in 0..2 {
            let bytes = from_hex(g[k].as_str().unwrap());
            let got: Dyn =
                from_slice(&bytes).unwrap_or_else(|e| panic!("{e} in {}", g[k].as_str().unwrap()));
            assert!(
                typed_same(&got, &expected),
                "{got:?}\n{expected:?}\n{}",
                g[k].as_str().unwrap()
            );
        }
        // Same container choices (uncounted), same integer rule, and no floats (pybj writes
        // `D` where size mode writes `d` when single precision holds the value): the same
        // bytes.
        if !has_float_or_char(&expected) {
            let ours = to_vec_with(&expected, Mode::Size).unwrap();
            assert_eq!(to_hex(&ours), g[0].as_str().unwrap());
            identical += 1;
        }
    }
    assert!(identical > 50, "{identical} byte-identical");
}

/// Equal, where pybj may write a float as a high-precision number: it writes subnormal
/// doubles as `H` with their exact decimal expansion, which reads back to the same bits.
fn typed_same(a: &Dyn, b: &Dyn) -> bool {
    match (a, b) {
        (Dyn::High(s), Dyn::Float(f)) | (Dyn::Float(f), Dyn::High(s)) => {
            s.parse::<f64>().is_ok_and(|x| x.to_bits() == f.to_bits())
        }
        (Dyn::Array(x), Dyn::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| typed_same(a, b))
        }
        (Dyn::Object(x), Dyn::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((k, a), (l, b))| k == l && typed_same(a, b))
        }
        _ => a == b,
    }
}

fn has_float_or_char(v: &Dyn) -> bool {
    match v {
        Dyn::Float(_) => true,
        Dyn::Array(a) => a.iter().any(has_float_or_char),
        Dyn::Object(o) => o.iter().any(|(_, x)| has_float_or_char(x)),
        _ => false,
    }
}

#[test]
fn structio_reads_pybj_numpy_arrays() {
    if !pybj_available() {
        eprintln!(
            "skipped: python3 with the `bjdata` package (pip install bjdata) is not available"
        );
        return;
    }
    // pybj turns packed arrays into NumPy arrays and writes them back packed.
    let v = vec![1.5f64, -2.0, 1e300];
    let answer = pybj(&serde_json::json!({
        "decode": [to_hex(&structio_bjdata::to_vec(&v).unwrap())],
        "seed": 1,
        "count": 0,
    }));
    let back = from_hex(answer["decoded"][0][1].as_str().unwrap());
    assert_eq!(from_slice::<Vec<f64>>(&back).unwrap(), v);
    let _ = <Vec<f64> as BjdataRead>::read_bjdata;
}
