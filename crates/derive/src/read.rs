//! Reading structs, and the named-fields reader that struct variants share.
//!
//! A named-field set is read into a builder tuple `(next, Option<T0>, Option<T1>, ...)`, where
//! `next` is the member expected after the previous one (the in-order fast path), each
//! `Option` a field seen, and a flattened field holds its own type's builder. The same three
//! pieces (the builder, accepting one member, finishing) make `read`, the `Fields` impl
//! that lets the type be flattened into another, and struct variants.

use crate::attr::{Default, Field, Style};
use crate::codegen::{names_lit, Ctx, Keys};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::{Ident, Index, LitByteStr};

/// The three pieces of a named-field reader.
pub(crate) struct Named {
    /// The builder's type.
    pub ty: TokenStream,
    /// The builder's initial value.
    pub init: TokenStream,
    /// With `__b`, `__k`, `__off`, `r` in scope: `true` if the member was one of ours (read).
    pub accept: TokenStream,
    /// When no member needs the key itself (no flattened field, no tag): in an
    /// `object_loop_bare` body, reads the key and accepts the member as `accept` does, the
    /// member after the previous one tried first as the key's bytes.
    pub read_accept: Option<TokenStream>,
    /// With `__b` (by value) and `r`: the constructed value (uses `?` and `return Err`).
    pub finish: TokenStream,
    /// The key table's lookup function.
    pub lookup: TokenStream,
    /// The keys an error names as accepted (`&'static [&'static str]`): the fields' wire
    /// names, or none when a flattened field accepts keys of its own.
    pub names: TokenStream,
    /// `Fields::CATCH_ALL` of the set: whether a flattened field takes every key.
    pub catch_all: TokenStream,
}

fn default_expr(d: &Default) -> Option<TokenStream> {
    match d {
        Default::None => None,
        Default::Trait => Some(quote!(::core::default::Default::default())),
        Default::Path(p) => Some(quote!(#p())),
    }
}

/// The fields a reader assigns (not skipped), in order.
fn read_fields(fields: &[Field]) -> Vec<&Field> {
    fields.iter().filter(|f| !f.skip_de).collect()
}

/// Builds the named-field reader. `ctor` is `Self` or `Self::Variant`; `tag` is a key to step
/// over (an internal tag); `lookup` names the key table's function.
pub(crate) fn named(
    cx: &Ctx<'_>,
    fields: &[Field],
    ctor: TokenStream,
    tag: Option<&str>,
    lookup: &Ident,
) -> Named {
    let rd = read_fields(fields);
    let keyed: Vec<&Field> = rd.iter().copied().filter(|f| !f.flatten).collect();
    let keys = Keys::of_fields(&keyed);
    let ft = cx.fields_trait();
    // Builder slot of each read field: keyed fields first (so member i is slot i + 1), then
    // flattened ones.
    let flat: Vec<&Field> = rd.iter().copied().filter(|f| f.flatten).collect();
    let slot_of = |f: &Field| -> Index {
        let i = keyed
            .iter()
            .position(|k| core::ptr::eq(*k, f))
            .unwrap_or_else(|| {
                keyed.len() + flat.iter().position(|k| core::ptr::eq(*k, f)).unwrap_or(0)
            });
        Index::from(i + 1)
    };
    let tys = keyed.iter().map(|f| {
        let t = &f.ty;
        quote!(__O<#t>)
    });
    let ftys = flat.iter().map(|f| {
        let t = &f.ty;
        quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::Builder)
    });
    let ty = quote!((usize, #(#tys,)* #(#ftys,)*));
    let nones = keyed.iter().map(|_| quote!(__O::None));
    let fbuilds = flat.iter().map(|f| {
        let t = &f.ty;
        quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::builder())
    });
    let init = quote!((0usize, #(#nones,)* #(#fbuilds,)*));

    let index = keys.emit_index(lookup, quote!(__b.0));
    let arms: Vec<TokenStream> = keyed
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let s = Index::from(i + 1);
            let read = read_field(cx, f);
            // A repeat goes to the format's policy (an error, or the last value wins); the test
            // is one branch on the slot, and the policy is called only on a repeat.
            quote!(#i => {
                if __b.#s.is_some() {
                    __p::duplicate_key(r, __off)?;
                }
                __b.#s = __O::Some(#read);
                true
            })
        })
        .collect();
    // Flattened fields in declaration order, then the catch-alls (maps, or structs holding
    // one) in declaration order: a catch-all takes every key, so it must be asked last. Each
    // test of `CATCH_ALL` is a constant, so one of each pair is dead code.
    let mut fallback = quote!(false);
    for catch_all in [true, false] {
        for f in flat.iter().rev() {
            let (t, s) = (&f.ty, slot_of(f));
            let ca = if catch_all {
                quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::CATCH_ALL)
            } else {
                quote_spanned!(crate::codegen::at(t)=> !<#t as #ft>::CATCH_ALL)
            };
            let accept = quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::accept(&mut __b.#s, __k, __off, r)?);
            fallback = quote! {
                if #ca && #accept {
                    true
                } else {
                    #fallback
                }
            };
        }
    }
    if let Some(tag) = tag {
        let lit = LitByteStr::new(tag.as_bytes(), proc_macro2::Span::call_site());
        fallback = quote!(if __k == #lit { r.skip_value()?; true } else { #fallback });
    }
    let accept_at = |index: TokenStream| {
        quote! {{
            let __i: usize = #index;
            __b.0 = __i.wrapping_add(1);
            match __i {
                #(#arms)*
                _ => #fallback,
            }
        }}
    };
    let accept = accept_at(index);
    let read_accept = (flat.is_empty() && tag.is_none())
        .then(|| accept_at(keys.emit_read_index(lookup, quote!(__b.0))));

    let container_default = default_expr(&cx.c.default);
    let inits = fields.iter().map(|f| {
        let m = &f.member;
        let own_default = default_expr(&f.default);
        let value = if f.skip_de {
            own_default
                .or_else(|| container_default.as_ref().map(|_| quote!(__d.#m)))
                .unwrap_or_else(|| quote!(::core::default::Default::default()))
        } else if f.flatten {
            let (t, s) = (&f.ty, slot_of(f));
            quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::finish(__b.#s, r)?)
        } else {
            let s = slot_of(f);
            let name = &f.name;
            match own_default.or_else(|| container_default.as_ref().map(|_| quote!(__d.#m))) {
                Some(d) => quote! {
                    match __b.#s {
                        __O::Some(__v) => __v,
                        __O::None => #d,
                    }
                },
                None if f.de_with.is_some() => quote! {
                    match __b.#s {
                        __O::Some(__v) => __v,
                        __O::None => return __R::Err(r.missing_field(#name)),
                    }
                },
                None if f.serde => {
                    let t = &f.ty;
                    quote_spanned!(crate::codegen::at(t)=> __p::field_serde::<#t>(__b.#s, r, #name)?)
                }
                None => quote!(__p::field(__b.#s, r, #name)?),
            }
        };
        quote!(#m: #value)
    });
    let inits: Vec<TokenStream> = inits.collect();
    let d = container_default
        .as_ref()
        .map(|e| quote!(let __d: Self = #e;));
    let finish = quote! {{
        #d
        #ctor { #(#inits),* }
    }};
    let names: Vec<&str> = if flat.is_empty() {
        keyed.iter().map(|f| f.name.as_str()).collect()
    } else {
        Vec::new()
    };
    let flat_cas = flat.iter().map(|f| {
        let t = &f.ty;
        quote_spanned!(crate::codegen::at(t)=> <#t as #ft>::CATCH_ALL)
    });
    let catch_all = quote!(false #(|| #flat_cas)*);
    Named {
        ty,
        init,
        accept,
        read_accept,
        finish,
        lookup: keys.emit_lookup(lookup),
        names: names_lit(&names),
        catch_all,
    }
}

/// Reads a whole object into a named-field set: `{ ... }` to the value.
pub(crate) fn named_object(cx: &Ctx<'_>, n: &Named) -> TokenStream {
    let (ty, init, accept, finish) = (&n.ty, &n.init, &n.accept, &n.finish);
    let walk = member_walk(cx, n, accept, &cx.unknown(&n.names));
    quote! {{
        let mut __b: #ty = #init;
        #walk
        #finish
    }}
}

/// The member walk of a named-field set: each key read and the member accepted by
/// `read_accept` (the expected member's bytes tried first) where the set has it, else the key
/// read by the loop and handed to `accept`; `unknown` for a member not accepted.
fn member_walk(
    cx: &Ctx<'_>,
    n: &Named,
    accept: &TokenStream,
    unknown: &TokenStream,
) -> TokenStream {
    match &n.read_accept {
        Some(read_accept) => cx.object_loop_bare(quote! {
            if !#read_accept {
                #unknown
            }
        }),
        None => cx.object_loop(quote! {
            if !#accept {
                #unknown
            }
        }),
    }
}

/// A named field's read: the format's own, its serde path for `#[structio(serde)]`, or its
/// `deserialize_with` function applied to the value the format reads (whose type is the
/// function's parameter's), a refusal being `Custom(message)` where the value began.
pub(crate) fn read_field(cx: &Ctx<'_>, f: &Field) -> TokenStream {
    let t = &f.ty;
    if let Some(path) = &f.de_with {
        quote_spanned! {crate::codegen::at(path)=>
            {
                let __voff = r.offset();
                match #path(__p::read(r)?) {
                    __R::Ok(__v) => __v,
                    __R::Err(__m) => return __R::Err(r.error_at(__voff, __p::ErrorKind::Custom(__m))),
                }
            }
        }
    } else if f.serde {
        quote_spanned!(crate::codegen::at(t)=> __p::read_serde::<#t>(r)?)
    } else {
        cx.read_value(t)
    }
}

/// Reads an array of exactly `tys.len()` elements into `ctor(__f0, __f1, ...)`.
pub(crate) fn tuple(cx: &Ctx<'_>, fields: &[Field], ctor: TokenStream) -> TokenStream {
    let n = fields.len();
    let names: Vec<Ident> = (0..n).map(|i| format_ident!("__f{}", i)).collect();
    let steps = names
        .iter()
        .zip(fields.iter().map(|f| read_field(cx, f)))
        .enumerate()
        .map(|(i, (name, read))| {
            let sep = (i + 1 < n).then(|| quote!(__p::tuple_next(r, &mut __ts)?;));
            quote!(let #name = #read; #sep)
        });
    // `__ts` is the format's `TupleState` (`()` for JSON and BEVE, the items left for CBOR).
    quote! {{
        let mut __ts = __p::begin_tuple(r, #n)?;
        #(#steps)*
        __p::end_tuple(r, __ts, #n)?;
        #ctor(#(#names),*)
    }}
}

/// The read impl (and the `Fields` impl, for named structs) of a struct.
pub(crate) fn struct_impls(cx: &Ctx<'_>, style: Style, fields: &[Field]) -> TokenStream {
    let tr = cx.read_trait();
    let reader = cx.reader();
    let res_self = cx.result(quote!(Self));
    let mut extra = TokenStream::new();
    let mut missing = None;
    let (read, read_into) = match style {
        Style::Named => {
            let lookup = format_ident!("__structio_keys");
            let n = named(cx, fields, quote!(Self), None, &lookup);
            let ft = cx.fields_trait();
            let walk = member_walk(
                cx,
                &n,
                &quote!(<Self as #ft>::accept(&mut __b, __k, __off, r)?),
                &cx.unknown(&quote!(__STRUCTIO_FIELDS)),
            );
            let inline = quote! {{
                let mut __b = <Self as #ft>::builder();
                #walk
                <Self as #ft>::finish(__b, r)?
            }};
            let body = match compact_read(cx, fields) {
                Some(compact) => quote! {
                    __p::shape! {
                        compact { #compact }
                        inline { #inline }
                    }
                },
                None => inline,
            };
            let into = named_into(cx, fields, &lookup);
            let Named {
                ty: bty,
                init,
                accept,
                read_accept: _,
                finish,
                lookup: lookup_fn,
                names,
                catch_all,
            } = &n;
            let res_bool = cx.result(quote!(bool));
            let (fig, fty, fwc) = cx.impl_parts(true, &tr);
            extra = quote! {
                const __STRUCTIO_FIELDS: &[&str] = #names;
                #lookup_fn
                #[automatically_derived]
                impl #fig #ft for #fty #fwc {
                    type Builder = #bty;
                    const CATCH_ALL: bool = #catch_all;
                    #[inline(always)]
                    fn builder() -> Self::Builder {
                        #init
                    }
                    #[inline(always)]
                    fn accept(__b: &mut Self::Builder, __k: &[u8], __off: usize, r: &mut #reader) -> #res_bool {
                        __R::Ok(#accept)
                    }
                    #[inline(always)]
                    fn finish(__b: Self::Builder, r: &#reader) -> #res_self {
                        __R::Ok(#finish)
                    }
                }
            };
            (body, into)
        }
        Style::Tuple => (
            tuple(cx, fields, quote!(Self)),
            quote!(*self = __p::read::<Self>(r)?;),
        ),
        Style::Newtype => {
            let f = &fields[0];
            let t = &f.ty;
            let read = read_field(cx, f);
            if f.de_with.is_some() {
                (quote!(Self(#read)), quote!(self.0 = #read;))
            } else {
                missing = Some(quote!(__p::missing::<#t>().map(Self)));
                (
                    quote!(Self(#read)),
                    quote!(__p::read_into::<#t>(&mut self.0, r)?;),
                )
            }
        }
        Style::Unit => (
            quote!({
                r.read_null()?;
                Self
            }),
            quote!(r.read_null()?;),
        ),
    };
    let imp = cx.read_impl(
        cx.impl_parts(true, &tr),
        quote!(__R::Ok(#read)),
        quote!(#read_into __R::Ok(())),
        missing,
    );
    quote! {
        #extra
        #imp
    }
}

/// The most fields the compact shape's member walk tracks (the protocol's `MAX_FIELDS`).
const COMPACT_MAX_FIELDS: usize = 64;

/// A named struct's `read` body in the compact shape, which a format picks with its `shape!`
/// (JSON's `size` feature): the format's shared member walk (`FieldWalk`) matches each key
/// against a per-type table (`FieldKeys`: the names, the aliases, the unknown-key policy) and
/// applies the duplicate and unknown-key policies out of line, so that per field only the
/// value's read remains, in one jump table. The builder and `finish` are the inline shape's,
/// so missing fields and defaults behave the same. `None` when the struct has a flattened
/// field (its keys are not in a table) or more fields than the walk tracks.
fn compact_read(cx: &Ctx<'_>, fields: &[Field]) -> Option<TokenStream> {
    let rd = read_fields(fields);
    if rd.iter().any(|f| f.flatten) || rd.len() > COMPACT_MAX_FIELDS {
        return None;
    }
    let ft = cx.fields_trait();
    let arms = rd.iter().enumerate().map(|(i, f)| {
        let s = Index::from(i + 1);
        let read = read_field(cx, f);
        quote!(#i => { __b.#s = __O::Some(#read); })
    });
    let keys_const = compact_keys(cx, &rd);
    Some(quote! {{
        #keys_const
        let mut __b = <Self as #ft>::builder();
        let mut __w = __p::FieldWalk::begin(r)?;
        loop {
            match __w.field(r, &__KEYS)? {
                #(#arms)*
                _ => break,
            }
        }
        <Self as #ft>::finish(__b, r)?
    }})
}

/// The compact shape's key table of the (keyed, at most `COMPACT_MAX_FIELDS`) fields `rd`:
/// `const __KEYS: __p::FieldKeys`, the names being the struct's `__STRUCTIO_FIELDS`.
fn compact_keys(cx: &Ctx<'_>, rd: &[&Field]) -> TokenStream {
    let aliases = rd
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.aliases.iter().map(move |a| quote!((#a, #i))));
    let deny = cx.c.deny_unknown;
    let n = rd.len();
    quote! {
        const _: () = ::core::assert!(#n <= __p::MAX_FIELDS);
        const __KEYS: __p::FieldKeys =
            __p::FieldKeys::new(__STRUCTIO_FIELDS, &[#(#aliases),*], #deny);
    }
}

/// `read_*_into` for a named struct: each field read in place (its buffers reused), a missing
/// one given its default. A struct with a flattened field is read whole instead. In the
/// compact shape (see [`compact_read`]) the format's member walk finds the fields and records
/// which were seen.
fn named_into(cx: &Ctx<'_>, fields: &[Field], lookup: &Ident) -> TokenStream {
    if fields.iter().any(|f| f.flatten) {
        return quote!(*self = __p::read::<Self>(r)?;);
    }
    let keyed = read_fields(fields);
    let keys = Keys::of_fields(&keyed);
    let m = keyed.len();
    let index = keys.emit_read_index(lookup, quote!(__next));
    let reads: Vec<TokenStream> = keyed
        .iter()
        .map(|f| {
            let (mem, t) = (&f.member, &f.ty);
            if f.de_with.is_some() {
                let v = read_field(cx, f);
                quote!(self.#mem = #v)
            } else if f.serde {
                quote_spanned!(crate::codegen::at(t)=> __p::read_serde_into::<#t>(&mut self.#mem, r)?)
            } else {
                quote!(__p::read_into::<#t>(&mut self.#mem, r)?)
            }
        })
        .collect();
    let arms = reads.iter().enumerate().map(|(i, read)| {
        quote!(#i => {
            if __seen[#i] {
                __p::duplicate_key(r, __off)?;
            }
            #read;
            __seen[#i] = true;
        })
    });
    let unknown = cx.unknown(&quote!(__STRUCTIO_FIELDS));
    let walk = cx.object_loop_bare(quote! {
        let __i: usize = #index;
        __next = __i.wrapping_add(1);
        match __i {
            #(#arms)*
            _ => { #unknown }
        }
    });
    let container_default = default_expr(&cx.c.default);
    let fill = |seen: &dyn Fn(usize) -> TokenStream| -> Vec<TokenStream> {
        keyed
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let (mem, t, name) = (&f.member, &f.ty, &f.name);
                let value = default_expr(&f.default)
                    .or_else(|| {
                        container_default
                            .as_ref()
                            .map(|d| quote!({ let __d: Self = #d; __d.#mem }))
                    })
                    .unwrap_or_else(|| {
                        let missing = if f.de_with.is_some() {
                            quote!(__O::<#t>::None)
                        } else if f.serde {
                            quote!(__p::missing_serde::<#t>())
                        } else {
                            quote!(__p::missing::<#t>())
                        };
                        quote! {
                            match #missing {
                                __O::Some(__v) => __v,
                                __O::None => return __R::Err(r.missing_field(#name)),
                            }
                        }
                    });
                let seen = seen(i);
                quote!(if !#seen { self.#mem = #value; })
            })
            .collect()
    };
    let skipped: Vec<TokenStream> = fields
        .iter()
        .filter(|f| f.skip_de)
        .map(|f| {
            let mem = &f.member;
            let value = default_expr(&f.default)
                .or_else(|| {
                    container_default
                        .as_ref()
                        .map(|d| quote!({ let __d: Self = #d; __d.#mem }))
                })
                .unwrap_or_else(|| quote!(::core::default::Default::default()));
            quote!(self.#mem = #value;)
        })
        .collect();
    let inline_fill = fill(&|i| quote!(__seen[#i]));
    let inline = quote! {
        let mut __seen = [false; #m];
        let mut __next = 0usize;
        #walk
        #(#inline_fill)*
        #(#skipped)*
    };
    if m > COMPACT_MAX_FIELDS {
        return inline;
    }
    let compact_arms = reads
        .iter()
        .enumerate()
        .map(|(i, read)| quote!(#i => { #read; }));
    let keys_const = compact_keys(cx, &keyed);
    let compact_fill = fill(&|i| quote!(__w.seen(#i)));
    quote! {
        __p::shape! {
            compact {
                #keys_const
                let mut __w = __p::FieldWalk::begin(r)?;
                loop {
                    match __w.field(r, &__KEYS)? {
                        #(#compact_arms)*
                        _ => break,
                    }
                }
                #(#compact_fill)*
                #(#skipped)*
            }
            inline { #inline }
        }
    }
}
