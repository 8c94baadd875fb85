//! Compiles the C++ Glaze harness (`baseline/glaze_harness.cpp`) into a static library linked into
//! this crate, when the `glaze` feature is on and `STRUCTIO_GLAZE_DIR` names a Glaze checkout, and
//! then sets `cfg(structio_glaze)`. Otherwise it builds nothing: `cargo xtask bench` and
//! `cargo test --workspace` never need a C++ compiler or a Glaze checkout.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(structio_glaze)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=baseline/glaze_harness.cpp");
    println!("cargo::rerun-if-env-changed=STRUCTIO_GLAZE_DIR");
    println!("cargo::rerun-if-env-changed=STRUCTIO_GLAZE_CXX");
    #[cfg(feature = "glaze")]
    glaze::build();
}

#[cfg(feature = "glaze")]
mod glaze {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The compiler Glaze 8.1 is known to build with (it needs C++23 and libc++'s `<format>`).
    const DEFAULT_CXX: &str = "clang++-19";

    pub fn build() {
        let Some(dir) = std::env::var_os("STRUCTIO_GLAZE_DIR") else {
            println!(
                "cargo::warning=the glaze feature is on but STRUCTIO_GLAZE_DIR is unset: Glaze is \
                 not built in (`cargo xtask glaze --glaze-dir DIR` sets it)"
            );
            return;
        };
        let include = PathBuf::from(dir).join("include");
        let header = include.join("glaze/glaze.hpp");
        assert!(
            header.is_file(),
            "STRUCTIO_GLAZE_DIR: no Glaze there (expected {})",
            header.display()
        );
        let cxx = std::env::var("STRUCTIO_GLAZE_CXX").unwrap_or_else(|_| DEFAULT_CXX.into());
        cc::Build::new()
            .cpp(true)
            .compiler(&cxx)
            .file("baseline/glaze_harness.cpp")
            .include(&include)
            .flag("-std=c++23")
            .flag("-stdlib=libc++")
            // The Rust side is built with target-cpu=native (xtask), so the C++ side is too.
            .flag("-march=native")
            .flag("-Wno-invalid-feature-combination")
            // The linker places the harness after structio's code, at an offset that moves with
            // every change to the Rust side; starting each function on a 64-byte line keeps the
            // alignment of Glaze's inlined loops, and so its speed, the same from build to build.
            .flag("-falign-functions=64")
            .define("NDEBUG", None)
            .opt_level(3)
            .debug(false)
            .cpp_link_stdlib(None)
            .compile("glaze_harness");
        // libc++ is linked statically: its shared library lives in LLVM's own directory, which
        // the loader does not search.
        for lib in ["c++", "c++abi"] {
            let dir = lib_dir(&cxx, &format!("lib{lib}.a"));
            println!("cargo::rustc-link-search=native={}", dir.display());
            println!("cargo::rustc-link-lib=static={lib}");
        }
        println!("cargo::rustc-cfg=structio_glaze");
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
