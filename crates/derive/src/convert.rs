//! Containers read or written as another value: `transparent` (as its one field), `from` /
//! `try_from` (read as another type, then converted) and `into` (written as another type). Each
//! replaces the whole body of its impl, so these types get no `Fields` / `WriteFields` impls
//! (they cannot be flattened).

use crate::attr::{Body, Default, Field};
use crate::codegen::Ctx;
use crate::read::read_field;
use crate::write::write_field;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// The one field a `transparent` struct is read and written as, and the others (all skipped).
fn parts<'a>(cx: &Ctx<'a>) -> (&'a Field, Vec<&'a Field>) {
    let Body::Struct(_, fields) = &cx.c.body else {
        unreachable!("attr::parse allows `transparent` on structs only")
    };
    let (live, rest): (Vec<&Field>, Vec<&Field>) =
        fields.iter().partition(|f| !(f.skip_ser && f.skip_de));
    (live[0], rest)
}

/// `m: default` for each skipped field of a transparent struct.
fn rest_inits(rest: &[&Field]) -> Vec<TokenStream> {
    rest.iter()
        .map(|f| {
            let m = &f.member;
            let v = match &f.default {
                Default::Path(p) => quote!(#p()),
                _ => quote!(::core::default::Default::default()),
            };
            quote!(#m: #v)
        })
        .collect()
}

/// The read impl of a `transparent` struct.
pub(crate) fn transparent_read(cx: &Ctx<'_>) -> TokenStream {
    let (f, rest) = parts(cx);
    let (m, t) = (&f.member, &f.ty);
    let inits = rest_inits(&rest);
    let read = read_field(cx, f);
    let into = if f.de_with.is_none() && !f.serde {
        quote!(__p::read_into::<#t>(&mut self.#m, r)?;)
    } else {
        quote!(self.#m = #read;)
    };
    let reset_rest = rest.iter().map(|f| {
        let m = &f.member;
        let v = match &f.default {
            Default::Path(p) => quote!(#p()),
            _ => quote!(::core::default::Default::default()),
        };
        quote!(self.#m = #v;)
    });
    let missing = if f.de_with.is_some() {
        None
    } else {
        let m0 = if f.serde {
            quote!(__p::missing_serde::<#t>())
        } else {
            quote!(__p::missing::<#t>())
        };
        let inits = inits.clone();
        Some(quote!(#m0.map(|__v| Self { #m: __v, #(#inits),* })))
    };
    let tr = cx.read_trait();
    cx.read_impl(
        cx.impl_parts(true, &tr),
        quote!(__R::Ok(Self { #m: #read, #(#inits),* })),
        quote! {
            #into
            #(#reset_rest)*
            __R::Ok(())
        },
        missing,
    )
}

/// The write impl of a `transparent` struct.
pub(crate) fn transparent_write(cx: &Ctx<'_>) -> TokenStream {
    let (f, _) = parts(cx);
    let m = &f.member;
    let v = write_field(cx, f, &quote!(&self.#m));
    let wt = cx.write_trait();
    cx.write_impl(cx.impl_parts(false, &wt), quote!(#v;))
}

/// The read impl of a `from` or `try_from` container.
pub(crate) fn from_read(cx: &Ctx<'_>) -> TokenStream {
    let tr = cx.read_trait();
    let header = cx.impl_parts(true, &tr);
    let into = quote! {
        *self = __p::read::<Self>(r)?;
        __R::Ok(())
    };
    if let Some((t, span)) = &cx.c.from {
        // A missing `From` impl is reported at the attribute.
        let from = quote_spanned!(Span::call_site().located_at(*span)=>
            <Self as ::core::convert::From<#t>>::from);
        return cx.read_impl(
            header,
            quote!(__R::Ok(#from(__p::read::<#t>(r)?))),
            into,
            Some(quote!(__p::missing::<#t>().map(#from))),
        );
    }
    let (t, span) =
        cx.c.try_from
            .as_ref()
            .expect("from_read needs `from` or `try_from`");
    let try_from = quote_spanned!(Span::call_site().located_at(*span)=>
        <Self as ::core::convert::TryFrom<#t>>::try_from);
    let msg = format!("invalid value for {}", cx.c.ident);
    cx.read_impl(
        header,
        quote! {
            let __voff = r.offset();
            let __v = __p::read::<#t>(r)?;
            match #try_from(__v) {
                __R::Ok(__v) => __R::Ok(__v),
                __R::Err(_) => __R::Err(r.error_at(__voff, __p::ErrorKind::Custom(#msg))),
            }
        },
        into,
        Some(quote! {
            match __p::missing::<#t>() {
                __O::Some(__v) => #try_from(__v).ok(),
                __O::None => __O::None,
            }
        }),
    )
}

/// The write impl of an `into` container: a clone converted, then written.
pub(crate) fn into_write(cx: &Ctx<'_>) -> TokenStream {
    let (t, span) = cx.c.into.as_ref().expect("into_write needs `into`");
    let wt = cx.write_trait();
    // A missing `Clone` or `Into` impl is reported at the attribute.
    let convert = quote_spanned!(Span::call_site().located_at(*span)=>
        ::core::convert::Into::<#t>::into(::core::clone::Clone::clone(self)));
    cx.write_impl(
        cx.impl_parts(false, &wt),
        quote! {
            let __v: #t = #convert;
            __p::write::<#t, _>(&__v, w)?;
        },
    )
}
