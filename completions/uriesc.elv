
use builtin;
use str;

set edit:completion:arg-completer[uriesc] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'uriesc'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'uriesc'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand encode 'Percent-encode data so that it can sit inside one URI component'
            cand decode 'Percent-decode %XX escapes back to the bytes they stand for'
            cand check 'Validate URIs or components; report where and why each one breaks'
            cand clean 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding'
            cand pretty-print 'Show a URI for people: decode only the escapes that are safe to decode'
            cand parse 'Take URLs apart: components, path segments, query pairs, registrable domain'
            cand edit 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place'
            cand key 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique'
            cand extract 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN'
            cand match 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines'
            cand table 'The chart: what each component must encode, per standard; or explain characters'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (roff), to read with `man -l -` or to install'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'uriesc;encode'= {
            cand -c 'What the data is for: the URI component it will sit in'
            cand --component 'What the data is for: the URI component it will sit in'
            cand -r 'The standard whose grammar decides'
            cand --rfc 'The standard whose grammar decides'
            cand --keep 'Also leave these ASCII characters literal (non-ASCII is always encoded)'
            cand --also 'Also encode these characters'
            cand --format 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Use the WHATWG URL Standard instead of an RFC'
            cand --whatwg 'Use the WHATWG URL Standard instead of an RFC'
            cand --plus 'Write space as ''+'' (and encode ''+''); implied by -c form'
            cand --lower 'Lowercase hex digits [default: uppercase, as RFC 3986 §2.1 recommends]'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;decode'= {
            cand -c 'What the data came from: the URI component it sat in. Every %XX is decoded the same in each; only in form is ''+'' a space too'
            cand --component 'What the data came from: the URI component it sat in. Every %XX is decoded the same in each; only in form is ''+'' a space too'
            cand -r 'Not taken by decode (an error): decoding is the same under every standard'
            cand --rfc 'Not taken by decode (an error): decoding is the same under every standard'
            cand --utf8 'What to do with decoded bytes that are not UTF-8'
            cand --report-format 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --format 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Not taken by decode (an error): decoding is the same under every standard'
            cand --whatwg 'Not taken by decode (an error): decoding is the same under every standard'
            cand --plus 'Decode ''+'' as space; implied by -c form'
            cand --strict 'A ''%'' not followed by two hex digits is an error: reported at its place, the record still written as without --strict, and the run goes on to the end (status 1) [default: kept as it is]'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;check'= {
            cand -c 'What each record is: a whole URI, a reference, or one component'
            cand --component 'What each record is: a whole URI, a reference, or one component'
            cand -r 'The standard whose grammar decides'
            cand --rfc 'The standard whose grammar decides'
            cand --format 'How to write reports, check''s output (on stderr with --valid or --invalid): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --report-format 'How to write reports, check''s output (on stderr with --valid or --invalid): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --color 'Colour reports and show the record with a caret under the problem (a record over 4 KiB: an excerpt around it)'
            cand --base 'With --whatwg: check each record as a URL written against this base URL (url.bs "relative-URL-with-fragment string": what is valid depends on the base''s scheme, and on whether its path is opaque); implies -c reference'
            cand --from 'With --extract: how to read every document [default: by its name, as extract reads it; stdin is text]'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Use the WHATWG URL Standard instead of an RFC'
            cand --whatwg 'Use the WHATWG URL Standard instead of an RFC'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -q 'Print nothing; the exit status says whether every record is valid, and reading stops at the first invalid record, as with grep -q (no reports, no summary, and so no records either: not with --valid or --invalid)'
            cand --quiet 'Print nothing; the exit status says whether every record is valid, and reading stops at the first invalid record, as with grep -q (no reports, no summary, and so no records either: not with --valid or --invalid)'
            cand --valid 'Print the valid records to stdout, unchanged (reports go to stderr)'
            cand --invalid 'Print the invalid records to stdout, unchanged (reports go to stderr)'
            cand --confusion 'Report the URLs that RFC 3986 tools and browsers (the WHATWG URL Standard) send to different places: another scheme, host or port, with both readings and the cause (--valid and --invalid: the records read alike, and read differently; a URL the WHATWG parser refuses is neither, and is counted apart)'
            cand --extract 'Each VALUE is a document (and each --file): check every URL found in it, as extract finds them, each reported at the document''s FILE:LINE:COLUMN (a relative reference checked as a reference)'
            cand --include-code 'With --extract: also the URLs in code (Markdown''s code spans and blocks, HTML''s <pre>, <code>, <script>), as extract --include-code'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;clean'= {
            cand -c 'What each record is: a whole URI, or a reference (relative allowed)'
            cand --component 'What each record is: a whole URI, or a reference (relative allowed)'
            cand -r 'The standard whose grammar decides'
            cand --rfc 'The standard whose grammar decides'
            cand --base 'Resolve each record against this base URI first (RFC 3986 §5.2; with --whatwg, the WHATWG parser); a base is absolute, with a scheme (§5.1)'
            cand --report-format 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --format 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Use the WHATWG URL Standard instead of an RFC'
            cand --whatwg 'Use the WHATWG URL Standard instead of an RFC'
            cand --basic 'Only encode what is illegal anywhere in a URI: no mending of a stray ''%'', brackets, a second ''#'''
            cand --normalize 'Also normalize: RFC 3986 §6.2.2 (case, unreserved escapes decoded, dot segments) and §6.2.3 for http and https (empty path is ''/'', default port dropped)'
            cand --idna 'A Unicode host (raw, or its UTF-8 percent-encoded) becomes its ASCII (punycode) form, by UTS #46 as browsers do, and one that has none is reported; without it a non-ASCII host is percent-encoded, as RFC 3986 says'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;pretty-print'= {
            cand --color 'Colour each component, and dim the escapes left encoded'
            cand -r '3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters an IRI allows where they stand, never a bidi formatting character, §4.1), which is always a valid IRI'
            cand --rfc '3987: show the IRI of each URI, by RFC 3987 §3.2 (decode only the UTF-8 of characters an IRI allows where they stand, never a bidi formatting character, §4.1), which is always a valid IRI'
            cand --top-domains 'Keep in ASCII the hosts that look like a domain of FILE (one a line, `#` a comment) rather than of Chromium''s list of top domains, built in'
            cand --report-format 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --format 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand --idna 'Show an ASCII (xn--) host in Unicode where that is safe (UTS #46 ToUnicode)'
            cand --explain 'Say on stderr why a host is shown in ASCII (xn--) rather than in Unicode'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;parse'= {
            cand -r 'The standard whose grammar decides'
            cand --rfc 'The standard whose grammar decides'
            cand --base 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)'
            cand --format 'Text for people, one line per URL with its parts labelled; or JSON Lines'
            cand --psl 'Read the Public Suffix List from FILE (a public_suffix_list.dat) rather than the one built in (whose date --version gives)'
            cand -g 'Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)'
            cand --get 'Write a line per URL from TEMPLATE: {host}, {query:NAME}, {segment:N}, ... (see below)'
            cand --report-format 'Also report each record that does not parse on stderr, in FORMAT: text, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log [default: with --get, text; else none, the output says it]'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Use the WHATWG URL Standard instead of an RFC'
            cand --whatwg 'Use the WHATWG URL Standard instead of an RFC'
            cand --plus 'Under an RFC, ''+'' in the query''s names and values is a space, as in a form (--whatwg always reads it so: application/x-www-form-urlencoded)'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;edit'= {
            cand -r 'The standard whose grammar decides'
            cand --rfc 'The standard whose grammar decides'
            cand --set 'Set a part: NAME=VALUE takes VALUE as data and percent-encodes it for the part; NAME:=VALUE takes it as written in the URL (repeatable, in order; RFC parts: scheme, userinfo, host, port, path, query, fragment; --whatwg: the API''s href, protocol, username, password, host, hostname, port, pathname, search, hash)'
            cand --unset 'Remove a part (before any --set): under an RFC the query or fragment goes with its delimiter, the host with the whole authority; under --whatwg the setter is given ""'
            cand --remove-param 'Remove the query''s pairs whose (decoded) name matches PATTERN: * any run, ? one character, \ quotes (repeatable)'
            cand --keep-param 'Keep only the query''s pairs whose name matches one PATTERN (repeatable)'
            cand --set-values 'Give every pair this value, encoded for its place, each keeping its name and place (a pair without ''='' gets one); :=VALUE as written. The probe of qsreplace: --set-values FUZZ'
            cand --set-param 'Give NAME this one value: the first NAME pair is replaced, the others removed, or the pair appended where there is none (URLSearchParams.set); NAME:=VALUE as written'
            cand --append 'Append the pair NAME=VALUE, encoded for its place (NAME:=VALUE as written; NAME alone, a pair without ''='') (repeatable)'
            cand --param-separator 'The byte between pairs, in and out'
            cand --base 'Resolve each record against this base URL first (RFC 3986 §5.2, the base a URI under the standard; with --whatwg, the URL parser with a base)'
            cand --redirect 'Resolve REF against each record (the record the base), as a redirect''s Location'
            cand --report-format 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand --format 'Not taken (an error): this command''s stdout is its data, in one form; its reports'' form is --report-format'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -w 'Use the WHATWG URL Standard instead of an RFC'
            cand --whatwg 'Use the WHATWG URL Standard instead of an RFC'
            cand --sort-params 'Sort the pairs by name, keeping the order of pairs of one name (URLSearchParams.sort)'
            cand --plus 'Under an RFC, ''+'' is a space in names and values, and new pairs write a space as ''+'', as a form does (--whatwg always does: application/x-www-form-urlencoded)'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;key'= {
            cand --profile 'Which key: a field''s own canonical form of a URL'
            cand --format 'The key a line, as --with-key and --unique say; or JSON Lines, the record and its key'
            cand --dropped 'With --unique, write each record it drops to FILE as PLACE<TAB>FIRST<TAB>RECORD: its place and that of the record whose key it repeats, each SOURCE:LINE (<stdin>:2<TAB><stdin>:1<TAB>HTTP://A:80/1)'
            cand --report-format 'How to write reports (on stderr, beside the data): text for people, JSON Lines, GitHub annotations, or one SARIF 2.1.0 log for the run'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand --no-fragment 'whatwg: leave the fragment out (url.bs "URL equivalence" with exclude fragments)'
            cand --expressions 'safebrowsing: after the key, each suffix/prefix expression a client looks up, after a space'
            cand --hash 'safebrowsing, with --expressions: each expression''s SHA-256 (lowercase hex) instead'
            cand --with-scheme 'surt: the scheme too, http://(org,archive)/ (surt''s with_scheme)'
            cand --trailing-comma 'surt: a comma after the host, org,archive,)/ (surt''s trailing_comma)'
            cand --keep-www 'surt: keep a leading www., www2., ... label (surt''s host_massage=False)'
            cand --with-key 'Write KEY<TAB>RECORD (for sort -k1,1, join, reduceByKey)'
            cand --unique 'Write each record whose key was not seen before (the record, or KEY<TAB>RECORD with --with-key), in input order; how many were dropped goes to stderr'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;extract'= {
            cand --from 'How to read every document [default: by its name: .md and .markdown Markdown; .html, .htm and .xhtml HTML; anything else, and stdin, text]'
            cand --format 'The URL alone (text, or FILE:LINE:COLUMN:URL with -n), or JSON Lines: source, line, column, offset, url, kind'
            cand --include-code 'Also the URLs in code: Markdown''s code spans and blocks, HTML''s <pre>, <code>, <script> (read as text)'
            cand --emails 'Also email addresses in text (Markdown''s and HTML''s are found by their own rules)'
            cand --schemeless 'Also hosts without a scheme in text: a domain name whose public suffix is on the built-in Public Suffix List (golang.org, www.example.com) or an IPv4 address, with an optional :port and /path; not a file name (main.rs, README.md: a name ending in .rs, .md, .py, .sh, ... is a host only after www. or before a path)'
            cand --absolute 'Only URLs with a scheme: no relative references, no bare addresses or www. names'
            cand --unique 'Each URL once, where it is first found (a 16-byte digest of each held, as key --unique)'
            cand -n 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them'
            cand --with-position 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them'
            cand --vimgrep 'Write FILE:LINE:COLUMN:URL, as rg --vimgrep (COLUMN in characters from 1); not with --format json, whose objects hold them'
            cand -z 'End each URL with NUL, not a newline (as find -print0, for xargs -0); not with --format json'
            cand --null 'End each URL with NUL, not a newline (as find -print0, for xargs -0); not with --format json'
            cand --line-buffered 'Flush after every document (automatic when stdout is a terminal)'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;match'= {
            cand -e 'A pattern (repeatable; a record matches where it matches any); with it, every positional argument is a VALUE'
            cand --pattern 'A pattern (repeatable; a record matches where it matches any); with it, every positional argument is a VALUE'
            cand --pattern-file 'Read patterns from FILE, one a line (blank lines skipped; ''-'' is stdin)'
            cand --protocol 'The dictionary form: the protocol''s pattern (any component not given is ''*'')'
            cand --username 'The dictionary form: the username''s pattern'
            cand --password 'The dictionary form: the password''s pattern'
            cand --hostname 'The dictionary form: the hostname''s pattern'
            cand --port 'The dictionary form: the port''s pattern'
            cand --pathname 'The dictionary form: the pathname''s pattern'
            cand --search 'The dictionary form: the search''s pattern (the query, without ''?'')'
            cand --hash 'The dictionary form: the hash''s pattern (the fragment, without ''#'')'
            cand --pattern-base 'The patterns'' base URL (baseURL): a relative pattern, or a component not given, is taken from it'
            cand --base 'Resolve each record against this base URL first (the URL parser with a base)'
            cand --get 'Write a line per match from TEMPLATE: {COMPONENT.GROUP}, {GROUP}, {COMPONENT}'
            cand --format 'The record as it came (text), or JSON Lines: the record, the pattern''s index (from 0) and each component''s input and groups, as exec() gives them'
            cand --report-format 'How to write those reports: text, JSON Lines, GitHub annotations, or one SARIF log'
            cand -f 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --file 'Read records from FILE (repeatable; ''-'' is stdin)'
            cand --line-offset 'Add N to the line numbers in messages: the input is a part of a larger one, whose first N lines came before (as with `parallel --pipe -N`)'
            cand -i 'Letters match either case in the pathname, search and hash (the ignoreCase option)'
            cand --ignore-case 'Letters match either case in the pathname, search and hash (the ignoreCase option)'
            cand -v 'Select the records that match no pattern (a record that is no URL among them)'
            cand --invert-match 'Select the records that match no pattern (a record that is no URL among them)'
            cand -c 'Write only how many records were selected'
            cand --count 'Write only how many records were selected'
            cand -q 'Write nothing; the status says whether a record was selected, and reading stops at the first'
            cand --quiet 'Write nothing; the status says whether a record was selected, and reading stops at the first'
            cand --invalid 'Report each record that is no URL on stderr, as check --whatwg would'
            cand --exit-zero 'Exit with status 0 where it would be 1 (a record reported, or none found), the reports still written; 2 still says an error. For runners that take any other status for a failed task: Spark''s RDD.pipe and SQL TRANSFORM, Hadoop Streaming'
            cand -z 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --null 'Records are NUL-separated, in and out (as find -print0, xargs -0)'
            cand --whole 'The whole input is one record (newlines are data)'
            cand --line-buffered 'Flush after every record (automatic when stdout is a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;table'= {
            cand -r 'The standard of the chart'
            cand --rfc 'The standard of the chart'
            cand --format 'Text for people or JSON Lines for scripts (one JSON object per line)'
            cand --color 'Colour kept and encoded cells'
            cand -w 'The chart of the WHATWG URL Standard''s percent-encode sets'
            cand --whatwg 'The chart of the WHATWG URL Standard''s percent-encode sets'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;man'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'uriesc;help'= {
            cand encode 'Percent-encode data so that it can sit inside one URI component'
            cand decode 'Percent-decode %XX escapes back to the bytes they stand for'
            cand check 'Validate URIs or components; report where and why each one breaks'
            cand clean 'Turn a hand-typed URI (spaces, Unicode, a stray %) into a valid one, never double-encoding'
            cand pretty-print 'Show a URI for people: decode only the escapes that are safe to decode'
            cand parse 'Take URLs apart: components, path segments, query pairs, registrable domain'
            cand edit 'Put URLs together: set parts, edit query pairs, resolve; each value encoded for its place'
            cand key 'A canonical key per URL (whatwg, rfc3986, signature, safebrowsing, surt, ssurt); --unique'
            cand extract 'Find the URLs inside text, Markdown and HTML documents, each with FILE:LINE:COLUMN'
            cand match 'Select the URLs that match a URLPattern (https://*.example.com/*), as grep selects lines'
            cand table 'The chart: what each component must encode, per standard; or explain characters'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (roff), to read with `man -l -` or to install'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'uriesc;help;encode'= {
        }
        &'uriesc;help;decode'= {
        }
        &'uriesc;help;check'= {
        }
        &'uriesc;help;clean'= {
        }
        &'uriesc;help;pretty-print'= {
        }
        &'uriesc;help;parse'= {
        }
        &'uriesc;help;edit'= {
        }
        &'uriesc;help;key'= {
        }
        &'uriesc;help;extract'= {
        }
        &'uriesc;help;match'= {
        }
        &'uriesc;help;table'= {
        }
        &'uriesc;help;completions'= {
        }
        &'uriesc;help;man'= {
        }
        &'uriesc;help;help'= {
        }
    ]
    $completions[$command]
}
