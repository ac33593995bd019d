//! The options of each command, as clap derive types: what `encode`, `decode`, `check`,
//! `clean`, `pretty-print`, `parse`, `edit`, `key` and `table` take beyond the groups they share ([`Rules`],
//! [`Input`], in `mod.rs`).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use clap::builder::PossibleValue;

use uriesc::check::Target;
use uriesc::decode;
use uriesc::sets::{Context, Standard};

use super::{
    CheckComponent, CleanComponent, Color, DataComponent, DecodeComponent, FromArg, Input,
    OutputFormat, ReportFormat, Rfc, Rules, TableFormat, Utf8Arg, output_forms,
};

/// How a command that writes data to stdout writes its reports, on stderr beside it
/// (`--report-format`; `--format` is the form of stdout, which is the data's: [`DataOnly`]).
#[derive(Debug, Args)]
pub struct Reports {
    /// How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub
    /// annotations, or one SARIF 2.1.0 log for the run
    #[arg(help_heading = "Reports", id = "report_format", long = "report-format", value_enum, default_value_t = ReportFormat::TEXT, value_name = "FORMAT")]
    pub format: ReportFormat,
}

/// `--format` for a command whose stdout is data with one form (`encode`, `decode`, `clean`,
/// `pretty-print`, `edit`): taken only to refuse it with what to use instead, as decode's
/// `--rfc` is (completion scripts still list hidden options, with this help).
#[derive(Debug, Args)]
pub struct DataOnly {
    /// Not taken (an error): this command's stdout is its data, in one form; its reports'
    /// form is --report-format
    #[arg(long = "format", hide = true, value_name = "FORMAT")]
    pub stdout_format: Option<OsString>,
}

impl DataOnly {
    /// An error where `--format` was given to `command`, which says what to use instead.
    pub fn refuse(&self, command: &str) -> anyhow::Result<()> {
        let Some(format) = &self.stdout_format else {
            return Ok(());
        };
        let format = uriesc::visible::visible(format.as_encoded_bytes());
        anyhow::bail!(
            "{command} takes no --format: --format is the form of what a command writes to \
             stdout, and {command} writes its data there, in the one form it has; for the \
             form of its reports, on stderr, use --report-format {format}"
        )
    }
}

/// What a command's status says (`--exit-zero`).
#[derive(Debug, Default, Args)]
pub struct Exit {
    /// Exit with status 0 where it would be 1 (a record reported, or none found), the reports
    /// still written; 2 still says an error. For runners that take any other status for a
    /// failed task: Spark's RDD.pipe and SQL TRANSFORM, Hadoop Streaming
    #[arg(help_heading = "Reports", long)]
    pub exit_zero: bool,
}

impl Exit {
    /// A command's status, grep-style: 2 if an input could not be read (it was reported and
    /// skipped, as `cat` does), else 1 if some record was invalid (or, for `extract`, none was
    /// found), but 0 with `--exit-zero`, else 0.
    pub fn status(&self, unreadable: u64, invalid: bool) -> ExitCode {
        match (unreadable, invalid && !self.exit_zero) {
            (1.., _) => ExitCode::from(2),
            (0, true) => ExitCode::from(1),
            (0, false) => ExitCode::SUCCESS,
        }
    }
}

#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// What the data is for: the URI component it will sit in
    #[arg(help_heading = "Rules", short, long, value_enum, default_value_t = Context::Any.into(), value_name = "C")]
    pub component: DataComponent,
    #[command(flatten)]
    pub rules: Rules,
    /// Write space as '+' (and encode '+'); implied by -c form
    #[arg(help_heading = "Encoding", long)]
    pub plus: bool,
    /// Lowercase hex digits [default: uppercase, as RFC 3986 §2.1 recommends]
    #[arg(help_heading = "Encoding", long)]
    pub lower: bool,
    /// Also leave these ASCII characters literal (non-ASCII is always encoded)
    #[arg(
        help_heading = "Encoding",
        long,
        value_name = "CHARS",
        default_value = "",
        hide_default_value = true
    )]
    pub keep: OsString,
    /// Also encode these characters
    #[arg(
        help_heading = "Encoding",
        long,
        value_name = "CHARS",
        default_value = "",
        hide_default_value = true
    )]
    pub also: OsString,
    #[command(flatten)]
    pub data_only: DataOnly,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// What the data came from: the URI component it sat in. Every %XX is decoded the same in
    /// each; only in form is '+' a space too
    #[arg(help_heading = "Rules", short, long, value_enum, default_value_t = Context::Any.into(), value_name = "C")]
    pub component: DecodeComponent,
    // Hidden, and refused with the reason: percent-decoding is the same under every
    // standard, so decode has no standard to choose (completion scripts still list hidden
    // options, with this help).
    /// Not taken by decode (an error): decoding is the same under every standard
    #[arg(short, long, hide = true, value_name = "N")]
    pub rfc: Option<String>,
    /// Not taken by decode (an error): decoding is the same under every standard
    #[arg(short, long, hide = true)]
    pub whatwg: bool,
    /// Decode '+' as space; implied by -c form
    #[arg(help_heading = "Decoding", long)]
    pub plus: bool,
    /// A '%' not followed by two hex digits is an error: reported at its place, the record
    /// still written as without --strict, and the run goes on to the end (status 1) [default:
    /// kept as it is]
    #[arg(help_heading = "Decoding", long)]
    pub strict: bool,
    /// What to do with decoded bytes that are not UTF-8
    #[arg(help_heading = "Decoding", long, value_enum, default_value_t = Utf8Arg(decode::Utf8::Raw), value_name = "MODE")]
    pub utf8: Utf8Arg,
    #[command(flatten)]
    pub reports: Reports,
    #[command(flatten)]
    pub exit: Exit,
    #[command(flatten)]
    pub data_only: DataOnly,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// What each record is: a whole URI, a reference, or one component
    #[arg(help_heading = "Rules", short, long, value_enum, default_value_t = Target::Uri.into(), value_name = "C")]
    pub component: CheckComponent,
    #[command(flatten)]
    pub rules: Rules,
    /// How to write reports, check's output (on stderr with --valid or --invalid): text for
    /// people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run
    #[arg(help_heading = "Reports", long = "format", visible_alias = "report-format", value_enum, default_value_t = ReportFormat::TEXT, value_name = "FORMAT")]
    pub format: ReportFormat,
    #[command(flatten)]
    pub exit: Exit,
    /// Print nothing; the exit status says whether every record is valid, and reading stops at
    /// the first invalid record, as with grep -q (no reports, no summary, and so no records
    /// either: not with --valid or --invalid)
    #[arg(help_heading = "Reports", short, long, conflicts_with_all = ["valid", "invalid"])]
    pub quiet: bool,
    /// Print the valid records to stdout, unchanged (reports go to stderr)
    #[arg(help_heading = "Reports", long, conflicts_with = "invalid")]
    pub valid: bool,
    /// Print the invalid records to stdout, unchanged (reports go to stderr)
    #[arg(help_heading = "Reports", long)]
    pub invalid: bool,
    /// Colour reports and show the record with a caret under the problem (a record over 4 KiB:
    /// an excerpt around it)
    #[arg(help_heading = "Reports", long, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
    /// Report the URLs that RFC 3986 tools and browsers (the WHATWG URL Standard) send to
    /// different places: another scheme, host or port, with both readings and the cause
    /// (--valid and --invalid: the records read alike, and read differently; a URL the WHATWG
    /// parser refuses is neither, and is counted apart)
    #[arg(long, conflicts_with_all = ["whatwg", "rfc", "component"])]
    pub confusion: bool,
    /// With --whatwg: check each record as a URL written against this base URL (url.bs
    /// "relative-URL-with-fragment string": what is valid depends on the base's scheme, and
    /// on whether its path is opaque); implies -c reference
    #[arg(
        help_heading = "Rules",
        long,
        value_name = "URL",
        requires = "whatwg",
        conflicts_with = "confusion"
    )]
    pub base: Option<OsString>,
    /// Each VALUE is a document (and each --file): check every URL found in it, as extract
    /// finds them, each reported at the document's FILE:LINE:COLUMN (a relative reference
    /// checked as a reference)
    #[arg(long, conflicts_with_all = ["null", "whole", "line_offset"])]
    pub extract: bool,
    /// With --extract: how to read every document [default: by its name, as extract reads it;
    /// stdin is text]
    #[arg(long, value_enum, value_name = "KIND", requires = "extract")]
    pub from: Option<FromArg>,
    /// With --extract: also the URLs in code (Markdown's code spans and blocks, HTML's <pre>,
    /// <code>, <script>), as extract --include-code
    #[arg(long, requires = "extract")]
    pub include_code: bool,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// Characters to explain across every standard and component, from one CHARS or several
    /// [default: the chart]
    #[arg(value_name = "CHARS")]
    pub chars: Vec<String>,
    /// The standard of the chart
    #[arg(short, long, value_enum, default_value_t = Rfc::default(), value_name = "N")]
    pub rfc: Rfc,
    /// The chart of the WHATWG URL Standard's percent-encode sets
    #[arg(short, long, conflicts_with = "rfc")]
    pub whatwg: bool,
    /// Text for people or JSON Lines for scripts (one JSON object per line)
    #[arg(long, value_enum, default_value_t = TableFormat::Text, value_name = "FORMAT")]
    pub format: TableFormat,
    /// Colour kept and encoded cells
    #[arg(long, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
}

impl TableArgs {
    pub fn standard(&self) -> Standard {
        self.rfc.or_whatwg(self.whatwg)
    }
}

#[derive(Debug, Args)]
pub struct CleanArgs {
    /// What each record is: a whole URI, or a reference (relative allowed)
    #[arg(help_heading = "Rules", short, long, value_enum, default_value_t = CleanComponent(Target::Uri), value_name = "C")]
    pub component: CleanComponent,
    #[command(flatten)]
    pub rules: Rules,
    /// Only encode what is illegal anywhere in a URI: no mending of a stray '%', brackets, a
    /// second '#'
    #[arg(help_heading = "Cleaning", long)]
    pub basic: bool,
    /// Resolve each record against this base URI first (RFC 3986 §5.2; with --whatwg, the
    /// WHATWG parser); a base is absolute, with a scheme (§5.1)
    #[arg(help_heading = "Cleaning", long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Also normalize: RFC 3986 §6.2.2 (case, unreserved escapes decoded, dot segments) and
    /// §6.2.3 for http and https (empty path is '/', default port dropped)
    #[arg(help_heading = "Cleaning", long, conflicts_with = "whatwg")]
    pub normalize: bool,
    /// A Unicode host (raw, or its UTF-8 percent-encoded) becomes its ASCII (punycode) form, by
    /// UTS #46 as browsers do, and one that has none is reported; without it a non-ASCII host
    /// is percent-encoded, as RFC 3986 says
    #[arg(help_heading = "Cleaning", long)]
    pub idna: bool,
    #[command(flatten)]
    pub reports: Reports,
    #[command(flatten)]
    pub exit: Exit,
    #[command(flatten)]
    pub data_only: DataOnly,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct PrettyArgs {
    /// Show an ASCII (xn--) host in Unicode where that is safe (UTS #46 ToUnicode)
    #[arg(help_heading = "Display", long)]
    pub idna: bool,
    /// Say on stderr why a host is shown in ASCII (xn--) rather than in Unicode
    #[arg(help_heading = "Display", long)]
    pub explain: bool,
    /// Colour each component, and dim the escapes left encoded
    #[arg(help_heading = "Display", long, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
    /// 3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters
    /// an IRI allows where they stand, never a bidi formatting character, §4.1), which is
    /// always a valid IRI
    // The other RFCs are accepted by the parser, hidden, and refused with the reason (rather
    // than with clap's tip of the similar value 3987, which does another thing).
    #[arg(help_heading = "Display", short, long, value_name = "N", value_parser = [
        PossibleValue::new("3987"),
        PossibleValue::new("3986").hide(true),
        PossibleValue::new("2396").hide(true),
        PossibleValue::new("1738").hide(true),
    ], conflicts_with_all = ["idna", "explain", "color", "top_domains"])]
    pub rfc: Option<String>,
    /// Keep in ASCII the hosts that look like a domain of FILE (one a line, `#` a comment)
    /// rather than of Chromium's list of top domains, built in
    #[arg(help_heading = "Display", long, value_name = "FILE")]
    pub top_domains: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub reports: Reports,
    #[command(flatten)]
    pub data_only: DataOnly,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct ParseArgs {
    #[command(flatten)]
    pub rules: Rules,
    /// Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under
    /// the standard; with --whatwg, the URL parser with a base)
    #[arg(help_heading = "Rules", long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Under an RFC, '+' in the query's names and values is a space, as in a form (--whatwg
    /// always reads it so: application/x-www-form-urlencoded)
    #[arg(help_heading = "Rules", long)]
    pub plus: bool,
    /// Text for people, one line per URL with its parts labelled; or JSON Lines
    #[arg(help_heading = "Output", long, value_parser = output_forms(
        "One line per URL, its parts labelled: NAME=VALUE (logfmt)",
        "JSON Lines: one object per URL, its parts as members",
    ), default_value = "text", value_name = "FORMAT", conflicts_with = "get")]
    pub format: OutputFormat,
    /// Read the Public Suffix List from FILE (a public_suffix_list.dat) rather than the one
    /// built in (whose date --version gives)
    #[arg(help_heading = "Rules", long, value_name = "FILE")]
    pub psl: Option<PathBuf>,
    /// Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)
    #[arg(help_heading = "Output", short, long, value_name = "TEMPLATE")]
    pub get: Option<String>,
    /// Also report each record that does not parse on stderr, in FORMAT: text, JSON Lines,
    /// GitHub annotations, or one SARIF 2.1.0 log [default: with --get, text; else none, the
    /// output says it]
    #[arg(help_heading = "Reports", long, value_enum, value_name = "FORMAT")]
    pub report_format: Option<ReportFormat>,
    #[command(flatten)]
    pub exit: Exit,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct EditArgs {
    #[command(flatten)]
    pub rules: Rules,
    /// Set a part: NAME=VALUE takes VALUE as data and percent-encodes it for the part;
    /// NAME:=VALUE takes it as written in the URL (repeatable, in order; RFC parts: scheme,
    /// userinfo, host, port, path, query, fragment; --whatwg: the API's href, protocol,
    /// username, password, host, hostname, port, pathname, search, hash)
    #[arg(help_heading = "Parts", long, value_name = "NAME=VALUE")]
    pub set: Vec<OsString>,
    /// Remove a part (before any --set): under an RFC the query or fragment goes with its
    /// delimiter, the host with the whole authority; under --whatwg the setter is given ""
    #[arg(help_heading = "Parts", long, value_name = "NAME")]
    pub unset: Vec<OsString>,
    /// Remove the query's pairs whose (decoded) name matches PATTERN: * any run, ? one
    /// character, \ quotes (repeatable)
    #[arg(help_heading = "Query", long, value_name = "PATTERN")]
    pub remove_param: Vec<OsString>,
    /// Keep only the query's pairs whose name matches one PATTERN (repeatable)
    #[arg(help_heading = "Query", long, value_name = "PATTERN")]
    pub keep_param: Vec<OsString>,
    /// Give every pair this value, encoded for its place, each keeping its name and place (a
    /// pair without '=' gets one); :=VALUE as written. The probe of qsreplace: --set-values
    /// FUZZ
    #[arg(help_heading = "Query", long, value_name = "VALUE")]
    pub set_values: Option<OsString>,
    /// Give NAME this one value: the first NAME pair is replaced, the others removed, or the
    /// pair appended where there is none (URLSearchParams.set); NAME:=VALUE as written
    #[arg(help_heading = "Query", long, value_name = "NAME=VALUE")]
    pub set_param: Vec<OsString>,
    /// Append the pair NAME=VALUE, encoded for its place (NAME:=VALUE as written; NAME alone,
    /// a pair without '=') (repeatable)
    #[arg(help_heading = "Query", long, value_name = "NAME=VALUE")]
    pub append: Vec<OsString>,
    /// Sort the pairs by name, keeping the order of pairs of one name (URLSearchParams.sort)
    #[arg(help_heading = "Query", long)]
    pub sort_params: bool,
    /// The byte between pairs, in and out
    #[arg(help_heading = "Query", long, value_name = "SEP", default_value = "&", value_parser = ["&", ";"])]
    pub param_separator: String,
    /// Under an RFC, '+' is a space in names and values, and new pairs write a space as '+',
    /// as a form does (--whatwg always does: application/x-www-form-urlencoded)
    #[arg(help_heading = "Query", long)]
    pub plus: bool,
    /// Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under
    /// the standard; with --whatwg, the URL parser with a base)
    #[arg(help_heading = "Resolution", long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Resolve REF against each record (the record the base), as a redirect's Location
    #[arg(help_heading = "Resolution", long, value_name = "REF")]
    pub redirect: Option<OsString>,
    #[command(flatten)]
    pub reports: Reports,
    #[command(flatten)]
    pub exit: Exit,
    #[command(flatten)]
    pub data_only: DataOnly,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// How to read every document [default: by its name: .md and .markdown Markdown; .html,
    /// .htm and .xhtml HTML; anything else, and stdin, text]
    #[arg(help_heading = "Reading", long, value_enum, value_name = "KIND")]
    pub from: Option<FromArg>,
    /// Also the URLs in code: Markdown's code spans and blocks, HTML's <pre>, <code>,
    /// <script> (read as text)
    #[arg(help_heading = "Reading", long)]
    pub include_code: bool,
    /// Also email addresses in text (Markdown's and HTML's are found by their own rules)
    #[arg(help_heading = "Reading", long)]
    pub emails: bool,
    /// Also hosts without a scheme in text: a domain name whose public suffix is on the
    /// built-in Public Suffix List (golang.org, www.example.com) or an IPv4 address, with an
    /// optional :port and /path; not a file name (main.rs, README.md: a name ending in .rs,
    /// .md, .py, .sh, ... is a host only after www. or before a path)
    #[arg(help_heading = "Reading", long)]
    pub schemeless: bool,
    /// Only URLs with a scheme: no relative references, no bare addresses or www. names
    #[arg(help_heading = "Output", long)]
    pub absolute: bool,
    /// Each URL once, where it is first found (a 16-byte digest of each held, as key --unique)
    #[arg(help_heading = "Output", long)]
    pub unique: bool,
    /// Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with
    /// --format json, whose objects hold them
    #[arg(help_heading = "Output", short = 'n', long, visible_alias = "vimgrep")]
    pub with_position: bool,
    /// The URL alone (text, or FILE:LINE:COLUMN:URL with -n), or JSON Lines: source, line,
    /// column, offset, url, kind
    #[arg(help_heading = "Output", long, value_parser = output_forms(
        "One URL a line (FILE:LINE:COLUMN:URL with -n)",
        "JSON Lines: one object per URL: source, line, column, offset, url, kind",
    ), default_value = "text", value_name = "FORMAT")]
    pub format: OutputFormat,
    /// End each URL with NUL, not a newline (as find -print0, for xargs -0); not with
    /// --format json
    #[arg(help_heading = "Output", short = 'z', long = "null")]
    pub null: bool,
    /// Flush after every document (automatic when stdout is a terminal)
    #[arg(help_heading = "Output", long)]
    pub line_buffered: bool,
    #[command(flatten)]
    pub exit: Exit,
    /// The documents to read ('-' is stdin) [default: stdin]
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}
