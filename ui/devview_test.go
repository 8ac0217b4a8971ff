package ui

import (
	"errors"
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"donations/api"
	"donations/api/demo"
	"donations/textsafe"
	"donations/ui/views/raw"
)

// The raw view shows the answer's headers; / finds, n and N go round the
// lines found; y and c put the record and a curl command on the clipboard.
func TestRawViewFindsCopiesAndRepeats(t *testing.T) {
	t.Parallel()
	c := demoClient(t, demo.New(demo.Options{Count: 50, RateLimit: 500}))
	curl := func(id int64) string { return c.CurlFor(api.Query{ID: id}) }
	d := newDriverWith(t, FromClient(c), Options{Curl: curl}, 120, 40)
	d.keys("r")
	d.mustShow("X-Ratelimit-Limit: 500", "HTTP 200")
	d.keys("/", "amount", "enter")
	if at, of := rawFound(t, d, "amount"); at != 1 || of < 2 {
		t.Fatalf("found %d lines with amount, at the %dth", of, at)
	}
	d.keys("n")
	if at, _ := rawFound(t, d, "amount"); at != 2 {
		t.Errorf("n: at hit %d", at)
	}
	d.keys("N", "N")
	if at, of := rawFound(t, d, "amount"); at != of {
		t.Errorf("N twice from the first: at hit %d of %d", at, of)
	}
	// The text's first line is the request's, its last the record's "}";
	// the text scrolls above the status and key lines.
	d.keys("G")
	if s := lines(d.screen()); strings.TrimSpace(s[len(s)-3]) != "}" {
		t.Errorf("G did not go to the bottom:\n%s", d.screen())
	}
	d.keys("g")
	if s := lines(d.screen()); !strings.HasPrefix(s[1], "GET http://") {
		t.Errorf("g did not go to the top:\n%s", d.screen())
	}
	v, row := d.m.children[raw.ID].(*raw.View), d.m.list.selectedRow()
	if msg := curlOf(t, v); !strings.Contains(msg, `"$DONATIONS_API_KEY"`) || !strings.Contains(msg, fmt.Sprintf("id=%d", row.Summary.ID.Value)) {
		// The donation itself, not the whole page that brought it.
		t.Errorf("c copied %v", msg)
	}
	if cmd := v.Update(tea.KeyPressMsg{Code: 'y', Text: "y"}); cmd == nil || fmt.Sprint(cmd()) != string(row.Summary.Raw) {
		t.Error("y did not copy the record")
	}
}

// rawFound is the raw view's search as its status line says it: the line
// found shown and of how many.
func rawFound(t *testing.T, d *driver, text string) (at, of int) {
	t.Helper()
	m := regexp.MustCompile(`/` + regexp.QuoteMeta(text) + `: (\d+) of (\d+)`).FindStringSubmatch(d.screen())
	if m == nil {
		t.Fatalf("the raw view's status does not say what /%s found:\n%s", text, d.screen())
	}
	at, _ = strconv.Atoi(m[1])
	of, _ = strconv.Atoi(m[2])
	return at, of
}

// l shows each request with its answer and budget, and each retry says
// itself in the status line and the log.
func TestRequestLogAndRetriesInTheStatusLine(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 35}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			src, _ := demoSource(t, demo.Options{Count: 50})
			d := newDriver(t, src, size[0], size[1])
			d.send(api.Exchange{Method: "GET", URL: "https://api.example.org/api/v1/donations?page=3", Status: 200, Bytes: 45120,
				Duration: 52 * time.Millisecond, Attempt: 2, At: time.Date(2026, 11, 22, 9, 30, 1, 0, time.UTC),
				Header: map[string][]string{"X-Ratelimit-Remaining": {"58"}, "X-Ratelimit-Limit": {"60"}}})
			d.send(api.Wait{Page: 14, Attempt: 3, Attempts: 6, Status: 502, Duration: 1600 * time.Millisecond,
				Until: time.Date(2026, 11, 22, 9, 30, 3, 0, time.UTC), Reason: "server error"})
			d.mustShow("page 14: HTTP 502, retry 2 of 5 in 1.6 s")
			// A page whose body was cut off says so, not just "HTTP 200".
			d.send(api.Wait{Page: 15, Attempt: 2, Attempts: 6, Status: 200, Duration: 200 * time.Millisecond,
				Until: time.Date(2026, 11, 22, 9, 30, 4, 0, time.UTC), Cause: "HTTP 200, the body cut off: unexpected EOF"})
			d.mustShow("page 15: HTTP 200, the body cut off: unexpected EOF, retry 1 of 5 in 0.2 s")
			d.send(api.Exchange{Method: "GET", URL: "https://api.example.org/api/v1/donations?page=129&per_page=100", Attempt: 2,
				Duration: 3 * time.Millisecond, At: time.Date(2026, 11, 22, 9, 30, 5, 0, time.UTC),
				Err:     errors.New("read tcp 127.0.0.1:44520->127.0.0.1:2847: read: connection reset by peer"),
				Failure: "no answer: read tcp 127.0.0.1:44520->127.0.0.1:2847: read: connection reset by peer"})
			// Each retried attempt says why and the wait before the next:
			// a cut body is no "HTTP 200" like a success.
			d.send(api.Exchange{Method: "GET", URL: "https://api.example.org/api/v1/donations?page=7", Status: 200, Bytes: 812,
				Duration: 9 * time.Millisecond, Attempt: 1, At: time.Date(2026, 11, 22, 9, 30, 6, 0, time.UTC),
				Failure: "cut body (truncated JSON at byte 812)", Retry: api.Retry{Attempt: 2, Attempts: 6, Wait: 1500 * time.Millisecond}})
			d.send(api.Exchange{Method: "GET", URL: "https://api.example.org/api/v1/donations?page=8", Status: 503, Bytes: 40,
				Duration: 4 * time.Millisecond, Attempt: 1, At: time.Date(2026, 11, 22, 9, 30, 7, 0, time.UTC),
				Retry: api.Retry{Attempt: 2, Attempts: 6, Wait: 2 * time.Second, Asked: "Retry-After"}})
			d.send(api.Exchange{Method: "GET", URL: "https://api.example.org/api/v1/donations?page=9", Attempt: 2,
				Duration: 30 * time.Second, At: time.Date(2026, 11, 22, 9, 30, 8, 0, time.UTC),
				Failure: "timeout after 30s (no answer)", Retry: api.Retry{Attempt: 3, Attempts: 6, Wait: 4 * time.Second}})
			d.keys("l")
			// The answer and the cause first, the URL last: at 80 columns
			// the status, time and attempt are on the line's first screen
			// line, and the URL wraps rather than being cut.
			d.mustShow("Requests", "09:30:01.052 HTTP 200 · 52 ms · 45,120 B · attempt 2",
				"09:30:05.003 ⚠ no answer: read tcp 127.0.0.1:44520->", "connection reset",
				"09:30:06.009 ⚠ HTTP 200 cut body (truncated JSON at byte 812) · retry 1 of 5 in", // 1.5s, wrapped at 80
				"09:30:07.004 ⚠ HTTP 503 · retry 1 of 5 in 2s (Retry-After) · 4 ms · 40 B",
				"09:30:38.000 ⚠ timeout after 30s (no answer) · retry 2 of 5 in 4s",
				"page=129", "page 14: HTTP 502, retry 2 of 5 in 1.6 s")
			for _, l := range lines(d.screen()) {
				if textsafe.Width(l) > size[0] || strings.HasSuffix(strings.TrimRight(l, " "), "…") {
					t.Errorf("a log line is cut: %q", l)
				}
			}
			golden.RequireEqual(t, stable(d.screen()))
			d.keys("esc")
			if d.m.focus != listID {
				t.Errorf("esc: focus %v", d.m.focus)
			}
		})
	}
}

// The raw view draws its found lines again when the terminal's background
// is learnt after it opened: they kept the colours of the other one.
func TestRawViewTakesTheBackgroundLearntLate(t *testing.T) {
	t.Parallel()
	light := tea.BackgroundColorMsg{Color: color.White}
	open := func(early bool) string {
		src, _ := demoSource(t, demo.Options{Count: 30})
		d := newDriver(t, src, 80, 24)
		if early {
			d.send(light)
		}
		d.keys("r", "/", "amount", "enter")
		if !early {
			d.send(light)
		}
		return d.m.View().Content
	}
	if late, early := open(false), open(true); late != early {
		t.Errorf("raw view after the background came late:\n%s\nwant as when it came first:\n%s",
			strings.ReplaceAll(late, "\x1b", "␛"), strings.ReplaceAll(early, "\x1b", "␛"))
	}
}
