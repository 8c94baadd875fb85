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

/// What the user's manifest depends on: (structio-json, structio-beve, structio,
/// structio-cbor).
type Deps = (bool, bool, bool, bool);

/// The last manifest read, so that a crate deriving for many types reads it once.
static CACHE: Mutex<Option<(String, Deps)>> = Mutex::new(None);

/// True if a line of a manifest names the dependency `name` as a key or a table.
fn names_dep(line: &str, name: &str) -> bool {
    let line = line.trim_start();
    let line = line.strip_prefix('"').unwrap_or(line);
    if let Some(rest) = line.strip_prefix(name) {
        return rest.starts_with([' ', '\t', '=', '.', '"']);
    }
    if let Some(i) = line.find("dependencies.") {
        let rest = &line[i + "dependencies.".len()..];
        let rest = rest.strip_prefix('"').unwrap_or(rest);
        if let Some(after) = rest.strip_prefix(name) {
            return after.starts_with([']', '"', '.']);
        }
    }
    false
}

fn scan(manifest: &str) -> Deps {
    let mut deps = (false, false, false, false);
    for line in manifest.lines() {
        deps.0 |= names_dep(line, "structio-json");
        deps.1 |= names_dep(line, "structio-beve");
        deps.2 |= names_dep(line, "structio");
        deps.3 |= names_dep(line, "structio-cbor");
    }
    deps
}

fn user_deps() -> Deps {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((d, deps)) = &*cache {
        if *d == dir {
            return *deps;
        }
    }
    let text =
        std::fs::read_to_string(std::path::Path::new(&dir).join("Cargo.toml")).unwrap_or_default();
    let deps = scan(&text);
    *cache = Some((dir, deps));
    deps
}

/// The path of the runtime crate for `format`: the package itself for its own tests, the
/// crate named directly if the user depends on it, otherwise the facade's module.
pub(crate) fn runtime_path(format: Format) -> TokenStream {
    let pkg = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let (json, beve, facade, cbor) = user_deps();
    let direct = match format {
        Format::Json => json,
        Format::Beve => beve,
        Format::Cbor => cbor,
    };
    let facade_pkg = pkg == "structio";
    if pkg == format.package() || (direct && !facade_pkg) || !(facade || facade_pkg) {
        match format {
            Format::Json => quote!(::structio_json),
            Format::Beve => quote!(::structio_beve),
            Format::Cbor => quote!(::structio_cbor),
        }
    } else {
        match format {
            Format::Json => quote!(::structio::json),
            Format::Beve => quote!(::structio::beve),
            Format::Cbor => quote!(::structio::cbor),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_dependency_keys() {
        let m = "[dependencies]\nstructio-json = { version = \"0.1\" }\nserde = \"1\"\n";
        assert_eq!(scan(m), (true, false, false, false));
        let m = "[dependencies]\nstructio.workspace = true\n";
        assert_eq!(scan(m), (false, false, true, false));
        let m = "[dependencies.structio-beve]\nversion = \"0.1\"\n";
        assert_eq!(scan(m), (false, true, false, false));
        let m = "[dependencies]\nstructio-num = \"0.1\"\nstructiox = \"1\"\n";
        assert_eq!(scan(m), (false, false, false, false));
        let m = "[dev-dependencies]\nstructio-cbor = { path = \"x\" }\n";
        assert_eq!(scan(m), (false, false, false, true));
    }
}
