//! Compile errors: each mistake in tests/ui points at the attribute or field at fault, with
//! the message committed beside it. tests/ui/pass holds programs that must build and run: the
//! derive inside `macro_rules!`, through a renamed crate, and the serde vocabulary.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
