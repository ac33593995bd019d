//! What each command does with its options, one function per command (as ripgrep's
//! `crates/core/main.rs`): each builds the library's worker from its options and streams the
//! input through it ([`stdio::run`]); the exit status, grep-style.

use std::io::IsTerminal;
use std::process::ExitCode;

use std::ffi::OsString;

use uriesc::{
    check, clean, cpu, decode, edit, encode, extract, parse, pretty, sets, stream, table,
};

use super::{Cli, Command, man, stdio};
use crate::cli;

/// Runs one command line; the status to exit with, unless an error ends it.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    cpu::Blocks::from_env()?;
    match cli.command {
        Command::Encode(args) => encode(args),
        Command::Decode(args) => decode(args),
        Command::Check(args) => check(args),
        Command::Clean(args) => clean(args),
        Command::PrettyPrint(args) => pretty_print(args),
        Command::Parse(args) => parse(args),
        Command::Edit(args) => edit(args),
        Command::Extract(args) => extract(args),
        Command::Key(args) => super::key::run(args),
        Command::Match(args) => super::matching::run(args),
        Command::Table(args) => chart(args),
        Command::Completions { shell } => {
            write_stdout("the completion script", &cli::completions(shell))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { command } => man_page(command),
    }
}

/// `check`: every record checked ([`check::Checker`]), reported, counted; the summary on
/// stderr.
fn check(args: cli::CheckArgs) -> anyhow::Result<ExitCode> {
    let select = match (args.valid, args.invalid) {
        (true, _) => check::Select::Valid,
        (_, true) => check::Select::Invalid,
        _ => check::Select::Reports,
    };
    let reports_to_terminal = match select {
        check::Select::Reports => std::io::stdout().is_terminal(),
        _ => std::io::stderr().is_terminal(),
    };
    let color = args.color.enabled(reports_to_terminal);
    let target = args.component.target().map_err(anyhow::Error::msg)?;
    let mut options = check::Options::new(args.rules.standard(), target)
        .with_format(args.format.0)
        .with_select(select)
        .with_quiet(args.quiet)
        .with_color(color && args.format == cli::ReportFormat::TEXT)
        .with_confusion(args.confusion)
        // Cleaning changes no reading: a suggestion would not help.
        .with_suggest((!args.confusion).then_some(clean::suggestion as check::Suggest));
    if let Some(base) = &args.base {
        options = options.with_base(base.as_encoded_bytes())?;
    }
    check::supported(options.standard, options.target)?;
    // The summary is for people: not among reports on stderr written for a program.
    let summary = !args.quiet && (select == check::Select::Reports || args.format.0.for_people());
    let checker = check::Checker::new(options, stdio::messages());
    let (checker, unreadable) = match args.extract {
        true => {
            let mut plan = args.input.plan();
            let values = args.input.values.iter().map(std::path::PathBuf::from);
            let files: Vec<_> = values.chain(args.input.files.iter().cloned()).collect();
            plan.sources = stream::Plan::sources(Vec::new(), &files);
            plan.framing = stream::Framing::Document;
            let options = extract::Options {
                include_code: args.include_code,
                ..extract::Options::default()
            };
            let checked = extract::Checked::new(checker, args.from.map(|from| from.0), options);
            let outcome = stdio::run(&plan, checked)?;
            (outcome.filter.into_checker(), outcome.unreadable)
        }
        false => {
            let outcome = stdio::run(&args.input.plan(), stream::WholeRecords::new(checker))?;
            (outcome.filter.inner, outcome.unreadable)
        }
    };
    if summary {
        stdio::write_stderr(&format!("{}\n", checker.summary()))?;
    }
    Ok(args.exit.status(unreadable, checker.invalid > 0))
}

/// `clean`: every record cleaned ([`clean::CleanStream`]), or reported and passed through.
fn clean(args: cli::CleanArgs) -> anyhow::Result<ExitCode> {
    args.data_only.refuse("clean")?;
    let standard = args.rules.standard();
    let component = args.component.0;
    check::supported(standard, component)?;
    let mut options = clean::Options {
        target: component,
        basic: args.basic,
        normalize: args.normalize,
        idna: args.idna,
        ..clean::Options::new(standard)
    };
    if let Some(base) = args.base {
        options = options.with_base(&base.into_encoded_bytes())?;
    }
    let cleaner = clean::Cleaner::new(options, stdio::messages());
    let cleaner = clean::CleanStream::with(cleaner.with_format(args.reports.format.0));
    let outcome = stdio::run(&args.input.plan(), cleaner)?;
    Ok(args
        .exit
        .status(outcome.unreadable, outcome.filter.failed() > 0))
}

/// `encode`: every record encoded for its component.
fn encode(args: cli::EncodeArgs) -> anyhow::Result<ExitCode> {
    args.data_only.refuse("encode")?;
    let options = encode::Options {
        plus: args.plus,
        lower: args.lower,
        keep: args.keep.into_encoded_bytes(),
        also: args.also.into_encoded_bytes(),
    };
    let standard = args.rules.standard();
    let component = args.component.context(standard)?;
    let encoder = encode::Encoder::for_context(standard, component, &options)?;
    let outcome = stdio::run(&args.input.plan(), encoder)?;
    Ok(cli::Exit::default().status(outcome.unreadable, false))
}

/// `decode`: the options checked, then every record decoded ([`decode::DecodeStream`]).
fn decode(args: cli::DecodeArgs) -> anyhow::Result<ExitCode> {
    if args.rfc.is_some() || args.whatwg {
        anyhow::bail!(
            "decode takes no --rfc or --whatwg: '%' and two hex digits name a byte under \
             every standard (RFC 3986 §2.1, RFC 2396 §2.4.1, RFC 1738 §2.2, the URL \
             Standard's percent-decode), so there is no standard to choose; drop the \
             option (-c form decodes '+' as space)"
        );
    }
    args.data_only.refuse("decode")?;
    let component = args.component.context()?;
    let decoder = decode::DecodeStream::new(
        decode::Options {
            plus: args.plus || component == sets::Context::Form,
            strict: args.strict,
            utf8: args.utf8.0,
        },
        stdio::messages(),
    )
    .with_format(args.reports.format.0);
    let outcome = stdio::run(&args.input.plan(), decoder)?;
    Ok(args
        .exit
        .status(outcome.unreadable, outcome.filter.invalid > 0))
}

/// `pretty-print`: `--rfc 3987`'s IRIs, or the display of [`pretty::PrettyPrinter`].
fn pretty_print(args: cli::PrettyArgs) -> anyhow::Result<ExitCode> {
    args.data_only.refuse("pretty-print")?;
    if let Some(rfc) = args.rfc.as_deref().filter(|&rfc| rfc != "3987") {
        let hint = match rfc {
            "3986" => {
                "; for RFC 3986's own decoding, of the escapes of unreserved characters \
                 only (§6.2.2.2), use clean --normalize"
            }
            _ => "",
        };
        anyhow::bail!(
            "pretty-print --rfc {rfc}: RFC {rfc} has no form for display: its URIs are \
             ASCII, and what pretty-print decodes for people (a space, a character \
             beyond ASCII) would make them no URIs under it. pretty-print takes --rfc 3987 \
             (RFC 3987 §3.2: the IRI of each URI, always a valid IRI) or no --rfc (what \
             is safe to show, as a browser reads the URL){hint}"
        );
    }
    if args.rfc.is_some() {
        let printer = stream::WholeRecords::new(uriesc::iri::IriPrinter);
        let outcome = stdio::run(&args.input.plan(), printer)?;
        return Ok(cli::Exit::default().status(outcome.unreadable, false));
    }
    let options = pretty::Options {
        idna: args.idna,
        color: args.color.enabled(std::io::stdout().is_terminal()),
        explain: args.explain,
    };
    let mut printer =
        pretty::PrettyPrinter::new(options, stdio::messages()).with_format(args.reports.format.0);
    if let Some(path) = &args.top_domains {
        let text = anyhow::Context::with_context(std::fs::read_to_string(path), || {
            format!(
                "--top-domains {}: cannot read the list of top domains",
                path.display()
            )
        })?;
        printer = printer.top_domains(uriesc::spoof::TopDomains::parse(&text));
    }
    let outcome = stdio::run(&args.input.plan(), printer)?;
    Ok(cli::Exit::default().status(outcome.unreadable, false))
}

/// `parse`: every record taken apart ([`parse::Parser`]), one line each.
fn parse(args: cli::ParseArgs) -> anyhow::Result<ExitCode> {
    let standard = args.rules.standard();
    let output = match (&args.get, args.format) {
        (Some(template), _) => parse::Output::Template(parse::Template::parse(template, standard)?),
        (None, cli::OutputFormat::Json) => parse::Output::Json,
        (None, cli::OutputFormat::Text) => parse::Output::Text,
    };
    let mut options = parse::Options::new(standard, output);
    options.plus = args.plus;
    if let Some(path) = &args.psl {
        let shown = uriesc::visible::visible(path.as_os_str().as_encoded_bytes()).into_owned();
        let text = anyhow::Context::with_context(std::fs::read_to_string(path), || {
            format!("--psl {shown}: cannot read the Public Suffix List")
        })?;
        let list = uriesc::psl::List::parse(&text)
            .map_err(|error| anyhow::anyhow!("--psl {shown}: {error}"))?;
        options.psl = Some(std::sync::Arc::new(list));
    }
    if let Some(base) = &args.base {
        options = options.with_base(base.as_encoded_bytes())?;
    }
    let mut parser = parse::Parser::new(options, stdio::messages());
    if let Some(format) = args.report_format {
        parser = parser.with_reports(format.0);
    }
    let outcome = stdio::run(&args.input.plan(), stream::WholeRecords::new(parser))?;
    Ok(args
        .exit
        .status(outcome.unreadable, outcome.filter.inner.invalid > 0))
}

/// `edit`: every record edited ([`edit::Editor`]), or written as it came and reported.
fn edit(args: cli::EditArgs) -> anyhow::Result<ExitCode> {
    args.data_only.refuse("edit")?;
    let standard = args.rules.standard();
    let mut options = edit::Options::new(standard);
    for name in &args.unset {
        let name = uriesc::visible::visible(name.as_encoded_bytes());
        options
            .sets
            .push(edit::Set::unset(&name, standard).map_err(anyhow::Error::msg)?);
    }
    for spec in &args.set {
        let set = edit::Set::parse(spec.as_encoded_bytes(), standard);
        options.sets.push(set.map_err(anyhow::Error::msg)?);
    }
    let params = &mut options.params;
    params.plus |= args.plus;
    params.separator = args.param_separator.as_bytes()[0];
    let glob = |pattern: &OsString| edit::Glob::new(pattern.as_encoded_bytes());
    params.remove = args.remove_param.iter().map(glob).collect();
    params.keep = args.keep_param.iter().map(glob).collect();
    if let Some(value) = &args.set_values {
        let value = edit::Pair::value(value.as_encoded_bytes(), standard, params.plus);
        params.values = Some(value.map_err(|e| anyhow::anyhow!("--set-values: {e}"))?);
    }
    let pair = |flag: &str, spec: &OsString| {
        edit::Pair::parse(spec.as_encoded_bytes(), standard, params.plus).map_err(|e| {
            anyhow::anyhow!(
                "{flag} {}: {e}",
                uriesc::visible::visible(spec.as_encoded_bytes())
            )
        })
    };
    let set: anyhow::Result<Vec<_>> = args
        .set_param
        .iter()
        .map(|s| pair("--set-param", s))
        .collect();
    let append: anyhow::Result<Vec<_>> = args.append.iter().map(|s| pair("--append", s)).collect();
    (params.set, params.append) = (set?, append?);
    params.sort = args.sort_params;
    if let Some(base) = &args.base {
        options = options.with_base(base.as_encoded_bytes())?;
    }
    if let Some(reference) = &args.redirect {
        options = options
            .with_redirect(reference.as_encoded_bytes())
            .map_err(anyhow::Error::msg)?;
    }
    let editor = edit::Editor::new(options, stdio::messages()).with_format(args.reports.format.0);
    let outcome = stdio::run(&args.input.plan(), stream::WholeRecords::new(editor))?;
    Ok(args
        .exit
        .status(outcome.unreadable, outcome.filter.inner.failed > 0))
}

/// `extract`: each input a document, its URLs written a record each ([`extract::Extractor`]).
fn extract(args: cli::ExtractArgs) -> anyhow::Result<ExitCode> {
    // JSON Lines carry each URL's source, line and column, and end each object with a
    // newline (a URL in JSON holds none): -n and -z would be ignored, so they are refused.
    if matches!(args.format, cli::OutputFormat::Json) {
        for (flag, given) in [("-n", args.with_position), ("-z", args.null)] {
            if given {
                anyhow::bail!(
                    "extract {flag} is for --format text: JSON Lines give each URL's source, \
                     line and column, one object a line"
                );
            }
        }
    }
    let output = match (args.format, args.with_position) {
        (cli::OutputFormat::Json, _) => extract::Output::Json,
        (cli::OutputFormat::Text, true) => extract::Output::Positions,
        (cli::OutputFormat::Text, false) => extract::Output::Urls,
    };
    let settings = extract::Settings {
        reader: args.from.map(|from| from.0),
        options: extract::Options {
            include_code: args.include_code,
            emails: args.emails,
            schemeless: args.schemeless,
        },
        output,
        null: args.null,
        absolute: args.absolute,
        unique: args.unique,
    };
    let plan = stream::Plan {
        sources: stream::Plan::sources(Vec::new(), &args.files),
        framing: stream::Framing::Document,
        line_buffered: args.line_buffered,
        line_offset: 0,
    };
    let outcome = stdio::run(&plan, extract::Extractor::new(settings))?;
    Ok(args
        .exit
        .status(outcome.unreadable, outcome.filter.found() == 0))
}

/// `table`: the chart, or the explanation of the characters of every CHARS.
fn chart(args: cli::TableArgs) -> anyhow::Result<ExitCode> {
    // Several CHARS are one run of characters: `table a b` is `table ab`.
    let chars = (!args.chars.is_empty()).then(|| args.chars.concat());
    if chars.as_deref() == Some("") {
        anyhow::bail!(
            "table: no characters to explain; give one or more, or none at all for the chart"
        );
    }
    let color = args.color.enabled(std::io::stdout().is_terminal());
    let text = match (&chars, args.format) {
        (None, cli::TableFormat::Text) => table::chart_text(args.standard(), color),
        (None, cli::TableFormat::Json) => table::chart_json(args.standard()),
        (Some(chars), cli::TableFormat::Text) => table::explain_text(chars, color),
        (Some(chars), cli::TableFormat::Json) => table::explain_json(chars),
    };
    let what = match chars {
        Some(_) => "the explanation",
        None => "the chart",
    };
    write_stdout(what, text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `man`: the page of `command`, or uriesc's own.
fn man_page(command: Option<String>) -> anyhow::Result<ExitCode> {
    let name = match command {
        Some(command) => format!("uriesc-{command}.1"),
        None => "uriesc.1".into(),
    };
    let pages = man::pages().map_err(|error| stream::IoError {
        doing: "rendering the man page".into(),
        error,
    })?;
    match pages.into_iter().find(|(file, _)| *file == name) {
        Some((_, page)) => write_stdout("the man page", &page)?,
        None => anyhow::bail!("no man page {name}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a command's whole output at once (`what` it is, for an error), through
/// [`stdio::StdStream`], which reports a closed stdout.
fn write_stdout(what: &str, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = stdio::StdStream::stdout();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|error| {
            stream::IoError {
                doing: format!("writing {what} to stdout"),
                error,
            }
            .into()
        })
}

/// Reports how a run ended, grep-style: quiet for a closed pipe (status 0), `uriesc: ` and the
/// message otherwise, status 1 for a problem in the data and 2 for usage or I/O (and 2 when
/// stderr itself fails, whatever the error was).
pub fn report(error: &anyhow::Error) -> ExitCode {
    let stream = error.downcast_ref::<stream::Error>();
    // A write of a whole output (`table`, `man`) fails as an `IoError` of its own.
    let broken_pipe = stream.is_some_and(stream::Error::is_broken_pipe)
        || error
            .downcast_ref::<stream::IoError>()
            .is_some_and(|e| e.error.kind() == std::io::ErrorKind::BrokenPipe);
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    if stdio::write_stderr(&format!("uriesc: {error:#}\n")).is_err() {
        // Nothing more can be said: stderr is failing too.
        return ExitCode::from(2);
    }
    match stream {
        Some(stream::Error::Data(_)) => ExitCode::from(1),
        _ => ExitCode::from(2),
    }
}
