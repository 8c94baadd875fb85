//! Reading enums: externally tagged (a string, or an object of one member), internally and
//! adjacently tagged (scan ahead for the tag from a checkpoint, then go back and read), and
//! untagged (try each variant from a checkpoint). No allocation in any of them.

use crate::attr::{Style, Tagging, Variant};
use crate::codegen::{names_lit, Ctx, Keys};
use crate::read::{named, named_object, read_field, tuple};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::LitByteStr;

/// The variants that are read by name, with their position in the variant key table.
fn live(variants: &[Variant]) -> Vec<&Variant> {
    variants
        .iter()
        .filter(|v| !v.skip_de && !v.untagged)
        .collect()
}

/// The key table of variant names.
fn variant_keys(vs: &[&Variant]) -> Keys {
    let mut keys: Vec<(String, usize)> = vs
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.clone(), i))
        .collect();
    for (i, v) in vs.iter().enumerate() {
        keys.extend(v.aliases.iter().map(|a| (a.clone(), i)));
    }
    Keys {
        keys,
        members: vs.len(),
    }
}

/// Reads the payload of `v` at the reader (its value), evaluating to `Self::V...`. `tag` is a
/// key to step over inside a struct variant's object. Struct variants' key tables are pushed
/// to `items`.
fn payload(
    cx: &Ctx<'_>,
    i: usize,
    v: &Variant,
    tag: Option<&str>,
    items: &mut TokenStream,
) -> TokenStream {
    let id = &v.ident;
    if v.other {
        // The catch-all stands for variants it does not know: whatever their payload.
        return quote!({ r.skip_value()?; Self::#id });
    }
    match v.style {
        Style::Unit => quote!({ r.read_null()?; Self::#id }),
        Style::Newtype => {
            let read = read_field(cx, &v.fields[0]);
            quote!(Self::#id(#read))
        }
        Style::Tuple => tuple(cx, &v.fields, quote!(Self::#id)),
        Style::Named => {
            let lookup = format_ident!("__structio_keys_{}", i);
            let n = named(cx, &v.fields, quote!(Self::#id), tag, &lookup);
            items.extend(n.lookup.clone());
            named_object(cx, &n)
        }
    }
}

/// Scans the object at the reader for `tag` and evaluates to the variant index it names
/// (erring at a missing tag, and at an unknown name unless an `other` variant, at index
/// `other`, takes it). The caller restores the checkpoint.
fn scan_tag(cx: &Ctx<'_>, tag: &str, nvariants: usize, other: Option<usize>) -> TokenStream {
    let lit = LitByteStr::new(tag.as_bytes(), Span::call_site());
    let unknown = match other {
        Some(o) => quote!({ __found = #o; }),
        None => {
            let e = cx.err_at_one_of(quote!(__voff), "UnknownVariant", &variants_const());
            quote!(return #e;)
        }
    };
    let missing = cx.err("MissingTag");
    let s = cx.read_str_bytes();
    let walk = cx.enum_object_loop(
        quote! {
            if __k == #lit {
                let __voff = r.offset();
                let __t: &[u8] = #s;
                __found = __structio_variants(__t);
                if __found == #nvariants {
                    #unknown
                }
                break;
            }
            r.skip_value()?;
        },
        &variants_const(),
    );
    quote! {{
        let mut __found = usize::MAX;
        #walk
        if __found == usize::MAX {
            return #missing;
        }
        __found
    }}
}

/// The name of the const that lists the variants' wire names.
fn variants_const() -> TokenStream {
    quote!(__STRUCTIO_VARIANTS)
}

/// The read impl of an enum, plus its helper functions.
pub(crate) fn enum_impls(cx: &Ctx<'_>, variants: &[Variant]) -> TokenStream {
    let tr = cx.read_trait();
    let reader = cx.reader();
    let res_self = cx.result(quote!(Self));
    let vs = live(variants);
    let keys = variant_keys(&vs);
    let mut items = keys.emit_lookup(&format_ident!("__structio_variants"));
    let vnames = variants_const();
    let names: Vec<&str> = vs.iter().map(|v| v.name.as_str()).collect();
    let names = names_lit(&names);
    items.extend(quote!(const #vnames: &[&str] = #names;));
    let nv = vs.len();
    let other = vs.iter().position(|v| v.other);
    let mut body = match &cx.c.tagging {
        Tagging::External => {
            // A format may name the variant by its index (BEVE's Version 1 type tag); else a
            // unit variant is a string and any variant an object of one member. Either way
            // the variant's index picks the one payload reader, and an object must end there.
            let unknown = cx.err_at_one_of(quote!(__off), "UnknownVariant", &vnames);
            let (unknown_unit, unknown_payload) = match other {
                Some(o) => {
                    let id = &vs[o].ident;
                    (
                        quote!(__R::Ok(Self::#id)),
                        quote!({ r.skip_value()?; Self::#id }),
                    )
                }
                None => (unknown.clone(), quote!(return #unknown)),
            };
            let units: Vec<TokenStream> = vs
                .iter()
                .enumerate()
                .filter(|(_, v)| v.style == Style::Unit)
                .map(|(i, v)| {
                    let id = &v.ident;
                    quote!(#i => __R::Ok(Self::#id),)
                })
                .collect();
            let unit_string = (!units.is_empty()).then(|| {
                let s = cx.read_str_bytes();
                quote! {
                    if __p::is_string(r)? {
                        __off = r.offset();
                        let mut __s = __p::KeyBuf::new();
                        let __k: &[u8] = #s;
                        return match __structio_variants(__k) {
                            #(#units)*
                            _ => #unknown_unit,
                        };
                    }
                }
            });
            let arms = vs.iter().enumerate().map(|(i, v)| {
                let p = payload(cx, i, v, None, &mut items);
                quote!(#i => #p,)
            });
            let extra = cx.err("UnknownField");
            let empty = cx.err_at_one_of(quote!(r.offset()), "UnknownVariant", &vnames);
            let begin = cx.begin_enum_object(&vnames);
            quote! {
                let mut __off = r.offset();
                let (__vi, __obj) = match __p::variant_index(r)? {
                    __O::Some(__vi) => (__vi, __O::None),
                    __O::None => {
                        #unit_string
                        let __O::Some(__st) = (#begin) else {
                            return #empty;
                        };
                        let mut __s = __p::KeyBuf::new();
                        __off = r.offset();
                        let __k: &[u8] = __p::member_key(r, &mut __s)?;
                        (__structio_variants(__k), __O::Some(__st))
                    }
                };
                let __v = match __vi {
                    #(#arms)*
                    _ => #unknown_payload,
                };
                if let __O::Some(mut __st) = __obj {
                    if __p::next_member(r, &mut __st)? {
                        return #extra;
                    }
                }
                __R::Ok(__v)
            }
        }
        Tagging::Internal { tag } => {
            let scan = scan_tag(cx, tag, nv, other);
            let lit = LitByteStr::new(tag.as_bytes(), Span::call_site());
            let unknown = cx.unknown(&names_lit(&[tag]));
            let unknown_beside = cx.unknown(&names_lit::<&str>(&[]));
            let ft = cx.fields_trait();
            let arms = vs.iter().enumerate().map(|(i, v)| {
                let id = &v.ident;
                let read = match v.style {
                    _ if v.other => payload(cx, i, v, None, &mut items),
                    Style::Unit => {
                        let walk = cx.object_loop(quote! {
                            if __k == #lit { r.skip_value()?; } else { #unknown }
                        });
                        quote!({ #walk Self::#id })
                    }
                    Style::Named => payload(cx, i, v, Some(tag), &mut items),
                    // A newtype around a struct: the struct's members sit beside the tag.
                    _ => {
                        let t = &v.fields[0].ty;
                        let walk = cx.object_loop(quote! {
                            if __k == #lit {
                                r.skip_value()?;
                            } else if !<#t as #ft>::accept(&mut __b, __k, __off, r)? {
                                #unknown_beside
                            }
                        });
                        quote!({
                            let mut __b = <#t as #ft>::builder();
                            #walk
                            Self::#id(<#t as #ft>::finish(__b, r)?)
                        })
                    }
                };
                quote!(#i => #read,)
            });
            let bad = cx.err_at_one_of(quote!(r.offset()), "UnknownVariant", &vnames);
            quote! {
                let __cp = r.checkpoint();
                let __vi: usize = #scan;
                r.restore(__cp);
                __R::Ok(match __vi {
                    #(#arms)*
                    _ => return #bad,
                })
            }
        }
        Tagging::Adjacent { tag, content } => {
            let scan = scan_tag(cx, tag, nv, other);
            let tlit = LitByteStr::new(tag.as_bytes(), Span::call_site());
            let clit = LitByteStr::new(content.as_bytes(), Span::call_site());
            let unknown = cx.unknown(&names_lit(&[tag, content]));
            let bad = cx.err_at_one_of(quote!(r.offset()), "UnknownVariant", &vnames);
            let arms = vs.iter().enumerate().map(|(i, v)| {
                let p = payload(cx, i, v, None, &mut items);
                quote!(#i => #p,)
            });
            let units = vs
                .iter()
                .enumerate()
                .filter(|(_, v)| v.style == Style::Unit)
                .map(|(i, v)| {
                    let id = &v.ident;
                    quote!(#i => __R::Ok(Self::#id),)
                });
            let walk = cx.object_loop(quote! {
                if __k == #tlit {
                    r.skip_value()?;
                } else if __k == #clit {
                    __v = __O::Some(match __vi {
                        #(#arms)*
                        _ => return #bad,
                    });
                } else {
                    #unknown
                }
            });
            quote! {
                let __cp = r.checkpoint();
                let __vi: usize = #scan;
                r.restore(__cp);
                let mut __v: __O<Self> = __O::None;
                #walk
                match __v {
                    __O::Some(__v) => __R::Ok(__v),
                    __O::None => match __vi {
                        #(#units)*
                        _ => __R::Err(r.missing_field(#content)),
                    },
                }
            }
        }
        Tagging::Untagged => {
            let tries = vs.iter().enumerate().map(|(i, v)| {
                let p = match v.style {
                    Style::Unit => {
                        let id = &v.ident;
                        quote!({ r.read_null()?; Self::#id })
                    }
                    _ => payload(cx, i, v, None, &mut items),
                };
                quote! {
                    let __try = (|r: &mut #reader| -> #res_self { __R::Ok(#p) })(r);
                    match __try {
                        __R::Ok(__v) => return __R::Ok(__v),
                        __R::Err(_) => r.restore(__cp),
                    }
                }
            });
            let none = cx.err_at(quote!(__start), "NoVariantMatched");
            quote! {
                let __cp = r.checkpoint();
                let __start = r.offset();
                #(#tries)*
                #none
            }
        }
    };
    // Untagged variants of a tagged enum: tried in order, from where the value began, once the
    // tagged reading failed.
    let untagged: Vec<&Variant> = variants
        .iter()
        .filter(|v| v.untagged && !v.skip_de)
        .collect();
    if !untagged.is_empty() {
        let tries = untagged.iter().enumerate().map(|(j, v)| {
            let p = payload(cx, nv + j, v, None, &mut items);
            quote! {
                let __try = (|r: &mut #reader| -> #res_self { __R::Ok(#p) })(r);
                match __try {
                    __R::Ok(__v) => return __R::Ok(__v),
                    __R::Err(_) => r.restore(__cp),
                }
            }
        });
        let none = cx.err_at(quote!(__start), "NoVariantMatched");
        body = quote! {
            let __cp = r.checkpoint();
            let __start = r.offset();
            let __tagged = (|r: &mut #reader| -> #res_self { #body })(r);
            if let __R::Ok(__v) = __tagged {
                return __R::Ok(__v);
            }
            r.restore(__cp);
            #(#tries)*
            #none
        };
    }
    let imp = cx.read_impl(
        cx.impl_parts(true, &tr),
        body,
        quote! {
            *self = __p::read::<Self>(r)?;
            __R::Ok(())
        },
        None,
    );
    quote! {
        #items
        #imp
    }
}

/// For a unit-only, externally tagged enum without generics: the format's map-key impls
/// (`__p::key_impls!`), so that the enum can key a map (`BTreeMap<Mode, V>`). The key reads
/// as a variant's name (unknown: `UnknownVariant` naming the variants, or the `other`
/// variant) and writes as the variant's name; the format's macro implements its own key
/// traits over these two functions, or nothing where its maps key by values.
pub(crate) fn key_impls(cx: &Ctx<'_>, variants: &[Variant]) -> Option<TokenStream> {
    let c = cx.c;
    let plain = c.generics.params.is_empty()
        && matches!(c.tagging, Tagging::External)
        && c.from.is_none()
        && c.try_from.is_none()
        && c.into.is_none()
        && !c.transparent;
    if !plain
        || variants
            .iter()
            .any(|v| v.style != Style::Unit || v.untagged)
    {
        return None;
    }
    let ident = &c.ident;
    let vs = live(variants);
    let arms = vs.iter().enumerate().map(|(i, v)| {
        let id = &v.ident;
        quote!(#i => __R::Ok(#ident::#id),)
    });
    let unknown = match vs.iter().find(|v| v.other) {
        Some(v) => {
            let id = &v.ident;
            quote!(__R::Ok(#ident::#id))
        }
        None => cx.err_at_one_of(quote!(__off), "UnknownVariant", &variants_const()),
    };
    let writes = variants.iter().map(|v| {
        let id = &v.ident;
        if v.skip_ser {
            quote!(#ident::#id => return __R::Err(w.error(__p::ErrorKind::UnknownVariant)),)
        } else {
            let k = cx.write_key(&v.name, quote!(__first));
            quote!(#ident::#id => #k,)
        }
    });
    Some(quote! {
        #[inline]
        fn __structio_key_read<'de>(r: &mut __p::Reader<'de>) -> __p::Result<#ident> {
            let __off = r.offset();
            let mut __s = __p::KeyBuf::new();
            let __k: &[u8] = __p::read_key_str(r, &mut __s)?;
            match __structio_variants(__k) {
                #(#arms)*
                _ => #unknown,
            }
        }
        #[inline]
        fn __structio_key_write<__S: __p::Sink>(
            __v: &#ident,
            w: &mut __p::Writer<__S>,
            __first: bool,
        ) -> __p::Result<()> {
            match __v {
                #(#writes)*
            }
            __R::Ok(())
        }
        __p::key_impls!(#ident, __structio_key_read, __structio_key_write);
    })
}
