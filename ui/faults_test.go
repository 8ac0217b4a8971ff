package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
)

func TestResizeDuringALoad(t *testing.T) {
	t.Parallel()
	// Resizes land mid-load at any size; the race run loads three pages.
	count := apitest.Sized(1500, 300)
	src, _ := demoSource(t, demo.Options{Count: count, Latency: 5 * time.Millisecond})
	d := newDriver(t, src, 120, 35)
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'G', Text: "G"})
	d.run(cmd)
	for _, size := range [][2]int{{80, 24}, {200, 60}, {61, 13}, {100, 30}} {
		_, cmd := d.m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		d.run(cmd)
	}
	d.settle()
	if d.m.data.loaded != count || d.m.list.cursor != count-1 {
		t.Errorf("after resizing mid-load: %d rows, cursor %d", d.m.data.loaded, d.m.list.cursor)
	}
	for _, l := range lines(d.screen()) {
		if textsafe.Width(l) > 100 {
			t.Fatalf("a line of %d cells at 100 wide", textsafe.Width(l))
		}
	}
}

// Hostile donor text from a real server: nothing that drives a terminal may
// reach the screen, on any view, and the layout must hold.
func TestHostileDataFromTheServer(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 100, Hostile: true})
	d := newDriver(t, src, 120, 40)
	hostile := -1
	for i, r := range d.shownRows() {
		if strings.Contains(r.Summary.FirstName.Value, "\x1b]52") {
			hostile = i
			break
		}
	}
	if hostile < 0 {
		t.Fatal("the demo sent no hostile donation")
	}
	d.m.list.moveTo(hostile)
	for _, keys := range [][]string{{}, {"enter"}, {"esc", "r"}, {"esc", "/", "eve"}} {
		d.keys(keys...)
		raw := d.m.View().Content
		for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\x1b[?1049l", "\x1b[5m", "\x1b[H", "\u202E", "\u200B", "\uFEFF", "\x00", "\x08", "\u0085", "\u009b", "\r"} {
			if strings.Contains(raw, bad) {
				t.Errorf("after %v the screen carries %q", keys, bad)
			}
		}
		ls := lines(d.screen())
		if len(ls) > 40 {
			t.Errorf("after %v: %d lines on a 40-line screen", keys, len(ls))
		}
		for _, l := range ls {
			if w := textsafe.Width(l); w > 120 {
				t.Errorf("after %v: a line of %d cells", keys, w)
			}
		}
	}
	d.mustShow("Eve") // the text around the sequences survives
}

// With the key in the base URL, neither the raw view nor an export shows it.
func TestKeyStaysOutOfRawViewAndExports(t *testing.T) {
	t.Parallel()
	const key = "sk_live_RAWVIEW_91c2"
	hs := httptest.NewServer(demo.New(demo.Options{Count: 150, APIKey: key}))
	t.Cleanup(hs.Close)
	u, _ := url.Parse(hs.URL)
	u.User = url.UserPassword(demo.DefaultOrgID, key)
	c, err := api.New(api.Config{BaseURL: u.String()})
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, FromClient(c), 120, 40)
	d.keys("r")
	d.mustShow("HTTP 200")
	if strings.Contains(d.m.View().Content, key) {
		t.Error("the raw view shows the key")
	}
	d.keys("esc", "G", "e")
	path := filepath.Join(t.TempDir(), "out.ndjson")
	d.typeFile(path)
	d.keys("enter")
	d.mustShow("Exported 150 donations")
	data, err := os.ReadFile(path)
	if err != nil || strings.Contains(string(data), key) || strings.Count(string(data), "\n") != 150 {
		t.Errorf("export: %d lines, err %v, holds key: %v", strings.Count(string(data), "\n"), err, strings.Contains(string(data), key))
	}
}

// An error body is server text too: what it quotes reaches the message line
// and the error panel only once made safe.
func TestHostileErrorBodyIsMadeSafe(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, "bad \u202Egnitset\u200B \x1b]52;c;aGk=\x07request\x1b[2J")
	}))
	t.Cleanup(hs.Close)
	c, err := api.New(api.Config{BaseURL: hs.URL, Retry: api.RetryPolicy{MaxAttempts: 1}})
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, FromClient(c), 120, 35)
	d.mustShow("HTTP 400")
	raw := d.m.View().Content
	for _, bad := range []string{"\u202E", "\u200B", "\x1b]52", "\x07", "\x1b[2J"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the error screen carries %q", bad)
		}
	}
	d.mustShow("gnitset")
}

// A long wait of the client shows in the message line as it happens, a
// retry's cause and a rate-limit wait's reason made safe like any
// server-derived text, with when it ends.
func TestLongWaitShowsInTheMessageLine(t *testing.T) {
	t.Parallel()
	until := time.Date(2026, 11, 22, 9, 31, 5, 0, time.UTC)
	cases := []struct {
		name string
		wait api.Wait
		want string
	}{
		{"retry", api.Wait{Page: 14, Attempt: 3, Attempts: 7, Status: 502, Cause: "HTTP 502\u202E"},
			"page 14: HTTP 502, retry 2 of 6 in 6.0 s (until 09:31:05)"},
		{"rate limit", api.Wait{Page: 14, Attempt: 1, Reason: "the server's request budget is spent\u202E"},
			"page 14: waiting 6.0 s: the server's request budget is spent (until 09:31:05)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, _ := demoSource(t, demo.Options{Count: 150})
			d := newDriver(t, src, 120, 35)
			c.wait.Duration, c.wait.Until = 6*time.Second, until
			d.send(c.wait)
			d.mustShow(c.want)
			if strings.Contains(d.m.View().Content, "\u202E") {
				t.Error("the wait's words reached the screen unsanitised")
			}
		})
	}
}
