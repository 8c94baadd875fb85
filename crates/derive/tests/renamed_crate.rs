//! `#[structio(crate = "...")]` when the runtime crate is not where the derive looks for it: a
//! dependency renamed in Cargo.toml (the facade as `sio`), an `extern crate ... as` alias and a
//! `use` alias.

extern crate structio_json as sj;

#[derive(structio_derive::Json, Debug, PartialEq)]
#[structio(crate = "sio::json")]
struct ThroughRenamedFacade {
    a: u8,
}

// `crate` names one format; the `Beve` derive beside it needs its own block.
#[derive(structio_derive::Beve, Debug, PartialEq)]
#[structio(crate = "sio::beve")]
struct BeveThroughRenamedFacade {
    a: u8,
    b: Vec<u16>,
}

#[derive(structio_derive::Json, Debug, PartialEq)]
#[structio(crate = "::sj")]
struct ThroughExternCrateAlias {
    b: bool,
}

mod nested {
    use structio_json as rt;

    #[derive(structio_derive::Json, Debug, PartialEq)]
    #[structio(crate = "rt")]
    pub struct ThroughUseAlias {
        pub c: Option<u32>,
    }

    #[derive(structio_derive::Structio, Debug, PartialEq)]
    #[structio(format = "rt", format = "sio::beve")]
    pub enum Both {
        One,
        Two(u8),
    }
}

#[test]
fn renamed_facade() {
    let v: ThroughRenamedFacade = sio::json::from_str(r#"{"a":4}"#).unwrap();
    assert_eq!(v, ThroughRenamedFacade { a: 4 });
    let b = BeveThroughRenamedFacade {
        a: 1,
        b: vec![2, 3],
    };
    let bytes = sio::beve::to_vec(&b).unwrap();
    assert_eq!(
        sio::beve::from_slice::<BeveThroughRenamedFacade>(&bytes).unwrap(),
        b
    );
}

#[test]
fn extern_crate_and_use_aliases() {
    let v: ThroughExternCrateAlias = sj::from_str(r#"{"b":true}"#).unwrap();
    assert_eq!(v, ThroughExternCrateAlias { b: true });
    let v: nested::ThroughUseAlias = sj::from_str(r#"{"c":9}"#).unwrap();
    assert_eq!(v.c, Some(9));
    let e = nested::Both::Two(5);
    assert_eq!(sj::to_string(&e).unwrap(), r#"{"Two":5}"#);
    let bytes = sio::beve::to_vec(&e).unwrap();
    assert_eq!(sio::beve::from_slice::<nested::Both>(&bytes).unwrap(), e);
}
