package api_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

func TestBothUsernameFormsAuthenticate(t *testing.T) {
	t.Parallel()
	for _, user := range []string{demo.DefaultLogin, demo.DefaultOrgID} {
		t.Run(user, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: 10}, api.Config{Username: user})
			pg, err := h.client.Page(context.Background(), api.Query{})
			if err != nil {
				t.Fatal(err)
			}
			if len(pg.Donations) != 10 {
				t.Errorf("got %d donations, want 10", len(pg.Donations))
			}
		})
	}
}

func TestCredentialsInTheURLMoveToTheHeader(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 10}, api.Config{})
	u, _ := url.Parse(h.http.URL)
	u.User = url.UserPassword(demo.DefaultOrgID, demo.DefaultKey)
	var seen []string
	c, err := api.New(api.Config{BaseURL: u.String(), Trace: func(x api.Exchange) { seen = append(seen, x.URL) }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Page(context.Background(), api.Query{}); err != nil {
		t.Fatal(err)
	}
	for _, s := range append(seen, c.Endpoint(), c.URL(api.Query{Page: 2})) {
		if strings.Contains(s, demo.DefaultKey) || strings.Contains(s, "@") {
			t.Errorf("a shown URL holds credentials: %s", s)
		}
	}
}

func TestWrongCredentialsExplainTheUsualCauses(t *testing.T) {
	t.Parallel()
	const wrongKey = "sk_live_wrong_0123456789"
	for _, tc := range []struct{ name, user, key string }{
		{"wrong key", demo.DefaultLogin, wrongKey},
		{"wrong username", "someone@example.org", demo.DefaultKey},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, demo.Options{Count: 10}, api.Config{Username: tc.user, APIKey: tc.key})
			_, err := h.client.Page(context.Background(), api.Query{})
			if !errors.Is(err, api.ErrAuth) {
				t.Fatalf("err = %v, want an authentication error", err)
			}
			msg := shown(t, err)
			for _, want := range []string{"401", "login e-mail or its organization id", "API key", "Enable Rest API", "Authentication failed"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message lacks %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, tc.key) {
				t.Errorf("message holds the API key:\n%s", msg)
			}
			if n := h.server.Requests(); n != 1 {
				t.Errorf("a 401 was sent %d times; it must not be retried", n)
			}
		})
	}
}

func TestPlainHTTPIsRefusedForRemoteHosts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		url string
		ok  bool
	}{
		{"http://api.example.org", false},
		{"http://10.0.0.5:8080", false},
		{"http://user:secret@api.example.org/", false},
		{"https://api.example.org", true},
		{"http://127.0.0.1:8080", true},
		{"http://localhost:1", true},
		{"http://[::1]:8080", true},
		{"ftp://api.example.org", false},
		{"not a url", false},
	}
	for _, tc := range cases {
		t.Run(tc.url, func(t *testing.T) {
			_, err := api.New(api.Config{BaseURL: tc.url, Username: "u", APIKey: "k"})
			if (err == nil) != tc.ok {
				t.Fatalf("api.New(%q) error = %v, want ok=%v", tc.url, err, tc.ok)
			}
			if err != nil && strings.Contains(err.Error(), "secret") {
				t.Errorf("error shows the password: %v", err)
			}
			if strings.HasPrefix(tc.url, "http://") && !tc.ok && !errors.Is(err, api.ErrInsecure) {
				t.Errorf("err = %v, want ErrInsecure", err)
			}
		})
	}
}

func TestEndpointIsAppendedToTheBaseURL(t *testing.T) {
	t.Parallel()
	for base, want := range map[string]string{
		"https://api.example.org":                  "https://api.example.org/api/v1/donations",
		"https://api.example.org/":                 "https://api.example.org/api/v1/donations",
		"https://example.org/prefix":               "https://example.org/prefix/api/v1/donations",
		"https://api.example.org/api/v1":           "https://api.example.org/api/v1/donations",
		"https://api.example.org/api/v1/donations": "https://api.example.org/api/v1/donations",
	} {
		c, err := api.New(api.Config{BaseURL: base, Username: "u", APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Endpoint(); got != want {
			t.Errorf("base %q: endpoint %q, want %q", base, got, want)
		}
	}
}

func TestErrorsAreTypedAndQuoteTheServer(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		opts    demo.Options
		want    *api.Error
		excerpt string
		tries   int
	}{
		{"server keeps failing", demo.Options{Count: 10, ErrorRate: 1}, api.ErrServer, "Internal server error", 3},
		{"rate limit never lifts", demo.Options{Count: 10, Script: []int{429, 429, 429}}, api.ErrRateLimited, "Too Many Requests", 3},
		{"HTML error page", demo.Options{Count: 10, ErrorRate: 1, HTMLErrors: true}, api.ErrServer, "<title>", 3},
		{"firewall 403", demo.Options{Count: 10, Script: []int{403}, HTMLErrors: true}, api.ErrForbidden, "Forbidden", 1},
		{"not found", demo.Options{Count: 10, Script: []int{404}}, api.ErrNotFound, "Not Found", 1},
		{"bad request", demo.Options{Count: 10, Script: []int{400}}, api.ErrHTTP, "Bad Request", 1},
		{"page cut off every time", demo.Options{Count: 10, MalformedRate: 1}, api.ErrDecode, `[{"id"`, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.opts, api.Config{Retry: api.RetryPolicy{MaxAttempts: 3, BaseDelay: time.Millisecond, Budget: 10 * time.Second}})
			_, err := h.client.Page(context.Background(), api.Query{Page: 1})
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want kind %v", err, tc.want.Kind)
			}
			var e *api.Error
			errors.As(err, &e)
			if !strings.Contains(e.Excerpt, tc.excerpt) {
				t.Errorf("excerpt %q lacks %q", e.Excerpt, tc.excerpt)
			}
			if e.Page != 1 || !strings.Contains(err.Error(), "page 1") {
				t.Errorf("error does not name page 1: %v", err)
			}
			if n := h.server.Requests(); n != tc.tries {
				t.Errorf("sent %d requests, want %d", n, tc.tries)
			}
			if strings.Contains(err.Error(), demo.DefaultKey) {
				t.Errorf("error holds the key: %v", err)
			}
		})
	}
}

func TestRetryAfterIsHonoured(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 10, Script: []int{429}}, api.Config{})
	if _, err := h.client.Page(context.Background(), api.Query{}); err != nil {
		t.Fatal(err)
	}
	// The demo asks for one second; retrying sooner would be refused again.
	if waited := h.clock.Slept(); waited < time.Second {
		t.Errorf("retried after %v, before the server's Retry-After of 1s", waited)
	}
}

func TestRetryBudgetIsNeverExceeded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 10, Script: []int{429}},
		api.Config{Retry: api.RetryPolicy{MaxAttempts: 5, BaseDelay: time.Millisecond, Budget: 100 * time.Millisecond}})
	_, err := h.client.Page(context.Background(), api.Query{})
	// Retry-After (1s) is past the 100ms budget: give up at once, and say so.
	if !errors.Is(err, api.ErrRateLimited) || !strings.Contains(shown(t, err), "wait 1s") {
		t.Fatalf("err = %v, want a rate-limit error asking to wait 1s", err)
	}
	if n := h.server.Requests(); n != 1 {
		t.Errorf("sent %d requests, want 1", n)
	}
}

func TestRateLimitHeadersPaceTheClient(t *testing.T) {
	t.Parallel()
	// A budget of 4 requests a second: a 10-page walk must wait for each reset
	// instead of being refused.
	h := newHarness(t, demo.Options{Count: 500, RateLimit: 4, RateWindow: time.Second, NoRetryAfter: true}, api.Config{})
	ids, _ := walk(t, h.client, api.Query{PerPage: 50}, api.OldestFirst)
	equalIDs(t, ids, h.server.Match(demo.Filter{}))
	if got := h.statuses()[429]; got != 0 {
		t.Errorf("was refused %d times; the rate-limit headers should have prevented it", got)
	}
}

func TestEveryAttemptHasADeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 10, Latency: 3 * time.Second},
		api.Config{Timeout: 50 * time.Millisecond, Retry: api.RetryPolicy{MaxAttempts: 2, BaseDelay: time.Millisecond}})
	_, err := h.client.Page(context.Background(), api.Query{})
	if !errors.Is(err, api.ErrNetwork) {
		t.Fatalf("err = %v, want a network error", err)
	}
	if n := len(h.exchanges()); n != 2 {
		t.Errorf("made %d attempts, want 2", n)
	}
}

// The budget the server announced is what Budget says, and nothing before
// an answer.
func TestBudgetIsWhatTheServerLastSaid(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 50, RateLimit: 30, RateWindow: time.Minute}, api.Config{})
	if _, ok := h.client.Budget(); ok {
		t.Fatal("a budget before any answer")
	}
	for range 3 {
		if _, err := h.client.Page(context.Background(), api.Query{}); err != nil {
			t.Fatal(err)
		}
	}
	b, ok := h.client.Budget()
	if !ok || b.Limit != 30 || b.Remaining != 27 || !b.Reset.After(h.clock.Now()) {
		t.Errorf("budget = %+v, %v; want 27 of 30 left until a reset to come", b, ok)
	}
}

// Each exchange keeps the page it asked for, the request's headers without
// the credentials and the answer's, and can be repeated with curl, the key
// never in it.
func TestExchangeKeepsHeadersAndRepeatsAsCurl(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demo.Options{Count: 250, RateLimit: 50}, api.Config{})
	if _, err := h.client.Page(context.Background(), api.Query{Page: 2}); err != nil {
		t.Fatal(err)
	}
	x := h.exchanges()[0]
	if x.Header.Get("X-Ratelimit-Limit") != "50" || x.At.IsZero() || x.Page != 2 {
		t.Errorf("headers %v, sent at %v, page %d", x.Header, x.At, x.Page)
	}
	if x.Sent.Get("Authorization") != "Basic [redacted]" || x.Sent.Get("Accept") != "application/json" {
		t.Errorf("request headers kept: %v", x.Sent)
	}
	for _, curl := range []string{x.Curl(), h.client.CurlFor(api.Query{ID: 100042})} {
		if !strings.Contains(curl, `"$DONATIONS_API_KEY"`) || strings.Contains(curl, demo.DefaultKey) || !strings.Contains(curl, demo.DefaultLogin) {
			t.Errorf("curl = %s", curl)
		}
	}
	if !strings.Contains(h.client.CurlFor(api.Query{ID: 100042}), "id=100042") {
		t.Error("CurlFor does not ask for the id")
	}
}
