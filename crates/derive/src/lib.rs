//! structio-derive: `#[derive(Json)]`, `#[derive(Beve)]`, `#[derive(Cbor)]` and
//! `#[derive(Structio)]`, with object keys found by a perfect hash chosen at compile time.
//!
//! The macro knows no wire format: its code calls one protocol, which each format crate
//! implements in a hidden `__derive` module (`docs/derive-contract.md`). `Json` and `Beve` name
//! structio's two formats; `#[derive(Structio)]` with `#[structio(format = "path")]`
//! (repeatable) derives for any crate that implements the protocol, a third party's included.
//!
//! Use it through the `structio` facade (`structio::Json`) or beside `structio-json` /
//! `structio-beve`; the generated code finds the runtime crate either way by reading your
//! `Cargo.toml` (under a renamed key too: `sio = { package = "structio" }`), and
//! `#[structio(crate = "path")]` names it when that guess is wrong (a `use` alias, a
//! re-export).
//!
//! Attributes follow serde's names and meanings:
//!
//! | on | attribute |
//! |---|---|
//! | container | `rename_all = "..."` (all serde case styles), `rename_all_fields = "..."`, `deny_unknown_fields`, `default`, `default = "path"`, `tag = "..."`, `tag` + `content`, `untagged`, `transparent`, `from = "T"`, `try_from = "T"`, `into = "T"`, `bound = "..."` / `bound(read = "...", write = "...")`, `crate = "..."` (`Json`, `Beve`, `Cbor`), `format = "..."` (`Structio`, repeatable) |
//! | field | `rename`, `alias`, `skip`, `skip_serializing`, `skip_deserializing`, `skip_serializing_if = "path"`, `default`, `default = "path"`, `flatten`, `with = "module"`, `deserialize_with = "path"`, `serialize_with = "path"`, `serde` (below) |
//! | variant | `rename`, `alias`, `skip`, `skip_serializing`, `skip_deserializing`, `rename_all` (of its fields), `other`, `untagged` |
//!
//! `docs/derive-contract.md` goes through serde's attribute list one by one. `with` functions
//! convert rather than drive a serializer, so one pair serves every format:
//!
//! ```
//! use structio_derive::Structio;
//!
//! mod millis {
//!     pub fn read(ms: u64) -> Result<core::time::Duration, &'static str> {
//!         Ok(core::time::Duration::from_millis(ms))
//!     }
//!     pub fn write(d: &core::time::Duration) -> u64 {
//!         d.as_millis() as u64
//!     }
//! }
//!
//! #[derive(Structio, Debug, PartialEq)]
//! #[structio(format = "structio_json", format = "structio_beve")]
//! struct Timer {
//!     #[structio(with = "millis")]
//!     period: core::time::Duration,
//! }
//!
//! let t = Timer { period: core::time::Duration::from_millis(250) };
//! assert_eq!(structio_json::to_string(&t).unwrap(), r#"{"period":250}"#);
//! let bytes = structio_beve::to_vec(&t).unwrap();
//! assert_eq!(structio_beve::from_slice::<Timer>(&bytes).unwrap(), t);
//! ```
//!
//! Reading a struct: a missing required field is `MissingField(name)`, an `Option` field
//! missing is `None`, a repeated key's last value wins, and an unknown key goes to the reader's
//! policy unless `deny_unknown_fields` (then `UnknownField` at the key). A struct whose keys
//! arrive in declaration order (as the writer emits them) checks the expected key first and
//! never hashes; otherwise the key's slot in a perfect hash table, chosen at compile time, is
//! confirmed with one compare of the whole key. Both formats use the same table.
//!
//! Borrowing: a type with one lifetime `'a` implements `JsonRead<'a>` / `BeveRead<'a>`, so
//! `&'a str`, `Cow<'a, str>` and (BEVE) `Cow<'a, [f64]>` fields point into the input. Types with
//! two or more lifetimes get `'de: 'a + 'b` bounds; the runtime crates' borrowing impls hold for
//! any `'a` that `'de` outlives (tested in `crates/json/tests/lifetimes.rs` and
//! `crates/beve/tests/lifetimes.rs`).
//!
//! `#[structio(serde)]` on a named field reads and writes it through the format's serde data
//! format (its `serde` feature must be on): any `serde::Serialize + serde::Deserialize` type,
//! such as chrono's `DateTime<Utc>` or `uuid::Uuid`, can be one field of a derived struct, read
//! from the same reader with no second scan and written as the format's serde path writes it.
//! A missing `Option` field is `None`, as serde's derive has it.
//!
//! Enums are externally tagged by default (a unit variant is a string); internally tagged,
//! adjacently tagged and untagged enums are read without allocating, by scanning ahead from a
//! checkpoint.
//!
//! ```
//! use structio_derive::Json;
//!
//! #[derive(Json)]
//! #[structio(crate = "structio_json", rename_all = "camelCase")]
//! struct Reading<'a> {
//!     sensor_id: &'a str,
//!     #[structio(default)]
//!     value: f64,
//! }
//!
//! let r: Reading = structio_json::from_str(r#"{"sensorId":"t1"}"#).unwrap();
//! assert_eq!((r.sensor_id, r.value), ("t1", 0.0));
//! ```

mod attr;
mod case;
mod codegen;
mod convert;
mod enum_read;
mod krate;
mod phf;
mod read;
mod write;

use krate::Format;
use proc_macro::TokenStream;
use quote::quote;

/// Derives `JsonRead<'de>` and `JsonWrite` (from `structio-json`).
///
/// ```
/// use structio_derive::Json;
///
/// #[derive(Json, Debug, PartialEq)]
/// #[structio(crate = "structio_json")]
/// enum Mode { Off, On { level: u8 } }
///
/// let text = structio_json::to_string(&Mode::On { level: 3 }).unwrap();
/// assert_eq!(text, r#"{"On":{"level":3}}"#);
/// assert_eq!(structio_json::from_str::<Mode>(&text).unwrap(), Mode::On { level: 3 });
/// ```
#[proc_macro_derive(Json, attributes(structio))]
pub fn derive_json(input: TokenStream) -> TokenStream {
    derive(input, Some(Format::Json))
}

/// Derives `BeveRead<'de>` and `BeveWrite` (from `structio-beve`).
///
/// ```
/// use structio_derive::Beve;
///
/// #[derive(Beve, Debug, PartialEq)]
/// #[structio(crate = "structio_beve")]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = structio_beve::to_vec(&Point { x: 1, y: 2 }).unwrap();
/// assert_eq!(structio_beve::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: 2 });
/// ```
#[proc_macro_derive(Beve, attributes(structio))]
pub fn derive_beve(input: TokenStream) -> TokenStream {
    derive(input, Some(Format::Beve))
}

/// Derives `CborRead<'de>` and `CborWrite` (from `structio-cbor`): structs as maps with text
/// keys, tuples as arrays, enums externally tagged as in JSON.
///
/// ```
/// use structio_derive::Cbor;
///
/// #[derive(Cbor, Debug, PartialEq)]
/// #[structio(crate = "structio_cbor")]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = structio_cbor::to_vec(&Point { x: 1, y: -2 }).unwrap();
/// assert_eq!(bytes, [0xa2, 0x61, b'x', 0x01, 0x61, b'y', 0x21]);
/// assert_eq!(structio_cbor::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: -2 });
/// ```
#[proc_macro_derive(Cbor, attributes(structio))]
pub fn derive_cbor(input: TokenStream) -> TokenStream {
    derive(input, Some(Format::Cbor))
}

/// Derives the read and write traits of every format crate named by a
/// `#[structio(format = "path")]` (repeatable): any crate that implements the derive protocol
/// (`docs/derive-contract.md`), structio's own or a third party's, with no change to this
/// macro.
///
/// ```
/// use structio_derive::Structio;
///
/// #[derive(Structio, Debug, PartialEq)]
/// #[structio(format = "structio_json", format = "structio_beve")]
/// struct Point { x: i32, y: i32 }
///
/// let p = Point { x: 1, y: 2 };
/// assert_eq!(structio_json::to_string(&p).unwrap(), r#"{"x":1,"y":2}"#);
/// let bytes = structio_beve::to_vec(&p).unwrap();
/// assert_eq!(structio_beve::from_slice::<Point>(&bytes).unwrap(), p);
/// ```
#[proc_macro_derive(Structio, attributes(structio))]
pub fn derive_structio(input: TokenStream) -> TokenStream {
    derive(input, None)
}

/// `format`: the structio format of `#[derive(Json)]` / `#[derive(Beve)]`, or `None` for the
/// formats the type's `format` attributes name.
fn derive(input: TokenStream, format: Option<Format>) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let c = match attr::parse(&input) {
        Ok(c) => c,
        Err(e) => return e.to_compile_error().into(),
    };
    let paths: Vec<proc_macro2::TokenStream> = match format {
        Some(f) => vec![match &c.krate {
            Some(p) => quote!(#p),
            None => krate::runtime_path(f),
        }],
        None => c.formats.iter().map(|p| quote!(#p)).collect(),
    };
    if paths.is_empty() {
        return syn::Error::new(
            c.ident.span(),
            "`#[derive(Structio)]` needs at least one `#[structio(format = \"path\")]` naming a format crate",
        )
        .to_compile_error()
        .into();
    }
    paths
        .into_iter()
        .map(|p| one_format(&c, p))
        .collect::<proc_macro2::TokenStream>()
        .into()
}

/// The impls of one format crate, in a block of their own.
fn one_format(c: &attr::Container, rt_path: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let cx = codegen::Ctx::new(c, rt_path);
    let read = if c.from.is_some() || c.try_from.is_some() {
        convert::from_read(&cx)
    } else if c.transparent {
        convert::transparent_read(&cx)
    } else {
        match &c.body {
            attr::Body::Struct(style, fields) => read::struct_impls(&cx, *style, fields),
            attr::Body::Enum(variants) => enum_read::enum_impls(&cx, variants),
        }
    };
    let write = if c.into.is_some() {
        convert::into_write(&cx)
    } else if c.transparent {
        convert::transparent_write(&cx)
    } else {
        match &c.body {
            attr::Body::Struct(style, fields) => write::struct_impls(&cx, *style, fields),
            attr::Body::Enum(variants) => write::enum_impls(&cx, variants),
        }
    };
    let keys = match &c.body {
        attr::Body::Enum(variants) => enum_read::key_impls(&cx, variants),
        attr::Body::Struct(..) => None,
    };
    let rt_path = &cx.rt_path;
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            non_snake_case,
            unused,
            unreachable_code,
            unused_assignments,
            unused_mut,
            unused_qualifications,
            unused_results,
            single_use_lifetimes,
            elided_lifetimes_in_paths,
            trivial_casts,
            trivial_numeric_casts,
            clippy::all,
            clippy::pedantic,
            clippy::nursery
        )]
        const _: () = {
            use #rt_path::__derive as __p;
            use ::core::option::Option as __O;
            use ::core::result::Result as __R;
            #read
            #write
            #keys
        };
    }
}
