package api

import (
	"fmt"
	"net/http"
	"net/url"
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
	v := *u
	v.User = nil
	s := c.redact.text(v.String())
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}
