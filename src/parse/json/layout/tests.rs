//! The common URL's layout against url.bs's getters and the Public Suffix List, written out
//! by hand.

use super::*;

/// The sections' constants are the names `public_suffix_section` gives.
#[test]
fn sections_are_named_as_elsewhere() {
    for (constant, section) in [
        (&ICANN, Section::Icann),
        (&PRIVATE, Section::Private),
        (&NOT_LISTED, Section::NotListed),
    ] {
        let name = format!("\"{}\"", crate::parse::section_name(section));
        assert_eq!(&constant.bytes[..constant.len], name.as_bytes());
    }
}

/// The object goes after what the output already holds, whatever its capacity, and is the
/// one url.bs's getters and the Public Suffix List give (written out by hand here), as far as
/// the layout goes.
#[test]
fn an_object_follows_what_the_output_holds() {
    let url = b"https://www.Example.co.uk:8080/a/b?c=d&e#f";
    let mut scratch = Vec::new();
    let common = Common::read(url, &mut scratch).expect("a common URL");
    assert!(Layout::takes(&common));
    // co.uk is the public suffix and example.co.uk the registrable domain (ICANN).
    let site = Some(Starts {
        public_suffix: 12,
        registrable_domain: Some(4),
        section: Section::Icann,
    });
    let expected = concat!(
        r##"{"href":"https://www.example.co.uk:8080/a/b?c=d&e#f","##,
        r##""origin":"https://www.example.co.uk:8080","protocol":"https:","##,
        r##""username":"","password":"","host":"www.example.co.uk:8080","##,
        r##""hostname":"www.example.co.uk","port":"8080","pathname":"/a/b","##,
        r##""search":"?c=d&e","hash":"#f","segments":["a","b"],"##,
        r##""params":[["c","d"],["e",""]],"public_suffix":"co.uk","##,
        r##""public_suffix_section":"icann","registrable_domain":"example.co.uk","##,
        r##""display_host":"www.example.co.uk""##,
    );
    // The layout closes the object, unless the table has fields after those it lays out,
    // which the general writer appends and closes (`super::super::write`).
    let expected = match Layout::TAIL {
        true => expected.to_string(),
        false => format!("{expected}}}"),
    };
    for before in [&b""[..], b"{}\n"] {
        let mut out = before.to_vec();
        out.shrink_to_fit();
        for _ in 0..2 {
            Layout::object(&common, site, &mut out);
        }
        let object = String::from_utf8_lossy(&out[before.len()..]).into_owned();
        assert_eq!(object, expected.repeat(2));
        assert_eq!(&out[..before.len()], before);
    }
}
