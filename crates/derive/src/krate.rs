//! Finding the runtime crate from the user's crate: `structio-json` (`-beve`, `-cbor`)
//! directly, or through the `structio` facade. The macro reads the user's `Cargo.toml` (no TOML parser: it only needs to
//! know which dependency keys appear).

use proc_macro2::TokenStream;
use quote::quote;
use std::sync::Mutex;

/// Which format's runtime crate to name.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Format {
    Json,
    Beve,
    Cbor,
}

impl Format {
    fn package(self) -> &'static str {
        match self {
            Format::Json => "structio-json",
            Format::Beve => "structio-beve",
            Format::Cbor => "structio-cbor",
        }
    }
}

/// The crate names under which the user's manifest depends on each runtime crate: the
/// dependency's key as Rust spells it (`structio_json`, or `sio` for a dependency renamed
/// `sio = { package = "structio", ... }`).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
struct Deps {
    json: Option<String>,
    beve: Option<String>,
    facade: Option<String>,
    cbor: Option<String>,
}

impl Deps {
    /// Notes that the dependency `key` is the package `package`; the first key wins.
    fn record(&mut self, key: &str, package: &str) {
        let slot = match package {
            "structio-json" => &mut self.json,
            "structio-beve" => &mut self.beve,
            "structio" => &mut self.facade,
            "structio-cbor" => &mut self.cbor,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some(key.replace('-', "_"));
        }
    }
}

/// The last manifest read, so that a crate deriving for many types reads it once.
static CACHE: Mutex<Option<(String, Deps)>> = Mutex::new(None);

/// The key a manifest line starts with (`name = ...`, `name.workspace = true`, `"name" = ...`).
fn line_key(line: &str) -> Option<&str> {
    let line = line.strip_prefix('"').unwrap_or(line);
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(line.len());
    let (key, rest) = line.split_at(end);
    (!key.is_empty() && (rest.is_empty() || rest.starts_with([' ', '\t', '=', '.', '"'])))
        .then_some(key)
}

/// The value of a `package = "..."` on the line, if there is one.
fn package_of(line: &str) -> Option<&str> {
    let mut rest = line;
    while let Some(i) = rest.find("package") {
        let after = rest[i + "package".len()..].trim_start();
        if let Some(v) = after.strip_prefix('=') {
            let v = v.trim_start().strip_prefix('"')?;
            return v.find('"').map(|end| &v[..end]);
        }
        rest = &rest[i + "package".len()..];
    }
    None
}

/// The key of a `[dependencies.key]` table header (any kind of dependencies).
fn table_key(header: &str) -> Option<&str> {
    let i = header.find("dependencies.")?;
    let rest = &header[i + "dependencies.".len()..];
    let rest = rest.strip_prefix('"').unwrap_or(rest);
    let end = rest.find([']', '"', '.']).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

fn scan(manifest: &str) -> Deps {
    let mut deps = Deps::default();
    // Inside a `[dependencies.key]` table: its key, whose `package = "..."` may follow.
    let mut table: Option<&str> = None;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            table = table_key(line);
            if let Some(k) = table {
                deps.record(k, k);
            }
            continue;
        }
        if let Some(k) = table {
            if line.starts_with("package")
                && let Some(p) = package_of(line)
            {
                deps.record(k, p);
            }
            continue;
        }
        if let Some(k) = line_key(line) {
            deps.record(k, package_of(line).unwrap_or(k));
        }
    }
    deps
}

fn user_deps() -> Deps {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((d, deps)) = &*cache
        && *d == dir
    {
        return deps.clone();
    }
    let text =
        std::fs::read_to_string(std::path::Path::new(&dir).join("Cargo.toml")).unwrap_or_default();
    let deps = scan(&text);
    *cache = Some((dir, deps.clone()));
    deps
}

/// `::name`, if the manifest's key is an identifier.
fn crate_path(name: &str) -> Option<TokenStream> {
    let id: syn::Ident = syn::parse_str(name).ok()?;
    Some(quote!(::#id))
}

/// The path of the runtime crate for `format`: the package itself for its own tests, the
/// crate named directly if the user depends on it (under its own name or a renamed key),
/// otherwise the facade's module (under the facade's key).
pub(crate) fn runtime_path(format: Format) -> TokenStream {
    let pkg = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let deps = user_deps();
    let own = match format {
        Format::Json => quote!(::structio_json),
        Format::Beve => quote!(::structio_beve),
        Format::Cbor => quote!(::structio_cbor),
    };
    if pkg == format.package() {
        return own;
    }
    let module = match format {
        Format::Json => quote!(json),
        Format::Beve => quote!(beve),
        Format::Cbor => quote!(cbor),
    };
    if pkg == "structio" {
        return quote!(::structio::#module);
    }
    let direct = match format {
        Format::Json => &deps.json,
        Format::Beve => &deps.beve,
        Format::Cbor => &deps.cbor,
    };
    if let Some(p) = direct.as_deref().and_then(crate_path) {
        return p;
    }
    if let Some(p) = deps.facade.as_deref().and_then(crate_path) {
        return quote!(#p::#module);
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(d: &Deps) -> [Option<&str>; 4] {
        [
            d.json.as_deref(),
            d.beve.as_deref(),
            d.facade.as_deref(),
            d.cbor.as_deref(),
        ]
    }

    #[test]
    fn finds_dependency_keys() {
        let m = "[dependencies]\nstructio-json = { version = \"0.1\" }\nserde = \"1\"\n";
        assert_eq!(names(&scan(m)), [Some("structio_json"), None, None, None]);
        let m = "[dependencies]\nstructio.workspace = true\n";
        assert_eq!(names(&scan(m)), [None, None, Some("structio"), None]);
        let m = "[dependencies.structio-beve]\nversion = \"0.1\"\n";
        assert_eq!(names(&scan(m)), [None, Some("structio_beve"), None, None]);
        let m = "[dependencies]\nstructio-num = \"0.1\"\nstructiox = \"1\"\n";
        assert_eq!(names(&scan(m)), [None, None, None, None]);
        let m = "[dev-dependencies]\nstructio-cbor = { path = \"x\" }\n";
        assert_eq!(names(&scan(m)), [None, None, None, Some("structio_cbor")]);
    }

    #[test]
    fn finds_renamed_dependencies() {
        let m = "[dependencies]\nsio = { package = \"structio\", version = \"0.1\" }\n";
        assert_eq!(names(&scan(m)), [None, None, Some("sio"), None]);
        let m = "[dependencies]\njs = { version = \"0.1\", package=\"structio-json\" }\n";
        assert_eq!(names(&scan(m)), [Some("js"), None, None, None]);
        let m = "[dependencies.fast-beve]\npackage = \"structio-beve\"\nversion = \"0.1\"\n\n[features]\nx = []\n";
        assert_eq!(names(&scan(m)), [None, Some("fast_beve"), None, None]);
        // A table's other keys are not dependencies.
        let m = "[dependencies.other]\nstructio = \"1\"\n";
        assert_eq!(names(&scan(m)), [None, None, None, None]);
        // Not a package key: `package` inside another word or without a value.
        let m = "[dependencies]\nmypackage = { path = \"structio\" }\n";
        assert_eq!(names(&scan(m)), [None, None, None, None]);
    }
}
