//! What the readers and writers share: the context of one derive, the protocol's names (every
//! call goes through the format crate's `__derive` module, aliased `__p` in the generated code),
//! key tables, and impl headers. Nothing here knows a wire format: the format crate answers
//! every question through the protocol (see docs/derive-contract.md).

use crate::attr::{Container, Field};
use crate::phf::Phf;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Lifetime, LitByteStr, Type};

/// A span for generated code about `node` (a field's type): errors point at `node`, but names
/// resolve with the derive's own (call-site) hygiene. The span of `node` itself would resolve
/// the generated `r`, `w` and `__p` where `node`'s tokens were written, which inside a
/// `macro_rules!` body is the macro's hygiene context, where they do not exist.
pub(crate) fn at(node: &impl Spanned) -> Span {
    Span::call_site().located_at(node.span())
}

/// One derive for one format crate.
pub(crate) struct Ctx<'a> {
    pub c: &'a Container,
    /// The format crate's real path; the generated block names its `__derive` module `__p`.
    pub rt_path: TokenStream,
    /// The input lifetime of the read impl: the type's own lifetime if it has exactly one.
    pub de: Lifetime,
}

impl<'a> Ctx<'a> {
    pub fn new(c: &'a Container, rt_path: TokenStream) -> Self {
        let lts: Vec<&syn::LifetimeParam> = c.generics.lifetimes().collect();
        let de = if lts.len() == 1 {
            lts[0].lifetime.clone()
        } else {
            Lifetime::new("'de", Span::call_site())
        };
        Ctx { c, rt_path, de }
    }

    pub fn read_trait(&self) -> TokenStream {
        let de = &self.de;
        quote!(__p::Read<#de>)
    }

    pub fn write_trait(&self) -> TokenStream {
        quote!(__p::Write)
    }

    pub fn fields_trait(&self) -> TokenStream {
        let de = &self.de;
        quote!(__p::Fields<#de>)
    }

    pub fn write_fields_trait(&self) -> TokenStream {
        quote!(__p::WriteFields)
    }

    pub fn reader(&self) -> TokenStream {
        let de = &self.de;
        quote!(__p::Reader<#de>)
    }

    pub fn result(&self, t: TokenStream) -> TokenStream {
        quote!(__p::Result<#t>)
    }

    /// The read trait's impl: `read` and `read_into` bodies (each evaluating to the result),
    /// and `missing_field` if the type overrides it. The format's `method!` gives each method
    /// the format trait's own name.
    pub fn read_impl(
        &self,
        header: (TokenStream, TokenStream, TokenStream),
        read: TokenStream,
        read_into: TokenStream,
        missing: Option<TokenStream>,
    ) -> TokenStream {
        let (ig, ty, wc) = header;
        let (tr, reader) = (self.read_trait(), self.reader());
        let (res_self, res_unit) = (self.result(quote!(Self)), self.result(quote!(())));
        let missing = missing.map(|m| {
            quote! {
                __p::method! {
                    #[inline]
                    fn missing_field() -> __O<Self> { #m }
                }
            }
        });
        quote! {
            #[automatically_derived]
            impl #ig #tr for #ty #wc {
                __p::method! {
                    #[inline]
                    fn read(r: &mut #reader) -> #res_self { #read }
                }
                __p::method! {
                    #[inline]
                    fn read_into(&mut self, r: &mut #reader) -> #res_unit { #read_into }
                }
                #missing
            }
        }
    }

    /// The write trait's impl, `body` writing `self` to `w`.
    pub fn write_impl(
        &self,
        header: (TokenStream, TokenStream, TokenStream),
        body: TokenStream,
    ) -> TokenStream {
        let (ig, ty, wc) = header;
        let wt = self.write_trait();
        let res_unit = self.result(quote!(()));
        quote! {
            #[automatically_derived]
            impl #ig #wt for #ty #wc {
                __p::method! {
                    #[inline]
                    fn write<__S: __p::Sink>(&self, w: &mut __p::Writer<__S>) -> #res_unit {
                        #body
                        __R::Ok(())
                    }
                }
            }
        }
    }

    /// `Err(error of kind)` at the current offset.
    pub fn err(&self, kind: &str) -> TokenStream {
        let kind = format_ident!("{}", kind);
        quote!(__R::Err(r.error(__p::ErrorKind::#kind)))
    }

    /// `Err(error of kind)` at `off`.
    pub fn err_at(&self, off: TokenStream, kind: &str) -> TokenStream {
        let kind = format_ident!("{}", kind);
        quote!(__R::Err(r.error_at(#off, __p::ErrorKind::#kind)))
    }

    /// Reads a value of `ty` from `r`, spanned at the type so that a missing impl points at
    /// the field.
    pub fn read_value(&self, ty: &Type) -> TokenStream {
        quote_spanned!(crate::codegen::at(ty)=> __p::read::<#ty>(r)?)
    }

    pub fn write_value(&self, ty: &Type, v: TokenStream) -> TokenStream {
        quote_spanned!(crate::codegen::at(ty)=> __p::write::<#ty, _>(#v, w)?)
    }

    /// Walks the members of an object at the reader: `body` runs for each with `__k: &[u8]`
    /// (the key) and `__off` (its offset) in scope; `break` in `body` stops early (leaving the
    /// reader inside the object: only a caller that restores a checkpoint breaks).
    pub fn object_loop(&self, body: TokenStream) -> TokenStream {
        self.object_loop_from(quote!(__p::begin_object(r)?), body)
    }

    /// `object_loop` for an enum's object: a value of another kind is
    /// `InvalidType("enum Name")` naming the variants (`names`).
    pub fn enum_object_loop(&self, body: TokenStream, names: &TokenStream) -> TokenStream {
        let begin = self.begin_enum_object(names);
        self.object_loop_from(begin, body)
    }

    /// `__p::begin_object(r)` for an enum: its error, when the value is not an object, is
    /// `InvalidType("enum Name")` naming the variants; on the error branch only.
    pub fn begin_enum_object(&self, names: &TokenStream) -> TokenStream {
        let expected = format!("enum {}", self.c.ident);
        quote! {
            match __p::begin_object(r) {
                __R::Ok(__v) => __v,
                __R::Err(__e) => return __R::Err(__p::invalid_type(r, __e, #expected).one_of(#names)),
            }
        }
    }

    /// `object_loop` whose `body` reads the key itself (with `__p::member_key(r, &mut __s)`
    /// or [`Keys::emit_read_index`]); `__off` is the key's offset.
    pub fn object_loop_bare(&self, body: TokenStream) -> TokenStream {
        quote! {
            if let __O::Some(mut __st) = __p::begin_object(r)? {
                let mut __s = __p::KeyBuf::new();
                loop {
                    let __off = r.offset();
                    #body
                    if !__p::next_member(r, &mut __st)? {
                        break;
                    }
                }
            }
        }
    }

    fn object_loop_from(&self, begin: TokenStream, body: TokenStream) -> TokenStream {
        quote! {
            if let __O::Some(mut __st) = #begin {
                let mut __s = __p::KeyBuf::new();
                loop {
                    let __off = r.offset();
                    let __k: &[u8] = __p::member_key(r, &mut __s)?;
                    #body
                    if !__p::next_member(r, &mut __st)? {
                        break;
                    }
                }
            }
        }
    }

    /// A string value as bytes (a tag, a unit variant), inside `object_loop`'s body after the
    /// key is dead (the key buffer is reused) or anywhere with `__s` declared.
    pub fn read_str_bytes(&self) -> TokenStream {
        quote!(__p::read_str_key(r, &mut __s)?)
    }

    /// `Err(error of kind)` at `off`, naming what the destination accepts (`names`, an
    /// expression of type `&'static [&'static str]`).
    pub fn err_at_one_of(&self, off: TokenStream, kind: &str, names: &TokenStream) -> TokenStream {
        let kind = format_ident!("{}", kind);
        quote!(__R::Err(r.error_at(#off, __p::ErrorKind::#kind).one_of(#names)))
    }

    /// What an unknown key does: an error at the key, or the reader's policy. Either error
    /// names the keys the destination accepts (`names`); the reader's other errors (in
    /// skipping the value) pass unchanged.
    pub fn unknown(&self, names: &TokenStream) -> TokenStream {
        if self.c.deny_unknown {
            let e = self.err_at_one_of(quote!(__off), "UnknownField", names);
            quote!(return #e;)
        } else {
            quote! {
                if let __R::Err(__e) = r.unknown_field(__off) {
                    return __R::Err(if __e.kind() == __p::ErrorKind::UnknownField {
                        __e.one_of(#names)
                    } else {
                        __e
                    });
                }
            }
        }
    }

    /// Writes a member's key (after a separator unless `first`), encoded by the format at
    /// compile time.
    pub fn write_key(&self, name: &str, first: TokenStream) -> TokenStream {
        let lit = LitByteStr::new(name.as_bytes(), Span::call_site());
        quote! {{
            const __K: [u8; __p::key_len(#lit)] = __p::encode_key(#lit);
            __p::member(w, #first, &__K)?;
        }}
    }

    /// The impl header pieces for a trait with (`read`) or without the input lifetime: impl
    /// generics, the type, and a where clause bounding each type parameter by `bound`.
    pub fn impl_parts(
        &self,
        read: bool,
        bound: &TokenStream,
    ) -> (TokenStream, TokenStream, TokenStream) {
        let g = &self.c.generics;
        let ident = &self.c.ident;
        let (_, ty_gen, _) = g.split_for_impl();
        let mut params: Vec<TokenStream> = Vec::new();
        let lts: Vec<&syn::LifetimeParam> = g.lifetimes().collect();
        if read && lts.len() != 1 {
            let de = &self.de;
            let bounds: Vec<&Lifetime> = lts.iter().map(|l| &l.lifetime).collect();
            if bounds.is_empty() {
                params.push(quote!(#de));
            } else {
                params.push(quote!(#de: #(#bounds)+*));
            }
        }
        for p in &g.params {
            params.push(match p {
                syn::GenericParam::Lifetime(l) => quote!(#l),
                syn::GenericParam::Type(t) => {
                    let mut t = t.clone();
                    t.eq_token = None;
                    t.default = None;
                    quote!(#t)
                }
                syn::GenericParam::Const(c) => {
                    let mut c = c.clone();
                    c.eq_token = None;
                    c.default = None;
                    quote!(#c)
                }
            });
        }
        let mut preds: Vec<TokenStream> = Vec::new();
        if let Some(w) = &g.where_clause {
            preds.extend(w.predicates.iter().map(|p| quote!(#p)));
        }
        // `bound = "..."` replaces the inferred bounds, as serde's does.
        let custom = if read {
            &self.c.read_bound
        } else {
            &self.c.write_bound
        };
        match custom {
            Some(ps) => preds.extend(ps.iter().map(|p| quote!(#p))),
            None => {
                for t in g.type_params() {
                    let id = &t.ident;
                    preds.push(quote!(#id: #bound));
                }
            }
        }
        (
            quote!(<#(#params),*>),
            quote!(#ident #ty_gen),
            quote!(where #(#preds),*),
        )
    }
}

/// `&["a", "b"]`: a `&'static [&'static str]` of `names` (promoted to a static).
pub(crate) fn names_lit<S: AsRef<str>>(names: &[S]) -> TokenStream {
    let names = names.iter().map(|n| n.as_ref());
    quote!(&[#(#names),*])
}

/// A key table: the keys (names and aliases) and the member index each stands for.
pub(crate) struct Keys {
    pub keys: Vec<(String, usize)>,
    /// How many members: the lookup returns this for a non-key.
    pub members: usize,
}

impl Keys {
    /// The keys of the fields that are read (not skipped, not flattened), in order.
    pub fn of_fields(fields: &[&Field]) -> Keys {
        let mut keys: Vec<(String, usize)> = fields
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.clone(), i))
            .collect();
        for (i, f) in fields.iter().enumerate() {
            keys.extend(f.aliases.iter().map(|a| (a.clone(), i)));
        }
        Keys {
            keys,
            members: fields.len(),
        }
    }

    /// `fn name(k: &[u8]) -> usize`: the perfect-hash lookup, member index or `members`.
    pub fn emit_lookup(&self, name: &Ident) -> TokenStream {
        let none = self.members;
        if self.keys.is_empty() {
            return quote! {
                #[inline(always)]
                fn #name(_k: &[u8]) -> usize { #none }
            };
        }
        if cfg!(structio_plain_hash) {
            return self.emit_linear_lookup(name);
        }
        let bytes: Vec<&[u8]> = self.keys.iter().map(|(k, _)| k.as_bytes()).collect();
        let phf = Phf::build(&bytes);
        let (slot, slot_fn) = phf.emit_slot(&quote!(k));
        let arms = phf.slots.iter().enumerate().filter_map(|(s, key)| {
            let (k, member) = &self.keys[(*key)?];
            let lit = LitByteStr::new(k.as_bytes(), Span::call_site());
            Some(quote!(#s if k == #lit => #member,))
        });
        // Each lookup defines its slot function inside itself, so two tables of one derive
        // (an enum's variants and a variant's fields) never define one name twice.
        quote! {
            #[inline(always)]
            fn #name(k: &[u8]) -> usize {
                #slot_fn
                match #slot {
                    #(#arms)*
                    _ => #none,
                }
            }
        }
    }

    /// [`Keys::emit_lookup`] without the hash: each key compared in declaration order. The
    /// plain alternative of the perfect hash, emitted when the macro is built with the
    /// `structio_plain_hash` switch, which measures what the hash is worth.
    fn emit_linear_lookup(&self, name: &Ident) -> TokenStream {
        let none = self.members;
        let tests = self.keys.iter().map(|(k, member)| {
            let lit = LitByteStr::new(k.as_bytes(), Span::call_site());
            quote!(if k == #lit { return #member; })
        });
        quote! {
            #[inline(always)]
            fn #name(k: &[u8]) -> usize {
                #(#tests)*
                #none
            }
        }
    }

    /// Reads a member's key and yields its member index (or `members` for a key not ours),
    /// in an `object_loop_bare` body (`r` and the key buffer `__s` in scope). The member
    /// after the previous one (`next`) is tried first as the key's encoded bytes at the
    /// cursor (the format's `member_key_is`: one comparison, the key neither scanned nor
    /// hashed); any other key, or the same key written another way (escaped, spaced), is read
    /// and looked up. With the `structio_plain_key_order` switch every key is read and looked
    /// up.
    pub fn emit_read_index(&self, lookup: &Ident, next: TokenStream) -> TokenStream {
        let slow = quote!({
            let __k: &[u8] = __p::member_key(r, &mut __s)?;
            #lookup(__k)
        });
        if cfg!(structio_plain_key_order) {
            return quote! {{
                let _next: usize = #next;
                #slow
            }};
        }
        let fast = (0..self.members).map(|i| {
            let (k, _) = &self.keys[i];
            let lit = LitByteStr::new(k.as_bytes(), Span::call_site());
            quote!(#i if {
                const __K: [u8; __p::key_len(#lit)] = __p::encode_key(#lit);
                __p::member_key_is(r, &__K)
            } => #i,)
        });
        quote! {
            match #next {
                #(#fast)*
                _ => #slow,
            }
        }
    }

    /// The member index of `__k`, trying the member after the previous one (`next`) first.
    /// With the `structio_plain_key_order` switch (which measures what that guess is worth)
    /// every key goes straight to the lookup.
    pub fn emit_index(&self, lookup: &Ident, next: TokenStream) -> TokenStream {
        if cfg!(structio_plain_key_order) {
            // `next` is still read, so the caller's bookkeeping of it stays used.
            return quote! {{
                let _next: usize = #next;
                #lookup(__k)
            }};
        }
        let fast = (0..self.members).map(|i| {
            let (k, _) = &self.keys[i];
            let lit = LitByteStr::new(k.as_bytes(), Span::call_site());
            quote!(#i if __k == #lit => #i,)
        });
        quote! {
            match #next {
                #(#fast)*
                _ => #lookup(__k),
            }
        }
    }
}
