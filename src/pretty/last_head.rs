//! The head (`scheme://authority`) `pretty-print` showed last in a batch of records, kept so
//! that the records of one site after it are shown without deciding their host again (RFC
//! 3986 §3.2: the authority ends at the first `/`, `?` or `#`).

use super::escape::decode_from;
use super::idn::Reason;

/// The `scheme://authority` of a record whose host was decided, as it came and as it was
/// shown, and why its host is shown in ASCII: a list of URLs of one site repeats it, and each
/// record that starts with it, followed by `/`, `?` or `#`, is shown with it as it was. (Every
/// decision in a head reads only the head and the delimiter after it: an escape's lookahead
/// ends at the first byte that is not a scheme character, `%`, a space or a control, and the
/// host is decided alone.)
#[derive(Default)]
pub(super) struct LastHead {
    sent: Vec<u8>,
    shown: Vec<u8>,
    reason: Option<Reason>,
}

impl LastHead {
    /// The longest head kept.
    pub(super) const LONGEST: usize = 1024;

    /// Whether `value` starts with this head, a delimiter after it.
    pub(super) fn starts(&self, value: &[u8]) -> bool {
        let len = self.sent.len();
        len > 0
            && value.starts_with(&self.sent)
            && matches!(value.get(len), Some(b'/' | b'?' | b'#'))
    }

    /// Appends `value`, which [`LastHead::starts`] with this head, as shown; why its host is
    /// shown in ASCII, if it is.
    pub(super) fn show(&self, value: &[u8], out: &mut Vec<u8>) -> Option<Reason> {
        out.extend_from_slice(&self.shown);
        decode_from(value, self.sent.len(), value.len(), out);
        self.reason.clone()
    }

    /// Keeps `sent`, the head of a record, shown as `shown`, for `reason`.
    pub(super) fn keep(&mut self, sent: &[u8], shown: &[u8], reason: &Option<Reason>) {
        self.sent.clear();
        self.sent.extend_from_slice(sent);
        self.shown.clear();
        self.shown.extend_from_slice(shown);
        self.reason.clone_from(reason);
    }
}
