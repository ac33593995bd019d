# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_uriesc_global_optspecs
    string join \n h/help V/version
end

function __fish_uriesc_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_uriesc_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_uriesc_using_subcommand
    set -l cmd (__fish_uriesc_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c uriesc -n "__fish_uriesc_needs_command" -s h -l help -d 'Print help'
complete -c uriesc -n "__fish_uriesc_needs_command" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "encode" -d 'Percent-encode data so that it can sit inside one URI component'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "decode" -d 'Percent-decode %XX escapes back to the bytes they stand for'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "check" -d 'Validate URIs or components; report where and why each one breaks'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "clean" -d 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "pretty-print" -d 'Show a URI for people: decode only the escapes that are safe to decode'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "parse" -d 'Take URLs apart: components, path segments, query pairs, registrable domain'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "edit" -d 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "key" -d 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "extract" -d 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "match" -d 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "table" -d 'The chart: what each component must encode, per standard; or explain characters'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "man" -d 'Print a man page (roff), to read with `man -l -` or to install'
complete -c uriesc -n "__fish_uriesc_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s c -l component -d 'What the data is for: the URI component it will sit in' -r -f -a "any\t'Safe in any component: everything but unreserved characters is encoded'
userinfo\t'User name and password, before \'@\''
host\t'A registered name (domain)'
path\t'A path of several segments: \'/\' is kept'
segment\t'One path segment: \'/\' is data'
query\t'The query after \'?\''
param\t'A key or value inside k=v&k=v: also encodes & = + ;'
form\t'application/x-www-form-urlencoded: space is \'+\''
fragment\t'The fragment after \'#\''"
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s r -l rfc -d 'The standard whose grammar decides' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l keep -d 'Also leave these ASCII characters literal (non-ASCII is always encoded)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l also -d 'Also encode these characters' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l format -d 'Not taken (an error): this command\'s stdout is its data, in one form; its reports\' form is --report-format' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s w -l whatwg -d 'Use the WHATWG URL Standard instead of an RFC'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l plus -d 'Write space as \'+\' (and encode \'+\'); implied by -c form'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l lower -d 'Lowercase hex digits [default: uppercase, as RFC 3986 §2.1 recommends]'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand encode" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s c -l component -d 'What the data came from: the URI component it sat in. Every %XX is decoded the same in each; only in form is \'+\' a space too' -r -f -a "any\t'Any component: every %XX becomes the byte it names; \'+\' stays \'+\''
userinfo\t'User name and password, before \'@\': as any'
host\t'A registered name (domain): as any'
path\t'A path of several segments: as any (%2F becomes \'/\' too)'
segment\t'One path segment: as any'
query\t'The query after \'?\': as any (\'+\' stays \'+\'; see form)'
param\t'A key or value inside k=v&k=v: as any (\'+\' stays \'+\'; see form)'
form\t'application/x-www-form-urlencoded: \'+\' is a space too (as --plus)'
fragment\t'The fragment after \'#\': as any'"
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s r -l rfc -d 'Not taken by decode (an error): decoding is the same under every standard' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l utf8 -d 'What to do with decoded bytes that are not UTF-8' -r -f -a "raw\t'Write the decoded bytes as they are'
strict\t'Report each invalid UTF-8 sequence at its place and write it as raw does (status 1)'
lossy\t'Write U+FFFD for each invalid sequence'"
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l report-format -d 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l format -d 'Not taken (an error): this command\'s stdout is its data, in one form; its reports\' form is --report-format' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s w -l whatwg -d 'Not taken by decode (an error): decoding is the same under every standard'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l plus -d 'Decode \'+\' as space; implied by -c form'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l strict -d 'A \'%\' not followed by two hex digits is an error: reported at its place, the record still written as without --strict, and the run goes on to the end (status 1) [default: kept as it is]'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand decode" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s c -l component -d 'What each record is: a whole URI, a reference, or one component' -r -f -a "uri\t'A whole URI (absolute)'
reference\t'A URI reference: a URI or a relative reference'
scheme\t'The scheme'
userinfo\t'User name and password, before \'@\''
host\t'The host'
port\t'The port'
path\t'A path of several segments'
segment\t'One path segment'
query\t'The query after \'?\''
fragment\t'The fragment after \'#\''"
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s r -l rfc -d 'The standard whose grammar decides' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l format -l report-format -d 'How to write reports, check\'s output (on stderr with --valid or --invalid): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l color -d 'Colour reports and show the record with a caret under the problem (a record over 4 KiB: an excerpt around it)' -r -f -a "auto\t'When writing to a terminal that shows colour (TERM set and not dumb) and NO_COLOR is not set'
always\t''
never\t''"
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l base -d 'With --whatwg: check each record as a URL written against this base URL (url.bs "relative-URL-with-fragment string": what is valid depends on the base\'s scheme, and on whether its path is opaque); implies -c reference' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l from -d 'With --extract: how to read every document [default: by its name, as extract reads it; stdin is text]' -r -f -a "text\t'Plain text: URLs by their scheme, delimited as RFC 3986 Appendix C says'
markdown\t'CommonMark with GitHub\'s extensions: links, images, definitions, autolinks, bare URLs'
html\t'HTML: URL-valued attributes, CSS url(), and the text'"
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s w -l whatwg -d 'Use the WHATWG URL Standard instead of an RFC'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s q -l quiet -d 'Print nothing; the exit status says whether every record is valid, and reading stops at the first invalid record, as with grep -q (no reports, no summary, and so no records either: not with --valid or --invalid)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l valid -d 'Print the valid records to stdout, unchanged (reports go to stderr)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l invalid -d 'Print the invalid records to stdout, unchanged (reports go to stderr)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l confusion -d 'Report the URLs that RFC 3986 tools and browsers (the WHATWG URL Standard) send to different places: another scheme, host or port, with both readings and the cause (--valid and --invalid: the records read alike, and read differently; a URL the WHATWG parser refuses is neither, and is counted apart)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l extract -d 'Each VALUE is a document (and each --file): check every URL found in it, as extract finds them, each reported at the document\'s FILE:LINE:COLUMN (a relative reference checked as a reference)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l include-code -d 'With --extract: also the URLs in code (Markdown\'s code spans and blocks, HTML\'s <pre>, <code>, <script>), as extract --include-code'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand check" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s c -l component -d 'What each record is: a whole URI, or a reference (relative allowed)' -r -f -a "uri\t'A whole URI (absolute)'
reference\t'A URI reference: a URI or a relative reference'"
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s r -l rfc -d 'The standard whose grammar decides' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l base -d 'Resolve each record against this base URI first (RFC 3986 §5.2; with --whatwg, the WHATWG parser); a base is absolute, with a scheme (§5.1)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l report-format -d 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l format -d 'Not taken (an error): this command\'s stdout is its data, in one form; its reports\' form is --report-format' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s w -l whatwg -d 'Use the WHATWG URL Standard instead of an RFC'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l basic -d 'Only encode what is illegal anywhere in a URI: no mending of a stray \'%\', brackets, a second \'#\''
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l normalize -d 'Also normalize: RFC 3986 §6.2.2 (case, unreserved escapes decoded, dot segments) and §6.2.3 for http and https (empty path is \'/\', default port dropped)'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l idna -d 'A Unicode host (raw, or its UTF-8 percent-encoded) becomes its ASCII (punycode) form, by UTS #46 as browsers do, and one that has none is reported; without it a non-ASCII host is percent-encoded, as RFC 3986 says'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand clean" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l color -d 'Colour each component, and dim the escapes left encoded' -r -f -a "auto\t'When writing to a terminal that shows colour (TERM set and not dumb) and NO_COLOR is not set'
always\t''
never\t''"
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -s r -l rfc -d '3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters an IRI allows where they stand, never a bidi formatting character, §4.1), which is always a valid IRI' -r -f -a "3987\t''"
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l top-domains -d 'Keep in ASCII the hosts that look like a domain of FILE (one a line, `#` a comment) rather than of Chromium\'s list of top domains, built in' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l report-format -d 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l format -d 'Not taken (an error): this command\'s stdout is its data, in one form; its reports\' form is --report-format' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l idna -d 'Show an ASCII (xn--) host in Unicode where that is safe (UTS #46 ToUnicode)'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l explain -d 'Say on stderr why a host is shown in ASCII (xn--) rather than in Unicode'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand pretty-print" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s r -l rfc -d 'The standard whose grammar decides' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l base -d 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l format -d 'Text for people, one line per URL with its parts labelled; or JSON Lines' -r -f -a "text\t'One line per URL, its parts labelled: NAME=VALUE (logfmt)'
json\t'JSON Lines: one object per URL, its parts as members'"
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l psl -d 'Read the Public Suffix List from FILE (a public_suffix_list.dat) rather than the one built in (whose date --version gives)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s g -l get -d 'Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l report-format -d 'Also report each record that does not parse on stderr, in FORMAT: text, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log [default: with --get, text; else none, the output says it]' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s w -l whatwg -d 'Use the WHATWG URL Standard instead of an RFC'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l plus -d 'Under an RFC, \'+\' in the query\'s names and values is a space, as in a form (--whatwg always reads it so: application/x-www-form-urlencoded)'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand parse" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s r -l rfc -d 'The standard whose grammar decides' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l set -d 'Set a part: NAME=VALUE takes VALUE as data and percent-encodes it for the part; NAME:=VALUE takes it as written in the URL (repeatable, in order; RFC parts: scheme, userinfo, host, port, path, query, fragment; --whatwg: the API\'s href, protocol, username, password, host, hostname, port, pathname, search, hash)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l unset -d 'Remove a part (before any --set): under an RFC the query or fragment goes with its delimiter, the host with the whole authority; under --whatwg the setter is given ""' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l remove-param -d 'Remove the query\'s pairs whose (decoded) name matches PATTERN: * any run, ? one character, \\ quotes (repeatable)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l keep-param -d 'Keep only the query\'s pairs whose name matches one PATTERN (repeatable)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l set-values -d 'Give every pair this value, encoded for its place, each keeping its name and place (a pair without \'=\' gets one); :=VALUE as written. The probe of qsreplace: --set-values FUZZ' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l set-param -d 'Give NAME this one value: the first NAME pair is replaced, the others removed, or the pair appended where there is none (URLSearchParams.set); NAME:=VALUE as written' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l append -d 'Append the pair NAME=VALUE, encoded for its place (NAME:=VALUE as written; NAME alone, a pair without \'=\') (repeatable)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l param-separator -d 'The byte between pairs, in and out' -r -f -a "&\t''
;\t''"
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l base -d 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l redirect -d 'Resolve REF against each record (the record the base), as a redirect\'s Location' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l report-format -d 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l format -d 'Not taken (an error): this command\'s stdout is its data, in one form; its reports\' form is --report-format' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s w -l whatwg -d 'Use the WHATWG URL Standard instead of an RFC'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l sort-params -d 'Sort the pairs by name, keeping the order of pairs of one name (URLSearchParams.sort)'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l plus -d 'Under an RFC, \'+\' is a space in names and values, and new pairs write a space as \'+\', as a form does (--whatwg always does: application/x-www-form-urlencoded)'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand edit" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l profile -d 'Which key: a field\'s own canonical form of a URL' -r -f -a "whatwg\t'The URL Standard\'s serialization (url.bs "URL equivalence")'
rfc3986\t'RFC 3986 §6.2.2 and §6.2.3 normalization (what clean --normalize gives)'
signature\t'Scheme, host, port, path with all-digit segments as {n}, sorted parameter names'
safebrowsing\t'The Safe Browsing API\'s canonicalization ("URLs and Hashing")'
surt\t'The Internet Archive\'s SURT, as the surt package\'s surt.surt gives it'
ssurt\t'urlcanon\'s reversible SSURT of the URL Standard\'s serialization'"
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l format -d 'The key a line, as --with-key and --unique say; or JSON Lines, the record and its key' -r -f -a "text\t'The key a line (KEY<TAB>RECORD with --with-key; with --unique, the records)'
json\t'JSON Lines: {"record":…,"key":…} a record (the key null where it has none); with --unique, the first record of each key'"
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l dropped -d 'With --unique, write each record it drops to FILE as PLACE<TAB>FIRST<TAB>RECORD: its place and that of the record whose key it repeats, each SOURCE:LINE (<stdin>:2<TAB><stdin>:1<TAB>HTTP://A:80/1)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l report-format -d 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l no-fragment -d 'whatwg: leave the fragment out (url.bs "URL equivalence" with exclude fragments)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l expressions -d 'safebrowsing: after the key, each suffix/prefix expression a client looks up, after a space'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l hash -d 'safebrowsing, with --expressions: each expression\'s SHA-256 (lowercase hex) instead'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l with-scheme -d 'surt: the scheme too, http://(org,archive)/ (surt\'s with_scheme)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l trailing-comma -d 'surt: a comma after the host, org,archive,)/ (surt\'s trailing_comma)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l keep-www -d 'surt: keep a leading www., www2., ... label (surt\'s host_massage=False)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l with-key -d 'Write KEY<TAB>RECORD (for sort -k1,1, join, reduceByKey)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l unique -d 'Write each record whose key was not seen before (the record, or KEY<TAB>RECORD with --with-key), in input order; how many were dropped goes to stderr'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand key" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l from -d 'How to read every document [default: by its name: .md and .markdown Markdown; .html, .htm and .xhtml HTML; anything else, and stdin, text]' -r -f -a "text\t'Plain text: URLs by their scheme, delimited as RFC 3986 Appendix C says'
markdown\t'CommonMark with GitHub\'s extensions: links, images, definitions, autolinks, bare URLs'
html\t'HTML: URL-valued attributes, CSS url(), and the text'"
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l format -d 'The URL alone (text, or FILE:LINE:COLUMN:URL with -n), or JSON Lines: source, line, column, offset, url, kind' -r -f -a "text\t'One URL a line (FILE:LINE:COLUMN:URL with -n)'
json\t'JSON Lines: one object per URL: source, line, column, offset, url, kind'"
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l include-code -d 'Also the URLs in code: Markdown\'s code spans and blocks, HTML\'s <pre>, <code>, <script> (read as text)'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l emails -d 'Also email addresses in text (Markdown\'s and HTML\'s are found by their own rules)'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l schemeless -d 'Also hosts without a scheme in text: a domain name whose public suffix is on the built-in Public Suffix List (golang.org, www.example.com) or an IPv4 address, with an optional :port and /path; not a file name (main.rs, README.md: a name ending in .rs, .md, .py, .sh, ... is a host only after www. or before a path)'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l absolute -d 'Only URLs with a scheme: no relative references, no bare addresses or www. names'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l unique -d 'Each URL once, where it is first found (a 16-byte digest of each held, as key --unique)'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -s n -l with-position -l vimgrep -d 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -s z -l null -d 'End each URL with NUL, not a newline (as find -print0, for xargs -0); not with --format json'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l line-buffered -d 'Flush after every document (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand extract" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s e -l pattern -d 'A pattern (repeatable; a record matches where it matches any); with it, every positional argument is a VALUE' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l pattern-file -d 'Read patterns from FILE, one a line (blank lines skipped; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l protocol -d 'The dictionary form: the protocol\'s pattern (any component not given is \'*\')' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l username -d 'The dictionary form: the username\'s pattern' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l password -d 'The dictionary form: the password\'s pattern' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l hostname -d 'The dictionary form: the hostname\'s pattern' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l port -d 'The dictionary form: the port\'s pattern' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l pathname -d 'The dictionary form: the pathname\'s pattern' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l search -d 'The dictionary form: the search\'s pattern (the query, without \'?\')' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l hash -d 'The dictionary form: the hash\'s pattern (the fragment, without \'#\')' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l pattern-base -d 'The patterns\' base URL (baseURL): a relative pattern, or a component not given, is taken from it' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l base -d 'Resolve each record against this base URL first (the URL parser with a base)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l get -d 'Write a line per match from TEMPLATE: {COMPONENT.GROUP}, {GROUP}, {COMPONENT}' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l format -d 'The record as it came (text), or JSON Lines: the record, the pattern\'s index (from 0) and each component\'s input and groups, as exec() gives them' -r -f -a "text\t'Each record selected, as it came'
json\t'JSON Lines: one object per record selected, its pattern and groups'"
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l report-format -d 'How to write those reports: text, JSON Lines, GitHub annotations, or one SARIF log' -r -f -a "text\t'SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write'
json\t'JSON Lines: one object per problem'
github\t'GitHub Actions annotations (::error file=...,line=...,col=...::message)'
sarif\t'One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)'"
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s f -l file -d 'Read records from FILE (repeatable; \'-\' is stdin)' -r -F
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l line-offset -d 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)' -r
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s i -l ignore-case -d 'Letters match either case in the pathname, search and hash (the ignoreCase option)'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s v -l invert-match -d 'Select the records that match no pattern (a record that is no URL among them)'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s c -l count -d 'Write only how many records were selected'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s q -l quiet -d 'Write nothing; the status says whether a record was selected, and reading stops at the first'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l invalid -d 'Report each record that is no URL on stderr, as check --whatwg would'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l exit-zero -d 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark\'s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s z -l null -d 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l whole -d 'The whole input is one record (newlines are data)'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -l line-buffered -d 'Flush after every record (automatic when stdout is a terminal)'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand match" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -s r -l rfc -d 'The standard of the chart' -r -f -a "3986\t'RFC 3986 (2005), the current URI standard'
2396\t'RFC 2396 (1998) with RFC 2732\'s IPv6 brackets'
1738\t'RFC 1738 (1994), the first URL standard'
3987\t'RFC 3987 (2005), IRIs: RFC 3986 with Unicode characters literal'"
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -l format -d 'Text for people or JSON Lines for scripts (one JSON object per line)' -r -f -a "text\t'Aligned columns for people'
json\t'JSON Lines: the chart as one object on one line, or one object per line for each character explained'"
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -l color -d 'Colour kept and encoded cells' -r -f -a "auto\t'When writing to a terminal that shows colour (TERM set and not dumb) and NO_COLOR is not set'
always\t''
never\t''"
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -s w -l whatwg -d 'The chart of the WHATWG URL Standard\'s percent-encode sets'
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c uriesc -n "__fish_uriesc_using_subcommand table" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand completions" -s h -l help -d 'Print help'
complete -c uriesc -n "__fish_uriesc_using_subcommand completions" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand man" -s h -l help -d 'Print help'
complete -c uriesc -n "__fish_uriesc_using_subcommand man" -s V -l version -d 'Print version'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "encode" -d 'Percent-encode data so that it can sit inside one URI component'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "decode" -d 'Percent-decode %XX escapes back to the bytes they stand for'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "check" -d 'Validate URIs or components; report where and why each one breaks'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "clean" -d 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "pretty-print" -d 'Show a URI for people: decode only the escapes that are safe to decode'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "parse" -d 'Take URLs apart: components, path segments, query pairs, registrable domain'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "edit" -d 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "key" -d 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "extract" -d 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "match" -d 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "table" -d 'The chart: what each component must encode, per standard; or explain characters'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "man" -d 'Print a man page (roff), to read with `man -l -` or to install'
complete -c uriesc -n "__fish_uriesc_using_subcommand help; and not __fish_seen_subcommand_from encode decode check clean pretty-print parse edit key extract match table completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
