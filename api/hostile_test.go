package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
)

// Adversarial servers: each handler below misbehaves the way a broken or
// hostile server would, over real HTTP on loopback. The client must end with
// a clear, typed error, quickly, without retrying what cannot change.

const hostileKey = "SEKRIT-k3y-9f8e7d6c5b4a"

// hostileServer serves h on loopback and counts the requests it gets.
func hostileServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func hostileClient(t *testing.T, url string, cfg api.Config) *api.Client {
	t.Helper()
	cfg.BaseURL = url
	if cfg.Username == "" {
		cfg.Username = "finance@example.org"
	}
	if cfg.APIKey == "" {
		cfg.APIKey = hostileKey
	}
	if cfg.Retry == (api.RetryPolicy{}) {
		cfg.Retry = fastRetry
	}
	if cfg.Clock == nil {
		cfg.Clock = &apitest.Clock{}
	}
	c, err := api.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// firstPage asks for page 1 under a deadline far past any wait the client
// should make: a client that stalls fails on the deadline, not by hanging.
func firstPage(t *testing.T, c *api.Client) (*api.Page, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pg, err := c.Page(ctx, api.Query{})
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		t.Fatalf("the client stalled: %v", err)
	}
	return pg, err
}

// repeat streams s n times without holding it all.
func repeat(w http.ResponseWriter, s string, n int) {
	chunk := []byte(strings.Repeat(s, 1<<16/len(s)))
	for n > 0 {
		k := min(n, len(chunk)/len(s))
		if _, err := w.Write(chunk[:k*len(s)]); err != nil {
			return
		}
		n -= k
	}
}

// endless streams s until the client goes away.
func endless(w http.ResponseWriter, r *http.Request, s string) {
	chunk := []byte(strings.Repeat(s, 1<<16/len(s)))
	for r.Context().Err() == nil {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

func TestHostileAnswersEndInATypedErrorWithoutRetry(t *testing.T) {
	t.Parallel()
	oneAtATime(t, "the typed error of each hostile answer")
	cases := []struct {
		name string
		h    http.HandlerFunc
		cfg  api.Config
		want *api.Error
		says string
	}{
		{"5 million [ then 5 million ]", func(w http.ResponseWriter, r *http.Request) {
			repeat(w, "[", 5_000_000)
			repeat(w, "]", 5_000_000)
		}, api.Config{}, api.ErrDecode, "nested too deeply (more than 64 levels)"},
		{"100k-deep objects in a record", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`[{"id":1,"questions":`))
			repeat(w, `{"a":`, 100_000)
			w.Write([]byte("1"))
			repeat(w, "}", 100_000)
			w.Write([]byte("}]"))
		}, api.Config{}, api.ErrDecode, "nested too deeply"},
		{"100k-deep objects around the list", func(w http.ResponseWriter, r *http.Request) {
			repeat(w, `{"data":`, 100_000)
			w.Write([]byte("[]"))
			repeat(w, "}", 100_000)
		}, api.Config{}, api.ErrDecode, "max depth"},
		{"65 nested arrays", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, strings.Repeat("[", 65)+strings.Repeat("]", 65))
		}, api.Config{}, api.ErrDecode, "nested too deeply"},
		{"an endless chunked 200", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`[{"id":1,"email":"`))
			endless(w, r, "a")
		}, api.Config{}, api.ErrHTTP, "the answer passed 32 MB; the server is not answering as the API does"},
		{"an endless body past a smaller limit", func(w http.ResponseWriter, r *http.Request) {
			endless(w, r, " ")
		}, api.Config{MaxBody: 1 << 20}, api.ErrHTTP, "the answer passed 1 MB"},
		{"a gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipBomb())
		}, api.Config{}, api.ErrHTTP, "the answer passed 32 MB"},
		{"2 GB announced in Content-Length", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "2147483648")
			w.Write([]byte("["))
		}, api.Config{}, api.ErrHTTP, "the answer passed 32 MB"},
		{"a million {}", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("[{}"))
			repeat(w, ",{}", 999_999)
			w.Write([]byte("]"))
		}, api.Config{}, api.ErrDecode, "more than 1000 records, where a page holds at most 100"},
		{"a million {\"id\":N}", func(w http.ResponseWriter, r *http.Request) {
			w.Write(millionIDs())
		}, api.Config{}, api.ErrDecode, "more than 1000 records"},
		{"[1,2,3]", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("[1,2,3]"))
		}, api.Config{}, api.ErrDecode, "the list holds 3 values and not one donation record"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []api.Exchange
			tc.cfg.Trace = func(x api.Exchange) { got = append(got, x) }
			srv, n := hostileServer(t, tc.h)
			_, err := firstPage(t, hostileClient(t, srv.URL, tc.cfg))
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v\nwant kind %v saying %q", err, tc.want.Kind, tc.says)
			}
			if !strings.Contains(err.Error(), "page 1") {
				t.Errorf("the error does not name the page: %v", err)
			}
			if n.Load() != 1 {
				t.Errorf("%d requests: an answer that cannot change was asked for again", n.Load())
			}
			limit := max(tc.cfg.MaxBody, api.DefaultMaxBody)
			for _, x := range got {
				if int64(x.Bytes) > limit {
					t.Errorf("read %d bytes, past the %d limit", x.Bytes, limit)
				}
			}
		})
	}
}

// gzipBomb is spaces gzipped, a little on the wire that inflates past
// every limit the tests set (less in the race pass, whose limit is
// lower). It is compressed once:
// a handler compressing as it sends takes longer than a test's deadline
// under the race detector on a busy machine, and 16 at once longer still.
var gzipBomb = sync.OnceValue(func() []byte {
	var bomb bytes.Buffer
	z := gzip.NewWriter(&bomb)
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	for range sized(64, 8) {
		z.Write(spaces)
	}
	z.Close()
	return bomb.Bytes()
})

// millionIDs is a list of a million records that hold an id alone,
// within the limit on an answer's bytes. It is made once, in one
// buffer, rather than formatted record by record for each request.
var millionIDs = sync.OnceValue(func() []byte {
	b := []byte("[")
	for i := range 1_000_000 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, '}')
	}
	return append(b, ']')
})

// Many pages at once of a gzip bomb: each is refused, and the walk ends.
// The race pass inflates each up to a smaller limit.
func TestGzipBombsSideBySideEndTheWalk(t *testing.T) {
	t.Parallel()
	limit := sized(4, 1) // MB
	srv, n := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipBomb())
	})
	c := hostileClient(t, srv.URL, api.Config{MaxBody: int64(limit) << 20})
	p := c.Pager(api.Query{}, api.OldestFirst)
	p.SetConcurrency(16)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := p.Next(ctx)
	if !errors.Is(err, api.ErrHTTP) || !strings.Contains(err.Error(), fmt.Sprintf("passed %d MB", limit)) {
		t.Fatalf("err = %v", err)
	}
	if n.Load() > 16 {
		t.Errorf("%d requests for 16 pages: a refused answer was asked for again", n.Load())
	}
}

func TestTimeoutsSayWhatHappened(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		h    http.HandlerFunc
		says string
	}{
		{"slow headers", func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}, "network error on page 1 after 2 attempts: no answer within 300ms"},
		{"a slowloris body", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("["))
			w.(http.Flusher).Flush()
			for r.Context().Err() == nil {
				w.Write([]byte(" "))
				w.(http.Flusher).Flush()
				time.Sleep(20 * time.Millisecond)
			}
		}, "network error (HTTP 200) on page 1 after 2 attempts: no complete answer within 300ms"},
		{"a trickle short of its Content-Length", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000000")
			for r.Context().Err() == nil {
				w.Write([]byte(" "))
				w.(http.Flusher).Flush()
				time.Sleep(20 * time.Millisecond)
			}
		}, "no complete answer within 300ms"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, n := hostileServer(t, tc.h)
			c := hostileClient(t, srv.URL, api.Config{Timeout: 300 * time.Millisecond,
				Retry: api.RetryPolicy{MaxAttempts: 2, BaseDelay: time.Millisecond}})
			_, err := firstPage(t, c)
			if !errors.Is(err, api.ErrNetwork) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v\nwant it to say %q", err, tc.says)
			}
			if strings.Contains(err.Error(), "context deadline exceeded") {
				t.Errorf("says %q", err)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Error("the error no longer matches context.DeadlineExceeded")
			}
			if n.Load() != 2 {
				t.Errorf("%d requests, want 2: a timeout is worth one retry here", n.Load())
			}
		})
	}
}

// Only one answer past the first megabyte is read at a time in the whole
// process, so that memory does not grow with the number of requests at once:
// a second large answer waits for the first to finish.
func TestLargeAnswersAreReadOneAtATime(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	big := `[{"id":1,"email":"` + strings.Repeat("a", 3<<20) + `"}]`
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "1" {
			// Past the first megabyte, then hold the rest back.
			w.Write([]byte(big[:2<<20]))
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
			w.Write([]byte(big[2<<20:]))
			return
		}
		w.Write([]byte(big))
	})
	c := hostileClient(t, srv.URL, api.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	one := make(chan error, 1)
	go func() {
		_, err := c.Page(ctx, api.Query{Page: 1})
		one <- err
	}()
	time.Sleep(300 * time.Millisecond) // page 1 is now past its first megabyte
	two := make(chan error, 1)
	go func() {
		_, err := c.Page(ctx, api.Query{Page: 2})
		two <- err
	}()
	select {
	case err := <-two:
		t.Fatalf("page 2 was read whole while page 1 held the turn (err %v)", err)
	case <-time.After(500 * time.Millisecond):
	}
	close(release)
	for _, ch := range []chan error{one, two} {
		if err := <-ch; err != nil {
			t.Fatal(err)
		}
	}
}

// A panic in a page fetched ahead, on a goroutine of the client's own, would
// end the process with no chance to restore the terminal: it becomes that
// page's error instead.
func TestPanicFetchingAheadIsAnError(t *testing.T) {
	t.Parallel()
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `[{"id":1}]`) })
	c := hostileClient(t, srv.URL, api.Config{Trace: func(api.Exchange) { panic("trace failed") }})
	p := c.Pager(api.Query{}, api.OldestFirst)
	p.SetConcurrency(4)
	defer p.Close()
	_, err := p.Next(context.Background())
	if err == nil || !strings.Contains(err.Error(), "internal error fetching page 1: trace failed") {
		t.Fatalf("err = %v", err)
	}
}
