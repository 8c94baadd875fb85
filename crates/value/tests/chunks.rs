//! A tree read from text has its blocks carved from shared chunks; these tests use such trees the
//! ways a user may (mutate, take pieces out, drop the root first, send pieces to threads) and
//! compare with a tree built node by node through the API, whose blocks are all their own.
//! Run them under Miri too: `cargo +nightly miri test -p structio-value --test chunks`.

use structio_testkit::alloc_count::{counted, live_bytes, CountingAllocator};
use structio_value::{from_beve, from_slice, to_beve, value, Array, Object, Reader, Value};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// A reader of a document given as JSON text.
type Read = fn(&str) -> Value;

/// The two readers whose trees are carved from chunks and sealed: from JSON text, and from the
/// BEVE written from the same tree (whose reader makes each container before its elements).
fn readers() -> [(&'static str, Read); 2] {
    [
        ("json", |text| from_slice(text.as_bytes()).unwrap()),
        ("beve", |text| {
            let bytes = to_beve(&from_slice(text.as_bytes()).unwrap()).unwrap();
            from_beve(&bytes).unwrap()
        }),
    ]
}

/// `n`, or a small fraction of it under Miri (which runs these about 10,000x slower).
fn size(n: usize) -> usize {
    if cfg!(miri) {
        (n / 50).max(4)
    } else {
        n
    }
}

/// A JSON array of `n` elements, element `i` the text `element(i)`.
fn json_array(n: usize, element: impl Fn(usize) -> String) -> String {
    let elements: Vec<String> = (0..n).map(element).collect();
    format!("[{}]", elements.join(","))
}

/// The strings of an array of strings.
fn strings_of(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

/// A document of `n` records, each an object with a long string, a short one, a small array and
/// a nested object: the shapes twitter and citm are made of.
fn records(n: usize) -> String {
    json_array(n, |i| {
        format!(
            r#"{{"id":{i},"text":"a string longer than fourteen bytes, number {i}","k":"s{i}","xy":[{i},-{i},{i}.5],"o":{{"deep":[[{i}],[]],"e":{{}}}}}}"#
        )
    })
}

/// The same tree as [`records`], built through the API (every block its own allocation).
fn records_by_api(n: usize) -> Value {
    let mut a = Array::new();
    for i in 0..n as u64 {
        let mut o = Object::new();
        o.insert("id", i);
        o.insert(
            "text",
            format!("a string longer than fourteen bytes, number {i}").as_str(),
        );
        o.insert("k", format!("s{i}").as_str());
        o.insert(
            "xy",
            value!([
                (i),
                (if i == 0 {
                    Value::from(-0.0)
                } else {
                    Value::from(-(i as i64))
                }),
                (i as f64 + 0.5)
            ]),
        );
        o.insert("o", value!({"deep": [[(i)], []], "e": {}}));
        a.push(o);
    }
    Value::from(a)
}

#[test]
fn a_read_tree_equals_the_same_tree_built_node_by_node() {
    let n = size(300);
    assert_eq!(
        from_slice(records(n).as_bytes()).unwrap(),
        records_by_api(n)
    );
}

#[test]
#[cfg_attr(
    miri,
    ignore = "a count, not a memory-safety question; slow under Miri"
)]
fn reading_takes_a_few_chunks_not_a_block_per_container() {
    let text = records(2000);
    let (allocs, v) = allocations(|| from_slice(text.as_bytes()).unwrap());
    // 2000 records hold 12,000 containers and 2000 long strings; one allocation each would be
    // 14,000. The chunks, the reader's stacks and the top array (too large to carve) are a few
    // dozen.
    assert!(allocs < 60, "{allocs} allocations");
    assert_eq!(v.as_array().unwrap().len(), 2000);
}

/// Allocations (and reallocations) made on this thread while `f` runs.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let (counts, out) = counted(f);
    (counts.allocs, out)
}

#[test]
fn a_reused_reader_carves_again_from_a_chunk_whose_tree_is_gone() {
    let n = size(500);
    let text = records(n);
    let want = records_by_api(n);
    let mut r = Reader::new();
    // The first read sizes its chunks from the text, the second from the first's tree.
    drop(r.read(text.as_bytes()).unwrap());
    drop(r.read(text.as_bytes()).unwrap());
    // The last tree is gone: its chunk is carved again.
    let (again, second) = allocations(|| r.read(text.as_bytes()).unwrap());
    // The last tree is alive: a new chunk.
    let (fresh, third) = allocations(|| r.read(text.as_bytes()).unwrap());
    if !cfg!(miri) {
        assert!(fresh > again, "{fresh} allocations beside {again}");
    }
    // A tree dropped on another thread gives its chunk back to the reader too.
    std::thread::spawn(move || drop(second)).join().unwrap();
    let fourth = r.read(text.as_bytes()).unwrap();
    // An error part way gives back what it carved, and the next read still works.
    assert!(r.read(&text.as_bytes()[..text.len() / 2]).is_err());
    let fifth = r.read(text.as_bytes()).unwrap();
    drop(r);
    for v in [&third, &fourth, &fifth] {
        assert_eq!(*v, want);
    }
    // A reader of small documents does not keep a large tree's chunk alive (a large one even
    // under Miri: 40 strings of 500 bytes, indented so that one chunk holds the tree).
    let item = format!("\n{}\"{}\"", " ".repeat(100), "x".repeat(500));
    let large = format!("[{}{item}]", format!("{item},").repeat(39));
    let before = live_bytes();
    let mut r = Reader::new();
    drop(r.read(large.as_bytes()).unwrap());
    let held = live_bytes() - before;
    let small = r
        .read(b"[\"a string longer than fourteen bytes\"]")
        .unwrap();
    let kept = live_bytes() - before;
    assert!(
        kept < held / 2,
        "{kept} bytes kept, {held} held after the large read"
    );
    assert_eq!(small, value!(["a string longer than fourteen bytes"]));
}

#[test]
#[cfg_attr(miri, ignore = "counts, not a memory-safety question; slow under Miri")]
fn a_large_container_that_closes_last_is_carved_from_the_next_documents_chunk() {
    // The root array's block (1,500 values, 24 KB) is too large to carve from a chunk without
    // room for it, and in the first read, whose chunks are sized from the text, it is given a
    // block of its own.
    let text = json_array(1500, |i| {
        format!("\"a string longer than fourteen bytes, {i}\"")
    });
    let mut r = Reader::new();
    drop(r.read(text.as_bytes()).unwrap());
    // That block counts as tree: the next document's chunk has room for it, and the third
    // read carves everything from the second's chunk. Before, the block was left out of the
    // count and every read gave it an allocation of its own (and the root went unsealed).
    drop(r.read(text.as_bytes()).unwrap());
    let (allocs, v) = allocations(|| r.read(text.as_bytes()).unwrap());
    assert_eq!(allocs, 0, "allocations in a warm read");
    let strings = strings_of(&v);
    assert_eq!(strings.len(), 1500);
    assert_eq!(strings[1499], "a string longer than fourteen bytes, 1499");
}

#[test]
#[cfg_attr(miri, ignore = "counts, not a memory-safety question; slow under Miri")]
fn from_slice_reads_with_the_threads_reader_and_keeps_little() {
    let text = records(500);
    let want = records_by_api(500);
    let (fresh, v) = allocations(|| Reader::new().read(text.as_bytes()).unwrap());
    assert_eq!(v, want);
    drop(v);
    drop(from_slice(text.as_bytes()).unwrap());
    // The thread's reader kept its stacks and the last tree's chunk.
    let (again, v) = allocations(|| from_slice(text.as_bytes()).unwrap());
    assert!(
        again < fresh,
        "{again} allocations against {fresh} with a fresh reader"
    );
    assert_eq!(v, want);
    drop(v);
    // A `Value` read inside a typed document goes through the same reader.
    let typed: Vec<Value> = structio_json::from_slice(text.as_bytes()).unwrap();
    assert_eq!(Value::from(Array::from(typed)), want);
    // After a document whose stacks or tree are large, the thread keeps neither: 300,000
    // numbers make 4.8 MB of stack (kept: 8 MiB of capacity); 40,000 records make a tree of
    // more than 4 MiB (kept: 19 MB of chunk).
    for big in [format!("[{}0]", "12345,".repeat(300_000)), records(40_000)] {
        let before = live_bytes();
        drop(from_slice(big.as_bytes()).unwrap());
        let kept = live_bytes() - before;
        // At most the stacks it may keep (2 MiB), no tree chunk.
        assert!(kept <= 2 << 20, "{kept} bytes kept after a large document");
    }
}

#[test]
fn values_read_as_fields_keep_only_about_their_own_trees() {
    // Each element is its own tree, read by the thread's reader from its span of the text:
    // an object of two members, a two-element array and a long string, about 250 bytes of
    // blocks. A chunk of 4 KiB each (the smallest chunk until this test) kept 4.1 MB for 1000.
    let n = size(1000);
    let text = json_array(n, |i| {
        format!(r#"{{"a":[{i},2],"name":"a string longer than fourteen bytes {i}"}}"#)
    });
    let before = live_bytes();
    let fields: Vec<Value> = structio_json::from_slice(text.as_bytes()).unwrap();
    let kept = live_bytes() - before;
    assert!(
        kept < (n * 512) as isize,
        "{kept} bytes kept by {n} small trees"
    );
    assert_eq!(fields.len(), n);
    assert_eq!(fields[n - 1]["a"][0], (n - 1) as u64);
}

#[test]
fn pieces_outlive_the_tree_they_were_read_in() {
    let n = size(500);
    let expected = records_by_api(n);
    for (name, read) in readers() {
        let mut v = read(&records(n));
        let mut kept = Vec::new();
        for i in (0..n).step_by(7) {
            kept.push((i, v[i]["text"].take(), v[i]["o"].take(), v[i]["xy"].take()));
        }
        drop(v);
        for (i, text, o, xy) in kept {
            assert_eq!(text, expected[i]["text"], "{name}");
            assert_eq!(o, expected[i]["o"], "{name}");
            assert_eq!(xy, expected[i]["xy"], "{name}");
        }
    }
}

#[test]
fn mutating_a_read_tree_moves_grown_blocks_out_and_keeps_the_rest() {
    let n = size(200);
    for (name, reader) in readers() {
        mutate_both(name, reader(&records(n)), n);
    }
}

/// Mutates `read` and the same tree built through the API alike, and compares them.
fn mutate_both(name: &str, mut read: Value, n: usize) {
    let mut built = records_by_api(n);
    for t in [&mut read, &mut built] {
        for i in 0..n {
            let r = &mut t[i];
            // Grow a carved array past its exact capacity, and a carved object's entries and keys.
            for j in 0..10u64 {
                r["xy"].as_array_mut().unwrap().push(j);
            }
            r.as_object_mut()
                .unwrap()
                .insert("added key, long enough to need room", i as u64);
            r["o"]["deep"][1].as_array_mut().unwrap().push("x");
            r["o"]["e"]
                .as_object_mut()
                .unwrap()
                .insert("k", "a new long string value here");
            // Replace a carved long string, remove a member, truncate an array.
            r["text"] = Value::from("another string longer than fourteen");
            r.as_object_mut().unwrap().remove("k");
            r["xy"].as_array_mut().unwrap().truncate(5);
        }
        t.as_array_mut().unwrap().truncate(n - 3);
    }
    assert_eq!(read, built, "{name}");
    let clone = read.clone();
    drop(read);
    assert_eq!(clone, built, "{name}");
}

#[test]
fn pieces_of_one_tree_drop_on_many_threads() {
    for (_, read) in readers() {
        drop_on_threads(read(&records(4 * size(100))), size(100));
    }
}

/// Takes four pieces of `v` (records of `per` each) and drops them on four threads.
fn drop_on_threads(mut v: Value, per: usize) {
    let pieces: Vec<Vec<Value>> = (0..4)
        .map(|t| (0..per).map(|i| v[t * per + i].take()).collect())
        .collect();
    let expected = records_by_api(4 * per);
    let handles: Vec<_> = pieces
        .into_iter()
        .enumerate()
        .map(|(t, piece)| {
            let expected: Vec<Value> = (0..per).map(|i| expected[t * per + i].clone()).collect();
            std::thread::spawn(move || {
                assert_eq!(piece, expected);
                drop(piece);
            })
        })
        .collect();
    drop(v);
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn a_failed_read_gives_back_what_it_carved() {
    // The error comes after thousands of carved blocks; the reader drops them, and its chunk is
    // freed (checked by Miri's leak check and by ASan in the fuzz targets).
    let mut text = records(size(1000));
    text.pop();
    text.push_str(",{\"bad\": tru}]");
    let mut r = structio_value::Reader::new();
    assert!(r.read(text.as_bytes()).is_err());
    assert_eq!(r.read(records(3).as_bytes()).unwrap(), records_by_api(3));
}

#[test]
fn keys_of_every_short_length_are_copied_whole() {
    // The reader copies keys of up to 16 bytes with overlapping word moves: every length from 0
    // to 40, ASCII and multi-byte, escaped and not, must come back byte for byte.
    let mut text = String::from("{");
    let mut built = Object::new();
    for len in 0..=40usize {
        for (i, unit) in ["k", "é", "\\u00e9"].into_iter().enumerate() {
            let key: String = (0..len).map(|j| (b'a' + (j % 26) as u8) as char).collect();
            let key = format!("{i}{}{key}", if len % 3 == 0 { unit } else { "" });
            let plain = key.replace("\\u00e9", "é");
            if text.len() > 1 {
                text.push(',');
            }
            text.push_str(&format!("\"{key}\":{len}"));
            built.insert(&plain, len as u64);
        }
    }
    text.push('}');
    let read = from_slice(text.as_bytes()).unwrap();
    assert_eq!(read, Value::from(built));
}

/// Every way of moving a value out of a read container or reaching it through `&mut`, each
/// applied to a fresh tree: the piece taken out must outlive its tree, and dropping both must
/// give every block back exactly once (Miri and ASan check the counting; the comparisons check
/// the bytes). A read tree's untouched subtrees are dropped with one count for all their blocks,
/// so each of these paths must end that.
#[test]
fn values_moved_out_of_read_containers_by_every_path_outlive_them() {
    let text = r#"{"a":[[1,"a string longer than fourteen bytes"],{"k":[2,3]},"another long string value"],"o":{"x":{"y":["long string number three here"]},"z":[4]}}"#;
    let expected = from_slice(text.as_bytes()).unwrap();
    type Take = fn(&mut Value) -> Value;
    let paths: [(&str, Take); 16] = [
        ("pop", |v| v["a"].as_array_mut().unwrap().pop().unwrap()),
        ("remove", |v| {
            v["a"].as_array_mut().unwrap().remove(0).unwrap()
        }),
        ("index take", |v| v["a"][1].take()),
        ("get_mut take", |v| {
            v.get_mut("o").unwrap().get_mut("x").unwrap().take()
        }),
        ("as_mut_slice swap", |v| {
            let mut out = Value::NULL;
            std::mem::swap(
                &mut v["a"].as_array_mut().unwrap().as_mut_slice()[0],
                &mut out,
            );
            out
        }),
        ("iter_mut take", |v| {
            v["a"]
                .as_array_mut()
                .unwrap()
                .iter_mut()
                .next()
                .unwrap()
                .take()
        }),
        ("into Vec", |v| {
            let a = std::mem::take(v["a"].as_array_mut().unwrap());
            Vec::from(a).swap_remove(0)
        }),
        ("into_iter", |v| {
            let a = std::mem::take(v["a"].as_array_mut().unwrap());
            a.into_iter().nth(2).unwrap()
        }),
        ("truncate keeps the head", |v| {
            let a = v["a"].as_array_mut().unwrap();
            let head = a[0].take();
            a.truncate(1);
            head
        }),
        ("object remove", |v| {
            v["o"].as_object_mut().unwrap().remove("x").unwrap()
        }),
        ("object remove_index", |v| {
            v["o"].as_object_mut().unwrap().remove_index(1).unwrap().1
        }),
        ("object insert replaces", |v| {
            v["o"].as_object_mut().unwrap().insert("x", 5u64).unwrap()
        }),
        ("object iter_mut take", |v| {
            v["o"]
                .as_object_mut()
                .unwrap()
                .iter_mut()
                .next()
                .unwrap()
                .1
                .take()
        }),
        ("object values_mut take", |v| {
            v.as_object_mut()
                .unwrap()
                .values_mut()
                .nth(1)
                .unwrap()
                .take()
        }),
        ("object clear after take", |v| {
            let o = v["o"].as_object_mut().unwrap();
            let x = o.get_mut("x").unwrap().take();
            o.clear();
            x
        }),
        ("whole subtree by mem::take", |v| {
            std::mem::take(&mut v["o"])
        }),
    ];
    for (reader, read) in readers() {
        for (name, take) in paths {
            let mut v = read(text);
            let mut piece = take(&mut v);
            let mut kept = v.clone();
            drop(v);
            // The piece is whole and equal to its copy from a second reading.
            let again = read(text);
            let copy = take(&mut again.clone());
            assert_eq!(piece, copy, "{reader}: {name}");
            // Both can still be changed and dropped.
            piece = Value::from(vec![piece, Value::NULL]);
            kept["added"] = Value::from("a string longer than fourteen bytes");
            drop((piece, kept, again));
        }
    }
    drop(expected);
}

#[test]
fn an_index_built_in_a_read_tree_is_freed_with_it() {
    // An object past `INDEX_MIN` members builds its lookup index on the first lookup, through
    // `&self`: the subtree around it is never sealed, so its drop walks to it and frees the index
    // (Miri's leak check fails otherwise).
    let n = structio_value::object::INDEX_MIN + 10;
    let members: Vec<String> = (0..n).map(|i| format!("\"key number {i}\":{i}")).collect();
    // The long string first, so that the chunk exists before the inner containers open (a
    // container that saw its chunk taken is never sealed).
    let text = format!(
        "[\"a string longer than fourteen bytes\",[{{\"inner\":{{{}}}}}],[1,2]]",
        members.join(",")
    );
    for (name, read) in readers() {
        let v = read(&text);
        assert_eq!(v[1][0]["inner"]["key number 7"], 7u64, "{name}");
        assert_eq!(v[1][0]["inner"]["key number 70"], 70u64, "{name}");
        drop(v);
    }
}

#[test]
fn strings_of_every_length_are_copied_whole() {
    // Short strings are copied as a fixed block from the input when it has the room, long ones
    // into blocks carved from chunks: every length around the inline limit and the word sizes,
    // in the middle of the text, at its very end, and many in a row (chunk ends).
    let text_of = |len: usize, seed: usize| -> String {
        (0..len)
            .map(|i| char::from(b'a' + ((i * 7 + seed) % 26) as u8))
            .collect()
    };
    for len in 0..=size(100) {
        let s = text_of(len, len);
        let doc = format!(r#"[{s:?},{{"k":{s:?}}},{s:?}]"#);
        let v = from_slice(doc.as_bytes()).unwrap();
        assert_eq!(v, value!([(s.as_str()), {"k": (s.as_str())}, (s.as_str())]));
        let at_end = format!("{s:?}");
        assert_eq!(from_slice(at_end.as_bytes()).unwrap(), s.as_str());
    }
    // A 4 KiB chunk (16 bytes of head) holds exactly 85 blocks of a 33-byte string (48 bytes
    // each): the 85th ends at the chunk's end.
    let row = vec![text_of(33, 1); 100];
    let v = from_slice(format!("{row:?}").as_bytes()).unwrap();
    assert!(v.as_array().unwrap().iter().all(|s| *s == row[0].as_str()));
    let many: Vec<String> = (0..size(3000)).map(|i| text_of(15 + i % 70, i)).collect();
    let doc = format!("{many:?}");
    let v = from_slice(doc.as_bytes()).unwrap();
    let got = strings_of(&v);
    assert_eq!(got, many);
}

#[test]
fn escaped_strings_are_decoded_whole_into_the_chunk_or_past_its_end() {
    // A string value with escapes is decoded straight into the chunk's free room; when the room
    // fills first it is decoded again into scratch and copied to a block elsewhere. A reader
    // whose last document made little tree from much text (whitespace) takes a small first
    // chunk for the next one, so the strings below meet the end of one chunk after another,
    // every length around the inline limit and the block sizes in turn.
    let text_of = |len: usize, seed: usize| -> String {
        (0..len)
            .map(|i| match (i * 7 + seed) % 29 {
                0 => '\n',
                1 => '"',
                2 => '\\',
                3 => 'é',
                4 => '😀',
                k => char::from(b'a' + k as u8 - 5),
            })
            .collect()
    };
    let many: Vec<String> = (0..size(1500)).map(|i| text_of(i % 90, i)).collect();
    // `{:?}` escapes the quote, the backslash and the newline as JSON does, and keeps the rest.
    let doc = format!("{many:?}");
    assert!(doc.contains("\\n") && doc.contains("\\\""));
    let want = Value::from(
        many.iter()
            .map(|s| Value::from(s.as_str()))
            .collect::<Array>(),
    );
    let mut reader = Reader::new();
    // (The rate counts the text from the first block on, so the block comes first.)
    let sparse = format!("[{:?}{}]", text_of(40, 0), " ".repeat(size(20_000)));
    drop(reader.read(sparse.as_bytes()).unwrap());
    for _ in 0..2 {
        let v = reader.read(doc.as_bytes()).unwrap();
        assert_eq!(v, want);
        assert_eq!(strings_of(&v), many);
        drop(v);
        drop(reader.read(sparse.as_bytes()).unwrap());
    }
    assert_eq!(from_slice(doc.as_bytes()).unwrap(), want);
    // The first string (read before there is a chunk, so through the scratch copy) takes the
    // small first chunk and sets where its free room starts; the second ends before, at or
    // past the room's end.
    let step = if cfg!(miri) { 17 } else { 1 };
    for first in (15..60).step_by(step) {
        for second in (120..320).step_by(step * 3) {
            let (p, e) = (text_of(first, first), text_of(second, second));
            let doc = format!("[{p:?},{e:?}]");
            drop(reader.read(sparse.as_bytes()).unwrap());
            let v = reader.read(doc.as_bytes()).unwrap();
            assert_eq!(v, value!([(p.as_str()), (e.as_str())]), "{first} {second}");
        }
    }
    // One long string at the end of a small chunk: decoded past the room, then copied.
    let long = text_of(size(40_000), 3);
    let doc = format!("[{:?}, {long:?}]", text_of(20, 1));
    let v = reader.read(doc.as_bytes()).unwrap();
    assert_eq!(v[1], long.as_str());
}

#[test]
fn beve_subtrees_holding_blocks_from_elsewhere_are_not_sealed() {
    // The BEVE reader seals a container only if every block below it was carved from one chunk.
    // Here each of the first three elements holds, one level down, a block that was not: an
    // object whose keys outgrew the room guessed for them (it moves to an allocation of its
    // own), a boolean array (collected into one), an object past `INDEX_MIN` members (whose
    // lookup builds an index). Sealing any of the three would free a block twice or never
    // (Miri and ASan check); the fourth is an ordinary subtree, moved out whole.
    let long_keys = value!({
        "a key much longer than the sixteen bytes guessed": [1, "a string longer than fourteen bytes"],
        "another key much longer than sixteen bytes": {"k": "a second string longer than fourteen"}
    });
    // Numbers only, so that the whole document fits one 4 KiB chunk.
    let mut big = Object::new();
    for i in 0..structio_value::object::INDEX_MIN + 5 {
        big.insert(&format!("k{i}"), i as u64);
    }
    let big = Value::from(big);
    let plain = value!(["a string longer than fourteen bytes", [2, 3]]);
    // BEVE's generic array header and count, then the elements' own bytes.
    let array = |elements: &[Vec<u8>]| {
        let mut out = vec![0x05, (elements.len() << 2) as u8];
        for e in elements {
            out.extend(e);
        }
        out
    };
    let beve = |v: &Value| to_beve(v).unwrap();
    let bools = structio_beve::to_vec(&vec![true, false, true]).unwrap();
    let bytes = array(&[
        array(&[
            beve(&value!("a string longer than fourteen bytes")),
            beve(&long_keys),
        ]),
        array(&[
            beve(&value!(["one more string longer than fourteen"])),
            bools,
        ]),
        array(&[beve(&value!({"inner": (big.clone())}))]),
        beve(&plain),
    ]);
    let expected = value!([
        ["a string longer than fourteen bytes", (long_keys.clone())],
        [["one more string longer than fourteen"], [true, false, true]],
        [{"inner": (big.clone())}],
        (plain.clone())
    ]);
    let mut v = from_beve(&bytes).unwrap();
    assert_eq!(v, expected);
    // Through `&self`: builds the big object's lookup index.
    let read: &Value = &v;
    assert_eq!(read[2][0]["inner"]["k7"], 7u64);
    let piece = v[3].take();
    drop(v);
    assert_eq!(piece, plain);
}

/// A document read into one chunk (the thread's reader sizes its chunk from the last
/// document's) is sealed whole, its root array included: its drop gives every block back with
/// one count. Every way of touching the elements ends that seal first; each is used here, then
/// the tree and its pieces dropped, and the bytes still allocated checked against those before
/// (Miri checks the same for leaks and double frees).
#[test]
fn a_tree_sealed_whole_is_given_back_by_every_path() {
    let n = size(1100);
    let text = json_array(n, |i| {
        format!(r#"{{"s":"a string longer than fourteen, {i}","a":[{i}]}}"#)
    });
    let expected = |i: usize| value!({"s": (format!("a string longer than fourteen, {i}").as_str()), "a": [(i as u64)]});
    type Touch = fn(&mut Value) -> Option<Value>;
    let touches: [(&str, Touch); 7] = [
        ("drop as read", |_| None),
        ("take one element", |v| Some(v[7].take())),
        ("push past capacity", |v| {
            v.as_array_mut()
                .unwrap()
                .push("one more string longer than fourteen");
            None
        }),
        ("as_mut_slice", |v| {
            v.as_array_mut().unwrap().as_mut_slice().swap(0, 1);
            None
        }),
        ("into a Vec", |v| {
            let a = std::mem::take(v.as_array_mut().unwrap());
            Some(Value::from(Array::from(Vec::from(a))))
        }),
        ("into_iter", |v| {
            let a = std::mem::take(v.as_array_mut().unwrap());
            Some(a.into_iter().nth(9).unwrap())
        }),
        ("clone", |v| Some(v.clone())),
    ];
    for (name, touch) in touches {
        // Reads first: the thread's reader takes its stacks and sizes its spare chunk to the
        // document (the second read's chunk is sized from the first's rate).
        for _ in 0..2 {
            drop(from_slice(text.as_bytes()).unwrap());
        }
        let before = live_bytes();
        let mut v = from_slice(text.as_bytes()).unwrap();
        let piece = touch(&mut v);
        if let Some(a) = v.as_array() {
            for (i, e) in a.iter().enumerate().step_by(97) {
                if name != "as_mut_slice" && !(name == "take one element" && i == 7) {
                    assert_eq!(*e, expected(i), "{name}");
                }
            }
        }
        drop(v);
        match (name, piece) {
            ("take one element", Some(p)) => assert_eq!(p, expected(7), "{name}"),
            ("into_iter", Some(p)) => assert_eq!(p, expected(9), "{name}"),
            (_, Some(p)) => {
                let a = p.as_array().unwrap();
                assert_eq!(a.len(), n, "{name}");
                assert_eq!(a[n - 1], expected(n - 1), "{name}");
            }
            (_, None) => {}
        }
        // Every block given back: the reader's spare chunk is the one it had before.
        assert_eq!(live_bytes(), before, "{name}");
    }
}

/// String values of up to 64 bytes are pushed without a branch on their length: all 64 bytes
/// after the quote are copied into the chunk's free room, and the node is chosen short or long
/// after. Every length from 0 to 70 (past the limit), ASCII and two-byte UTF-8, followed by
/// every amount of input from none to past the 66 bytes the copy reads (where the reader falls
/// back to the length-sized copy), in documents whose strings fill chunks to their ends.
#[test]
fn strings_near_the_end_of_the_input_and_of_a_chunk_are_copied_whole() {
    let text_of = |len: usize, seed: usize| -> String {
        (0..len)
            .map(|i| match (i + seed) % 9 {
                0 if i + 1 < len => 'é',
                _ => char::from(b'a' + ((i * 7 + seed) % 26) as u8),
            })
            .take_while({
                let mut bytes = 0;
                move |c| {
                    bytes += c.len_utf8();
                    bytes <= len
                }
            })
            .collect()
    };
    let tails: &[usize] = if cfg!(miri) {
        &[0, 1, 63, 64, 65, 66, 70]
    } else {
        &[0, 1, 2, 3, 10, 30, 61, 62, 63, 64, 65, 66, 67, 70, 100]
    };
    // Under Miri, the lengths either side of the 16-, 32- and 64-byte copies.
    let lens: Vec<usize> = if cfg!(miri) {
        (0..=18).chain(30..=34).chain(62..=70).collect()
    } else {
        (0..=70).collect()
    };
    for len in lens {
        let s = text_of(len, len);
        for &tail in tails {
            // The string, then `tail` bytes of other members before the input ends.
            let mut doc = format!("[{s:?}");
            let mut rest = String::new();
            while rest.len() + 2 < tail {
                rest.push_str(",0");
            }
            doc.push_str(&rest);
            doc.push(']');
            let v = from_slice(doc.as_bytes()).unwrap();
            assert_eq!(v[0], s.as_str(), "len {len} tail {tail}");
            assert_eq!(v.as_array().unwrap().len(), 1 + rest.len() / 2);
        }
    }
    // Strings of every length in a row, repeated, so that each length meets the end of a chunk
    // (where the room for the wide copy runs out and the reader falls back).
    let row: Vec<String> = (0..size(2000)).map(|i| text_of(i % 71, i)).collect();
    let v = from_slice(format!("{row:?}").as_bytes()).unwrap();
    let got = strings_of(&v);
    assert_eq!(got, row);
    drop(v);
    // Read again by a reader whose chunk was sized by the first read.
    let mut reader = Reader::new();
    for _ in 0..3 {
        let v = reader.read(format!("{row:?}").as_bytes()).unwrap();
        assert_eq!(v.as_array().unwrap().len(), row.len());
        assert!(v
            .as_array()
            .unwrap()
            .iter()
            .zip(&row)
            .all(|(a, b)| *a == b.as_str()));
    }
}
