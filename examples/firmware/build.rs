//! A `no_std` binary on a hosted target still needs the C library for its entry (`main` is
//! called by the C runtime) and for `memcpy`/`memset`, which a firmware image gets from its
//! own runtime. rustc links with `-nodefaultlibs`, so name libc here.
fn main() {
    println!("cargo:rustc-link-lib=c");
}
