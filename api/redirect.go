package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects bounds a chain of redirects within the same origin.
const maxRedirects = 5

// redirectError is a redirect the client refused to follow.
type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }

// checkRedirect follows a redirect only within the same scheme and host
// (port included). Go would carry the Authorization header from https to
// http on the same host, sending the key in clear; to another host the key
// does not belong there at all.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	if req.URL.Scheme != first.Scheme || req.URL.Host != first.Host {
		return &redirectError{fmt.Sprintf("the server redirected to %s; refused: the API key goes only to %s://%s",
			c.shownURL(req.URL), first.Scheme, first.Host)}
	}
	if len(via) >= maxRedirects {
		return &redirectError{fmt.Sprintf("the server redirected %d times in a row; stopped", len(via))}
	}
	return nil
}

// shownURL is u as it may be shown: no credentials, no secret, not too long.
func (c *Client) shownURL(u *url.URL) string {
	s := c.redact.text(ShownURL(u.String()))
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

// ShownURL is the URL raw as the program may show it, in a message or a
// command to run: without the user and password a URL may carry
// (https://user:KEY@host, whose password the client takes as the API key).
// Every URL the program shows passes through it.
func ShownURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Opaque == "" {
		if u.User == nil {
			return raw
		}
		u.User = nil
		return u.String()
	}
	// Not a URL Go reads, or one with no "//" ("user:KEY@host" reads as
	// the scheme user): anything before an @ in its authority may be a key.
	start := 0
	if i := strings.Index(raw, "://"); i >= 0 {
		start = i + 3
	}
	end := len(raw)
	if i := strings.IndexAny(raw[start:], "/?#"); i >= 0 {
		end = start + i
	}
	if at := strings.LastIndex(raw[start:end], "@"); at >= 0 {
		return raw[:start] + raw[start+at+1:]
	}
	return raw
}
