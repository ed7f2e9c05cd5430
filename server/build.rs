//! Rebuilds the server when the embedded web client or the migrations change
//! (cargo then scans these directories, new files included).

fn main() {
    println!("cargo:rerun-if-changed=../web-client");
    println!("cargo:rerun-if-changed=../migrations");
}
