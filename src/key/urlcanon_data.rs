//! urlcanon's test data (`tests/data/canon/urlcanon_surt.json`, `urlcanon_ssurt.json`;
//! provenance in `tests/data/PROVENANCE.md`) for the unit tests of the `surt` and `ssurt`
//! profiles' steps: a section's cases, each an input and what urlcanon expects of it.

/// The cases of the section `name` of `json` (one of the files' text).
pub(super) fn section(json: &str, name: &str) -> Vec<(String, String)> {
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    data[name]
        .as_object()
        .unwrap()
        .iter()
        .map(|(input, expected)| (input.clone(), expected.as_str().unwrap().to_owned()))
        .collect()
}
