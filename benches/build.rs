//! Compiles the C++ peers' harnesses into static libraries linked into this crate, each only when
//! its feature is on and its environment variable names a checkout:
//!
//! - `glaze` and `STRUCTIO_GLAZE_DIR`: `baseline/glaze_harness.cpp`, then `cfg(structio_glaze)`;
//! - `cpp-peers` and `STRUCTIO_SIMDJSON_DIR`: `baseline/simdjson_harness.cpp` with simdjson's
//!   amalgamation, then `cfg(structio_simdjson)`;
//! - `cpp-peers` and `STRUCTIO_YYJSON_DIR`: `baseline/yyjson_harness.c` with `src/yyjson.c`, then
//!   `cfg(structio_yyjson)`.
//!
//! All are built by `STRUCTIO_GLAZE_CXX` (clang++-19 by default; yyjson by the matching C
//! compiler) against libc++, linked statically once. Otherwise it builds nothing:
//! `cargo xtask bench` and `cargo test --workspace` never need a C++ compiler or a checkout.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(structio_glaze)");
    println!("cargo::rustc-check-cfg=cfg(structio_simdjson)");
    println!("cargo::rustc-check-cfg=cfg(structio_yyjson)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=baseline/glaze_harness.cpp");
    println!("cargo::rerun-if-changed=baseline/simdjson_harness.cpp");
    println!("cargo::rerun-if-changed=baseline/yyjson_harness.c");
    println!("cargo::rerun-if-env-changed=STRUCTIO_GLAZE_DIR");
    println!("cargo::rerun-if-env-changed=STRUCTIO_SIMDJSON_DIR");
    println!("cargo::rerun-if-env-changed=STRUCTIO_YYJSON_DIR");
    println!("cargo::rerun-if-env-changed=STRUCTIO_GLAZE_CXX");
    #[cfg(any(feature = "glaze", feature = "cpp-peers"))]
    {
        #[allow(unused_mut)]
        let mut cxx_built = false;
        #[cfg(feature = "glaze")]
        {
            cxx_built |= glaze::build();
        }
        #[cfg(feature = "cpp-peers")]
        {
            cxx_built |= peers::build_simdjson();
            peers::build_yyjson();
        }
        if cxx_built {
            glaze::link_libcxx(&glaze::cxx());
        }
    }
}

/// simdjson and yyjson (the `cpp-peers` feature).
#[cfg(feature = "cpp-peers")]
mod peers {
    use std::path::PathBuf;

    /// Compiles the simdjson harness when `STRUCTIO_SIMDJSON_DIR` is set; whether it did.
    pub fn build_simdjson() -> bool {
        let Some(dir) = std::env::var_os("STRUCTIO_SIMDJSON_DIR").map(PathBuf::from) else {
            return false;
        };
        // A release's amalgamation, or the sources it is generated from.
        let single = dir.join("singleheader");
        let (include, source) = if single.join("simdjson.h").is_file() {
            (vec![single.clone()], single.join("simdjson.cpp"))
        } else {
            (
                vec![dir.join("include"), dir.join("src")],
                dir.join("src/simdjson.cpp"),
            )
        };
        assert!(
            source.is_file(),
            "STRUCTIO_SIMDJSON_DIR: no simdjson there (expected singleheader/simdjson.{{h,cpp}} or src/simdjson.cpp)"
        );
        let mut b = super::glaze::cxx_build();
        b.file("baseline/simdjson_harness.cpp")
            .file(&source)
            .flag("-std=c++20");
        for i in include {
            b.include(i);
        }
        b.compile("simdjson_harness");
        println!("cargo::rustc-cfg=structio_simdjson");
        true
    }

    /// Compiles the yyjson harness when `STRUCTIO_YYJSON_DIR` is set.
    pub fn build_yyjson() {
        let Some(dir) = std::env::var_os("STRUCTIO_YYJSON_DIR").map(PathBuf::from) else {
            return;
        };
        let src = dir.join("src");
        assert!(
            src.join("yyjson.c").is_file(),
            "STRUCTIO_YYJSON_DIR: no yyjson there (expected src/yyjson.c)"
        );
        // The C compiler that goes with the C++ one, so both sides share one optimiser.
        let cxx = super::glaze::cxx();
        let cc = if cxx.contains("clang++") {
            cxx.replace("clang++", "clang")
        } else if cxx.contains("g++") {
            cxx.replace("g++", "gcc")
        } else {
            "cc".into()
        };
        cc::Build::new()
            .compiler(&cc)
            .file("baseline/yyjson_harness.c")
            .file(src.join("yyjson.c"))
            .include(&src)
            .flag("-march=native")
            .flag("-Wno-invalid-feature-combination")
            .flag("-falign-functions=64")
            .define("NDEBUG", None)
            .opt_level(3)
            .debug(false)
            .compile("yyjson_harness");
        println!("cargo::rustc-cfg=structio_yyjson");
    }
}

#[cfg(any(feature = "glaze", feature = "cpp-peers"))]
mod glaze {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The compiler Glaze 8.1 is known to build with (it needs C++23 and libc++'s `<format>`).
    const DEFAULT_CXX: &str = "clang++-19";

    /// The C++ compiler every harness is built with.
    pub fn cxx() -> String {
        std::env::var("STRUCTIO_GLAZE_CXX").unwrap_or_else(|_| DEFAULT_CXX.into())
    }

    /// A C++ build with the flags every harness shares.
    pub fn cxx_build() -> cc::Build {
        let mut b = cc::Build::new();
        b.cpp(true)
            .compiler(cxx())
            .flag("-stdlib=libc++")
            // The Rust side is built with target-cpu=native (xtask), so the C++ side is too.
            .flag("-march=native")
            .flag("-Wno-invalid-feature-combination")
            // The linker places the harness after structio's code, at an offset that moves with
            // every change to the Rust side; starting each function on a 64-byte line keeps the
            // alignment of the peers' inlined loops, and so their speed, the same from build to
            // build.
            .flag("-falign-functions=64")
            .define("NDEBUG", None)
            .opt_level(3)
            .debug(false)
            .cpp_link_stdlib(None);
        b
    }

    /// Compiles the Glaze harness when `STRUCTIO_GLAZE_DIR` is set; whether it did.
    #[cfg(feature = "glaze")]
    pub fn build() -> bool {
        let Some(dir) = std::env::var_os("STRUCTIO_GLAZE_DIR") else {
            println!(
                "cargo::warning=the glaze feature is on but STRUCTIO_GLAZE_DIR is unset: Glaze is \
                 not built in (`cargo xtask glaze --glaze-dir DIR` sets it)"
            );
            return false;
        };
        let include = PathBuf::from(dir).join("include");
        let header = include.join("glaze/glaze.hpp");
        assert!(
            header.is_file(),
            "STRUCTIO_GLAZE_DIR: no Glaze there (expected {})",
            header.display()
        );
        cxx_build()
            .file("baseline/glaze_harness.cpp")
            .include(&include)
            .flag("-std=c++23")
            .compile("glaze_harness");
        println!("cargo::rustc-cfg=structio_glaze");
        true
    }

    /// Links libc++ statically, once for every C++ harness: its shared library lives in LLVM's
    /// own directory, which the loader does not search.
    pub fn link_libcxx(cxx: &str) {
        for lib in ["c++", "c++abi"] {
            let dir = lib_dir(cxx, &format!("lib{lib}.a"));
            println!("cargo::rustc-link-search=native={}", dir.display());
            println!("cargo::rustc-link-lib=static={lib}");
        }
        println!("cargo::rustc-env=STRUCTIO_GLAZE_CXX={cxx}");
    }

    /// The directory holding `file` as the compiler resolves it.
    fn lib_dir(cxx: &str, file: &str) -> PathBuf {
        let out = Command::new(cxx)
            .args(["-stdlib=libc++", &format!("-print-file-name={file}")])
            .output()
            .unwrap_or_else(|e| panic!("running {cxx}: {e}"));
        let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        assert!(
            path.is_absolute() && path.is_file(),
            "{cxx} does not find {file}: install libc++ (apt-get install libc++-19-dev libc++abi-19-dev)"
        );
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    }
}
