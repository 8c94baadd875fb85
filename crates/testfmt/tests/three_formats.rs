//! One `#[derive(Structio)]` for three format crates at once: structio's two and one the
//! derive does not know.

use structio_derive::Structio;

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_testfmt"
)]
#[structio(tag = "kind")]
enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64 },
}

#[test]
fn one_type_three_formats() {
    let s = Shape::Rect { w: 2.0, h: 0.5 };
    let json = structio_json::to_string(&s).unwrap();
    assert_eq!(json, r#"{"kind":"Rect","w":2,"h":0.5}"#);
    assert_eq!(structio_json::from_str::<Shape>(&json).unwrap(), s);
    let beve = structio_beve::to_vec(&s).unwrap();
    assert_eq!(structio_beve::from_slice::<Shape>(&beve).unwrap(), s);
    let dbg = structio_testfmt::to_vec(&s).unwrap();
    assert_eq!(dbg, b"{3:4:kinds4:Rect1:wd2.0;1:hd0.5;}");
    assert_eq!(structio_testfmt::from_slice::<Shape>(&dbg).unwrap(), s);
    let c = Shape::Circle { r: 1.0 };
    assert_eq!(
        structio_testfmt::from_slice::<Shape>(&structio_testfmt::to_vec(&c).unwrap()).unwrap(),
        c
    );
}
