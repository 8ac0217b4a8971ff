package api

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kind says what went wrong, in the terms a person acts on.
type Kind int

const (
	KindNetwork Kind = iota + 1
	KindAuth
	KindForbidden
	KindNotFound
	KindRateLimited
	KindServer
	KindHTTP
	KindDecode
	KindInsecure
)

var kindNames = map[Kind]string{
	KindNetwork:     "network error",
	KindAuth:        "authentication failed",
	KindForbidden:   "access forbidden",
	KindNotFound:    "not found",
	KindRateLimited: "rate limited",
	KindServer:      "server error",
	KindHTTP:        "unexpected answer",
	KindDecode:      "unreadable answer",
	KindInsecure:    "insecure address",
}

func (k Kind) String() string { return kindNames[k] }

// Error is every failure the client reports. Its text is one line written for
// a person, and never holds the API key or credentials from the URL; where it
// is shown in full, the caller adds Hint.
type Error struct {
	Kind       Kind
	Status     int           // HTTP status, 0 when none arrived
	Page       int           // the page asked for, 0 when not a page request
	URL        string        // the request URL, without credentials
	Excerpt    string        // a short, single-line excerpt of the body
	RetryAfter time.Duration // for KindRateLimited: how long the server asked to wait
	Attempts   int
	Truncated  bool // for KindDecode: the body ended mid-JSON, as a cut connection leaves it
	Err        error
	ask        ask    // the wait behind RetryAfter, and the header that asked for it
	failed     string // what failed, in words, where more is known than Err says (see failure)
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Page != 0 {
		fmt.Fprintf(&b, " on page %d", e.Page)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	if e.Excerpt != "" {
		b.WriteString(" — the server said: ")
		b.WriteString(e.Excerpt)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// cause is what a retry is for, short enough for a status line: the status
// and what failed beside it ("HTTP 200 cut body (truncated JSON at byte
// 812)", "no answer: connection reset by peer").
func (e *Error) cause() string {
	if e.Status == 0 {
		return e.failure()
	}
	return strings.TrimSpace(fmt.Sprintf("HTTP %d %s", e.Status, e.failure()))
}

// failure is what went wrong beside the status, in a few words; "" when
// the status says it all (a 503).
func (e *Error) failure() string {
	var de *deadlineError
	switch {
	case e.failed != "":
		return e.failed
	case errors.As(e.Err, &de):
		return fmt.Sprintf("timeout after %s (%s)", de.timeout, de.what)
	case errors.Is(e.Err, context.Canceled):
		return "cancelled" // read ahead past the end, or interrupted
	case e.Err != nil && e.Status == 0:
		return "no answer: " + e.Err.Error()
	case e.Err != nil:
		return e.Err.Error()
	}
	return ""
}

// unreadable words a body that could not be decoded, n bytes long.
func unreadable(e *Error, n int) string {
	switch {
	case e.Truncated:
		return fmt.Sprintf("cut body (truncated JSON at byte %d)", n)
	case e.Err != nil:
		return "unreadable body: " + e.Err.Error()
	}
	return "unreadable body"
}

// Is lets callers write errors.Is(err, api.ErrAuth) and the like.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Status == 0 && t.Err == nil
}

// Sentinels to match with errors.Is.
var (
	ErrNetwork     = &Error{Kind: KindNetwork}
	ErrAuth        = &Error{Kind: KindAuth}
	ErrForbidden   = &Error{Kind: KindForbidden}
	ErrNotFound    = &Error{Kind: KindNotFound}
	ErrRateLimited = &Error{Kind: KindRateLimited}
	ErrServer      = &Error{Kind: KindServer}
	ErrHTTP        = &Error{Kind: KindHTTP}
	ErrDecode      = &Error{Kind: KindDecode}
	ErrInsecure    = &Error{Kind: KindInsecure}
)

const authCauses = `The usual causes:
• the username: it is either the organization's login e-mail or its organization id; try the other form.
• the API key: check it was copied whole, with no spaces, and has not been regenerated.
• the REST API is not enabled for the account: the account holder enables it in the account's integration settings ("Enable Rest API"), or the operator does on request.`

// Hint is what to do about the error, or "" when there is nothing to add.
func (e *Error) Hint() string {
	switch e.Kind {
	case KindAuth:
		return authCauses
	case KindForbidden:
		return authCauses + "\n• a firewall or proxy in front of the API refused the request (a plain-text 403 often means this)."
	case KindNotFound:
		return "Check the base URL: the client appends /api/v1/donations to it."
	case KindRateLimited:
		switch {
		case e.ask.header != "":
			// A far wait saturates RetryAfter; ask says it as a date instead.
			return fmt.Sprintf("The server asks to wait %s before the next request.", e.ask)
		case e.RetryAfter > 0:
			return fmt.Sprintf("The server asks to wait %s before the next request.", e.RetryAfter.Round(time.Second))
		}
		return "The server's request budget is spent; wait a minute and retry."
	case KindServer:
		return "The server failed; retrying later usually works."
	case KindNetwork:
		return "Check the network and the base URL."
	}
	return ""
}

// Retryable says whether the same request may succeed if sent again.
func Retryable(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Kind == KindNetwork || e.Kind == KindServer || e.Kind == KindRateLimited || e.Truncated
}

func kindForStatus(status int) Kind {
	switch {
	case status == 401:
		return KindAuth
	case status == 403:
		return KindForbidden
	case status == 404:
		return KindNotFound
	case status == 429:
		return KindRateLimited
	case status >= 500:
		return KindServer
	}
	return KindHTTP
}

// excerpt makes a short single-line quote of a body, safe to show: controls
// are replaced and the result is cut to n runes.
func excerpt(b []byte, n int) string {
	s := strings.ToValidUTF8(string(b), "?")
	var out strings.Builder
	count := 0
	space := false
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			r = ' '
		}
		if r == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		if count == n {
			out.WriteString("…")
			break
		}
		out.WriteRune(r)
		count++
	}
	return strings.TrimSpace(out.String())
}
