//! The seven benchmark documents: their Rust types and their names.
//!
//! Field names are the JSON keys themselves (`testStrings`, not a snake_case name with a rename),
//! so that serde and structio's derive need no attribute vocabulary to agree on the keys, and the
//! C++ baseline can use Glaze's reflection on the same spelling.
#![allow(non_snake_case)]

use serde::{Deserialize, Serialize};

/// One element of `mixed`: the Glaze/JSONifier `test_struct`, fields in its declaration order.
#[derive(
    Serialize, Deserialize, Debug, Clone, PartialEq, Default, minicbor::Encode, minicbor::Decode,
)]
#[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
#[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
#[cfg_attr(
    any(feature = "sio-cbor", feature = "sio-bjdata"),
    derive(structio_derive::Structio)
)]
#[cfg_attr(feature = "sio-cbor", structio(format = "structio_cbor"))]
#[cfg_attr(feature = "sio-bjdata", structio(format = "structio_bjdata"))]
pub struct TestObject {
    /// Strings with escapes and some non-ASCII text.
    #[n(0)]
    pub testStrings: Vec<String>,
    /// Unsigned integers of 1 to 7 digits.
    #[n(1)]
    pub testUints: Vec<u64>,
    /// Arbitrary doubles.
    #[n(2)]
    pub testDoubles: Vec<f64>,
    /// Signed integers of 1 to 7 digits.
    #[n(3)]
    pub testInts: Vec<i64>,
    /// Random bools.
    #[n(4)]
    pub testBools: Vec<bool>,
}

/// Defines an object with keys `a`..`z`, each an array of one element type.
macro_rules! doc26 {
    ($(#[$meta:meta])* $name:ident, $elem:ty) => {
        $(#[$meta])*
        #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
        #[derive(minicbor::Encode, minicbor::Decode)]
        #[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
        #[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
        #[cfg_attr(
            any(feature = "sio-cbor", feature = "sio-bjdata"),
            derive(structio_derive::Structio)
        )]
        #[cfg_attr(feature = "sio-cbor", structio(format = "structio_cbor"))]
        #[cfg_attr(feature = "sio-bjdata", structio(format = "structio_bjdata"))]
        #[allow(missing_docs)]
        pub struct $name {
            #[n(0)] pub a: Vec<$elem>,
            #[n(1)] pub b: Vec<$elem>,
            #[n(2)] pub c: Vec<$elem>,
            #[n(3)] pub d: Vec<$elem>,
            #[n(4)] pub e: Vec<$elem>,
            #[n(5)] pub f: Vec<$elem>,
            #[n(6)] pub g: Vec<$elem>,
            #[n(7)] pub h: Vec<$elem>,
            #[n(8)] pub i: Vec<$elem>,
            #[n(9)] pub j: Vec<$elem>,
            #[n(10)] pub k: Vec<$elem>,
            #[n(11)] pub l: Vec<$elem>,
            #[n(12)] pub m: Vec<$elem>,
            #[n(13)] pub n: Vec<$elem>,
            #[n(14)] pub o: Vec<$elem>,
            #[n(15)] pub p: Vec<$elem>,
            #[n(16)] pub q: Vec<$elem>,
            #[n(17)] pub r: Vec<$elem>,
            #[n(18)] pub s: Vec<$elem>,
            #[n(19)] pub t: Vec<$elem>,
            #[n(20)] pub u: Vec<$elem>,
            #[n(21)] pub v: Vec<$elem>,
            #[n(22)] pub w: Vec<$elem>,
            #[n(23)] pub x: Vec<$elem>,
            #[n(24)] pub y: Vec<$elem>,
            #[n(25)] pub z: Vec<$elem>,
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

/// One record of the records benchmark: an integer, a string, two reals and a boolean.
#[derive(
    Serialize, Deserialize, Debug, Clone, PartialEq, Default, minicbor::Encode, minicbor::Decode,
)]
#[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
#[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
#[cfg_attr(
    any(feature = "sio-cbor", feature = "sio-bjdata"),
    derive(structio_derive::Structio)
)]
#[cfg_attr(feature = "sio-cbor", structio(format = "structio_cbor"))]
#[cfg_attr(feature = "sio-bjdata", structio(format = "structio_bjdata"))]
pub struct Record {
    /// A 1-7 digit integer of random sign.
    #[n(0)]
    pub id: i64,
    /// A string as in `strings` (escapes, some non-ASCII).
    #[n(1)]
    pub name: String,
    /// An arbitrary double (16-17 significant digits).
    #[n(2)]
    pub x: f64,
    /// A short decimal such as 1234.56.
    #[n(3)]
    pub y: f64,
    /// A random bool.
    #[n(4)]
    pub active: bool,
}

/// Defines a record of five members `a`..`e` of one type: the per-member rows.
macro_rules! rec5 {
    ($(#[$meta:meta])* $name:ident, $elem:ty) => {
        $(#[$meta])*
        #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
        #[derive(minicbor::Encode, minicbor::Decode)]
        #[cfg_attr(feature = "sio-json", derive(structio_derive::Json))]
        #[cfg_attr(feature = "sio-beve", derive(structio_derive::Beve))]
        #[cfg_attr(
            any(feature = "sio-cbor", feature = "sio-bjdata"),
            derive(structio_derive::Structio)
        )]
        #[cfg_attr(feature = "sio-cbor", structio(format = "structio_cbor"))]
        #[cfg_attr(feature = "sio-bjdata", structio(format = "structio_bjdata"))]
        #[allow(missing_docs)]
        pub struct $name {
            #[n(0)] pub a: $elem,
            #[n(1)] pub b: $elem,
            #[n(2)] pub c: $elem,
            #[n(3)] pub d: $elem,
            #[n(4)] pub e: $elem,
        }
    };
}

rec5!(
    /// A record of five strings.
    StringRecord,
    String
);
rec5!(
    /// A record of five booleans.
    BoolRecord,
    bool
);
rec5!(
    /// A record of five integers.
    IntRecord,
    i64
);
rec5!(
    /// A record of five reals.
    RealRecord,
    f64
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
    /// Ten thousand [`Record`]s, a JSON array of objects.
    Records,
    /// Ten thousand [`StringRecord`]s.
    RecStrings,
    /// Ten thousand [`BoolRecord`]s.
    RecBools,
    /// Ten thousand [`IntRecord`]s.
    RecInts,
    /// Ten thousand [`RealRecord`]s.
    RecReals,
    /// 100 arrays of 2000 doubles (`Vec<Vec<f64>>`).
    Bulk,
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

    /// The documents of the records benchmark: the records, then one kind of member at a time
    /// and numbers in bulk.
    pub const RECORDS: [DocKind; 6] = [
        DocKind::Records,
        DocKind::RecStrings,
        DocKind::RecBools,
        DocKind::RecInts,
        DocKind::RecReals,
        DocKind::Bulk,
    ];

    /// Whether this is a document of the records benchmark.
    pub fn is_record(self) -> bool {
        DocKind::RECORDS.contains(&self)
    }

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
            DocKind::Records => "records",
            DocKind::RecStrings => "strings-5",
            DocKind::RecBools => "booleans-5",
            DocKind::RecInts => "integers-5",
            DocKind::RecReals => "reals-5",
            DocKind::Bulk => "numbers-100x2000",
        }
    }

    /// The kind named `name`, if any.
    pub fn from_name(name: &str) -> Option<DocKind> {
        DocKind::ALL
            .into_iter()
            .chain(DocKind::RECORDS)
            .find(|k| k.name() == name)
    }
}
