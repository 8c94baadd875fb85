//! Compile errors: each mistake in tests/ui points at the attribute or field at fault, with
//! the message committed beside it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
