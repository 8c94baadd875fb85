//! SIZE headers of every form (one, two, four and eight bytes), whole and cut short: read by
//! `Reader::read_size` against a decoder written from the format's description, and as the
//! element count of typed arrays.

use structio_beve::{ErrorKind, Reader};

/// The SIZE encoding of `n` in the form whose tag is `form` (0: one byte, 1: two, 2: four,
/// 3: eight).
fn encode(n: u64, form: u8) -> Vec<u8> {
    let tagged = n << 2 | u64::from(form);
    let width = 1usize << form;
    tagged.to_le_bytes()[..width].to_vec()
}

/// What a reader of the description gives for `bytes`: the count and the bytes it took, or
/// `UnexpectedEnd` at `at` when the form's bytes are not all there.
fn reference(bytes: &[u8], at: usize) -> Result<(usize, usize), (ErrorKind, usize)> {
    let first = *bytes.get(at).ok_or((ErrorKind::UnexpectedEnd, at))?;
    let width = 1usize << (first & 3);
    let word = bytes
        .get(at..at + width)
        .ok_or((ErrorKind::UnexpectedEnd, at))?;
    let mut le = [0u8; 8];
    le[..width].copy_from_slice(word);
    Ok(((u64::from_le_bytes(le) >> 2) as usize, at + width))
}

/// The forms wide enough for `n`: a form of `w` bytes holds `8 * w - 2` bits of count.
fn forms(n: u64) -> impl Iterator<Item = u8> {
    (0..4u8).filter(move |&form| n < 1u64 << (8 * (1 << form) - 2))
}

/// `Reader::read_size` at `at` (the bytes before it taken as headers): the count and the
/// offset after it, or the error's kind and offset.
fn read(bytes: &[u8], at: usize) -> Result<(usize, usize), (ErrorKind, usize)> {
    let mut r = Reader::new(bytes);
    for _ in 0..at {
        r.read_header().map_err(|e| (e.kind(), e.offset()))?;
    }
    match r.read_size() {
        Ok(n) => Ok((n, r.offset())),
        Err(e) => Err((e.kind(), e.offset())),
    }
}

/// Counts around every form's limits, in every form wide enough for them, after zero to
/// three bytes of something else; each one whole, with a byte after it, and cut at every
/// length short of whole.
#[test]
fn every_form_whole_and_cut_short() {
    let mut counts: Vec<u64> = (0..300).collect();
    for limit in [1u64 << 6, 1 << 14, 1 << 30] {
        counts.extend(limit - 3..limit + 3);
    }
    counts.extend([16_000, 65_535]);
    if usize::BITS == 64 {
        counts.extend([1 << 40, (1 << 62) - 1]);
    }
    let mut checked = 0;
    for &n in &counts {
        for form in forms(n) {
            let size = encode(n, form);
            for lead in 0..4usize {
                let mut whole = vec![0x55; lead];
                whole.extend_from_slice(&size);
                let mut after = whole.clone();
                after.push(0xaa);
                for doc in [&whole, &after] {
                    assert_eq!(read(doc, lead), reference(doc, lead), "{n} in form {form}");
                    assert_eq!(read(doc, lead), Ok((n as usize, lead + size.len())));
                }
                for cut in lead..whole.len() {
                    let doc = &whole[..cut];
                    assert_eq!(
                        read(doc, lead),
                        reference(doc, lead),
                        "{n} form {form} {cut}"
                    );
                    assert_eq!(read(doc, lead), Err((ErrorKind::UnexpectedEnd, lead)));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// Typed `u64` arrays whose count is written in every form wide enough for it: read whole into
/// a new and a refilled `Vec<u64>`, cut inside the SIZE (`UnexpectedEnd` at the SIZE) and cut
/// inside the payload (`LengthExceedsInput` at the SIZE).
#[test]
fn typed_array_counts_in_every_form() {
    let counts = [0u64, 1, 2, 63, 64, 65, 237, 2000, 16_383, 16_384, 16_385];
    let mut checked = 0;
    for n in counts {
        for form in forms(n) {
            let size = encode(n, form);
            let want: Vec<u64> = (0..n)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .collect();
            let mut doc = vec![0x74];
            doc.extend_from_slice(&size);
            for v in &want {
                doc.extend_from_slice(&v.to_le_bytes());
            }
            let got: Vec<u64> = structio_beve::from_slice(&doc).unwrap();
            assert_eq!(got, want, "{n} in form {form}");
            let mut refilled = vec![7u64; 3];
            structio_beve::read_into(&mut refilled, &doc).unwrap();
            assert_eq!(refilled, want, "{n} in form {form}, refilled");
            for cut in 1..1 + size.len() {
                let e = structio_beve::from_slice::<Vec<u64>>(&doc[..cut]).unwrap_err();
                assert_eq!(
                    (e.kind(), e.offset()),
                    (ErrorKind::UnexpectedEnd, 1),
                    "{n} {cut}"
                );
            }
            if n > 0 {
                for cut in [1 + size.len(), doc.len() - 8, doc.len() - 1] {
                    let e = structio_beve::from_slice::<Vec<u64>>(&doc[..cut]).unwrap_err();
                    let got = (e.kind(), e.offset());
                    assert_eq!(
                        got,
                        (ErrorKind::LengthExceedsInput, 1),
                        "{n} form {form} {cut}"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 35);
}
