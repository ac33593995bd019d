//! Several templates from one reading of a record: `parse --get` for each of a few fields,
//! the URL read once (RFC 3986 §3's components or the URL Standard's parser, as [`read`]
//! does), for a caller that keeps each field apart (a column a field) rather than on one line.

use super::{Derive, Options, Template, read};
use crate::check::Problem;

/// The templates of each record, the record read once: what `parse --get` writes of it with
/// each template alone.
///
/// ```
/// use uriesc::parse::{Options, Output, Template, Templates};
/// use uriesc::sets::Standard;
///
/// let fields = ["{host}", "{port}", "{query:id}"];
/// let templates = fields.map(|field| Template::parse(field, Standard::Rfc3986).unwrap());
/// let options = Options::new(Standard::Rfc3986, Output::Text);
/// let mut parse = Templates::new(options, templates.to_vec());
/// let mut got = Vec::new();
/// parse.write(b"http://a.example:8080/x?id=7", |i, value| got.push((i, value.to_vec())))?;
/// assert_eq!(got, [(0, b"a.example".to_vec()), (1, b"8080".to_vec()), (2, b"7".to_vec())]);
/// // RFC 3986 §3.2.2: a space is no part of a host; the problem, as `parse` reports it.
/// assert_eq!(parse.write(b"http://a b/", |_, _| {}).unwrap_err().offset, 8);
/// # Ok::<(), uriesc::check::Problem>(())
/// ```
pub struct Templates {
    options: Options,
    templates: Vec<Template>,
    derive: Derive,
    scratch: Vec<u8>,
    value: Vec<u8>,
}

impl Templates {
    /// Each record read as `options` say (their `output` is not used), each of `templates`
    /// written of it.
    pub fn new(options: Options, templates: Vec<Template>) -> Templates {
        Templates {
            derive: Derive::new(&options),
            options,
            templates,
            scratch: Vec::new(),
            value: Vec::new(),
        }
    }

    /// Gives `each` what each template writes of `record`, with the template's index, in
    /// order; the problem, as `parse` reports it, where the record does not parse (and then
    /// `each` is not called).
    pub fn write(
        &mut self,
        record: &[u8],
        mut each: impl FnMut(usize, &[u8]),
    ) -> Result<(), Problem> {
        let Templates {
            options,
            templates,
            derive,
            scratch,
            value,
        } = self;
        derive.begin();
        let url = read(record, options, scratch)?;
        for (i, template) in templates.iter().enumerate() {
            value.clear();
            template.write(&url, derive, value);
            each(i, value);
        }
        Ok(())
    }
}
