package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// goodFirstPage serves 100 plain donations on page 1 and leaves later pages
// to bad.
func goodFirstPage(bad http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Query().Get("page"); p != "1" && p != "" {
			bad(w, r)
			return
		}
		var b strings.Builder
		b.WriteString("[")
		for i := 1; i <= 100; i++ {
			if i > 1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id":%d,"first_name":"Ann","last_name":"Lee%d","email":"a%d@example.org","amount":"10.00","currency":"USD","status":"paid","donation_date":"2025-01-01 10:00:00"}`, i, i, i)
		}
		b.WriteString("]")
		fmt.Fprint(w, b.String())
	}
}

// The browser under a server that turns hostile after the first page: it
// shows the error, keeps the rows it has, and still answers keys.
func TestBrowserUnderHostileServers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program and drives it in tmux: a binary of its own, built without -race, so the race pass would check nothing the first pass does not")
	}
	bin := buildBinary(t)
	cases := []struct {
		name string
		bad  http.HandlerFunc
		says string
	}{
		{"5 million nested arrays", func(w http.ResponseWriter, r *http.Request) {
			w.Write(bytes.Repeat([]byte("["), 5_000_000))
			w.Write(bytes.Repeat([]byte("]"), 5_000_000))
		}, "nested too deeply (more than 64 levels)"},
		{"an endless body", func(w http.ResponseWriter, r *http.Request) {
			chunk := bytes.Repeat([]byte(" "), 1<<16)
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "the answer passed 32 MB"},
		{"Retry-After in the year 3000", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "Wed, 01 Jan 3000 00:00:00 GMT")
			w.WriteHeader(429)
		}, "the server asks to wait until 3000-01-01"},
		{"[1,2,3]", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "[1,2,3]") },
			"not one donation record"},
		{"a redirect to plain http", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://example.org/steal", http.StatusFound)
		}, "redirected to http://example.org/steal; refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(goodFirstPage(tc.bad))
			defer srv.Close()
			// --no-cache: the store in memory that the background sync fills.
			s := newTmux(t, 160, 30, fmt.Sprintf("HOME=%s DONATIONS_API_KEY=k %s --no-cache --base-url %s --username u", t.TempDir(), bin, srv.URL))
			// The background sync reads newest first: looking for the last
			// page, it meets page 2, the hostile one, before it stores any.
			screen := s.waitFor(tc.says, "nothing loaded yet")
			if !strings.Contains(screen, "R retries") {
				t.Errorf("no way to retry offered:\n%s", screen)
			}
			s.send("q")
			for deadline := time.Now().Add(10 * time.Second); s.alive(); time.Sleep(50 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("q did not quit:\n%s", s.screen())
				}
			}
		})
	}
}

// A signal ends the browser with the terminal given back: out of the
// alternate screen, line editing and echo on again.
func TestSignalsGiveTheTerminalBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program and drives it in tmux: a binary of its own, built without -race, so the race pass would check nothing the first pass does not")
	}
	bin := buildBinary(t)
	for name, sig := range map[string]syscall.Signal{"SIGTERM": syscall.SIGTERM, "SIGHUP": syscall.SIGHUP, "SIGINT": syscall.SIGINT} {
		t.Run(name, func(t *testing.T) {
			s := newTmux(t, 120, 30, "bash --norc")
			// The quotes split the markers, so the command line does not show them.
			s.typeText(fmt.Sprintf("HOME=%s %s --demo --demo-end 2026-11-01 --demo-count 300; echo \"EX\"\"IT=$?\"; echo \"TT\"\"Y:$(stty -a | grep -o -- '-*icanon\\|-*echo ' | tr -d '\\n')\"", t.TempDir(), bin))
			s.send("Enter")
			s.waitFor("paid")
			out, err := s.tmux("display-message", "-p", "-t", s.name, "#{pane_pid}").Output()
			if err != nil {
				t.Fatal(err)
			}
			// The shell's one child is the program.
			shell := strings.TrimSpace(string(out))
			found, err := os.ReadFile("/proc/" + shell + "/task/" + shell + "/children")
			pid, perr := strconv.Atoi(strings.TrimSpace(string(found)))
			if err != nil || perr != nil {
				t.Fatalf("the program is not running: %v %q", err, found)
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			screen := s.waitFor("EXIT=", "TTY:")
			if !strings.Contains(screen, "EXIT=0") || !strings.Contains(screen, "TTY:icanonecho\n") {
				t.Errorf("after %s:\n%s", name, screen)
			}
			if strings.Contains(screen, "paid") {
				t.Errorf("the browser's screen was left behind:\n%s", screen)
			}
		})
	}
}
