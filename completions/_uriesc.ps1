
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'uriesc' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'uriesc'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'uriesc' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('encode', 'encode', [CompletionResultType]::ParameterValue, 'Percent-encode data so that it can sit inside one URI component')
            [CompletionResult]::new('decode', 'decode', [CompletionResultType]::ParameterValue, 'Percent-decode %XX escapes back to the bytes they stand for')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate URIs or components; report where and why each one breaks')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding')
            [CompletionResult]::new('pretty-print', 'pretty-print', [CompletionResultType]::ParameterValue, 'Show a URI for people: decode only the escapes that are safe to decode')
            [CompletionResult]::new('parse', 'parse', [CompletionResultType]::ParameterValue, 'Take URLs apart: components, path segments, query pairs, registrable domain')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place')
            [CompletionResult]::new('key', 'key', [CompletionResultType]::ParameterValue, 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique')
            [CompletionResult]::new('extract', 'extract', [CompletionResultType]::ParameterValue, 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'The chart: what each component must encode, per standard; or explain characters')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (roff), to read with `man -l -` or to install')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'uriesc;encode' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'What the data is for: the URI component it will sit in')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'What the data is for: the URI component it will sit in')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--keep', '--keep', [CompletionResultType]::ParameterName, 'Also leave these ASCII characters literal (non-ASCII is always encoded)')
            [CompletionResult]::new('--also', '--also', [CompletionResultType]::ParameterName, 'Also encode these characters')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--plus', '--plus', [CompletionResultType]::ParameterName, 'Write space as ''+'' (and encode ''+''); implied by -c form')
            [CompletionResult]::new('--lower', '--lower', [CompletionResultType]::ParameterName, 'Lowercase hex digits [default: uppercase, as RFC 3986 §2.1 recommends]')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;decode' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'What the data came from: the URI component it sat in. Every %XX is decoded the same in each; only in form is ''+'' a space too')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'What the data came from: the URI component it sat in. Every %XX is decoded the same in each; only in form is ''+'' a space too')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Not taken by decode (an error): decoding is the same under every standard')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'Not taken by decode (an error): decoding is the same under every standard')
            [CompletionResult]::new('--utf8', '--utf8', [CompletionResultType]::ParameterName, 'What to do with decoded bytes that are not UTF-8')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Not taken by decode (an error): decoding is the same under every standard')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Not taken by decode (an error): decoding is the same under every standard')
            [CompletionResult]::new('--plus', '--plus', [CompletionResultType]::ParameterName, 'Decode ''+'' as space; implied by -c form')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'A ''%'' not followed by two hex digits is an error: reported at its place, the record still written as without --strict, and the run goes on to the end (status 1) [default: kept as it is]')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;check' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'What each record is: a whole URI, a reference, or one component')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'What each record is: a whole URI, a reference, or one component')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to write reports, check''s output (on stderr with --valid or --invalid): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports, check''s output (on stderr with --valid or --invalid): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour reports and show the record with a caret under the problem (a record over 4 KiB: an excerpt around it)')
            [CompletionResult]::new('--base', '--base', [CompletionResultType]::ParameterName, 'With --whatwg: check each record as a URL written against this base URL (url.bs "relative-URL-with-fragment string": what is valid depends on the base''s scheme, and on whether its path is opaque); implies -c reference')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'With --extract: how to read every document [default: by its name, as extract reads it; stdin is text]')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing; the exit status says whether every record is valid, and reading stops at the first invalid record, as with grep -q (no reports, no summary, and so no records either: not with --valid or --invalid)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing; the exit status says whether every record is valid, and reading stops at the first invalid record, as with grep -q (no reports, no summary, and so no records either: not with --valid or --invalid)')
            [CompletionResult]::new('--valid', '--valid', [CompletionResultType]::ParameterName, 'Print the valid records to stdout, unchanged (reports go to stderr)')
            [CompletionResult]::new('--invalid', '--invalid', [CompletionResultType]::ParameterName, 'Print the invalid records to stdout, unchanged (reports go to stderr)')
            [CompletionResult]::new('--confusion', '--confusion', [CompletionResultType]::ParameterName, 'Report the URLs that RFC 3986 tools and browsers (the WHATWG URL Standard) send to different places: another scheme, host or port, with both readings and the cause (--valid and --invalid: the records read alike, and read differently; a URL the WHATWG parser refuses is neither, and is counted apart)')
            [CompletionResult]::new('--extract', '--extract', [CompletionResultType]::ParameterName, 'Each VALUE is a document (and each --file): check every URL found in it, as extract finds them, each reported at the document''s FILE:LINE:COLUMN (a relative reference checked as a reference)')
            [CompletionResult]::new('--include-code', '--include-code', [CompletionResultType]::ParameterName, 'With --extract: also the URLs in code (Markdown''s code spans and blocks, HTML''s <pre>, <code>, <script>), as extract --include-code')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;clean' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'What each record is: a whole URI, or a reference (relative allowed)')
            [CompletionResult]::new('--component', '--component', [CompletionResultType]::ParameterName, 'What each record is: a whole URI, or a reference (relative allowed)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--base', '--base', [CompletionResultType]::ParameterName, 'Resolve each record against this base URI first (RFC 3986 §5.2; with --whatwg, the WHATWG parser); a base is absolute, with a scheme (§5.1)')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--basic', '--basic', [CompletionResultType]::ParameterName, 'Only encode what is illegal anywhere in a URI: no mending of a stray ''%'', brackets, a second ''#''')
            [CompletionResult]::new('--normalize', '--normalize', [CompletionResultType]::ParameterName, 'Also normalize: RFC 3986 §6.2.2 (case, unreserved escapes decoded, dot segments) and §6.2.3 for http and https (empty path is ''/'', default port dropped)')
            [CompletionResult]::new('--idna', '--idna', [CompletionResultType]::ParameterName, 'A Unicode host (raw, or its UTF-8 percent-encoded) becomes its ASCII (punycode) form, by UTS #46 as browsers do, and one that has none is reported; without it a non-ASCII host is percent-encoded, as RFC 3986 says')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;pretty-print' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour each component, and dim the escapes left encoded')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, '3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters an IRI allows where they stand, never a bidi formatting character, §4.1), which is always a valid IRI')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, '3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters an IRI allows where they stand, never a bidi formatting character, §4.1), which is always a valid IRI')
            [CompletionResult]::new('--top-domains', '--top-domains', [CompletionResultType]::ParameterName, 'Keep in ASCII the hosts that look like a domain of FILE (one a line, `#` a comment) rather than of Chromium''s list of top domains, built in')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('--idna', '--idna', [CompletionResultType]::ParameterName, 'Show an ASCII (xn--) host in Unicode where that is safe (UTS #46 ToUnicode)')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Say on stderr why a host is shown in ASCII (xn--) rather than in Unicode')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;parse' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--base', '--base', [CompletionResultType]::ParameterName, 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Text for people, one line per URL with its parts labelled; or JSON Lines')
            [CompletionResult]::new('--psl', '--psl', [CompletionResultType]::ParameterName, 'Read the Public Suffix List from FILE (a public_suffix_list.dat) rather than the one built in (whose date --version gives)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)')
            [CompletionResult]::new('--get', '--get', [CompletionResultType]::ParameterName, 'Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'Also report each record that does not parse on stderr, in FORMAT: text, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log [default: with --get, text; else none, the output says it]')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--plus', '--plus', [CompletionResultType]::ParameterName, 'Under an RFC, ''+'' in the query''s names and values is a space, as in a form (--whatwg always reads it so: application/x-www-form-urlencoded)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;edit' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard whose grammar decides')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a part: NAME=VALUE takes VALUE as data and percent-encodes it for the part; NAME:=VALUE takes it as written in the URL (repeatable, in order; RFC parts: scheme, userinfo, host, port, path, query, fragment; --whatwg: the API''s href, protocol, username, password, host, hostname, port, pathname, search, hash)')
            [CompletionResult]::new('--unset', '--unset', [CompletionResultType]::ParameterName, 'Remove a part (before any --set): under an RFC the query or fragment goes with its delimiter, the host with the whole authority; under --whatwg the setter is given ""')
            [CompletionResult]::new('--remove-param', '--remove-param', [CompletionResultType]::ParameterName, 'Remove the query''s pairs whose (decoded) name matches PATTERN: * any run, ? one character, \ quotes (repeatable)')
            [CompletionResult]::new('--keep-param', '--keep-param', [CompletionResultType]::ParameterName, 'Keep only the query''s pairs whose name matches one PATTERN (repeatable)')
            [CompletionResult]::new('--set-values', '--set-values', [CompletionResultType]::ParameterName, 'Give every pair this value, encoded for its place, each keeping its name and place (a pair without ''='' gets one); :=VALUE as written. The probe of qsreplace: --set-values FUZZ')
            [CompletionResult]::new('--set-param', '--set-param', [CompletionResultType]::ParameterName, 'Give NAME this one value: the first NAME pair is replaced, the others removed, or the pair appended where there is none (URLSearchParams.set); NAME:=VALUE as written')
            [CompletionResult]::new('--append', '--append', [CompletionResultType]::ParameterName, 'Append the pair NAME=VALUE, encoded for its place (NAME:=VALUE as written; NAME alone, a pair without ''='') (repeatable)')
            [CompletionResult]::new('--param-separator', '--param-separator', [CompletionResultType]::ParameterName, 'The byte between pairs, in and out')
            [CompletionResult]::new('--base', '--base', [CompletionResultType]::ParameterName, 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)')
            [CompletionResult]::new('--redirect', '--redirect', [CompletionResultType]::ParameterName, 'Resolve REF against each record (the record the base), as a redirect''s Location')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'Use the WHATWG URL Standard instead of an RFC')
            [CompletionResult]::new('--sort-params', '--sort-params', [CompletionResultType]::ParameterName, 'Sort the pairs by name, keeping the order of pairs of one name (URLSearchParams.sort)')
            [CompletionResult]::new('--plus', '--plus', [CompletionResultType]::ParameterName, 'Under an RFC, ''+'' is a space in names and values, and new pairs write a space as ''+'', as a form does (--whatwg always does: application/x-www-form-urlencoded)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;key' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Which key: a field''s own canonical form of a URL')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The key a line, as --with-key and --unique say; or JSON Lines, the record and its key')
            [CompletionResult]::new('--dropped', '--dropped', [CompletionResultType]::ParameterName, 'With --unique, write each record it drops to FILE as PLACE<TAB>FIRST<TAB>RECORD: its place and that of the record whose key it repeats, each SOURCE:LINE (<stdin>:2<TAB><stdin>:1<TAB>HTTP://A:80/1)')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('--no-fragment', '--no-fragment', [CompletionResultType]::ParameterName, 'whatwg: leave the fragment out (url.bs "URL equivalence" with exclude fragments)')
            [CompletionResult]::new('--expressions', '--expressions', [CompletionResultType]::ParameterName, 'safebrowsing: after the key, each suffix/prefix expression a client looks up, after a space')
            [CompletionResult]::new('--hash', '--hash', [CompletionResultType]::ParameterName, 'safebrowsing, with --expressions: each expression''s SHA-256 (lowercase hex) instead')
            [CompletionResult]::new('--with-scheme', '--with-scheme', [CompletionResultType]::ParameterName, 'surt: the scheme too, http://(org,archive)/ (surt''s with_scheme)')
            [CompletionResult]::new('--trailing-comma', '--trailing-comma', [CompletionResultType]::ParameterName, 'surt: a comma after the host, org,archive,)/ (surt''s trailing_comma)')
            [CompletionResult]::new('--keep-www', '--keep-www', [CompletionResultType]::ParameterName, 'surt: keep a leading www., www2., ... label (surt''s host_massage=False)')
            [CompletionResult]::new('--with-key', '--with-key', [CompletionResultType]::ParameterName, 'Write KEY<TAB>RECORD (for sort -k1,1, join, reduceByKey)')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Write each record whose key was not seen before (the record, or KEY<TAB>RECORD with --with-key), in input order; how many were dropped goes to stderr')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;extract' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'How to read every document [default: by its name: .md and .markdown Markdown; .html, .htm and .xhtml HTML; anything else, and stdin, text]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The URL alone (text, or FILE:LINE:COLUMN:URL with -n), or JSON Lines: source, line, column, offset, url, kind')
            [CompletionResult]::new('--include-code', '--include-code', [CompletionResultType]::ParameterName, 'Also the URLs in code: Markdown''s code spans and blocks, HTML''s <pre>, <code>, <script> (read as text)')
            [CompletionResult]::new('--emails', '--emails', [CompletionResultType]::ParameterName, 'Also email addresses in text (Markdown''s and HTML''s are found by their own rules)')
            [CompletionResult]::new('--schemeless', '--schemeless', [CompletionResultType]::ParameterName, 'Also hosts without a scheme in text: a domain name whose public suffix is on the built-in Public Suffix List (golang.org, www.example.com) or an IPv4 address, with an optional :port and /path; not a file name (main.rs, README.md: a name ending in .rs, .md, .py, .sh, ... is a host only after www. or before a path)')
            [CompletionResult]::new('--absolute', '--absolute', [CompletionResultType]::ParameterName, 'Only URLs with a scheme: no relative references, no bare addresses or www. names')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Each URL once, where it is first found (a 16-byte digest of each held, as key --unique)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them')
            [CompletionResult]::new('--with-position', '--with-position', [CompletionResultType]::ParameterName, 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them')
            [CompletionResult]::new('--vimgrep', '--vimgrep', [CompletionResultType]::ParameterName, 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'End each URL with NUL, not a newline (as find -print0, for xargs -0); not with --format json')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'End each URL with NUL, not a newline (as find -print0, for xargs -0); not with --format json')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every document (automatic when stdout is a terminal)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;match' {
            [CompletionResult]::new('-e', '-e', [CompletionResultType]::ParameterName, 'A pattern (repeatable; a record matches where it matches any); with it, every positional argument is a VALUE')
            [CompletionResult]::new('--pattern', '--pattern', [CompletionResultType]::ParameterName, 'A pattern (repeatable; a record matches where it matches any); with it, every positional argument is a VALUE')
            [CompletionResult]::new('--pattern-file', '--pattern-file', [CompletionResultType]::ParameterName, 'Read patterns from FILE, one a line (blank lines skipped; ''-'' is stdin)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'The dictionary form: the protocol''s pattern (any component not given is ''*'')')
            [CompletionResult]::new('--username', '--username', [CompletionResultType]::ParameterName, 'The dictionary form: the username''s pattern')
            [CompletionResult]::new('--password', '--password', [CompletionResultType]::ParameterName, 'The dictionary form: the password''s pattern')
            [CompletionResult]::new('--hostname', '--hostname', [CompletionResultType]::ParameterName, 'The dictionary form: the hostname''s pattern')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'The dictionary form: the port''s pattern')
            [CompletionResult]::new('--pathname', '--pathname', [CompletionResultType]::ParameterName, 'The dictionary form: the pathname''s pattern')
            [CompletionResult]::new('--search', '--search', [CompletionResultType]::ParameterName, 'The dictionary form: the search''s pattern (the query, without ''?'')')
            [CompletionResult]::new('--hash', '--hash', [CompletionResultType]::ParameterName, 'The dictionary form: the hash''s pattern (the fragment, without ''#'')')
            [CompletionResult]::new('--pattern-base', '--pattern-base', [CompletionResultType]::ParameterName, 'The patterns'' base URL (baseURL): a relative pattern, or a component not given, is taken from it')
            [CompletionResult]::new('--base', '--base', [CompletionResultType]::ParameterName, 'Resolve each record against this base URL first (the URL parser with a base)')
            [CompletionResult]::new('--get', '--get', [CompletionResultType]::ParameterName, 'Write a line per match from TEMPLATE: {COMPONENT.GROUP}, {GROUP}, {COMPONENT}')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The record as it came (text), or JSON Lines: the record, the pattern''s index (from 0) and each component''s input and groups, as exec() gives them')
            [CompletionResult]::new('--report-format', '--report-format', [CompletionResultType]::ParameterName, 'How to write those reports: text, JSON Lines, GitHub annotations, or one SARIF log')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable; ''-'' is stdin)')
            [CompletionResult]::new('--line-offset', '--line-offset', [CompletionResultType]::ParameterName, 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Letters match either case in the pathname, search and hash (the ignoreCase option)')
            [CompletionResult]::new('--ignore-case', '--ignore-case', [CompletionResultType]::ParameterName, 'Letters match either case in the pathname, search and hash (the ignoreCase option)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Select the records that match no pattern (a record that is no URL among them)')
            [CompletionResult]::new('--invert-match', '--invert-match', [CompletionResultType]::ParameterName, 'Select the records that match no pattern (a record that is no URL among them)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Write only how many records were selected')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Write only how many records were selected')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Write nothing; the status says whether a record was selected, and reading stops at the first')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Write nothing; the status says whether a record was selected, and reading stops at the first')
            [CompletionResult]::new('--invalid', '--invalid', [CompletionResultType]::ParameterName, 'Report each record that is no URL on stderr, as check --whatwg would')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Records are NUL-separated, in and out (as find -print0, xargs -0)')
            [CompletionResult]::new('--whole', '--whole', [CompletionResultType]::ParameterName, 'The whole input is one record (newlines are data)')
            [CompletionResult]::new('--line-buffered', '--line-buffered', [CompletionResultType]::ParameterName, 'Flush after every record (automatic when stdout is a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;table' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'The standard of the chart')
            [CompletionResult]::new('--rfc', '--rfc', [CompletionResultType]::ParameterName, 'The standard of the chart')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Text for people or JSON Lines for scripts (one JSON object per line)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour kept and encoded cells')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'The chart of the WHATWG URL Standard''s percent-encode sets')
            [CompletionResult]::new('--whatwg', '--whatwg', [CompletionResultType]::ParameterName, 'The chart of the WHATWG URL Standard''s percent-encode sets')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;man' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'uriesc;help' {
            [CompletionResult]::new('encode', 'encode', [CompletionResultType]::ParameterValue, 'Percent-encode data so that it can sit inside one URI component')
            [CompletionResult]::new('decode', 'decode', [CompletionResultType]::ParameterValue, 'Percent-decode %XX escapes back to the bytes they stand for')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate URIs or components; report where and why each one breaks')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding')
            [CompletionResult]::new('pretty-print', 'pretty-print', [CompletionResultType]::ParameterValue, 'Show a URI for people: decode only the escapes that are safe to decode')
            [CompletionResult]::new('parse', 'parse', [CompletionResultType]::ParameterValue, 'Take URLs apart: components, path segments, query pairs, registrable domain')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place')
            [CompletionResult]::new('key', 'key', [CompletionResultType]::ParameterValue, 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique')
            [CompletionResult]::new('extract', 'extract', [CompletionResultType]::ParameterValue, 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'The chart: what each component must encode, per standard; or explain characters')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (roff), to read with `man -l -` or to install')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'uriesc;help;encode' {
            break
        }
        'uriesc;help;decode' {
            break
        }
        'uriesc;help;check' {
            break
        }
        'uriesc;help;clean' {
            break
        }
        'uriesc;help;pretty-print' {
            break
        }
        'uriesc;help;parse' {
            break
        }
        'uriesc;help;edit' {
            break
        }
        'uriesc;help;key' {
            break
        }
        'uriesc;help;extract' {
            break
        }
        'uriesc;help;match' {
            break
        }
        'uriesc;help;table' {
            break
        }
        'uriesc;help;completions' {
            break
        }
        'uriesc;help;man' {
            break
        }
        'uriesc;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
