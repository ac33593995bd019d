//! `uriesc match`: its options (clap) and its run: the patterns compiled from PATTERN, `-e`,
//! `--pattern-file` and the component flags, then the records filtered as grep filters lines
//! ([`url_pattern::Grep`]).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use uriesc::url_pattern::{
    Grep, Init, Options, Output, Pattern, PatternError, PatternSet, Reader, Template,
};

use super::{Input, OutputFormat, ReportFormat, output_forms, stdio};

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// A pattern (repeatable; a record matches where it matches any); with it, every positional
    /// argument is a VALUE
    #[arg(
        help_heading = "Patterns",
        short = 'e',
        long = "pattern",
        value_name = "PATTERN"
    )]
    pub patterns: Vec<String>,
    /// Read patterns from FILE, one a line (blank lines skipped; '-' is stdin)
    #[arg(help_heading = "Patterns", long, value_name = "FILE")]
    pub pattern_file: Vec<PathBuf>,
    /// The dictionary form: the protocol's pattern (any component not given is '*')
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub protocol: Option<String>,
    /// The dictionary form: the username's pattern
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub username: Option<String>,
    /// The dictionary form: the password's pattern
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub password: Option<String>,
    /// The dictionary form: the hostname's pattern
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub hostname: Option<String>,
    /// The dictionary form: the port's pattern
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub port: Option<String>,
    /// The dictionary form: the pathname's pattern
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub pathname: Option<String>,
    /// The dictionary form: the search's pattern (the query, without '?')
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub search: Option<String>,
    /// The dictionary form: the hash's pattern (the fragment, without '#')
    #[arg(help_heading = "Components", long, value_name = "PATTERN")]
    pub hash: Option<String>,
    /// The patterns' base URL (baseURL): a relative pattern, or a component not given, is
    /// taken from it
    #[arg(help_heading = "Patterns", long, value_name = "URL")]
    pub pattern_base: Option<String>,
    /// Letters match either case in the pathname, search and hash (the ignoreCase option)
    #[arg(help_heading = "Patterns", short, long)]
    pub ignore_case: bool,
    /// Resolve each record against this base URL first (the URL parser with a base)
    #[arg(help_heading = "Records", long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Select the records that match no pattern (a record that is no URL among them)
    #[arg(help_heading = "Output", short = 'v', long)]
    pub invert_match: bool,
    /// Write only how many records were selected
    #[arg(help_heading = "Output", short, long, conflicts_with_all = ["get", "format"])]
    pub count: bool,
    /// Write nothing; the status says whether a record was selected, and reading stops at the
    /// first
    #[arg(help_heading = "Output", short, long, conflicts_with_all = ["count", "get", "format", "invalid"])]
    pub quiet: bool,
    /// Write a line per match from TEMPLATE: {COMPONENT.GROUP}, {GROUP}, {COMPONENT}
    #[arg(help_heading = "Output", long, value_name = "TEMPLATE", conflicts_with_all = ["invert_match", "format"])]
    pub get: Option<String>,
    /// The record as it came (text), or JSON Lines: the record, the pattern's index (from 0)
    /// and each component's input and groups, as exec() gives them
    #[arg(
        help_heading = "Output",
        long,
        value_parser = output_forms(
            "Each record selected, as it came",
            "JSON Lines: one object per record selected, its pattern and groups",
        ),
        value_name = "FORMAT",
        conflicts_with = "invert_match"
    )]
    pub format: Option<OutputFormat>,
    /// Report each record that is no URL on stderr, as check --whatwg would
    #[arg(help_heading = "Reports", long)]
    pub invalid: bool,
    /// How to write those reports: text, JSON Lines, GitHub annotations, or one SARIF log
    #[arg(
        help_heading = "Reports",
        long,
        value_enum,
        value_name = "FORMAT",
        requires = "invalid"
    )]
    pub report_format: Option<ReportFormat>,
    #[command(flatten)]
    pub exit: super::args::Exit,
    #[command(flatten)]
    pub input: Input,
}

/// `match`: the records selected, counted, or written through a template or as JSON.
pub fn run(mut args: MatchArgs) -> anyhow::Result<ExitCode> {
    let set = patterns(&mut args)?;
    let output = match (&args.get, args.format, args.count, args.quiet) {
        (Some(get), ..) => Output::Template(Template::parse(get, &set)?),
        (_, Some(OutputFormat::Json), ..) => Output::Json,
        (_, _, true, _) => Output::Count,
        (_, _, _, true) => Output::Quiet,
        _ => Output::Records,
    };
    let reader = match &args.base {
        Some(base) => Reader::with_base(base.as_encoded_bytes()).context("match --base")?,
        None => Reader::new(),
    };
    let mut grep = Grep::new(set, reader, output, stdio::messages()).inverted(args.invert_match);
    if args.invalid {
        let format = args.report_format.unwrap_or(ReportFormat::TEXT);
        grep = grep.reporting_invalid(format.0);
    }
    let outcome = stdio::run(&args.input.plan(), uriesc::stream::WholeRecords::new(grep))?;
    let selected = outcome.filter.inner.selected;
    Ok(match (outcome.unreadable, selected) {
        // grep -q: status 0 once a record is selected, even where an input was unreadable
        // (POSIX grep, "-q").
        (1.., 1..) if args.quiet => ExitCode::SUCCESS,
        (unreadable, selected) => args.exit.status(unreadable, selected == 0),
    })
}

/// Every pattern the options give, compiled, in order: the dictionary of the component flags,
/// then each `-e`, then each line of each `--pattern-file`; where none of these is given, the
/// first positional argument. A pattern that does not compile is a usage error that quotes it.
fn patterns(args: &mut MatchArgs) -> anyhow::Result<PatternSet> {
    let options = Options {
        ignore_case: args.ignore_case,
    };
    let base = args.pattern_base.as_deref();
    let mut patterns = Vec::new();
    let components = [
        &args.protocol,
        &args.username,
        &args.password,
        &args.hostname,
        &args.port,
        &args.pathname,
        &args.search,
        &args.hash,
    ];
    if components.iter().any(|c| c.is_some()) {
        let init = Init {
            components: components.map(Option::clone),
            base_url: base.map(str::to_owned),
        };
        let pattern = Pattern::from_init(init, options)
            .context("match: the pattern of the component options does not compile")?;
        patterns.push(pattern);
    }
    for text in &args.patterns {
        patterns.push(compile(text, base, options, "-e")?);
    }
    for file in &args.pattern_file {
        let text = match file.as_os_str() == "-" {
            true => std::io::read_to_string(std::io::stdin()),
            false => std::fs::read_to_string(file),
        }
        .with_context(|| format!("match --pattern-file {}", file.display()))?;
        for (n, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if !line.is_empty() {
                let place = format!("{}:{}", file.display(), n + 1);
                patterns.push(compile(line, base, options, &place)?);
            }
        }
    }
    if patterns.is_empty() && args.pattern_file.is_empty() {
        if args.input.values.is_empty() {
            anyhow::bail!(
                "match: no pattern; give one (uriesc match 'https://*.example.com/*' ...), or -e, \
                 --pattern-file, or a component option (--pathname '/api/*')"
            );
        }
        let first = args.input.values.remove(0);
        let text = first
            .into_string()
            .map_err(|_| anyhow::anyhow!("match: the pattern is not UTF-8"))?;
        patterns.push(compile(&text, base, options, "PATTERN")?);
    }
    Ok(PatternSet::new(patterns))
}

/// `text` compiled; where not, an error that says which pattern (`from`), quotes it, and why.
fn compile(
    text: &str,
    base: Option<&str>,
    options: Options,
    from: &str,
) -> anyhow::Result<Pattern> {
    Pattern::new(text, base, options).map_err(|error| {
        let shown = uriesc::visible::visible(text.as_bytes());
        // The options that give what the pattern lacks, for a pattern of a path or a host.
        let hint = match error {
            PatternError::BaseRequired => format!(
                " (--pattern-base URL, as --pattern-base 'https://example.com/'; or, for the \
                 path alone on any host, --pathname '{shown}')"
            ),
            _ => String::new(),
        };
        anyhow::anyhow!("match: the pattern '{shown}' ({from}) does not compile: {error}{hint}")
    })
}
