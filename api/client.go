package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// DonationsPath is the list endpoint, appended to the base URL.
const DonationsPath = "/api/v1/donations"

// Exchange describes one HTTP request and its answer, for --verbose and the raw
// view. URL never holds credentials.
type Exchange struct {
	Method   string
	URL      string
	Page     int    // the page of the list asked for
	User     string // the Basic-auth user name (the key is never kept)
	Status   int
	Bytes    int
	Duration time.Duration
	Attempt  int
	Err      error
	// Failure is what went wrong with the attempt beside its status, in
	// words: "cut body (truncated JSON at byte 812)", "timeout after 30s
	// (no answer)"; "" when it brought a page or the status says it all.
	Failure string
	// Retry is the wait before the next attempt, when one follows.
	Retry Retry
	// Sent is the request's headers, the credentials of Authorization
	// left out; Header is the answer's, with any trace of the key redacted.
	Sent   http.Header
	Header http.Header
	At     time.Time // when the request was sent
}

// Curl is a shell command that repeats the request, the key left as
// $DONATIONS_API_KEY.
func (x Exchange) Curl() string { return CurlCommand(x.Method, x.URL, x.User) }

// Config is what a Client needs. APIKey is the password of HTTP Basic auth;
// Username is the login e-mail or the organization id (both forms work).
type Config struct {
	BaseURL  string
	Username string
	APIKey   string

	// Timeout bounds each HTTP attempt (default 30s).
	Timeout time.Duration
	// Retry bounds retries of 429, 5xx and network errors.
	Retry RetryPolicy
	// Trace, when set, is called after every HTTP attempt, from whichever
	// goroutine made it: a walk reading ahead makes several at once.
	Trace func(Exchange)
	// Transport replaces http.DefaultTransport (tests pin connections with it).
	Transport http.RoundTripper
	// UserAgent is sent on every request.
	UserAgent string
	// MaxBody bounds one answer after decompression (default DefaultMaxBody).
	MaxBody int64
	// AllWaits makes OnWait hear of every wait, however short: the browser's
	// status line says each retry.
	AllWaits bool
	// OnWait, when set, hears of every wait longer than LongWait as it
	// starts, from whichever goroutine waits.
	OnWait func(Wait)
	// Clock is what waits and retry budgets are kept by (default WallClock).
	Clock Clock
}

// Client reads donations. It is safe for concurrent use.
type Client struct {
	endpoint  url.URL
	username  string
	key       string
	timeout   time.Duration
	retry     RetryPolicy
	trace     func(Exchange)
	http      *http.Client
	userAgent string
	pace      pacer
	refused   atomic.Int64 // 429 answers so far
	// learned is what the client has learned of the server (see Profile).
	learned  learned
	maxBody  int64
	onWait   func(Wait)
	allWaits bool
	redact   *redactor
	clock    Clock
}

// New checks the configuration and makes a client. Credentials given as user
// information in the base URL are taken out of it and sent in the header.
func New(cfg Config) (*Client, error) {
	u, err := ParseBaseURL(cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	c := &Client{
		username:  cfg.Username,
		key:       cfg.APIKey,
		timeout:   cfg.Timeout,
		retry:     cfg.Retry.withDefaults(),
		trace:     cfg.Trace,
		userAgent: cfg.UserAgent,
		maxBody:   cfg.MaxBody,
		onWait:    cfg.OnWait,
		allWaits:  cfg.AllWaits,
		clock:     cfg.Clock,
	}
	if c.clock == nil {
		c.clock = WallClock
	}
	if c.maxBody <= 0 {
		c.maxBody = DefaultMaxBody
	}
	if u.User != nil {
		if c.username == "" {
			c.username = u.User.Username()
		}
		if p, ok := u.User.Password(); ok && c.key == "" {
			c.key = p
		}
		u.User = nil
	}
	if c.timeout <= 0 {
		c.timeout = 30 * time.Second
	}
	c.redact = newRedactor(c.username, c.key)
	if c.userAgent == "" {
		c.userAgent = "donations-cli"
	}
	u.Path = strings.TrimRight(u.Path, "/")
	if !strings.HasSuffix(u.Path, DonationsPath) {
		u.Path = strings.TrimSuffix(u.Path, "/api/v1") + DonationsPath
	}
	u.RawQuery, u.Fragment = "", ""
	c.endpoint = *u
	transport := cfg.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	c.http = &http.Client{Transport: transport, CheckRedirect: c.checkRedirect}
	return c, nil
}

// ParseBaseURL checks a base URL: https, or http for a loopback host only.
// Errors never quote the URL, which may hold a password.
func ParseBaseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, fmt.Errorf("no base URL")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("the base URL is not a valid URL")
	}
	if u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("the base URL must look like https://host[/path], got scheme %q", u.Scheme)
	}
	if strings.EqualFold(u.Hostname(), "localhost") {
		// Go's transport sends plain http to a proxy (HTTP_PROXY) for
		// any host but a loopback address or "localhost" spelt so: the
		// key would go to it in clear.
		u.Host = strings.ToLower(u.Host)
	}
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return nil, &Error{Kind: KindInsecure, Err: fmt.Errorf("plain http is refused for %s: the API key would cross the network in clear; use https (http is allowed only for loopback hosts such as 127.0.0.1)", u.Hostname())}
	}
	return u, nil
}

// IsLoopback says whether host is the local machine (where plain http is safe).
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Refused counts the 429 answers the client has had, so a walk running
// requests side by side can slow down after one.
func (c *Client) Refused() int64 { return c.refused.Load() }

// Endpoint is the list URL, without credentials or query.
func (c *Client) Endpoint() string { return c.endpoint.String() }

// Username is the user name sent, for showing which account is in use.
func (c *Client) Username() string { return c.username }

// URL is the request URL for q as the client sends it (see shaped),
// without credentials.
func (c *Client) URL(q Query) string { return c.plainURL(c.shaped(q)) }

// plainURL is the URL for q's own parameters only.
func (c *Client) plainURL(q Query) string {
	u := c.endpoint
	u.RawQuery = q.Values().Encode()
	return u.String()
}

// Page fetches and decodes one page, retrying what may succeed on a retry:
// 429, 5xx, network errors and bodies cut off mid-JSON. Every error it
// returns is scrubbed of the key in any form (see redactor.scrub).
func (c *Client) Page(ctx context.Context, q Query) (*Page, error) {
	if q.Page <= 0 {
		q.Page = 1
	}
	list, meta, ex, err := fetch(ctx, c, q.Page, c.URL(q), donationList)
	if err != nil {
		return nil, err
	}
	return &Page{Number: q.Page, Donations: list, Meta: meta, Exchange: ex}, nil
}

// fetch is one page of any list at target, read as l says, with the
// retries, waits, tracing and redaction every request has.
func fetch[T any](ctx context.Context, c *Client, page int, target string, l listing[T]) ([]T, Meta, Exchange, error) {
	start := c.clock.Now()
	for attempt := 1; ; attempt++ {
		list, meta, ex, err := attemptPage(ctx, c, page, target, attempt, l)
		if err == nil {
			c.emit(ex)
			return list, meta, ex, nil
		}
		var e *Error
		if !errors.As(err, &e) {
			e = c.networkError(err, page, target, attempt)
		}
		e.Page, e.Attempts = page, attempt
		// The attempt is told only now, with the retry it leads to: what a
		// log says of an attempt is why it failed and what follows.
		r, ok := Retry{}, Retryable(e) && ctx.Err() == nil
		if ok {
			var delay time.Duration
			if delay, ok = c.retry.next(attempt, e.ask.wait, c.clock.Now().Sub(start)); ok {
				r = c.retryOf(e, delay)
			} else {
				e = c.giveUp(e, c.clock.Now().Sub(start))
			}
		}
		c.emitFailed(ex, e, r)
		if !ok {
			return nil, Meta{}, Exchange{}, c.redact.scrub(e)
		}
		if err := c.backOff(ctx, e, r); err != nil {
			return nil, Meta{}, Exchange{}, c.redact.scrub(c.networkError(err, page, target, attempt))
		}
	}
}

// attemptPage sends one request for page and decodes its answer. The
// exchange is zero when no request went out.
func attemptPage[T any](ctx context.Context, c *Client, page int, target string, attempt int, l listing[T]) ([]T, Meta, Exchange, error) {
	if err := c.paced(ctx, page, attempt); err != nil {
		return nil, Meta{}, Exchange{}, err
	}
	body, ex, err := c.once(ctx, page, target, attempt)
	if err != nil {
		return nil, Meta{}, ex, err
	}
	list, meta, err := decodePage(body, page, l, true)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.URL, e.Status = ex.URL, ex.Status
			e.failed = unreadable(e, len(body))
		}
		return nil, meta, ex, err
	}
	return list, meta, ex, nil
}

func (c *Client) networkError(err error, page int, target string, attempt int) *Error {
	return &Error{Kind: KindNetwork, Page: page, URL: target, Attempts: attempt, Err: err}
}

// once sends one attempt under its own deadline. Everything the server sent
// is redacted before anything is made of it.
func (c *Client) once(ctx context.Context, page int, target string, attempt int) ([]byte, Exchange, error) {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	ex := Exchange{Method: http.MethodGet, URL: target, Page: page, User: c.username, Attempt: attempt, At: c.clock.Now()}
	var wire wireHeaders
	req, err := http.NewRequestWithContext(wire.trace(ctx), http.MethodGet, target, nil)
	if err != nil {
		return nil, Exchange{}, &Error{Kind: KindNetwork, URL: target, Err: err}
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	// Copied before the credentials go in: what is kept of a request
	// names the scheme only.
	set := c.redact.header(req.Header)
	set.Set("Authorization", "Basic "+redactedMark)
	req.SetBasicAuth(c.username, c.key)
	start := time.Now()
	resp, err := c.http.Do(req)
	ex.Sent = c.redact.header(wire.sent(set))
	if err != nil {
		ex.Duration = time.Since(start)
		return nil, ex, c.noAnswer(parent, &ex, resp, err)
	}
	defer resp.Body.Close()
	body, err := readBody(ctx, resp, c.maxBody)
	body = c.redact.bytes(body)
	ex.Status, ex.Bytes, ex.Duration = resp.StatusCode, len(body), time.Since(start)
	ex.Header = c.redact.header(resp.Header)
	restoreEncoding(resp, ex.Header)
	c.pace.finish(resp.Header, c.clock.Now())
	if resp.StatusCode == http.StatusTooManyRequests {
		c.refused.Add(1)
	}
	if err != nil {
		return nil, ex, c.unread(parent, &ex, resp.ContentLength, err)
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return body, ex, nil
	}
	e := &Error{Kind: kindForStatus(resp.StatusCode), Status: resp.StatusCode, URL: target, Excerpt: excerpt(body, 160)}
	if e.Kind == KindRateLimited || e.Kind == KindServer {
		e.ask = retryAfter(resp.Header, c.clock.Now())
		e.RetryAfter = e.ask.wait
	}
	return nil, ex, e
}

// unread is the error of an answer whose body did not all come; promised
// is the length its header announced (-1: none).
func (c *Client) unread(parent context.Context, ex *Exchange, promised int64, err error) error {
	err = c.redact.err(c.timedOut(parent, unwrapURLError(err), "no complete answer"))
	ex.Err = err
	e := &Error{Kind: KindNetwork, URL: ex.URL, Status: ex.Status, Err: err}
	var tl *tooLargeError
	switch {
	case errors.As(err, &tl):
		e.Kind = KindHTTP
	case errors.Is(err, io.ErrUnexpectedEOF) && promised >= 0:
		e.failed = fmt.Sprintf("cut body (connection closed at byte %d of %d)", ex.Bytes, promised)
	case errors.Is(err, io.ErrUnexpectedEOF):
		e.failed = fmt.Sprintf("cut body (connection closed at byte %d)", ex.Bytes)
	}
	return e
}

// noAnswer is the error of a request that got no answer (or a redirect
// the client refuses).
func (c *Client) noAnswer(parent context.Context, ex *Exchange, resp *http.Response, err error) error {
	c.pace.finish(nil, c.clock.Now())
	err = c.redact.err(c.timedOut(parent, unwrapURLError(err), "no answer"))
	ex.Err = err
	e := &Error{Kind: KindNetwork, URL: ex.URL, Err: err}
	var re *redirectError
	if errors.As(err, &re) {
		e.Kind = KindHTTP // refused, not failed: asking again changes nothing
		if resp != nil {
			e.Status = resp.StatusCode
		}
	}
	return e
}

func (c *Client) emit(ex Exchange) {
	if c.trace != nil {
		c.trace(ex)
	}
}

// emitFailed tells an attempt that brought no page, with why and the retry
// r that follows it, if one does; nothing, if no request went out.
func (c *Client) emitFailed(ex Exchange, e *Error, r Retry) {
	if ex.Method == "" {
		return
	}
	ex.Failure, ex.Retry = c.redact.text(e.failure()), r
	c.emit(ex)
}

// unwrapURLError drops net/http's "Get <url>:" prefix: the URL is reported
// separately and once.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
