//! `edit`: URLs put together (parts set, query pairs edited, references resolved), held to
//! trurl's cases that edit (`trurl.rs`).

mod trurl;
