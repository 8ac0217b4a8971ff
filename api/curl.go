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
		b.WriteString(" -X " + ShellQuote(method))
	}
	b.WriteString(" -u " + ShellQuote(username+":") + `"$DONATIONS_API_KEY"`)
	b.WriteString(" -H 'Accept: application/json' ")
	b.WriteString(ShellQuote(rawURL))
	return b.String()
}

// ShellQuote wraps s in single quotes for a POSIX shell (the curl command,
// the sync a message says to run); a quote inside s closes the quoting, is
// written escaped, and opens it again.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
