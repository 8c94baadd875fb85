//! `#[structio(serde)]` fields: a field of any serde type inside a derived struct, read and
//! written by [`crate::serde`]'s deserializer and serializer over the derived code's own
//! reader and writer (no second scan of the input, no buffer between them). Without the
//! `serde` feature these names still exist, so that using the attribute fails with a message
//! that names the feature.

structio_core::__serde_field_impls!(structio_json, as_json_error);

/// Implemented by nothing: what a `#[structio(serde)]` field asks of its type when
/// structio-json's `serde` feature is off, so that the compiler names the feature.
#[cfg(not(feature = "serde"))]
#[diagnostic::on_unimplemented(
    message = "`#[structio(serde)]` needs the `serde` feature of structio-json",
    label = "this field is read and written through serde",
    note = "turn it on in Cargo.toml: structio-json = {{ version = \"...\", features = [\"serde\"] }}"
)]
pub trait SerdeFeatureOff: Sized {
    /// Never called.
    fn never(r: &mut crate::Reader<'_>) -> crate::Result<Self>;
}
