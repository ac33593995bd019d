# The cause of a URL that one extractor found and the other did not, by the first rule that
# fits. Text (kind=text): FILE:LINE:COLUMN:URL a line, by the URL's form. Markdown and HTML
# (kind=markdown or html, FILE:URL a line; other= the other side's list, docs= the directory
# FILE is under): by where the URL is in FILE, then by its form.
function cause_of_form(url) {
    if (url !~ /^[A-Za-z][A-Za-z0-9+.-]*:/) return "no scheme (relative, or linkify's www. or domain)"
    if (url ~ /^(mailto|tel|urn|news|data|xmpp|sip|sips|sms|geo|magnet):/) return "a scheme without //"
    if (url !~ /^(https?|ftp|file):/) return "another scheme with //"
    if (url ~ /[)\]}]$/) return "ends in a closer"
    if (url ~ /[.,:;!?'*_~]$/) return "ends in punctuation"
    if (url ~ /[<>"`]/) return "holds a delimiter (<, >, \", `)"
    if (url ~ /[\[\]{}()]/) return "holds a bracket"
    if (url ~ /[^\x00-\x7F]/) return "beyond ASCII"
    if (url ~ /&/) return "holds &"
    return "other (place or end)"
}
# Whether the first `url` in `text` is inside an HTML comment (`<!--` before it, no `-->`
# between).
function in_comment(text, url,    at, before, opened, closed, i) {
    at = index(text, url)
    if (!at) return 0
    before = substr(text, 1, at)
    opened = 0; closed = 0
    for (i = index(before, "<!--"); i; i = index(substr(before, opened + 1), "<!--")) opened += i
    for (i = index(before, "-->"); i; i = index(substr(before, closed + 1), "-->")) closed += i
    return opened > closed
}
# The text of FILE, read once.
function text_of(file,    line, all) {
    if (file in texts) return texts[file]
    all = ""
    while ((getline line < (docs file)) > 0) all = all line "\n"
    close(docs file)
    texts[file] = all
    return all
}
BEGIN {
    if (kind != "text" && other != "") {
        while ((getline line < other) > 0) {
            n = index(line, ":")
            others[substr(line, 1, n - 1)] = others[substr(line, 1, n - 1)] "\n" substr(line, n + 1)
        }
    }
}
kind == "text" {
    url = $0
    sub(/^[^:]*:[0-9]+:[0-9]+:/, "", url)
    print cause_of_form(url)
    next
}
{
    n = index($0, ":")
    file = substr($0, 1, n - 1)
    url = substr($0, n + 1)
    text = text_of(file)
    split(others[file], theirs, "\n")
    prefix = 0
    for (i in theirs) {
        t = theirs[i]
        if (t != "" && url != "" && (index(t, url) == 1 || index(url, t) == 1)) prefix = 1
    }
    if (url == "") print "an empty destination"
    else if (index(text, "]: " url) || index(text, "]: <" url ">")) print "a reference definition (its uses: none, or by another URL)"
    else if (index(text, "[" url "]")) print "in a link's text"
    else if (in_comment(text, url)) print "in an HTML comment"
    else if (index(text, "=\"" url "\"") || index(text, "='" url "'")) {
        at = index(text, "=\"" url "\"")
        if (at && index(substr(text, at > 200 ? at - 200 : 1, 200), "<noscript>")) print "in <noscript> (raw text while scripting is on)"
        else print "an HTML attribute's relative reference or path"
    }
    else if (prefix) print "ends differ (one is the other's prefix)"
    else print cause_of_form(url)
}
