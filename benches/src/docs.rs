//! The seven benchmark documents: their Rust types and their names.
//!
//! Field names are the JSON keys themselves (`testStrings`, not a snake_case name with a rename),
//! so that serde and structio's derive need no attribute vocabulary to agree on the keys, and the
//! C++ baseline can use Glaze's reflection on the same spelling.
#![allow(non_snake_case)]

use serde::{Deserialize, Serialize};

/// One element of `mixed`: the Glaze/JSONifier `test_struct`, fields in its declaration order.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
#[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
pub struct TestObject {
    /// Strings with escapes and some non-ASCII text.
    pub testStrings: Vec<String>,
    /// Unsigned integers of 1 to 7 digits.
    pub testUints: Vec<u64>,
    /// Arbitrary doubles.
    pub testDoubles: Vec<f64>,
    /// Signed integers of 1 to 7 digits.
    pub testInts: Vec<i64>,
    /// Random bools.
    pub testBools: Vec<bool>,
}

/// Defines an object with keys `a`..`z`, each an array of one element type.
macro_rules! doc26 {
    ($(#[$meta:meta])* $name:ident, $elem:ty) => {
        $(#[$meta])*
        #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
        #[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
        #[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
        #[allow(missing_docs)]
        pub struct $name {
            pub a: Vec<$elem>, pub b: Vec<$elem>, pub c: Vec<$elem>, pub d: Vec<$elem>,
            pub e: Vec<$elem>, pub f: Vec<$elem>, pub g: Vec<$elem>, pub h: Vec<$elem>,
            pub i: Vec<$elem>, pub j: Vec<$elem>, pub k: Vec<$elem>, pub l: Vec<$elem>,
            pub m: Vec<$elem>, pub n: Vec<$elem>, pub o: Vec<$elem>, pub p: Vec<$elem>,
            pub q: Vec<$elem>, pub r: Vec<$elem>, pub s: Vec<$elem>, pub t: Vec<$elem>,
            pub u: Vec<$elem>, pub v: Vec<$elem>, pub w: Vec<$elem>, pub x: Vec<$elem>,
            pub y: Vec<$elem>, pub z: Vec<$elem>,
        }

        impl $name {
            /// The 26 arrays in key order, for generation.
            pub fn fields_mut(&mut self) -> [&mut Vec<$elem>; 26] {
                [
                    &mut self.a, &mut self.b, &mut self.c, &mut self.d, &mut self.e, &mut self.f,
                    &mut self.g, &mut self.h, &mut self.i, &mut self.j, &mut self.k, &mut self.l,
                    &mut self.m, &mut self.n, &mut self.o, &mut self.p, &mut self.q, &mut self.r,
                    &mut self.s, &mut self.t, &mut self.u, &mut self.v, &mut self.w, &mut self.x,
                    &mut self.y, &mut self.z,
                ]
            }
        }
    };
}

doc26!(
    /// `mixed`: 26 arrays of [`TestObject`].
    Mixed,
    TestObject
);
doc26!(
    /// `strings`: 26 arrays of strings.
    Strings,
    String
);
doc26!(
    /// `uints`: 26 arrays of 1-7 digit unsigned integers.
    Uints,
    u64
);
doc26!(
    /// `ints`: 26 arrays of 1-7 digit integers of random sign.
    Ints,
    i64
);
doc26!(
    /// `doubles`: 26 arrays of arbitrary doubles (16-17 significant digits).
    Doubles,
    f64
);
doc26!(
    /// `exact_decimals`: 26 arrays of short decimals such as 1234.56.
    ExactDecimals,
    f64
);
doc26!(
    /// `bools`: 26 arrays of random bools.
    Bools,
    bool
);

/// Which of the seven documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DocKind {
    /// [`Mixed`].
    Mixed,
    /// [`Strings`].
    Strings,
    /// [`Uints`].
    Uints,
    /// [`Ints`].
    Ints,
    /// [`Doubles`].
    Doubles,
    /// [`ExactDecimals`].
    ExactDecimals,
    /// [`Bools`].
    Bools,
}

impl DocKind {
    /// All seven, in table order.
    pub const ALL: [DocKind; 7] = [
        DocKind::Mixed,
        DocKind::Strings,
        DocKind::Uints,
        DocKind::Ints,
        DocKind::Doubles,
        DocKind::ExactDecimals,
        DocKind::Bools,
    ];

    /// The file stem and table label (`exact_decimals`).
    pub fn name(self) -> &'static str {
        match self {
            DocKind::Mixed => "mixed",
            DocKind::Strings => "strings",
            DocKind::Uints => "uints",
            DocKind::Ints => "ints",
            DocKind::Doubles => "doubles",
            DocKind::ExactDecimals => "exact_decimals",
            DocKind::Bools => "bools",
        }
    }

    /// The kind named `name`, if any.
    pub fn from_name(name: &str) -> Option<DocKind> {
        DocKind::ALL.into_iter().find(|k| k.name() == name)
    }
}
