//! Every parser on random bytes at every position, past the end included: a value or an error,
//! never a panic, and an end or error offset that makes sense.

mod common;
use common::Rng;
use structio_num::*;

/// Fewer cases in an unoptimised build of the `size` configuration, whose exact decimal
/// arithmetic is slow there; the speed configuration and optimised builds run them all.
const DIV: u64 = if cfg!(all(feature = "size", debug_assertions)) {
    20
} else {
    1
};

fn all_parsers(input: &[u8], pos: usize) {
    fn end_ok<T>(r: Result<(T, usize), NumError>, input: &[u8], pos: usize) {
        match r {
            Ok((_, end)) => assert!(end > pos && end <= input.len()),
            Err(e) => assert!(e.offset >= pos.min(input.len()) || e.offset == pos),
        }
    }
    end_ok(parse_int::<u8>(input, pos), input, pos);
    end_ok(parse_int::<u16>(input, pos), input, pos);
    end_ok(parse_int::<u32>(input, pos), input, pos);
    end_ok(parse_int::<u64>(input, pos), input, pos);
    end_ok(parse_int::<u128>(input, pos), input, pos);
    end_ok(parse_int::<usize>(input, pos), input, pos);
    end_ok(parse_int::<i8>(input, pos), input, pos);
    end_ok(parse_int::<i16>(input, pos), input, pos);
    end_ok(parse_int::<i32>(input, pos), input, pos);
    end_ok(parse_int::<i64>(input, pos), input, pos);
    end_ok(parse_int::<i128>(input, pos), input, pos);
    end_ok(parse_int::<isize>(input, pos), input, pos);
    end_ok(parse_f64(input, pos), input, pos);
    end_ok(parse_f32(input, pos), input, pos);
    end_ok(parse_f64_lenient(input, pos), input, pos);
    end_ok(parse_f32_lenient(input, pos), input, pos);
}

#[test]
fn random_bytes_never_panic() {
    let mut r = Rng(0x5eed);
    // Bytes drawn mostly from the number alphabet, so that the deep paths are reached too.
    const ALPHABET: &[u8] = b"0123456789012345678901234567890123456789-+.eE.-x ,]";
    let mut buf = Vec::new();
    for round in 0..200_000 / DIV {
        buf.clear();
        let len = r.below(48) as usize;
        for _ in 0..len {
            let b = if round % 4 == 0 {
                r.next() as u8
            } else {
                ALPHABET[r.below(ALPHABET.len() as u64) as usize]
            };
            buf.push(b);
        }
        let pos = r.below(len as u64 + 3) as usize;
        all_parsers(&buf, pos);
    }
}

#[test]
fn long_inputs_never_panic() {
    let mut r = Rng(0xfeed);
    for _ in 0..2_000 / DIV {
        let len = r.below(1500) as usize;
        let mut buf: Vec<u8> = (0..len).map(|_| b'0' + r.below(10) as u8).collect();
        if len > 2 {
            let i = r.below(len as u64) as usize;
            buf[i] = b".e-"[r.below(3) as usize];
        }
        all_parsers(&buf, 0);
        all_parsers(&buf, r.below(len as u64 + 1) as usize);
    }
}

#[test]
fn writers_hold_every_value() {
    let mut r = Rng(0xabcd);
    let mut out = [0u8; 32];
    let mut out40 = [0u8; 40];
    for _ in 0..200_000 / DIV {
        let bits = r.next();
        assert!(write_f64(f64::from_bits(bits), &mut out) <= 32);
        assert!(write_f32(f32::from_bits(bits as u32), &mut out) <= 32);
        assert!(write_int(bits as i64, &mut out40) <= 40);
    }
}
