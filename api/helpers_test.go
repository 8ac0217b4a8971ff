package api_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// fastRetry keeps retry tests quick while exercising the same code.
var fastRetry = api.RetryPolicy{MaxAttempts: 6, BaseDelay: time.Millisecond, MaxDelay: 20 * time.Millisecond, Budget: 30 * time.Second}

// sized is apitest.Sized.
var sized = apitest.Sized

// perPage is the page size a test asks for where it is about the pages of
// a list and not what they hold: 100, and 10 in the race pass (-short),
// whose lists then hold as many pages as the first pass's, each a tenth
// as long (onPages): the demo encodes and the client decodes every page,
// under the race detector, in proportion to its length.
func perPage() int { return sized(100, 10) }

// onPages is the count that ends over pages of per as n does over pages
// of 100: as many pages, the last full or short as n's (a short one
// keeps its share of per, one donation at least). An empty account (n ≤
// 0) stays empty.
func onPages(n, per int) int {
	if n <= 0 {
		return n
	}
	full := (n - 1) / 100
	return full*per + max(1, (n-full*100)*per/100)
}

// scaled is n, a size next to pages of 100, next to pages of per: a page
// size, a count of rows; one at least where n is.
func scaled(n, per int) int { return max(min(n, 1), n*per/100) }

// oneAtATime skips, in the race pass (-short), a test whose client reads
// one page at a time and so starts no goroutine of its own: what it
// checks, named by checks, is in what the walk yields or asks, which the
// first pass checks; the race pass needs it run once where pages are
// fetched at once, which other tests do.
func oneAtATime(t *testing.T, checks string) {
	t.Helper()
	apitest.FirstPassOnly(t, checks+", one page at a time on no goroutine of the client's own")
}

// harness is a demo server on loopback and a client that records every
// exchange. Both keep time by clock, whose waits end at once and which
// reads the demo's end plus those waits, never the wall clock, so where a
// rate limit's windows fall depends on the requests alone; unless the
// test gives the client a clock of its own.
type harness struct {
	t      *testing.T
	clock  *apitest.Clock
	server *demo.Server
	http   *httptest.Server
	client *api.Client
	mu     sync.Mutex
	log    []api.Exchange
}

func newHarness(t *testing.T, opts demo.Options, cfg api.Config) *harness {
	t.Helper()
	h := &harness{t: t, clock: &apitest.Clock{From: demo.End}}
	if cfg.Clock == nil {
		cfg.Clock, opts.Now = h.clock, h.clock.Now
	}
	h.server = demo.New(opts)
	h.http = httptest.NewServer(h.server)
	t.Cleanup(h.http.Close)
	h.client = h.newClient(t, cfg)
	return h
}

// newClient is a client of the harness's server, configured as cfg says
// and as newHarness fills it in, that records every exchange in the log.
func (h *harness) newClient(t *testing.T, cfg api.Config) *api.Client {
	t.Helper()
	if cfg.Clock == nil {
		cfg.Clock = h.clock
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = h.http.URL
	}
	if cfg.Username == "" && !strings.Contains(cfg.BaseURL, "@") {
		cfg.Username = demo.DefaultLogin
	}
	if cfg.APIKey == "" && !strings.Contains(cfg.BaseURL, "@") {
		cfg.APIKey = demo.DefaultKey
	}
	if cfg.Retry == (api.RetryPolicy{}) {
		cfg.Retry = fastRetry
	}
	cfg.Trace = func(x api.Exchange) {
		h.mu.Lock()
		h.log = append(h.log, x)
		h.mu.Unlock()
	}
	c, err := api.New(cfg)
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	return c
}

func (h *harness) exchanges() []api.Exchange {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]api.Exchange(nil), h.log...)
}

func (h *harness) statuses() map[int]int {
	out := map[int]int{}
	for _, x := range h.exchanges() {
		out[x.Status]++
	}
	return out
}

// walk reads every page of q in the given order and returns the ids in the
// order they arrived.
func walk(t *testing.T, c *api.Client, q api.Query, order api.Order) ([]int64, *api.Pager) {
	t.Helper()
	return walkN(t, c, q, order, 1)
}

// walkN is walk with up to n requests at once.
func walkN(t *testing.T, c *api.Client, q api.Query, order api.Order, n int) ([]int64, *api.Pager) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p := c.Pager(q, order)
	p.SetConcurrency(n)
	defer p.Close()
	var ids []int64
	for !p.Done() {
		b, err := p.Next(ctx)
		if err != nil {
			t.Fatalf("page %d: %v", p.Requests()+1, err)
		}
		for _, d := range b.Donations {
			ids = append(ids, d.ID.Value)
		}
		if p.Requests() > 10_000 {
			t.Fatal("the walk does not end")
		}
	}
	return ids, p
}

func equalIDs(t *testing.T, got, want []int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d donations, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("donation %d: got id %d, want %d", i, got[i], want[i])
		}
	}
}

func reversed(ids []int64) []int64 {
	out := make([]int64, len(ids))
	for i, v := range ids {
		out[len(ids)-1-i] = v
	}
	return out
}
