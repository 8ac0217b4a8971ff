package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"donations/api/apitest"
)

// `list` against servers that misbehave, over real HTTP: each ends with a
// clear message and the right status, quickly, and never shows the key or
// lets the server's text drive the terminal.
func TestListAgainstHostileServers(t *testing.T) {
	t.Parallel()
	const key = "S'E\"K$R`I|T;k3y\n9f8e&7d6c<5b4a>"
	cases := []struct {
		name   string
		h      http.HandlerFunc
		code   int
		says   []string
		stdout string
	}{
		{"5 million nested arrays", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bytes.Repeat([]byte("["), 5_000_000))
			w.Write(bytes.Repeat([]byte("]"), 5_000_000))
		}, exitAPI, []string{"unreadable answer (HTTP 200) on page 1: nested too deeply (more than 64 levels)"}, ""},
		{"[1,2,3]", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "[1,2,3]")
		}, exitAPI, []string{"the list holds 3 values and not one donation record"}, ""},
		{"an endless body", func(w http.ResponseWriter, r *http.Request) {
			chunk := bytes.Repeat([]byte(" "), 1<<16)
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, exitAPI, []string{"page 1", "the answer passed 32 MB; the server is not answering as the API does"}, ""},
		{"Retry-After in the year 3000", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "Wed, 01 Jan 3000 00:00:00 GMT")
			w.WriteHeader(429)
		}, exitAPI, []string{"the server asks to wait until 3000-01-01 00:00 UTC (Retry-After); giving up"}, ""},
		{"the key echoed in a 200 that is not JSON", func(w http.ResponseWriter, r *http.Request) {
			_, k, _ := r.BasicAuth()
			fmt.Fprint(w, "invalid api key "+k)
		}, exitAPI, []string{"not JSON", "[redacted]"}, ""},
		{"the key echoed in a record", func(w http.ResponseWriter, r *http.Request) {
			_, k, _ := r.BasicAuth()
			fmt.Fprintf(w, `[{"id":1,"email":%q}]`, k)
		}, exitOK, nil, `"email":"[redacted]"`},
		{"bidi and zero-width characters in an error body", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(403)
			fmt.Fprint(w, "denied \u202Egnp.exe\u202C\u200B\u200D\uFEFF \x1b]0;title\x07 \u009b31m")
		}, exitAPI, []string{"access forbidden (HTTP 403)", "gnp.exe"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Query().Get("page") == "1" {
					n.Add(1)
				}
				tc.h(w, r)
			}))
			defer srv.Close()
			r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": key},
				"list", "--base-url", srv.URL, "--username", "u", "--format", "ndjson", "--verbose")
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", r.code, tc.code, r.stderr)
			}
			for _, s := range tc.says {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			if !strings.Contains(r.stdout, tc.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tc.stdout, r.stdout)
			}
			for i := 0; i+8 <= len(key); i++ {
				if strings.Contains(r.stdout+r.stderr, key[i:i+8]) {
					t.Fatalf("part of the key shown:\n%s\n%s", r.stdout, r.stderr)
				}
			}
			for _, bad := range []string{"\u202E", "\u200B", "\uFEFF", "\x1b", "\u009b", "context deadline exceeded", "goroutine "} {
				if strings.Contains(r.stderr, bad) {
					t.Errorf("stderr carries %q:\n%s", bad, r.stderr)
				}
			}
			if n.Load() > 1 {
				t.Errorf("page 1 asked for %d times: an answer that cannot change was asked for again", n.Load())
			}
		})
	}
}

// A wait of more than five seconds is shown as it starts. The client waits
// by a test clock, which ends the wait at once: what is said of it comes
// from the server's answer and the clock's time, not from waiting it out.
func TestListShowsLongWaits(t *testing.T) {
	t.Parallel()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "6")
			w.WriteHeader(429)
			return
		}
		fmt.Fprint(w, `[{"id":7}]`)
	}))
	defer srv.Close()
	clock := &apitest.Clock{From: pinnedNow()}
	r := runClocked(map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": "k"}, clock,
		"list", "--base-url", srv.URL, "--username", "u", "--format", "ndjson", "--concurrency", "1")
	if r.code != exitOK || !strings.Contains(r.stdout, `"id":7`) {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	want := "donations: page 1: retrying in 6s: rate limited (HTTP 429), a wait the server asked for (Retry-After) (until " +
		pinnedNow().Add(6*time.Second).Format(time.TimeOnly) + ")\n"
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr = %q, want it to hold %q", r.stderr, want)
	}
	if clock.Slept() != 6*time.Second {
		t.Errorf("the client waited %s, not the 6s asked for", clock.Slept())
	}
}

// A panic on the way out of run is reported as a bug with its own status,
// not Go's status 2, which means a usage error here.
func TestPanicsExitWithTheirOwnStatus(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	code := guarded(&stderr, func() int { panic("the page table is inconsistent") })
	if code != exitCrash || code == exitConfig {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(stderr.String(), "donations: internal error: the page table is inconsistent") ||
		!strings.Contains(stderr.String(), "please report") {
		t.Errorf("stderr = %s", stderr.String())
	}
}

// Pages fetched side by side that wait for the same rate-limit reset are
// announced once, not once each. The server and the client read one test
// clock, whose waits end at once and move it on past the reset.
func TestListAnnouncesASharedWaitOnce(t *testing.T) {
	t.Parallel()
	clock := &apitest.Clock{From: pinnedNow()}
	reset := clock.Now().Add(7 * time.Second).Unix()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Ratelimit-Limit", "60")
		w.Header().Set("X-Ratelimit-Remaining", "0")
		w.Header().Set("X-Ratelimit-Reset", fmt.Sprint(reset))
		if clock.Now().Unix() >= reset {
			w.Header().Set("X-Ratelimit-Remaining", "59")
		}
		// Six full pages of two: the first four go out at once, and the
		// budget they report holds back the rest until the reset.
		if p, _ := strconv.Atoi(r.URL.Query().Get("page")); p <= 6 {
			fmt.Fprintf(w, `[{"id":%d},{"id":%d}]`, 2*p-1, 2*p)
			return
		}
		fmt.Fprint(w, `[]`)
	}))
	defer srv.Close()
	r := runClocked(map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": "k"}, clock,
		"list", "--base-url", srv.URL, "--username", "u", "--per-page", "2", "--concurrency", "4")
	if r.code != exitOK || strings.Count(r.stdout, "\n") != 12 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if n := strings.Count(r.stderr, "the server's request budget is spent until its reset (x-ratelimit-remaining: 0)"); n != 1 {
		t.Errorf("%d notices for one reset:\n%s", n, r.stderr)
	}
}
