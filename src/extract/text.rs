//! URLs in plain text: where one begins (a scheme, RFC 3986 §3.1) and where it ends (RFC 3986
//! Appendix C, "Delimiting a URI in Context"), read a piece at a time.
//!
//! The rules, each with its source:
//!
//! * A URL begins at a scheme (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`, `.`;
//!   in text, after the last `.`: `e.g.http://…`) followed by `:` and `//` and one more
//!   character of the URL; or at a scheme of
//!   [`AUTHORITYLESS`] followed by `:` and one character. The scheme is not glued to a letter
//!   or digit before it (`xhttp://` is no URL; `(http://` is). A scheme of more than
//!   [`MAX_SCHEME`] characters is not looked for.
//! * It ends where Appendix C says URIs are delimited in context: at whitespace, `<`, `>`
//!   and `"`; also at `|` (no URI character), at a control character, at `` ` `` (no URI holds one: RFC 3986 §2; Markdown
//!   and prose quote with it), at a byte that is not UTF-8, and at a character beyond ASCII
//!   that no IRI holds in running text ([`ends_url`]: Unicode spaces, bidi controls, RFC 3987
//!   §4.1) or that is CJK or full-width punctuation (`。`, `、`, `「`, `（`: the ends of
//!   sentences and quotes in Chinese and Japanese text).
//! * A closing `)`, `]` or `}` with no opener of its kind before it in the URL ends it
//!   (`(see http://a.example/x)`), a balanced one is part of it (`…/Foo_(band)`).
//! * The trailing punctuation of prose, `.` `,` `:` `;` `!` `?` `*`, an opener with nothing
//!   after it and a `'` that closes no quote of the URL's own, is not part of it (`See
//!   http://a.example/x.`); inside `<…>` it is (Appendix C: the brackets delimit).
//! * Inside `<…>`, a URL broken over lines is joined (Appendix C: "strip both delimiters and
//!   embedded whitespace"): the whitespace between its pieces goes, where each break holds a
//!   line ending and the `>` comes within [`JOIN_LIMIT`] bytes.
//!
//! With `schemeless`, also a host with no scheme before it (`schemeless.rs`): a domain name
//! whose public suffix is on the built-in Public Suffix List with a label before it
//! (`golang.org`, `www.example.com`, `example.com/a`; not a file name such as `main.rs`) or
//! an IPv4 address, with an optional port and path.
//!
//! With `emails`, addresses too: the GitHub Flavored Markdown spec's "extended email
//! autolink" rule (`local@domain`, the local part of `[A-Za-z0-9.+_-]`, the domain of
//! `[A-Za-z0-9._-]` with at least one `.`, not ending in `-` or `_`).
//!
//! Memory: the text since the last place a URL could begin ([`MAX_SCHEME`] bytes), or the URL
//! being read: it grows with the longest URL, not with the line.

use super::candidates;
use super::delimit::{End, glued, is_local_byte, trim_prose, url_byte_starts, url_end};
use super::lines::Lines;
use super::schemeless::{MAX_DOMAIN, Schemeless, schemeless};
use super::{Found, Kind};

pub use super::candidates::AUTHORITYLESS;
pub use super::delimit::ends_url;

/// The longest scheme looked for (RFC 3986 sets no limit; the longest registered with IANA
/// is under 40 characters).
pub const MAX_SCHEME: usize = 64;

/// How far past the end of a line a URL inside `<…>` is looked for to be joined.
pub const JOIN_LIMIT: usize = 4096;

/// What is kept of the text before where the next URL is looked for: a scheme's, an
/// address's local part or a domain name's length, and the character before it.
const LOOKBACK: usize = MAX_DOMAIN + 8;

/// The longest local part of an address (RFC 5321 §4.5.3.1.1).
const MAX_LOCAL: usize = 64;

/// Finds the URLs of a text given a piece at a time ([`Text::piece`], then [`Text::end`]).
#[derive(Debug, Default)]
pub struct Text {
    emails: bool,
    schemeless: bool,
    /// The text held: what follows the bytes already let go.
    buf: Vec<u8>,
    /// The offset in the document of `buf[0]`.
    base: u64,
    /// Where in `buf` to look on for a URL's start.
    pos: usize,
    /// No URL begins before this (the end of the last one found).
    floor: usize,
    /// A URL whose end is not yet in `buf`.
    pending: Option<Pending>,
    lines: Lines,
    /// A URL joined from its pieces (inside `<…>`).
    joined: Vec<u8>,
}

/// A URL begun, and how far its end was looked for.
#[derive(Clone, Copy, Debug)]
struct Pending {
    start: usize,
    kind: Kind,
    /// Where its text after the scheme begins (it must not be empty).
    body: usize,
    /// The next byte to look at.
    at: usize,
    /// Openers of `(`, `[`, `{` not yet closed.
    depth: [u32; 3],
}

impl Text {
    /// A finder of URLs, and of addresses too with `emails`.
    pub fn new(emails: bool) -> Text {
        Text {
            emails,
            ..Text::default()
        }
    }

    /// This finder, finding domain names with no scheme too (`www.example.com`,
    /// `example.com/a`).
    pub fn schemeless(self, schemeless: bool) -> Text {
        Text { schemeless, ..self }
    }

    /// The next piece of the text: `found` is given each URL that ends in it.
    pub fn piece(&mut self, piece: &[u8], found: &mut dyn FnMut(&Found<'_>)) {
        self.buf.extend_from_slice(piece);
        self.run(false, found);
        self.let_go();
    }

    /// The text has ended: `found` is given the URLs left, and the finder is ready for a new
    /// text.
    pub fn end(&mut self, found: &mut dyn FnMut(&Found<'_>)) {
        self.run(true, found);
        *self = Text::new(self.emails).schemeless(self.schemeless);
    }

    /// Every URL of a whole text, in order, at its offset plus `base`.
    pub fn all(text: &[u8], emails: bool, found: &mut dyn FnMut(&Found<'_>)) {
        Text::all_with(Text::new(emails), text, found);
    }

    /// Every URL of a whole text, found by `finder`.
    pub fn all_with(mut finder: Text, text: &[u8], found: &mut dyn FnMut(&Found<'_>)) {
        finder.piece(text, found);
        finder.end(found);
    }

    /// Looks for URLs in what is held; with `last`, nothing follows.
    fn run(&mut self, last: bool, found: &mut dyn FnMut(&Found<'_>)) {
        loop {
            if let Some(pending) = self.pending.take() {
                if !self.finish_url(pending, last, found) {
                    return;
                }
                continue;
            }
            let (buf, pos) = (&self.buf, self.pos);
            let hit = match (self.emails, self.schemeless) {
                (true, true) => candidates::next::<true, true>(buf, pos),
                (false, true) => candidates::next::<false, true>(buf, pos),
                (true, false) => candidates::next::<true, false>(buf, pos),
                (false, false) => candidates::next::<false, false>(buf, pos),
            };
            let Some(i) = hit else {
                self.pos = self.buf.len();
                return;
            };
            let start = match self.buf[i] {
                b':' => self.scheme_before(i, last),
                b'.' => match schemeless(&self.buf, i, self.floor, last) {
                    Schemeless::Skip(end) => {
                        self.pos = end.max(i + 1);
                        continue;
                    }
                    Schemeless::More => Start::More,
                    // Its text "after the scheme" is the name's last character, which
                    // trailing punctuation never is.
                    Schemeless::Url(start, end) => Start::Url(start, end - 1),
                    Schemeless::Host(start, end) => {
                        let (url, at) = (&self.buf[start..end], (start, self.base));
                        emit(&mut self.lines, &self.buf, at, url, Kind::Bare, found);
                        (self.pos, self.floor) = (end, end);
                        Start::No
                    }
                },
                b'@' if self.emails => self.email_at(i, last, found),
                _ => Start::No,
            };
            match start {
                Start::More => {
                    self.pos = i;
                    return;
                }
                Start::No => self.pos = self.pos.max(i + 1),
                Start::Url(start, body) => {
                    self.pending = Some(Pending {
                        start,
                        kind: Kind::Bare,
                        body,
                        at: body,
                        depth: [0; 3],
                    })
                }
            }
        }
    }

    /// Reads on to the end of a URL begun: false where the text held ends first (it is then
    /// pending again).
    fn finish_url(
        &mut self,
        mut pending: Pending,
        last: bool,
        found: &mut dyn FnMut(&Found<'_>),
    ) -> bool {
        let (end, depth) = match url_end(&self.buf, pending.at, pending.depth, last) {
            End::More(at, depth) => {
                (pending.at, pending.depth) = (at, depth);
                self.pending = Some(pending);
                return false;
            }
            End::At(end, depth) => (end, depth),
        };
        let angle = pending.start > 0 && self.buf[pending.start - 1] == b'<';
        let closed = angle && self.buf.get(end) == Some(&b'>');
        if angle && !closed && self.buf.get(end).is_some_and(u8::is_ascii_whitespace) {
            match self.join(pending.start, end, depth, last) {
                Join::More => {
                    (pending.at, pending.depth) = (end, depth);
                    self.pending = Some(pending);
                    return false;
                }
                Join::Joined(after) => {
                    let at = (pending.start, self.base);
                    emit(
                        &mut self.lines,
                        &self.buf,
                        at,
                        &self.joined,
                        pending.kind,
                        found,
                    );
                    (self.pos, self.floor) = (after, after);
                    return true;
                }
                Join::No => {}
            }
        }
        let end = match closed {
            true => end,
            false => trim_prose(&self.buf, pending.body, end),
        };
        if end > pending.body {
            let url = &self.buf[pending.start..end];
            let at = (pending.start, self.base);
            emit(&mut self.lines, &self.buf, at, url, pending.kind, found);
            self.floor = end;
        }
        self.pos = end.max(pending.body);
        true
    }

    /// Joins a URL inside `<…>` that a line break cut (its first piece ends at `end`):
    /// whether it could be, and where the text after its `>` begins.
    fn join(&mut self, start: usize, end: usize, mut depth: [u32; 3], last: bool) -> Join {
        // Nothing past `JOIN_LIMIT` bytes from the first piece's end is read: a `>` there is
        // too far to join, and a join tried again after each read then costs no more than the
        // limit (linear in the input, however long the text after an unclosed `<`).
        let limit = self.buf.len().min(end + JOIN_LIMIT + 1);
        let (buf, cut) = (&self.buf[..limit], limit < self.buf.len());
        self.joined.clear();
        self.joined.extend_from_slice(&buf[start..end]);
        let mut at = end;
        loop {
            let gap = buf[at..]
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .map_or(buf.len(), |n| at + n);
            if gap - end > JOIN_LIMIT {
                return Join::No;
            }
            if gap == buf.len() {
                return if last || cut { Join::No } else { Join::More };
            }
            if !buf[at..gap].contains(&b'\n') {
                return Join::No;
            }
            let piece_end = match url_end(buf, gap, depth, last && !cut) {
                End::More(..) => return if last || cut { Join::No } else { Join::More },
                End::At(piece_end, after) => {
                    depth = after;
                    piece_end
                }
            };
            self.joined.extend_from_slice(&buf[gap..piece_end]);
            match buf.get(piece_end) {
                Some(b'>') => return Join::Joined(piece_end),
                Some(b) if b.is_ascii_whitespace() => at = piece_end,
                _ => return Join::No,
            }
        }
    }

    /// Where the scheme before the `:` at `colon` begins, and the URL's text after it.
    fn scheme_before(&self, colon: usize, last: bool) -> Start {
        let buf = &self.buf;
        let limit = colon.saturating_sub(MAX_SCHEME + 1).max(self.floor);
        let mut start = colon;
        // RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; but in
        // running text a `.` before the scheme's letters ends a sentence or an abbreviation
        // (`e.g.http://…`), as cmark-gfm's autolink extension reads it: the scheme begins
        // after it. A scheme that holds a `.` (`iris.beep`, `z39.50r`) loses its head.
        while start > limit
            && buf[start - 1] != b'.'
            && crate::sets::rfc3986::SCHEME.contains(buf[start - 1])
        {
            start -= 1;
        }
        if start == limit && start + MAX_SCHEME < colon {
            return Start::No;
        }
        while start < colon && !buf[start].is_ascii_alphabetic() {
            start += 1;
        }
        if start == colon || glued(&buf[..start]) {
            return Start::No;
        }
        let after = &buf[colon + 1..];
        let slashes = after.starts_with(b"//");
        let body = match slashes {
            true => colon + 3,
            false => colon + 1,
        };
        if buf.len() <= body || (after.len() < 2 && b"//".starts_with(after)) {
            return if last { Start::No } else { Start::More };
        }
        let scheme = &buf[start..colon];
        if !slashes
            && !AUTHORITYLESS
                .iter()
                .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
        {
            return Start::No;
        }
        match url_byte_starts(buf[body]) {
            true => Start::Url(start, body),
            false => Start::No,
        }
    }

    /// An address around the `@` at `at` (GFM's extended email autolink), given to `found` at
    /// once.
    fn email_at(&mut self, at: usize, last: bool, found: &mut dyn FnMut(&Found<'_>)) -> Start {
        let buf = &self.buf;
        let limit = at.saturating_sub(MAX_LOCAL + 1).max(self.floor);
        let mut start = at;
        while start > limit && is_local_byte(buf[start - 1]) {
            start -= 1;
        }
        if start == at || (start == limit && start + MAX_LOCAL < at) || glued(&buf[..start]) {
            return Start::No;
        }
        let domain = &buf[at + 1..];
        let len = domain
            .iter()
            .take(MAX_DOMAIN + 1)
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')));
        let len = match len {
            Some(len) => len,
            None if !last && domain.len() <= MAX_DOMAIN => return Start::More,
            None => domain.len().min(MAX_DOMAIN + 1),
        };
        let Some(len) = email_domain(&domain[..len]) else {
            return Start::No;
        };
        let end = at + 1 + len;
        let (url, at) = (&buf[start..end], (start, self.base));
        emit(&mut self.lines, buf, at, url, Kind::Email, found);
        (self.pos, self.floor) = (end, end);
        Start::No
    }

    /// Lets go of what no URL to come can need: the text before the one pending, or all but
    /// the bytes a scheme or an address could begin in.
    fn let_go(&mut self) {
        let keep = match self.pending {
            Some(pending) => pending.start.saturating_sub(1),
            None => self.pos.saturating_sub(LOOKBACK),
        };
        if keep == 0 {
            return;
        }
        self.lines.pass(&self.buf[..keep], self.base);
        self.buf.drain(..keep);
        self.base += keep as u64;
        self.pos = self.pos.saturating_sub(keep);
        self.floor = self.floor.saturating_sub(keep);
        if let Some(pending) = &mut self.pending {
            pending.start -= keep;
            pending.body -= keep;
            pending.at -= keep;
        }
    }
}

/// Gives `found` the URL `url` that begins at `start` in `buf`, whose first byte is at `base`
/// in the document.
fn emit(
    lines: &mut Lines,
    buf: &[u8],
    (start, base): (usize, u64),
    url: &[u8],
    kind: Kind,
    found: &mut dyn FnMut(&Found<'_>),
) {
    let (line, column) = lines.at(&buf[..start], base);
    found(&Found {
        url,
        kind,
        offset: base + start as u64,
        line,
        column,
    });
}

/// Where a URL may begin.
enum Start {
    /// Not here.
    No,
    /// More text is needed to say.
    More,
    /// At this byte, its text after the scheme at the second.
    Url(usize, usize),
}

/// How joining a URL inside `<…>` went.
enum Join {
    No,
    More,
    /// Joined (into `Text::joined`); its `>` is at this byte.
    Joined(usize),
}

/// GFM's extended email autolink: the length of the domain that `domain` (its characters)
/// begins with, its trailing `.`s dropped; none where it holds no `.` or ends in `-` or `_`.
fn email_domain(domain: &[u8]) -> Option<usize> {
    if domain.len() > MAX_DOMAIN {
        return None;
    }
    let len = domain.len() - domain.iter().rev().take_while(|&&b| b == b'.').count();
    let domain = &domain[..len];
    let ok = domain.contains(&b'.')
        && !domain.starts_with(b".")
        && !matches!(domain.last(), Some(b'-' | b'_'));
    ok.then_some(len)
}
