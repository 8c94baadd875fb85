//! What the readers and writers of both formats share: the context of one derive, the
//! format-specific fragments (trait names, how an object is walked), key tables, and impl
//! headers.

use crate::attr::{Container, Field};
use crate::krate::Format;
use crate::phf::Phf;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Lifetime, LitByteStr, Type};

/// One derive of one format.
pub(crate) struct Ctx<'a> {
    pub c: &'a Container,
    pub fmt: Format,
    /// The runtime crate, as generated code names it: `__rt`, a `use` alias of [`Ctx::rt_path`]
    /// at the top of the generated block (short paths are less for the compiler to resolve).
    pub rt: TokenStream,
    /// The runtime crate's real path.
    pub rt_path: TokenStream,
    /// The input lifetime of the read impl: the type's own lifetime if it has exactly one.
    pub de: Lifetime,
}

impl<'a> Ctx<'a> {
    pub fn new(c: &'a Container, fmt: Format) -> Self {
        let rt_path = match &c.krate {
            Some(p) => quote!(#p),
            None => crate::krate::runtime_path(fmt),
        };
        let rt = quote!(__rt);
        let lts: Vec<&syn::LifetimeParam> = c.generics.lifetimes().collect();
        let de = if lts.len() == 1 {
            lts[0].lifetime.clone()
        } else {
            Lifetime::new("'de", Span::call_site())
        };
        Ctx {
            c,
            fmt,
            rt,
            rt_path,
            de,
        }
    }

    pub fn json(&self) -> bool {
        self.fmt == Format::Json
    }

    pub fn read_trait(&self) -> TokenStream {
        let (rt, de) = (&self.rt, &self.de);
        if self.json() {
            quote!(#rt::JsonRead<#de>)
        } else {
            quote!(#rt::BeveRead<#de>)
        }
    }

    pub fn write_trait(&self) -> TokenStream {
        let rt = &self.rt;
        if self.json() {
            quote!(#rt::JsonWrite)
        } else {
            quote!(#rt::BeveWrite)
        }
    }

    pub fn fields_trait(&self) -> TokenStream {
        let (rt, de) = (&self.rt, &self.de);
        if self.json() {
            quote!(#rt::__private::JsonFields<#de>)
        } else {
            quote!(#rt::__private::BeveFields<#de>)
        }
    }

    pub fn write_fields_trait(&self) -> TokenStream {
        let rt = &self.rt;
        if self.json() {
            quote!(#rt::__private::JsonWriteFields)
        } else {
            quote!(#rt::__private::BeveWriteFields)
        }
    }

    pub fn read_fn(&self) -> Ident {
        format_ident!(
            "{}",
            if self.json() {
                "read_json"
            } else {
                "read_beve"
            }
        )
    }

    pub fn read_into_fn(&self) -> Ident {
        format_ident!(
            "{}",
            if self.json() {
                "read_json_into"
            } else {
                "read_beve_into"
            }
        )
    }

    pub fn write_fn(&self) -> Ident {
        format_ident!(
            "{}",
            if self.json() {
                "write_json"
            } else {
                "write_beve"
            }
        )
    }

    pub fn reader(&self) -> TokenStream {
        let (rt, de) = (&self.rt, &self.de);
        quote!(#rt::Reader<#de>)
    }

    pub fn result(&self, t: TokenStream) -> TokenStream {
        let rt = &self.rt;
        quote!(#rt::Result<#t>)
    }

    /// `Err(error of kind)` at the current offset.
    pub fn err(&self, kind: &str) -> TokenStream {
        let rt = &self.rt;
        let kind = format_ident!("{}", kind);
        quote!(__R::Err(r.error(#rt::ErrorKind::#kind)))
    }

    /// `Err(error of kind)` at `off`.
    pub fn err_at(&self, off: TokenStream, kind: &str) -> TokenStream {
        let rt = &self.rt;
        let kind = format_ident!("{}", kind);
        quote!(__R::Err(r.error_at(#off, #rt::ErrorKind::#kind)))
    }

    /// Reads a value of `ty` from `r`, spanned at the type so that a missing impl points at
    /// the field.
    pub fn read_value(&self, ty: &Type) -> TokenStream {
        let (tr, f) = (self.read_trait(), self.read_fn());
        quote_spanned!(ty.span()=> <#ty as #tr>::#f(r)?)
    }

    pub fn write_value(&self, ty: &Type, v: TokenStream) -> TokenStream {
        let (tr, f) = (self.write_trait(), self.write_fn());
        quote_spanned!(ty.span()=> <#ty as #tr>::#f(#v, w)?)
    }

    /// Walks the members of an object at the reader: `body` runs for each with `__k: &[u8]`
    /// (the key) and `__off` (its offset) in scope; `break` in `body` stops early.
    pub fn object_loop(&self, body: TokenStream) -> TokenStream {
        let rt = &self.rt;
        if self.json() {
            quote! {
                if !r.begin_object()? {
                    let mut __s = #rt::KeyBuf::new();
                    loop {
                        let __off = r.offset();
                        let __k: &[u8] = r.object_key(&mut __s)?;
                        #body
                        if !r.object_next()? {
                            break;
                        }
                    }
                }
            }
        } else {
            quote! {
                {
                    let __n = r.begin_object()?;
                    for _ in 0..__n {
                        let __off = r.offset();
                        let __k: &[u8] = r.object_key()?;
                        #body
                    }
                    r.end_object();
                }
            }
        }
    }

    /// A string value as bytes (a tag, a unit variant), inside `object_loop`'s body after the
    /// key is dead (JSON reuses its key buffer) or anywhere with `__s` declared.
    pub fn read_str_bytes(&self) -> TokenStream {
        if self.json() {
            quote!(r.read_str_raw(&mut __s)?)
        } else {
            quote!(r.read_str()?.as_bytes())
        }
    }

    /// What an unknown key does: an error at the key, or the reader's policy.
    pub fn unknown(&self) -> TokenStream {
        if self.c.deny_unknown {
            let e = self.err_at(quote!(__off), "UnknownField");
            quote!(return #e;)
        } else {
            quote!(r.unknown_field(__off)?;)
        }
    }

    /// The key as the writer emits it: quoted with its colon for JSON, size-prefixed for BEVE.
    pub fn key_bytes(&self, name: &str) -> Option<LitByteStr> {
        if self.json() {
            Some(LitByteStr::new(&json_quoted_key(name), Span::call_site()))
        } else if name.len() < 64 {
            let mut v = vec![(name.len() as u8) << 2];
            v.extend_from_slice(name.as_bytes());
            Some(LitByteStr::new(&v, Span::call_site()))
        } else {
            None
        }
    }

    /// Writes a key (BEVE) or a `,`-and-key (JSON, with `first`).
    pub fn write_key(&self, name: &str, first: TokenStream) -> TokenStream {
        match self.key_bytes(name) {
            Some(k) if self.json() => quote!(w.field(#first, #k)?;),
            Some(k) => quote!(w.raw(#k)?;),
            None => {
                let k = LitByteStr::new(name.as_bytes(), Span::call_site());
                quote!(w.key(#k)?;)
            }
        }
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
        for t in g.type_params() {
            let id = &t.ident;
            preds.push(quote!(#id: #bound));
        }
        (
            quote!(<#(#params),*>),
            quote!(#ident #ty_gen),
            quote!(where #(#preds),*),
        )
    }
}

/// `"name":` with JSON escapes, as the writer's `field` takes it.
fn json_quoted_key(name: &str) -> Vec<u8> {
    let mut v = vec![b'"'];
    for &c in name.as_bytes() {
        match c {
            b'"' => v.extend_from_slice(b"\\\""),
            b'\\' => v.extend_from_slice(b"\\\\"),
            0..=0x1f => v.extend_from_slice(format!("\\u{c:04x}").as_bytes()),
            _ => v.push(c),
        }
    }
    v.extend_from_slice(b"\":");
    v
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

    /// The member index of `__k`, trying the member after the previous one (`next`) first.
    pub fn emit_index(&self, lookup: &Ident, next: TokenStream) -> TokenStream {
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
