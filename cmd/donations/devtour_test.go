package main

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// accessLog records the query of every request that reaches the demo, as
// a server's access log would.
type accessLog struct {
	h       http.Handler
	mu      sync.Mutex
	queries []string
}

func (l *accessLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	l.queries = append(l.queries, r.URL.RawQuery)
	l.mu.Unlock()
	l.h.ServeHTTP(w, r)
}

// asked is every distinct query the server was sent, sorted.
func (l *accessLog) asked() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	qs := slices.Clone(l.queries)
	slices.Sort(qs)
	return slices.Compact(qs)
}

// `list --pages N` spends no request of the server's budget on a page past
// the Nth: reading ahead, it asks the server for exactly the pages a walk
// one page at a time asks for. A page read ahead past the last cost a
// request a rate-limited server counts (and, once its budget was spent, a
// wait of a whole window for a page then thrown away).
func TestListPagesReadsNoPagePastTheLast(t *testing.T) {
	t.Parallel()
	for _, sv := range apitest.Servers {
		for _, pages := range []int{1, 2, 3, 5} {
			t.Run(sv.Name+"/"+strconv.Itoa(pages), func(t *testing.T) {
				var asked [2][]string
				for i, concurrency := range []string{"1", "4"} {
					log := &accessLog{h: demo.New(sv.Of(demo.Options{Count: 200}))}
					hs := httptest.NewServer(log)
					r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey},
						"list", "--no-cache", "--base-url", hs.URL, "--username", demo.DefaultLogin, "--concurrency", concurrency,
						"--pages", strconv.Itoa(pages), "--per-page", "5", "--format", "ndjson")
					hs.Close()
					if r.code != 0 {
						t.Fatalf("--concurrency %s: exit %d: %s", concurrency, r.code, r.stderr)
					}
					if got := len(ndjsonIDs(t, r.stdout)); got != 5*pages {
						t.Errorf("--concurrency %s: %d donations, want %d", concurrency, got, 5*pages)
					}
					asked[i] = log.asked()
				}
				if !slices.Equal(asked[0], asked[1]) {
					t.Errorf("reading ahead asked for %v\none page at a time for %v", asked[1], asked[0])
				}
			})
		}
	}
}

// `list --newest N` stops on donations, so --pages beside it neither ends
// it early nor, reading ahead, crashes it: the pager was told to stop
// after the pages --newest does not count, and panicked on the next.
func TestListNewestWithPagesWritesTheNewest(t *testing.T) {
	t.Parallel()
	srv := demo.New(demo.Options{Count: 200})
	hs := httptest.NewServer(srv)
	defer hs.Close()
	r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey},
		"list", "--no-cache", "--base-url", hs.URL, "--username", demo.DefaultLogin,
		"--newest", "10", "--pages", "1", "--per-page", "3", "--format", "ndjson")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := slices.Clone(srv.Match(demo.Filter{}))
	slices.Reverse(want)
	if got := ndjsonIDs(t, r.stdout); !slices.Equal(got, want[:10]) {
		t.Errorf("wrote %v, want the newest ten %v", got, want[:10])
	}
}
