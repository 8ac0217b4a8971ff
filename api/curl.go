package api

import "strings"

// CurlCommand is a shell command that repeats a request: the developer's view
// offers it to copy. The key is left as $DONATIONS_API_KEY so the copied text
// never holds it; everything else is single-quoted, so no character of a URL
// or user name can end the word or be expanded by the shell.
func CurlCommand(method, rawURL, username string) string {
	var b strings.Builder
	b.WriteString("curl")
	if method != "" && method != "GET" {
		b.WriteString(" -X " + shellQuote(method))
	}
	b.WriteString(" -u " + shellQuote(username+":") + `"$DONATIONS_API_KEY"`)
	b.WriteString(" -H 'Accept: application/json' ")
	b.WriteString(shellQuote(rawURL))
	return b.String()
}

// shellQuote wraps s in single quotes; a quote inside s closes the quoting, is
// written escaped, and opens it again.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
