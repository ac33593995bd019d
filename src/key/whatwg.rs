//! The `whatwg` profile: the URL Standard's serialization of a URL (url.bs "URL serializing"),
//! by which two URLs are equal (url.bs "URL equivalence": "Return true if A, serialized with
//! exclude fragments set to B's value, is B, serialized with exclude fragments"), with or
//! without its fragment ("exclude fragments").
//!
//! A common URL is serialized without the parser (`crate::fast_path::serialize`); every other
//! record goes through the parser (ada, url.bs "URL parsing"), which refuses what is no URL.

use crate::check::Problem;

/// Appends the URL Standard's serialization of `record` to `out`, without its fragment where
/// `exclude_fragment`; why not, where the parser refuses it (and `out` is as it was).
pub(super) fn key(record: &[u8], exclude_fragment: bool, out: &mut Vec<u8>) -> Result<(), Problem> {
    let start = out.len();
    if let Some(serialized) = crate::fast_path::serialize(record, out) {
        if exclude_fragment && let Some(fragment) = serialized.fragment {
            // The `#` before it goes too (url.bs "URL serializing", step 8).
            out.truncate(start + fragment.start - 1);
        }
        return Ok(());
    }
    let url = crate::parse::parse_whatwg(record, None)?;
    let href = url.href().as_bytes();
    let end = match (exclude_fragment, url.components().hash_start) {
        (true, Some(hash)) => hash as usize,
        _ => href.len(),
    };
    out.extend_from_slice(&href[..end]);
    Ok(())
}
