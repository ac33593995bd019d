# The cause of a URL that one extractor found and the other did not (FILE:LINE:COLUMN:URL a
# line): the first pattern that fits the URL, else "other".
{
    url = $0
    sub(/^[^:]*:[0-9]+:[0-9]+:/, "", url)
    if (url !~ /^[A-Za-z][A-Za-z0-9+.-]*:/) cause = "no scheme (linkify's www. or domain)"
    else if (url ~ /^(mailto|tel|urn|news|data|xmpp|sip|sips|sms|geo|magnet):/) cause = "a scheme without //"
    else if (url !~ /^(https?|ftp|file):/) cause = "another scheme with //"
    else if (url ~ /[)\]}]$/) cause = "ends in a closer"
    else if (url ~ /[.,:;!?'*_~]$/) cause = "ends in punctuation"
    else if (url ~ /[<>"`]/) cause = "holds a delimiter (<, >, \", `)"
    else if (url ~ /[\[\]{}()]/) cause = "holds a bracket"
    else if (url ~ /[^\x00-\x7F]/) cause = "beyond ASCII"
    else if (url ~ /&/) cause = "holds &"
    else cause = "other (place or end)"
    print cause
}
