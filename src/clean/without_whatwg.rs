//! What `clean` takes from the WHATWG URL Standard, in a library built without the `whatwg`
//! feature (and so without the parser, ada): the same items as with it, each saying that the
//! parser is needed (or, for a report's suggestion, giving none). With no parser there is no
//! serialization to take (url.bs "URL serializing") and no host parser to take a host's ASCII
//! form from (url.bs "host parsing").

use super::*;

/// Where a host was replaced by its ASCII form: never, without the parser.
pub(super) enum HostSwap {}

impl HostSwap {
    /// The offset in the record as it came of `offset`: there is no swap to move it.
    pub(super) fn input_offset(&self, _: usize) -> usize {
        match *self {}
    }
}

/// The record with its host in ASCII form (`--idna`): a problem, for want of the host parser.
pub(super) fn to_ascii_host(_: &[u8]) -> Result<Option<(Vec<u8>, HostSwap)>, Problem> {
    Err(check::parser_missing(check::without_whatwg!(
        "to convert a host to its ASCII form (IDNA)"
    )))
}

/// The fast path for a URL's serialization: not taken, so that [`whatwg`] says why.
pub(super) fn serialize_common_url(_: &[u8], _: &mut Vec<u8>) -> bool {
    false
}

/// The records that are their own serialization: none is said to be, without the parser.
pub(super) fn run_of_own_serializations(_: &[u8], _: u8, _: &mut Stop) -> Run {
    Run::default()
}

/// The record a run of own serializations stopped at: there is no run to stop.
#[derive(Clone, Debug, Default)]
pub(super) struct Stop;

impl Stop {
    /// Writes nothing: there is no stop.
    pub(super) fn serialize(&mut self, _: &[u8], _: &mut Vec<u8>) -> bool {
        false
    }
}

/// No suggestion under the URL Standard, for want of the parser.
pub(super) fn suggestion(_: &[u8]) -> Option<Vec<u8>> {
    None
}

/// What a browser sends: a problem, for want of the parser whose serialization it is.
pub(super) fn whatwg(_: &[u8], _: &Options, _: &mut Vec<u8>) -> Result<(), Problem> {
    Err(check::parser_missing(check::without_whatwg!(
        "to clean under the URL Standard"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under the URL Standard, and with IDNA under any standard, the problem names the missing
    /// feature, and `out` is left as it was.
    #[test]
    fn says_the_parser_is_missing() {
        let idna = Options {
            idna: true,
            ..Options::new(Standard::Rfc3986)
        };
        for options in [Options::new(Standard::Whatwg), idna] {
            let mut out = b"kept".to_vec();
            let problem = clean(b"http://example.com/a b", &options, &mut out).unwrap_err();
            assert!(
                problem
                    .message
                    .starts_with("uriesc was built without the `whatwg` feature")
            );
            assert_eq!(out, b"kept");
        }
    }
}
