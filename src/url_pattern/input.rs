//! The eight strings of a URL that a URLPattern is matched against (urlpattern.spec "match",
//! steps 10-19, for a string input: the URL parsed, then its scheme, username, password, host
//! serialized, port serialized, path serialized, query and fragment, each `""` where null),
//! read as `parse --whatwg` reads a URL: a common URL without the parser
//! ([`crate::parse::Common`]), any other through ada (url.bs "URL parsing").

use crate::base::BaseError;
use crate::check::Problem;
use crate::parse::Common;

/// A URL's components as a URLPattern sees them, in [`super::COMPONENTS`]' order: no `:`
/// after the protocol, no `?` or `#` before the search and hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components<'a>(pub [&'a str; 8]);

impl<'a> Components<'a> {
    /// Component `i` of [`super::COMPONENTS`].
    pub fn get(&self, i: usize) -> &'a str {
        self.0[i]
    }
}

/// Reads records as URLs, each into its [`Components`], reusing its memory from one to the
/// next.
///
/// ```
/// use uriesc::url_pattern::Reader;
///
/// let mut reader = Reader::with_base(b"https://h.example/a/")?;
/// let url = reader.read(b"b?x#y").unwrap();
/// assert_eq!(url.0, ["https", "", "", "h.example", "", "/a/b", "x", "y"]);
/// assert!(reader.read(b"http://[::1").is_err());
/// # Ok::<(), uriesc::base::BaseError>(())
/// ```
#[derive(Debug, Default)]
pub struct Reader {
    base: Option<Vec<u8>>,
    scratch: Vec<u8>,
    url: Option<ada_url::Url>,
}

impl Reader {
    /// A reader of records as URLs.
    pub fn new() -> Reader {
        Reader {
            base: None,
            scratch: Vec::new(),
            url: None,
        }
    }

    /// A reader of records as URLs against `base`; why not, where the URL parser refuses
    /// `base` (url.bs "URL parsing" of it, without a base, fails).
    pub fn with_base(base: &[u8]) -> Result<Reader, BaseError> {
        Ok(Reader {
            base: Some(crate::clean::whatwg_base(base)?),
            ..Reader::new()
        })
    }

    /// The components of `record`, or why the URL parser refuses it.
    pub fn read(&mut self, record: &[u8]) -> Result<Components<'_>, Problem> {
        let Reader { base, scratch, url } = self;
        // A common URL holds no credentials, and the base changes nothing of a URL with
        // `scheme://` in it: its getters are the parser's (held by `parse`'s tests).
        if let Some(url) = Common::read(record, scratch)
            && let Some(components) = common(&url)
        {
            return Ok(components);
        }
        let url = url.insert(crate::parse::parse_whatwg(record, base.as_deref())?);
        Ok(Components([
            url.protocol().strip_suffix(':').unwrap_or(url.protocol()),
            url.username(),
            url.password(),
            url.hostname(),
            url.port(),
            url.pathname(),
            url.search().strip_prefix('?').unwrap_or(url.search()),
            url.hash().strip_prefix('#').unwrap_or(url.hash()),
        ]))
    }
}

/// The components of a common URL (ASCII throughout, so every getter is a `str`).
fn common<'a>(url: &Common<'a>) -> Option<Components<'a>> {
    let text = |bytes: &'a [u8]| std::str::from_utf8(bytes).ok();
    let protocol = text(url.protocol())?;
    let search = text(url.search())?;
    let hash = text(url.hash())?;
    Some(Components([
        protocol.strip_suffix(':').unwrap_or(protocol),
        "",
        "",
        text(url.hostname())?,
        text(url.port())?,
        text(url.pathname())?,
        search.strip_prefix('?').unwrap_or(search),
        hash.strip_prefix('#').unwrap_or(hash),
    ]))
}
