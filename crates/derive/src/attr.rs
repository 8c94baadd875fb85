//! `#[structio(...)]` attributes, parsed once into a model that both formats generate from.
//! Every mistake is a `syn::Error` spanned at the offending attribute or field.

use crate::case::{Case, CASES};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Ident, LitStr, Member, Meta, Path, Type};

/// What a missing value takes.
#[derive(Clone)]
pub(crate) enum Default {
    /// The key is required (or the type's own `missing_field` decides).
    None,
    /// `Default::default()`.
    Trait,
    /// A function path, called with no arguments.
    Path(Path),
}

/// How an enum is laid out.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Tagging {
    External,
    Internal { tag: String },
    Adjacent { tag: String, content: String },
    Untagged,
}

/// The shape of a struct or a variant.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Style {
    Named,
    Tuple,
    Newtype,
    Unit,
}

pub(crate) struct Field {
    pub member: Member,
    pub ty: Type,
    /// The key on the wire.
    pub name: String,
    pub aliases: Vec<String>,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub skip_ser_if: Option<Path>,
    pub default: Default,
    pub flatten: bool,
    /// `#[structio(serde)]`: read and written through the format's serde path.
    pub serde: bool,
    /// `deserialize_with = "path"` (or `with = "m"`: `m::read`): a function from a value the
    /// format reads to the field, `fn(W) -> Result<T, &'static str>`.
    pub de_with: Option<Path>,
    /// `serialize_with = "path"` (or `with = "m"`: `m::write`): a function from the field to a
    /// value the format writes, `fn(&T) -> W`.
    pub ser_with: Option<Path>,
    /// The field's name (or type, unnamed), for errors about the field.
    pub span: Span,
    /// Where its key was set: the `rename` string, else the field's name.
    pub name_span: Span,
    /// The `flatten` attribute, for errors about it.
    pub flatten_span: Span,
}

pub(crate) struct Variant {
    pub ident: Ident,
    /// `#[structio(other)]`: the unit variant an unknown variant name reads as.
    pub other: bool,
    /// Where `other` was written, for errors about it.
    pub other_span: Span,
    pub name: String,
    pub aliases: Vec<String>,
    pub style: Style,
    pub fields: Vec<Field>,
    /// `skip` or `skip_serializing`: writing this variant is an error.
    pub skip_ser: bool,
    /// `skip` or `skip_deserializing`: no input reads as this variant.
    pub skip_de: bool,
    /// `#[structio(untagged)]` on the variant: read by trying it (after the tagged variants
    /// failed), written as its bare payload.
    pub untagged: bool,
    pub span: Span,
}

pub(crate) enum Body {
    Struct(Style, Vec<Field>),
    Enum(Vec<Variant>),
}

pub(crate) struct Container {
    pub ident: Ident,
    pub generics: syn::Generics,
    pub body: Body,
    pub deny_unknown: bool,
    pub tagging: Tagging,
    pub default: Default,
    pub krate: Option<Path>,
    /// `format = "path"`s, in order: the format crates `#[derive(Structio)]` implements.
    pub formats: Vec<Path>,
    /// `transparent`: read and written as its one field.
    pub transparent: bool,
    /// `from = "T"`: read as `T`, then `From`; with the attribute's span, for errors.
    pub from: Option<(Type, Span)>,
    /// `try_from = "T"`: read as `T`, then `TryFrom` (its error becomes an invalid-value error
    /// at the value).
    pub try_from: Option<(Type, Span)>,
    /// `into = "T"`: written as `T`, by `Into` on a clone.
    pub into: Option<(Type, Span)>,
    /// `bound = "..."` / `bound(read = "...")`: where predicates replacing the inferred
    /// `T: Read<'de>` bounds of the read impls.
    pub read_bound: Option<Vec<syn::WherePredicate>>,
    /// The same for the write impls.
    pub write_bound: Option<Vec<syn::WherePredicate>>,
}

/// Collects errors so that one build reports every mistake at once.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn push(&mut self, e: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(e),
            None => self.0 = Some(e),
        }
    }
    fn at(&mut self, span: Span, msg: impl core::fmt::Display) {
        self.push(syn::Error::new(span, msg));
    }
}

fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
}

fn parse_case(lit: &LitStr, errs: &mut Errors) -> Option<Case> {
    let c = Case::from_str(&lit.value());
    if c.is_none() {
        let names: Vec<&str> = CASES.iter().map(|(n, _)| *n).collect();
        errs.at(
            lit.span(),
            format!(
                "unknown `rename_all` case `{}`; expected one of: {}",
                lit.value(),
                names.join(", ")
            ),
        );
    }
    c
}

fn parse_path(lit: &LitStr, errs: &mut Errors) -> Option<Path> {
    match lit.parse::<Path>() {
        Ok(p) => Some(p),
        Err(_) => {
            errs.at(lit.span(), format!("`{}` is not a path", lit.value()));
            None
        }
    }
}

/// Calls `f` for each `key` or `key = value` inside every `#[structio(...)]` of `attrs`.
fn each_meta(
    attrs: &[syn::Attribute],
    errs: &mut Errors,
    mut f: impl FnMut(&syn::meta::ParseNestedMeta<'_>, &mut Errors) -> syn::Result<()>,
) {
    for attr in attrs {
        if !attr.path().is_ident("structio") {
            continue;
        }
        if let Meta::Path(p) = &attr.meta {
            errs.at(p.span(), "expected `#[structio(...)]`");
            continue;
        }
        let mut inner = Errors::default();
        let r = attr.parse_nested_meta(|meta| f(&meta, &mut inner));
        if let Some(e) = inner.0 {
            errs.push(e);
        }
        if let Err(e) = r {
            errs.push(e);
        }
    }
}

fn parse_type(lit: &LitStr, errs: &mut Errors) -> Option<Type> {
    match lit.parse::<Type>() {
        Ok(t) => Some(t),
        Err(_) => {
            errs.at(lit.span(), format!("`{}` is not a type", lit.value()));
            None
        }
    }
}

fn parse_bound(lit: &LitStr, errs: &mut Errors) -> Option<Vec<syn::WherePredicate>> {
    let parser =
        syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated;
    match syn::parse::Parser::parse_str(parser, &lit.value()) {
        Ok(p) => Some(p.into_iter().collect()),
        Err(e) => {
            errs.at(
                lit.span(),
                format!("`{}` is not a list of where predicates: {e}", lit.value()),
            );
            None
        }
    }
}

fn unknown(meta: &syn::meta::ParseNestedMeta<'_>, what: &str) -> syn::Error {
    let name = meta
        .path
        .get_ident()
        .map_or_else(|| "?".to_owned(), ToString::to_string);
    meta.error(format!("unknown structio {what} attribute `{name}`"))
}

/// Parses the derive input into the model, or every error found.
pub(crate) fn parse(input: &DeriveInput) -> syn::Result<Container> {
    let mut errs = Errors::default();
    let mut rename_all: Option<Case> = None;
    let mut rename_all_fields: Option<(Case, Span)> = None;
    let mut deny_unknown = false;
    let mut tag: Option<(String, Span)> = None;
    let mut content: Option<(String, Span)> = None;
    let mut untagged: Option<Span> = None;
    let mut default = Default::None;
    let mut krate: Option<Path> = None;
    let mut formats: Vec<Path> = Vec::new();
    let mut transparent: Option<Span> = None;
    let mut from: Option<(Type, Span)> = None;
    let mut try_from: Option<(Type, Span)> = None;
    let mut into: Option<(Type, Span)> = None;
    let mut read_bound = None;
    let mut write_bound = None;
    each_meta(&input.attrs, &mut errs, |meta, errs| {
        let p = &meta.path;
        if p.is_ident("rename_all_fields") {
            let lit: LitStr = meta.value()?.parse()?;
            rename_all_fields = parse_case(&lit, errs).map(|c| (c, lit.span()));
        } else if p.is_ident("rename_all") {
            let lit: LitStr = meta.value()?.parse()?;
            rename_all = parse_case(&lit, errs);
        } else if p.is_ident("deny_unknown_fields") {
            deny_unknown = true;
        } else if p.is_ident("tag") {
            let lit: LitStr = meta.value()?.parse()?;
            tag = Some((lit.value(), lit.span()));
        } else if p.is_ident("content") {
            let lit: LitStr = meta.value()?.parse()?;
            content = Some((lit.value(), lit.span()));
        } else if p.is_ident("untagged") {
            untagged = Some(p.span());
        } else if p.is_ident("default") {
            default = parse_default(meta, errs)?;
        } else if p.is_ident("crate") {
            let lit: LitStr = meta.value()?.parse()?;
            krate = parse_path(&lit, errs);
        } else if p.is_ident("format") {
            let lit: LitStr = meta.value()?.parse()?;
            formats.extend(parse_path(&lit, errs));
        } else if p.is_ident("transparent") {
            transparent = Some(p.span());
        } else if p.is_ident("from") {
            let lit: LitStr = meta.value()?.parse()?;
            from = parse_type(&lit, errs).map(|t| (t, lit.span()));
        } else if p.is_ident("try_from") {
            let lit: LitStr = meta.value()?.parse()?;
            try_from = parse_type(&lit, errs).map(|t| (t, lit.span()));
        } else if p.is_ident("into") {
            let lit: LitStr = meta.value()?.parse()?;
            into = parse_type(&lit, errs).map(|t| (t, lit.span()));
        } else if p.is_ident("bound") {
            if meta.input.peek(syn::Token![=]) {
                let lit: LitStr = meta.value()?.parse()?;
                let b = parse_bound(&lit, errs);
                read_bound.clone_from(&b);
                write_bound = b;
            } else {
                meta.parse_nested_meta(|m| {
                    let lit: LitStr = m.value()?.parse()?;
                    if m.path.is_ident("read") || m.path.is_ident("deserialize") {
                        read_bound = parse_bound(&lit, errs);
                    } else if m.path.is_ident("write") || m.path.is_ident("serialize") {
                        write_bound = parse_bound(&lit, errs);
                    } else {
                        return Err(m.error(
                            "expected `bound = \"...\"` or `bound(read = \"...\", write = \"...\")`",
                        ));
                    }
                    Ok(())
                })?;
            }
        } else {
            return Err(unknown(meta, "container"));
        }
        Ok(())
    });

    let is_enum = matches!(input.data, Data::Enum(_));
    if let (Some((_, span)), false) = (rename_all_fields, is_enum) {
        errs.at(
            span,
            "`rename_all_fields` applies to enums only (their struct variants' fields)",
        );
    }
    let tagging = match (tag, content, untagged) {
        (None, None, None) => Tagging::External,
        (Some((tag, _)), None, None) => Tagging::Internal { tag },
        (Some((tag, _)), Some((content, _)), None) => Tagging::Adjacent { tag, content },
        (None, Some((_, span)), _) => {
            errs.at(
                span,
                "`content` needs `tag` as well (adjacently tagged enum)",
            );
            Tagging::External
        }
        (Some((_, span)), _, Some(_)) => {
            errs.at(span, "`tag` and `untagged` cannot both be given");
            Tagging::External
        }
        (None, None, Some(_)) => Tagging::Untagged,
    };
    if !is_enum && tagging != Tagging::External {
        errs.at(
            input.ident.span(),
            "`tag`, `content` and `untagged` apply to enums only",
        );
    }

    let body = match &input.data {
        Data::Struct(s) => {
            let (style, fields) = parse_fields(&s.fields, rename_all, &mut errs);
            Body::Struct(style, fields)
        }
        Data::Enum(e) => {
            let mut variants = Vec::new();
            for v in &e.variants {
                let mut name =
                    rename_all.map_or_else(|| unraw(&v.ident), |c| c.variant(&unraw(&v.ident)));
                let mut aliases = Vec::new();
                let (mut skip_ser, mut skip_de) = (false, false);
                let mut other: Option<Span> = None;
                let mut untagged_variant = false;
                let mut field_case = rename_all_fields.map(|(c, _)| c);
                each_meta(&v.attrs, &mut errs, |meta, errs| {
                    let p = &meta.path;
                    if p.is_ident("rename") {
                        name = meta.value()?.parse::<LitStr>()?.value();
                    } else if p.is_ident("alias") {
                        aliases.push(meta.value()?.parse::<LitStr>()?.value());
                    } else if p.is_ident("skip") {
                        skip_ser = true;
                        skip_de = true;
                    } else if p.is_ident("skip_serializing") {
                        skip_ser = true;
                    } else if p.is_ident("skip_deserializing") {
                        skip_de = true;
                    } else if p.is_ident("untagged") {
                        untagged_variant = true;
                    } else if p.is_ident("other") {
                        other = Some(p.span());
                    } else if p.is_ident("rename_all") {
                        let lit: LitStr = meta.value()?.parse()?;
                        field_case = parse_case(&lit, errs);
                    } else {
                        return Err(unknown(meta, "variant"));
                    }
                    Ok(())
                });
                let (style, fields) = parse_fields(&v.fields, field_case, &mut errs);
                if let Tagging::Internal { .. } = tagging {
                    let with = fields
                        .iter()
                        .any(|f| f.de_with.is_some() || f.ser_with.is_some());
                    if style == Style::Newtype && with && !untagged_variant {
                        errs.at(v.span(), "an internally tagged newtype variant's members sit beside the tag, so its field cannot have a `with` function");
                    }
                    if style == Style::Tuple && !untagged_variant {
                        errs.at(v.span(), "an internally tagged enum (`tag = \"...\"`) cannot hold a tuple variant");
                    }
                }
                if style == Style::Named && fields.iter().any(|f| f.flatten) {
                    errs.at(
                        v.span(),
                        "`flatten` is supported in structs, not in enum variants",
                    );
                }
                if let Some(span) = other {
                    if style != Style::Unit {
                        errs.at(span, "`other` applies to a unit variant only");
                    }
                    if skip_de || untagged_variant {
                        errs.at(
                            span,
                            "an `other` variant cannot be `untagged` or skipped when reading",
                        );
                    }
                }
                variants.push(Variant {
                    ident: v.ident.clone(),
                    other: other.is_some(),
                    other_span: other.unwrap_or_else(Span::call_site),
                    name,
                    aliases,
                    style,
                    fields,
                    skip_ser,
                    skip_de,
                    untagged: untagged_variant,
                    span: v.span(),
                });
            }
            if let Some(v) = variants.iter().filter(|v| v.other).nth(1) {
                errs.at(v.other_span, "only one variant can be `other`");
            }
            if tagging == Tagging::Untagged {
                if let Some(v) = variants.iter().find(|v| v.untagged) {
                    errs.at(
                        v.span,
                        "the enum is `untagged` already; `untagged` on a variant is for tagged enums",
                    );
                }
                if let Some(v) = variants.iter().find(|v| v.other) {
                    errs.at(
                        v.other_span,
                        "`other` needs a variant name to compare, which an `untagged` enum has not",
                    );
                }
            }
            check_unique(
                variants
                    .iter()
                    .filter(|v| !v.skip_de && !v.untagged)
                    .map(|v| (&v.name, &v.aliases, v.span)),
                "variant",
                &mut errs,
            );
            Body::Enum(variants)
        }
        Data::Union(u) => {
            errs.at(u.union_token.span, "structio cannot derive for a union");
            Body::Struct(Style::Unit, Vec::new())
        }
    };
    if let Body::Struct(_, fields) = &body
        && deny_unknown
        && let Some(f) = fields.iter().find(|f| f.flatten)
    {
        errs.at(
            f.flatten_span,
            "`flatten` cannot be combined with `deny_unknown_fields`",
        );
    }
    if !matches!(default, Default::None) && !matches!(body, Body::Struct(Style::Named, _)) {
        errs.at(
            input.ident.span(),
            "a container `default` applies to structs with named fields only",
        );
    }
    if let Some(span) = transparent {
        match &body {
            Body::Struct(Style::Named | Style::Newtype | Style::Tuple, fields) => {
                let live = fields.iter().filter(|f| !(f.skip_ser && f.skip_de)).count();
                if live != 1 {
                    errs.at(
                        span,
                        "`transparent` needs exactly one field that is not skipped",
                    );
                }
            }
            _ => errs.at(span, "`transparent` applies to a struct with one field"),
        }
        if from.is_some() || try_from.is_some() || into.is_some() {
            errs.at(
                span,
                "`transparent` cannot be combined with `from`, `try_from` or `into`",
            );
        }
        if deny_unknown || !matches!(default, Default::None) || rename_all.is_some() {
            errs.at(
                span,
                "`transparent` cannot be combined with `deny_unknown_fields`, `default` or `rename_all`",
            );
        }
    }
    if let (Some(_), Some((_, span))) = (&from, &try_from) {
        errs.at(*span, "`from` and `try_from` cannot both be given");
    }
    match errs.0 {
        Some(e) => Err(e),
        None => Ok(Container {
            ident: input.ident.clone(),
            generics: input.generics.clone(),
            body,
            deny_unknown,
            tagging,
            default,
            krate,
            formats,
            transparent: transparent.is_some(),
            from,
            try_from,
            into,
            read_bound,
            write_bound,
        }),
    }
}

fn parse_default(meta: &syn::meta::ParseNestedMeta<'_>, errs: &mut Errors) -> syn::Result<Default> {
    if meta.input.peek(syn::Token![=]) {
        let lit: LitStr = meta.value()?.parse()?;
        Ok(parse_path(&lit, errs).map_or(Default::Trait, Default::Path))
    } else {
        Ok(Default::Trait)
    }
}

fn parse_fields(fields: &Fields, case: Option<Case>, errs: &mut Errors) -> (Style, Vec<Field>) {
    let style = match fields {
        Fields::Named(_) => Style::Named,
        Fields::Unnamed(u) if u.unnamed.len() == 1 => Style::Newtype,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Unit => Style::Unit,
    };
    let mut out = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let (member, mut name) = match &f.ident {
            Some(id) => {
                let n = unraw(id);
                (
                    Member::Named(id.clone()),
                    case.map_or_else(|| n.clone(), |c| c.field(&n)),
                )
            }
            None => (Member::Unnamed(i.into()), i.to_string()),
        };
        let mut field = Field {
            member,
            ty: f.ty.clone(),
            name: String::new(),
            aliases: Vec::new(),
            skip_ser: false,
            skip_de: false,
            skip_ser_if: None,
            default: Default::None,
            flatten: false,
            serde: false,
            de_with: None,
            ser_with: None,
            span: f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span),
            name_span: f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span),
            flatten_span: Span::call_site(),
        };
        each_meta(&f.attrs, errs, |meta, errs| {
            let p = &meta.path;
            let named_only = |what: &str| {
                if style == Style::Named {
                    Ok(())
                } else {
                    Err(meta.error(format!("`{what}` applies to named fields only")))
                }
            };
            if p.is_ident("rename") {
                named_only("rename")?;
                let lit = meta.value()?.parse::<LitStr>()?;
                name = lit.value();
                field.name_span = lit.span();
            } else if p.is_ident("alias") {
                named_only("alias")?;
                field.aliases.push(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("skip") {
                field.skip_ser = true;
                field.skip_de = true;
            } else if p.is_ident("skip_serializing") {
                field.skip_ser = true;
            } else if p.is_ident("skip_deserializing") {
                field.skip_de = true;
            } else if p.is_ident("skip_serializing_if") {
                named_only("skip_serializing_if")?;
                let lit: LitStr = meta.value()?.parse()?;
                field.skip_ser_if = parse_path(&lit, errs);
            } else if p.is_ident("default") {
                field.default = parse_default(meta, errs)?;
            } else if p.is_ident("flatten") {
                named_only("flatten")?;
                field.flatten = true;
                field.flatten_span = p.span();
            } else if p.is_ident("serde") {
                named_only("serde")?;
                field.serde = true;
            } else if p.is_ident("with") {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(m) = parse_path(&lit, errs) {
                    let (mut rd, mut wr) = (m.clone(), m);
                    rd.segments.push(Ident::new("read", lit.span()).into());
                    wr.segments.push(Ident::new("write", lit.span()).into());
                    set_with(&mut field.de_with, rd, &lit, errs);
                    set_with(&mut field.ser_with, wr, &lit, errs);
                }
            } else if p.is_ident("deserialize_with") {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(path) = parse_path(&lit, errs) {
                    set_with(&mut field.de_with, path, &lit, errs);
                }
            } else if p.is_ident("serialize_with") {
                let lit: LitStr = meta.value()?.parse()?;
                if let Some(path) = parse_path(&lit, errs) {
                    set_with(&mut field.ser_with, path, &lit, errs);
                }
            } else {
                return Err(unknown(meta, "field"));
            }
            Ok(())
        });
        if (field.de_with.is_some() || field.ser_with.is_some()) && (field.flatten || field.serde) {
            errs.at(
                field.span,
                "a `with` field cannot also be `flatten` or `serde`",
            );
        }
        if field.flatten && field.serde {
            errs.at(
                field.flatten_span,
                "a `flatten` field cannot also be `serde`",
            );
        }
        if (field.skip_ser || field.skip_de) && style != Style::Named {
            errs.at(field.span, "`skip` applies to named fields only");
        }
        if field.flatten && (field.skip_ser || field.skip_de) {
            errs.at(field.span, "a `flatten` field cannot be skipped");
        }
        field.name = name;
        out.push(field);
    }
    if style == Style::Named {
        check_unique(
            out.iter()
                .filter(|f| !(f.flatten || f.skip_ser && f.skip_de))
                .map(|f| (&f.name, &f.aliases, f.name_span)),
            "field",
            errs,
        );
    }
    (style, out)
}

/// Sets a field's `with` function once: `with` and `deserialize_with` (or `serialize_with`)
/// together name two functions for one job.
fn set_with(slot: &mut Option<Path>, path: Path, lit: &LitStr, errs: &mut Errors) {
    if slot.is_some() {
        errs.at(
            lit.span(),
            "this field already has a function for this direction (`with` sets both `deserialize_with` and `serialize_with`)",
        );
    } else {
        *slot = Some(path);
    }
}

/// Two members with one key would make the table ambiguous.
fn check_unique<'a>(
    items: impl Iterator<Item = (&'a String, &'a Vec<String>, Span)>,
    what: &str,
    errs: &mut Errors,
) {
    let mut seen: Vec<&str> = Vec::new();
    for (name, aliases, span) in items {
        for k in core::iter::once(name).chain(aliases) {
            if seen.contains(&k.as_str()) {
                errs.at(span, format!("two {what}s use the key `{k}`"));
            } else {
                seen.push(k);
            }
        }
    }
}
