//! Writing structs and enums, and the `*WriteFields` impl that lets a struct be flattened.

use crate::attr::{Field, Style, Tagging, Variant};
use crate::gen::Ctx;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

/// Writes named fields, given an access expression (a reference) for each. JSON: with `__first`
/// in scope and kept up to date. BEVE: only the members (the count is [`named_count`]).
fn named_members(cx: &Ctx<'_>, fields: &[(&Field, TokenStream)]) -> TokenStream {
    let wft = cx.write_fields_trait();
    let out = fields.iter().filter(|(f, _)| !f.skip_ser).map(|(f, acc)| {
        if f.flatten {
            let t = &f.ty;
            return if cx.json() {
                quote!(__first = <#t as #wft>::write_fields(#acc, w, __first)?;)
            } else {
                quote!(<#t as #wft>::write_fields(#acc, w)?;)
            };
        }
        let key = cx.write_key(&f.name, quote!(__first));
        let value = cx.write_value(&f.ty, acc.clone());
        let set = cx.json().then(|| quote!(__first = false;));
        let write = quote!(#key #value; #set);
        match &f.skip_ser_if {
            Some(p) => quote!(if !#p(#acc) { #write }),
            None => write,
        }
    });
    quote!(#(#out)*)
}

/// BEVE: the member count of named fields, which the object header carries.
fn named_count(cx: &Ctx<'_>, fields: &[(&Field, TokenStream)]) -> TokenStream {
    let wft = cx.write_fields_trait();
    let fixed = fields
        .iter()
        .filter(|(f, _)| !f.skip_ser && !f.flatten)
        .count();
    let adjust = fields
        .iter()
        .filter(|(f, _)| !f.skip_ser)
        .filter_map(|(f, acc)| {
            if f.flatten {
                let t = &f.ty;
                Some(quote!(__n += <#t as #wft>::field_count(#acc);))
            } else {
                f.skip_ser_if
                    .as_ref()
                    .map(|p| quote!(if #p(#acc) { __n -= 1; }))
            }
        });
    quote!({
        let mut __n: usize = #fixed;
        #(#adjust)*
        __n
    })
}

/// A whole object of named fields, with `prefix` (a tag member) written first.
fn named_object(
    cx: &Ctx<'_>,
    fields: &[(&Field, TokenStream)],
    prefix: Option<(&str, &str)>,
) -> TokenStream {
    let members = named_members(cx, fields);
    if cx.json() {
        let tag = prefix.map(|(tag, name)| {
            let key = cx.write_key(tag, quote!(true));
            quote!(#key w.write_str(#name)?; __first = false;)
        });
        quote! {
            w.begin_object()?;
            let mut __first = true;
            #tag
            #members
            w.end_object(__first)?;
        }
    } else {
        let count = named_count(cx, fields);
        let tag = prefix.map(|(tag, name)| {
            let key = cx.write_key(tag, quote!(true));
            quote!(#key w.write_str(#name)?;)
        });
        let plus = usize::from(prefix.is_some());
        quote! {
            w.begin_object(#count + #plus)?;
            #tag
            #members
        }
    }
}

/// An object of one member `{key: value}`, `value` being statements that write it.
fn one_member(cx: &Ctx<'_>, key: &str, value: TokenStream) -> TokenStream {
    let k = cx.write_key(key, quote!(true));
    if cx.json() {
        quote!(w.begin_object()?; #k #value w.end_object(false)?;)
    } else {
        quote!(w.begin_object(1)?; #k #value)
    }
}

fn tuple_array(cx: &Ctx<'_>, elems: &[(&syn::Type, TokenStream)]) -> TokenStream {
    let n = elems.len();
    if cx.json() {
        let items = elems.iter().enumerate().map(|(i, (t, acc))| {
            let first = i == 0;
            let v = cx.write_value(t, acc.clone());
            quote!(w.element(#first)?; #v;)
        });
        let empty = n == 0;
        quote!(w.begin_array()?; #(#items)* w.end_array(#empty)?;)
    } else {
        let items = elems.iter().map(|(t, acc)| cx.write_value(t, acc.clone()));
        quote!(w.begin_array(#n)?; #(#items;)*)
    }
}

/// The write impl of a struct, and `*WriteFields` for a named one.
pub(crate) fn struct_impls(cx: &Ctx<'_>, style: Style, fields: &[Field]) -> TokenStream {
    let wt = cx.write_trait();
    let wf = cx.write_fn();
    let (ig, ty, wc) = cx.impl_parts(false, &wt);
    let rt = &cx.rt;
    let res_unit = cx.result(quote!(()));
    let mut extra = TokenStream::new();
    let body = match style {
        Style::Named => {
            let acc: Vec<(&Field, TokenStream)> = fields
                .iter()
                .map(|f| {
                    let m = &f.member;
                    (f, quote!(&self.#m))
                })
                .collect();
            let wft = cx.write_fields_trait();
            let members = named_members(cx, &acc);
            if cx.json() {
                let res_bool = cx.result(quote!(bool));
                extra = quote! {
                    #[automatically_derived]
                    impl #ig #wft for #ty #wc {
                        #[inline(always)]
                        fn write_fields<__S: #rt::Sink>(&self, w: &mut #rt::Writer<__S>, __first: bool) -> #res_bool {
                            let mut __first = __first;
                            #members
                            __R::Ok(__first)
                        }
                    }
                };
                quote! {
                    w.begin_object()?;
                    let __first = <Self as #wft>::write_fields(self, w, true)?;
                    w.end_object(__first)?;
                }
            } else {
                let count = named_count(cx, &acc);
                extra = quote! {
                    #[automatically_derived]
                    impl #ig #wft for #ty #wc {
                        #[inline(always)]
                        fn field_count(&self) -> usize {
                            #count
                        }
                        #[inline(always)]
                        fn write_fields<__S: #rt::Sink>(&self, w: &mut #rt::Writer<__S>) -> #res_unit {
                            #members
                            __R::Ok(())
                        }
                    }
                };
                quote! {
                    w.begin_object(<Self as #wft>::field_count(self))?;
                    <Self as #wft>::write_fields(self, w)?;
                }
            }
        }
        Style::Tuple => {
            let elems: Vec<(&syn::Type, TokenStream)> = fields
                .iter()
                .map(|f| {
                    let m = &f.member;
                    (&f.ty, quote!(&self.#m))
                })
                .collect();
            tuple_array(cx, &elems)
        }
        Style::Newtype => {
            let v = cx.write_value(&fields[0].ty, quote!(&self.0));
            quote!(#v;)
        }
        Style::Unit => quote!(w.write_null()?;),
    };
    quote! {
        #extra
        #[automatically_derived]
        impl #ig #wt for #ty #wc {
            #[inline]
            fn #wf<__S: #rt::Sink>(&self, w: &mut #rt::Writer<__S>) -> #res_unit {
                #body
                __R::Ok(())
            }
        }
    }
}

/// The pattern binding a variant's fields to `__f0, __f1, ...` (references, by match
/// ergonomics), and the names.
fn bind(v: &Variant) -> (TokenStream, Vec<Ident>) {
    let id = &v.ident;
    let names: Vec<Ident> = (0..v.fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let pat = match v.style {
        Style::Unit => quote!(Self::#id),
        Style::Newtype | Style::Tuple => quote!(Self::#id(#(#names),*)),
        Style::Named => {
            let ms = v.fields.iter().map(|f| &f.member);
            quote!(Self::#id { #(#ms: #names),* })
        }
    };
    (pat, names)
}

/// The write impl of an enum.
pub(crate) fn enum_impls(cx: &Ctx<'_>, variants: &[Variant]) -> TokenStream {
    let wt = cx.write_trait();
    let wf = cx.write_fn();
    let (ig, ty, wc) = cx.impl_parts(false, &wt);
    let rt = &cx.rt;
    let res_unit = cx.result(quote!(()));
    let wft = cx.write_fields_trait();
    let arms = variants.iter().map(|v| {
        let (pat, names) = bind(v);
        if v.skip {
            let e = quote!(__R::Err(#rt::Error::new(#rt::ErrorKind::UnknownVariant, 0)));
            return quote!(#pat => return #e,);
        }
        let name = v.name.as_str();
        let fields: Vec<(&Field, TokenStream)> = v.fields.iter().zip(&names).map(|(f, n)| (f, quote!(#n))).collect();
        let elems: Vec<(&syn::Type, TokenStream)> = v.fields.iter().zip(&names).map(|(f, n)| (&f.ty, quote!(#n))).collect();
        // The payload alone, as an untagged enum or the external tag's member writes it.
        let bare = match v.style {
            Style::Unit => quote!(w.write_null()?;),
            Style::Newtype => {
                let x = cx.write_value(&v.fields[0].ty, quote!(__f0));
                quote!(#x;)
            }
            Style::Tuple => tuple_array(cx, &elems),
            Style::Named => named_object(cx, &fields, None),
        };
        let body = match &cx.c.tagging {
            Tagging::External => match v.style {
                Style::Unit => quote!(w.write_str(#name)?;),
                _ => one_member(cx, name, bare),
            },
            Tagging::Untagged => bare,
            Tagging::Internal { tag } => match v.style {
                Style::Named => named_object(cx, &fields, Some((tag, name))),
                Style::Unit => one_member(cx, tag, quote!(w.write_str(#name)?;)),
                _ => {
                    let t = &v.fields[0].ty;
                    let key = cx.write_key(tag, quote!(true));
                    if cx.json() {
                        quote! {
                            w.begin_object()?;
                            #key
                            w.write_str(#name)?;
                            <#t as #wft>::write_fields(__f0, w, false)?;
                            w.end_object(false)?;
                        }
                    } else {
                        quote! {
                            w.begin_object(1 + <#t as #wft>::field_count(__f0))?;
                            #key
                            w.write_str(#name)?;
                            <#t as #wft>::write_fields(__f0, w)?;
                        }
                    }
                }
            },
            Tagging::Adjacent { tag, content } => {
                let tkey = cx.write_key(tag, quote!(true));
                if v.style == Style::Unit {
                    one_member(cx, tag, quote!(w.write_str(#name)?;))
                } else {
                    let ckey = cx.write_key(content, quote!(false));
                    if cx.json() {
                        quote!(w.begin_object()?; #tkey w.write_str(#name)?; #ckey #bare w.end_object(false)?;)
                    } else {
                        quote!(w.begin_object(2)?; #tkey w.write_str(#name)?; #ckey #bare)
                    }
                }
            }
        };
        quote!(#pat => { #body })
    });
    quote! {
        #[automatically_derived]
        impl #ig #wt for #ty #wc {
            #[inline]
            fn #wf<__S: #rt::Sink>(&self, w: &mut #rt::Writer<__S>) -> #res_unit {
                match self {
                    #(#arms)*
                }
                __R::Ok(())
            }
        }
    }
}
