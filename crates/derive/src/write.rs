//! Writing structs and enums, and the `WriteFields` impl that lets a struct be flattened.

use crate::attr::{Field, Style, Tagging, Variant};
use crate::codegen::Ctx;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;

/// Writes named fields, given an access expression (a reference) for each, with `__first` in
/// scope and kept up to date.
fn named_members(cx: &Ctx<'_>, fields: &[(&Field, TokenStream)]) -> TokenStream {
    let wft = cx.write_fields_trait();
    let out = fields.iter().filter(|(f, _)| !f.skip_ser).map(|(f, acc)| {
        if f.flatten {
            let t = &f.ty;
            return quote!(__first = <#t as #wft>::write_fields(#acc, w, __first)?;);
        }
        let key = cx.write_key(&f.name, quote!(__first));
        let value = write_field(cx, f, acc);
        let write = quote!(#key #value; __first = false;);
        match &f.skip_ser_if {
            Some(p) => quote!(if !#p(#acc) { #write }),
            None => write,
        }
    });
    quote!(#(#out)*)
}

/// A named field's value (`acc` a reference to it): the format's own write, its serde path, or
/// the format's write of what its `serialize_with` function returns.
pub(crate) fn write_field(cx: &Ctx<'_>, f: &Field, acc: &TokenStream) -> TokenStream {
    let t = &f.ty;
    if let Some(path) = &f.ser_with {
        quote_spanned!(crate::codegen::at(path)=> __p::write(&#path(#acc), w)?)
    } else if f.serde {
        quote_spanned!(crate::codegen::at(t)=> __p::write_serde::<#t, _>(#acc, w)?)
    } else {
        cx.write_value(t, acc.clone())
    }
}

/// The member count of named fields, for formats whose object header carries it.
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

/// The count `open_object` takes: computed only for a format that wants it, so that a
/// `skip_serializing_if` predicate runs once otherwise.
fn count_if_needed(count: TokenStream) -> TokenStream {
    quote!(if __p::NEEDS_COUNT { #count } else { 0 })
}

/// A whole object of named fields, with `prefix` (a tag member) written first.
fn named_object(
    cx: &Ctx<'_>,
    fields: &[(&Field, TokenStream)],
    prefix: Option<(&str, &str)>,
) -> TokenStream {
    let members = named_members(cx, fields);
    let tag = prefix.map(|(tag, name)| {
        let key = cx.write_key(tag, quote!(true));
        quote!(#key w.write_str(#name)?; __first = false;)
    });
    let plus = usize::from(prefix.is_some());
    let n = named_count(cx, fields);
    let count = count_if_needed(quote!(#plus + #n));
    quote! {
        __p::open_object(w, #count)?;
        let mut __first = true;
        #tag
        #members
        __p::close_object(w, __first)?;
    }
}

/// An object of one member `{key: value}`, `value` being statements that write it.
fn one_member(cx: &Ctx<'_>, key: &str, value: TokenStream) -> TokenStream {
    let k = cx.write_key(key, quote!(true));
    quote!(__p::open_object(w, 1)?; #k #value __p::close_object(w, false)?;)
}

fn tuple_array(cx: &Ctx<'_>, elems: &[(&Field, TokenStream)]) -> TokenStream {
    let n = elems.len();
    let items = elems.iter().enumerate().map(|(i, (t, acc))| {
        let first = i == 0;
        let v = write_field(cx, t, acc);
        quote!(__p::element(w, #first)?; #v;)
    });
    let empty = n == 0;
    quote!(__p::open_array(w, #n)?; #(#items)* __p::close_array(w, #empty)?;)
}

/// The write impl of a struct, and `WriteFields` for a named one.
pub(crate) fn struct_impls(cx: &Ctx<'_>, style: Style, fields: &[Field]) -> TokenStream {
    let wt = cx.write_trait();
    let (ig, ty, wc) = cx.impl_parts(false, &wt);
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
            let count = named_count(cx, &acc);
            let res_bool = cx.result(quote!(bool));
            extra = quote! {
                #[automatically_derived]
                impl #ig #wft for #ty #wc {
                    #[inline(always)]
                    fn field_count(&self) -> usize {
                        #count
                    }
                    #[inline(always)]
                    fn write_fields<__S: __p::Sink>(&self, w: &mut __p::Writer<__S>, __first: bool) -> #res_bool {
                        let mut __first = __first;
                        #members
                        __R::Ok(__first)
                    }
                }
            };
            let count = count_if_needed(quote!(<Self as #wft>::field_count(self)));
            quote! {
                __p::open_object(w, #count)?;
                let __first = <Self as #wft>::write_fields(self, w, true)?;
                __p::close_object(w, __first)?;
            }
        }
        Style::Tuple => {
            let elems: Vec<(&Field, TokenStream)> = fields
                .iter()
                .map(|f| {
                    let m = &f.member;
                    (f, quote!(&self.#m))
                })
                .collect();
            tuple_array(cx, &elems)
        }
        Style::Newtype => {
            let v = write_field(cx, &fields[0], &quote!(&self.0));
            quote!(#v;)
        }
        Style::Unit => quote!(w.write_null()?;),
    };
    let imp = cx.write_impl((ig, ty, wc), body);
    quote! {
        #extra
        #imp
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
    let header = cx.impl_parts(false, &wt);
    let wft = cx.write_fields_trait();
    let arms = variants.iter().map(|v| {
        let (pat, names) = bind(v);
        if v.skip_ser {
            let e = quote!(__R::Err(w.error(__p::ErrorKind::UnknownVariant)));
            return quote!(#pat => return #e,);
        }
        let name = v.name.as_str();
        let fields: Vec<(&Field, TokenStream)> = v
            .fields
            .iter()
            .zip(&names)
            .map(|(f, n)| (f, quote!(#n)))
            .collect();
        let elems: Vec<(&Field, TokenStream)> = v
            .fields
            .iter()
            .zip(&names)
            .map(|(f, n)| (f, quote!(#n)))
            .collect();
        // The payload alone, as an untagged enum or the external tag's member writes it.
        let bare = match v.style {
            Style::Unit => quote!(w.write_null()?;),
            Style::Newtype => {
                let x = write_field(cx, &v.fields[0], &quote!(__f0));
                quote!(#x;)
            }
            Style::Tuple => tuple_array(cx, &elems),
            Style::Named => named_object(cx, &fields, None),
        };
        let body = match &cx.c.tagging {
            _ if v.untagged => bare,
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
                    let count = count_if_needed(quote!(1 + <#t as #wft>::field_count(__f0)));
                    quote! {
                        __p::open_object(w, #count)?;
                        #key
                        w.write_str(#name)?;
                        <#t as #wft>::write_fields(__f0, w, false)?;
                        __p::close_object(w, false)?;
                    }
                }
            },
            Tagging::Adjacent { tag, content } => {
                if v.style == Style::Unit {
                    one_member(cx, tag, quote!(w.write_str(#name)?;))
                } else {
                    let tkey = cx.write_key(tag, quote!(true));
                    let ckey = cx.write_key(content, quote!(false));
                    quote! {
                        __p::open_object(w, 2)?;
                        #tkey
                        w.write_str(#name)?;
                        #ckey
                        #bare
                        __p::close_object(w, false)?;
                    }
                }
            }
        };
        quote!(#pat => { #body })
    });
    cx.write_impl(
        header,
        quote! {
            match self {
                #(#arms)*
            }
        },
    )
}
