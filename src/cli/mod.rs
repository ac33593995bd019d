//! The command line, as clap derive types: the one definition that parsing, `--help`, the
//! completion scripts and the man pages all come from.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use uriesc::sets::Standard;
use uriesc::stream::{Framing, Plan};

mod args;
pub use args::{
    CheckArgs, CleanArgs, DecodeArgs, EditArgs, EncodeArgs, Exit, ExtractArgs, ParseArgs,
    PrettyArgs, TableArgs,
};

mod components;
mod descriptors;
mod help;
pub use help::{command, literal_braces};
mod key;
mod matching;
pub use components::{CheckComponent, CleanComponent, DataComponent, DecodeComponent};
pub use key::KeyArgs;
pub use matching::MatchArgs;

mod values;
pub use values::{
    Color, FromArg, KeyProfile, OutputFormat, ReportFormat, TableFormat, Utf8Arg, output_forms,
};

pub mod man;
pub mod run;
pub mod stdio;

/// Percent-encoding and URIs, to the letter of the standards.
#[derive(Debug, Parser)]
#[command(
    name = "uriesc",
    version,
    long_version = LONG_VERSION.as_str(),
    propagate_version = true,
    arg_required_else_help = true,
    max_term_width = 100,
    after_help = "Examples:
  uriesc encode -c path '/docs/a b/ü'      # /docs/a%20b/%C3%BC
  uriesc decode '%E4%B8%AD'                # 中
  cat data.txt | uriesc encode -c query    # one record per line"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Percent-encode data so that it can sit inside one URI component
    #[command(after_help = "Examples:
  uriesc encode 'a b&c=d'                  # a%20b%26c%3Dd
  uriesc encode -c path '/a b/ü'           # /a%20b/%C3%BC
  uriesc encode -c form 'a b+c'            # a+b%2Bc
  uriesc encode -w -c query 'x=1 2'        # x=1%202 (WHATWG special-query set)
  printf 'a b\\0c d\\0' | uriesc encode -z   # a%20b<NUL>c%20d<NUL>")]
    Encode(EncodeArgs),
    /// Percent-decode %XX escapes back to the bytes they stand for
    #[command(after_help = "Examples:
  uriesc decode '%E4%B8%AD'                # 中
  uriesc decode -c form 'a+b%2Bc'          # a b+c
  uriesc decode --strict 'ok%zz'           # ok%zz, an error at column 3, status 1
  uriesc decode --utf8 lossy '%FFa'        # �a")]
    Decode(DecodeArgs),
    /// Validate URIs or components; report where and why each one breaks
    #[command(after_help = "Examples:
  uriesc check 'https://example.com/a b'   # <arg 1>:1:22: error: space is not allowed in a path...
  uriesc check -f urls.txt --format github # annotations for a GitHub Actions log
  uriesc check --valid -f urls.txt > good.txt
  uriesc check -c host -r 2396 'exa_mple.com'
                                           # status 1: '_' is in no RFC 2396 host name (RFC 3986
                                           # allows it: without -r 2396, status 0)")]
    Check(CheckArgs),
    /// Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding
    #[command(after_help = "Examples:
  uriesc clean 'http://example.com/a b/Ødegård?q=100%'
                                           # http://example.com/a%20b/%C3%98deg%C3%A5rd?q=100%25
  uriesc clean 'http://example.com/%23funny'   # unchanged: a valid %23 is never encoded again
  uriesc clean --basic -f typed.txt        # only what is illegal anywhere; no mending
  uriesc clean --base 'http://a/b/c/d;p?q' '../g h'   # http://a/b/g%20h
  uriesc clean --whatwg 'HTTP://Example.COM/a b'      # http://example.com/a%20b
  uriesc clean --idna 'http://bücher.example/'        # http://xn--bcher-kva.example/
  uriesc clean ' https://example.com/ '    # https://example.com/

The C0 controls and spaces around a record (space, tab, CR, NUL...) are no part of a URL: clean
removes them under every standard, as the URL Standard's parser does (check still reports them).")]
    Clean(CleanArgs),
    /// Show a URI for people: decode only the escapes that are safe to decode
    #[command(after_help = "Examples:
  uriesc pretty-print 'http://example.com/a%20b/%C3%98deg%C3%A5rd'
                                           # http://example.com/a b/Ødegård
  uriesc pretty-print 'http://example.com/a%2Fb%25'
                                           # unchanged: %2F and %25 stay
  uriesc pretty-print 'http://example.com/%E2%80%AEevil'
                                           # unchanged: a bidi control stays
  uriesc pretty-print --explain 'http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/'
                                           # http://xn--80ak6aa92e.com/: Cyrillic \"apple\"
  uriesc pretty-print --idna 'http://xn--bcher-kva.example/'
                                           # http://bücher.example/")]
    PrettyPrint(PrettyArgs),
    /// Take URLs apart: components, path segments, query pairs, registrable domain
    #[command(after_help = parse_help())]
    Parse(ParseArgs),
    /// Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place
    #[command(after_help = "Examples:
  uriesc edit --set host=staging.example.com -f urls.txt
                                           # each URL pointed at staging
  uriesc edit --set 'query=q=a b' 'http://h/p'            # http://h/p?q=a%20b
  uriesc edit --append 'q=café & tea' 'http://h/?a=1'     # http://h/?a=1&q=caf%C3%A9%20%26%20tea
  uriesc edit --remove-param 'utm_*' 'http://h/?utm_source=x&id=7'
                                           # http://h/?id=7
  uriesc edit --sort-params 'http://h/?b=2&a=1&b=1'       # http://h/?a=1&b=2&b=1
  uriesc edit --set-values FUZZ 'http://h/?a=1&b=x&a=2'   # http://h/?a=FUZZ&b=FUZZ&a=FUZZ
  uriesc edit --redirect '../g' 'http://a/b/c/d;p?q'      # http://a/b/g
  uriesc edit --whatwg --set port=8080 'https://example.com/'
                                           # https://example.com:8080/

Edits are made in this order: --base, --redirect, --unset, --set, then the query's pairs
(--remove-param and --keep-param, --set-values, --set-param, --append, --sort-params). A value given as
NAME=VALUE is data: each byte the part cannot hold is percent-encoded (as encode -c does), so
that parse gives VALUE back; NAME:=VALUE is put in as it is. Under an RFC the result must pass
the grammar; under --whatwg each part goes through the URL Standard's setter, and every record
comes out as the URL Standard serializes it. Pairs no edit touches stay byte for byte.

A record that does not parse, or that an edit would make invalid (or whose value a setter
refuses), is written as it came and reported on stderr with its place, and the status is 1.")]
    Edit(EditArgs),
    /// A canonical key per URL, by a profile of its field; --unique
    #[command(after_help = "Examples:
  uriesc key --profile whatwg 'HTTP://Example.COM:80/a/./b#top'
                                           # http://example.com/a/b#top
  uriesc key --profile rfc3986 'HTTP://Example.COM:80/%7euser/'
                                           # http://example.com/~user/
  uriesc key --profile safebrowsing 'http://www.GOOgle.com.../a/../b#frag'
                                           # http://www.google.com/b
  uriesc key --profile signature 'https://h/users/42?b=2&a=1'
                                           # https://h/users/{n}?a&b
  uriesc key --profile whatwg --unique -f urls.txt   # the first URL of each key
  uriesc key --profile whatwg --with-key -f urls.txt | sort -k1,1
  printf 'http://a/1\\nHTTP://A:80/1\\n' | uriesc key --profile whatwg --unique --dropped d.txt
                                           # d.txt: <stdin>:2<TAB><stdin>:1<TAB>HTTP://A:80/1

Each record gives one line, always: one that does not parse under the profile gives an empty
line (with --with-key, a tab and the record) and a report on stderr, and status 1; with
--unique it is reported and not written. --unique holds a 16-byte digest of each distinct key
(POLYVAL, RFC 8452, under a hash key drawn at random for the run: a collision among a billion
keys of up to 256 bytes has odds under 2.5e-20); everything else streams in bounded memory.
--dropped holds 8 bytes more beside each digest: the place of the first record of its key.")]
    Key(KeyArgs),
    /// Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN
    #[command(after_help = "Examples:
  uriesc extract README.md docs/*.md      # every URL of the docs, one a line
  uriesc extract -n --unique README.md    # README.md:12:5:https://example.com/a ...
  uriesc extract --format json index.html # {\"source\":\"index.html\",\"line\":3,...}
  uriesc extract --absolute notes.txt | uriesc check
                                           # check every URL of the notes

A URL is written as the document means it (Markdown escapes, HTML character references
decoded), byte for byte; its place is that of its own first character. Text is read as it
streams (memory grows with the longest URL, not the line); a Markdown or HTML document is held
whole.")]
    Extract(ExtractArgs),
    /// Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines
    #[command(override_usage = "uriesc match [OPTIONS] PATTERN [VALUE]...
       uriesc match [OPTIONS] (-e PATTERN | --pattern-file FILE | --pathname PATTERN ...) [VALUE]...")]
    #[command(after_help = "Examples:
  uriesc match 'https://*.example.com/*' -f urls.txt   # the URLs in scope
  uriesc match -v 'https://*.example.com/*' -f urls.txt
                                           # the others (and the records that are no URL)
  uriesc match -c --pathname '/api/:version/*' -f urls.txt
                                           # how many call a versioned API, any host
  uriesc match --get '{version} {hostname}' '*://*/api/:version/*' -f urls.txt
                                           # v2 api.example.com
  uriesc match -e 'https://a.example/*' -e 'https://b.example/*' -f urls.txt
  uriesc match -q 'https://*.corp.example/*' -f urls.txt && echo in scope

PATTERN is a URLPattern constructor string (the WHATWG URLPattern standard): ':name' is a
segment, '*' anything, '(regex)' a regular expression, '{...}?' optional. With -e, --pattern-file
or a component option (--hostname, --pathname, ...), every positional argument is a VALUE. Each
record is read as parse --whatwg reads it and matched against those components: the host is
compared whole (example.com never matches evil-example.com or example.com.evil.net), default
ports and percent-encoding as the URL Standard has them. A record that is no URL matches no
pattern (-v selects it; --invalid reports it). Matching never backtracks: its time is linear in
the record, whatever the pattern.")]
    Match(MatchArgs),
    /// The chart: what each component must encode, per standard; or explain characters
    #[command(after_help = "Examples:
  uriesc table                             # the RFC 3986 chart
  uriesc table --whatwg                    # the WHATWG URL Standard's sets
  uriesc table '#'                         # where '#' must be encoded, in every standard
  uriesc table 'é^~' --format json")]
    Table(TableArgs),
    /// Print a shell completion script
    #[command(after_help = "Examples:
  mkdir -p ~/.local/share/bash-completion/completions ~/.zfunc ~/.config/fish/completions
  uriesc completions bash > ~/.local/share/bash-completion/completions/uriesc
                                           # read by bash through the bash-completion package
  uriesc completions zsh > ~/.zfunc/_uriesc
                                           # with fpath+=~/.zfunc in ~/.zshrc, before compinit
  uriesc completions fish > ~/.config/fish/completions/uriesc.fish")]
    Completions {
        /// The shell to complete for
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a man page (roff), to read with `man -l -` or to install
    #[command(after_help = "Examples:
  uriesc man | man -l -                    # the page of uriesc itself
  uriesc man check | man -l -              # the page of uriesc check
  uriesc man check > ~/.local/share/man/man1/uriesc-check.1")]
    Man {
        /// The command whose page to print [default: uriesc's own]
        #[arg(value_name = "COMMAND", value_parser = PAGES)]
        command: Option<String>,
    },
}

/// `--version`: the crate's, and the date of the Public Suffix List built in (`parse`'s
/// `public_suffix` and `registrable_domain` depend on it).
static LONG_VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "{}\nPublic Suffix List {} (github.com/publicsuffix/list {})",
        env!("CARGO_PKG_VERSION"),
        uriesc::psl::BUILTIN_VERSION,
        &uriesc::psl::BUILTIN_COMMIT[..12]
    )
});

/// The commands that have a man page of their own (`uriesc-check.1`).
pub const PAGES: [&str; 13] = [
    "encode",
    "decode",
    "check",
    "clean",
    "pretty-print",
    "parse",
    "edit",
    "key",
    "extract",
    "match",
    "table",
    "completions",
    "man",
];

/// The completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command(), "uriesc", &mut out);
    out
}

/// Which standard applies (each command has its own `--component`, of the components it
/// takes).
#[derive(Debug, Args)]
#[command(next_help_heading = "Rules")]
pub struct Rules {
    /// The standard whose grammar decides
    #[arg(short, long, value_enum, default_value_t = Rfc::default(), value_name = "N")]
    pub rfc: Rfc,
    /// Use the WHATWG URL Standard instead of an RFC
    #[arg(short, long, conflicts_with = "rfc")]
    pub whatwg: bool,
}

impl Rules {
    pub fn standard(&self) -> Standard {
        self.rfc.or_whatwg(self.whatwg)
    }
}

/// `--rfc N`: a standard that is an RFC, named by its number and described by the library
/// ([`Standard::rfc`], [`Standard::description`]), so that a standard added to the library is
/// a choice here with no change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rfc(Standard);

impl Default for Rfc {
    fn default() -> Rfc {
        Rfc(Standard::Rfc3986)
    }
}

impl ValueEnum for Rfc {
    fn value_variants<'a>() -> &'a [Self] {
        // In the library's order, which --help lists.
        static ALL: std::sync::LazyLock<Vec<Rfc>> = std::sync::LazyLock::new(|| {
            let rfcs = Standard::ALL.into_iter().filter(|s| s.rfc().is_some());
            rfcs.map(Rfc).collect()
        });
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let name = self.0.rfc()?;
        Some(PossibleValue::new(name).help(self.0.description()))
    }
}

impl Rfc {
    /// The standard that `--rfc` and `--whatwg` choose together.
    pub fn or_whatwg(self, whatwg: bool) -> Standard {
        match whatwg {
            true => Standard::Whatwg,
            false => self.0,
        }
    }
}

/// Where records come from and how they are cut.
#[derive(Debug, Args)]
#[command(next_help_heading = "Input and output")]
pub struct Input {
    /// Values to work on, one record each, one output line each [default: read stdin]
    #[arg(value_name = "VALUE")]
    pub values: Vec<OsString>,
    /// Read records from FILE (repeatable; '-' is stdin)
    #[arg(short, long = "file", value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Records are NUL-separated, in and out (as find -print0, xargs -0)
    #[arg(short = 'z', long = "null", conflicts_with = "whole")]
    pub null: bool,
    /// The whole input is one record (newlines are data)
    #[arg(long)]
    pub whole: bool,
    /// Flush after every record (automatic when stdout is a terminal)
    #[arg(long)]
    pub line_buffered: bool,
    /// Add N to the line numbers in messages: the input is a part of a larger one, whose
    /// first N lines came before (as with `parallel --pipe -N`)
    #[arg(long, value_name = "N", default_value_t = 0, hide_default_value = true)]
    pub line_offset: u64,
}

impl Input {
    pub fn plan(&self) -> Plan {
        let values = self
            .values
            .iter()
            .map(|v| v.clone().into_encoded_bytes())
            .collect();
        Plan {
            sources: Plan::sources(values, &self.files),
            framing: if self.null {
                Framing::Null
            } else if self.whole {
                Framing::Whole
            } else {
                Framing::Lines
            },
            line_buffered: self.line_buffered,
            line_offset: self.line_offset,
        }
    }
}

/// `parse --help`'s text after the options, with the list of fields from `parse`'s table of
/// them ([`uriesc::parse::fields_help`]).
fn parse_help() -> String {
    const BEFORE: &str = "Examples:
  uriesc parse 'https://user@example.co.uk:8080/a/b?q=1#top'
                                           # scheme=https userinfo=user host=example.co.uk ...
  uriesc parse --get '{host}' -f urls.txt  # the host of each line (an empty line for a bad one)
  uriesc parse --get '{query:id}' 'http://h/?id=7&x=1'       # 7
  uriesc parse --get '{registrable_domain}' 'https://a.b.example.co.uk/'
                                           # example.co.uk (the Public Suffix List)
  uriesc parse --get '{segment:-1|decoded}' 'http://h/a/caf%C3%A9'   # café
  uriesc parse --get '{param_names}' 'http://h/?id=7&q=x&id=8'        # id q id
  uriesc parse --whatwg --format json 'HTTP://EXAMPLE.com:80/./a'
                                           # {\"href\":\"http://example.com/a\",...}
  uriesc parse --base 'http://a/b/c/d;p?q' --get '{path}' '../g'     # /b/g

Each record gives one line, always: one that does not parse (or, under an RFC, is not valid by
its grammar) gives an error object (json), an error= line (text) or an empty line with the
error on stderr (--get), and status 1.

Templates (--get): {NAME} is a field as it stands in the URL, still percent-encoded, so that a
value never breaks a line; {NAME|decoded} is it decoded, but for the control characters (C0,
DEL and C1), which stay escaped (%0A); a list's or pairs' values are separated by spaces.
Besides the fields: {segment:N} (from 1; -1 is the last), {query:NAME} (the first value of
NAME), {query-all:NAME} (all, separated by spaces), {param_names} (each pair's name, in order,
separated by spaces). An absent part is empty; {{ and }} are braces.

Fields (--get's {NAME}, the text's NAME=, the JSON's keys):";
    [BEFORE, &uriesc::parse::fields_help()].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn every_command_has_a_man_page_and_an_exit_status() {
        let command = command();
        let commands: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
        assert_eq!(commands, PAGES);
        let statuses: Vec<&str> = help::STATUS_ONE.iter().map(|(name, _)| *name).collect();
        assert_eq!(statuses, PAGES);
    }

    /// A command says status 1 exactly where it takes --exit-zero, which turns it to 0.
    #[test]
    fn a_command_that_can_say_one_takes_exit_zero() {
        let command = command();
        for (name, one) in help::STATUS_ONE {
            let sub = command.find_subcommand(name).expect("the command");
            let takes = sub
                .get_arguments()
                .any(|a| a.get_long() == Some("exit-zero"));
            assert_eq!(takes, one.is_some(), "{name}");
        }
    }
}
