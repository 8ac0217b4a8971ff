package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, undo := range afterTests.undo {
		undo()
	}
	os.Exit(code)
}

// afterTests are what TestMain undoes once every test has run: the
// fixtures the tests share, made once and never changed (a test that
// changes one gets its own copy).
var afterTests struct {
	sync.Mutex
	undo []func()
}

func whenTestsEnd(undo func()) {
	afterTests.Lock()
	defer afterTests.Unlock()
	afterTests.undo = append(afterTests.undo, undo)
}

type result struct {
	code           int
	stdout, stderr string
}

// pinnedNow is the clock every test runs the program by: the moment the
// demo's fixed data ends (demo.End), so that --demo serves the same gifts as
// a demo.New server and "last month" is October 2026 on any day.
func pinnedNow() time.Time { return demo.End }

func runCmd(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	if env == nil {
		env = map[string]string{"HOME": t.TempDir()}
	}
	return runIn(env, args...)
}

// runIn is runCmd for a fixture that no one test owns.
func runIn(env map[string]string, args ...string) result {
	return runClocked(env, api.WallClock, args...)
}

// runClocked is runIn with the client waiting by clock: an apitest.Clock
// ends its waits at once, for tests of what is said about a wait.
func runClocked(env map[string]string, clock api.Clock, args ...string) result {
	var out, errb bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code := run(ctx, args, &out, &errb, func(k string) string { return env[k] }, pinnedNow, clock)
	return result{code, out.String(), errb.String()}
}

func ndjsonIDs(t *testing.T, s string) []int64 {
	t.Helper()
	var ids []int64
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		if line == "" {
			continue
		}
		var d struct{ ID int64 }
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		ids = append(ids, d.ID)
	}
	return ids
}

func TestListDemoStreamsEveryDonation(t *testing.T) {
	t.Parallel()
	// The full run streams the demo's default 5,000; the race pass
	// (-short) streams the same pages of a tenth as many, which still
	// span several pages and the writer that keeps them.
	args, want := []string{"list", "--demo", "--format", "ndjson"}, 5000
	if testing.Short() {
		args, want = append(args, "--demo-count", "500"), 500
	}
	r := runCmd(t, nil, args...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if got := len(ndjsonIDs(t, r.stdout)); got != want {
		t.Errorf("got %d lines, want %d", got, want)
	}
	if r.stderr != "" {
		t.Errorf("stderr not empty: %s", r.stderr)
	}
}

func TestListByEmailReturnsExactlyThatDonorsGifts(t *testing.T) {
	t.Parallel()
	want := demo.New(demo.Options{}).Match(demo.Filter{Email: "ada.lovelace@example.org"})
	// Global flags may come before or after the sub-command.
	r := runCmd(t, nil, "--demo", "list", "--email", "ada.lovelace@example.org")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got := ndjsonIDs(t, r.stdout)
	if len(got) != len(want) || len(want) < 5 {
		t.Fatalf("got %d gifts, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("gift %d: id %d, want %d", i, got[i], want[i])
		}
	}
}

func TestNewestOnAHugeAccountIsLogarithmic(t *testing.T) {
	t.Parallel()
	// The bound below does not grow with the account: the race pass
	// (-short) walks the same search over a tenth of it.
	count := apitest.Sized(100000, 10000)
	r := runCmd(t, nil, "list", "--demo", "--demo-count", fmt.Sprint(count), "--newest", "100", "--verbose")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	all := demo.New(demo.Options{Count: count}).Match(demo.Filter{})
	got := ndjsonIDs(t, r.stdout)
	if len(got) != 100 {
		t.Fatalf("got %d donations, want 100", len(got))
	}
	for i, id := range got {
		if want := all[len(all)-1-i]; id != want {
			t.Fatalf("donation %d: id %d, want %d", i, id, want)
		}
	}
	requests := strings.Count(r.stderr, "GET ")
	bound := int(2*math.Log2(1000)) + 2
	if requests == 0 || requests > bound {
		t.Errorf("--verbose shows %d requests, want 1..%d:\n%s", requests, bound, r.stderr)
	}
	if strings.Contains(r.stderr, demo.DefaultKey) {
		t.Error("--verbose printed the API key")
	}
}

func TestListFormats(t *testing.T) {
	t.Parallel()
	cases := []struct {
		format, prefix string
	}{
		{"json", "[\n  {\"id\":"},
		{"csv", "id,email,form_name,first_name"},
		{"table", "ID        DATE (UTC)"},
		{"ndjson", "{\"id\":"},
	}
	for _, tc := range cases {
		t.Run(tc.format, func(t *testing.T) {
			r := runCmd(t, nil, "list", "--demo", "--pages", "1", "--per-page", "5", "--format", tc.format)
			if r.code != 0 || !strings.HasPrefix(r.stdout, tc.prefix) {
				t.Errorf("exit %d, output starts %q, want %q", r.code, r.stdout[:min(40, len(r.stdout))], tc.prefix)
			}
		})
	}
}

func TestUsageAndConfigurationErrorsExitTwo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"unknown flag", nil, []string{"list", "--demo", "--colour"}, "unknown flag --colour"},
		{"per-page too big", nil, []string{"list", "--demo", "--per-page", "500"}, "--per-page: 500 is out of range; give 1..100"},
		{"bad format", nil, []string{"list", "--demo", "--format", "xml"}, `--format: "xml" is not one of table, json, ndjson, csv`},
		{"stray argument", nil, []string{"list", "--demo", "ada@example.org"}, "unexpected argument"},
		{"unknown command", nil, []string{"lst"}, `unknown command "lst"`},
		{"non-numeric id", nil, []string{"list", "--demo", "--id", "abc"}, `--id: "abc" is not a whole number`},
		{"nothing configured", nil, []string{"list"}, "donations --demo"},
		{"plain http to a remote host", map[string]string{"DONATIONS_API_KEY": "k"}, []string{"list", "--base-url", "http://api.example.org", "--username", "u"}, "plain http is refused"},
		{"bad config file", nil, []string{"list", "--config", "/nonexistent/config.toml"}, "does not exist"},
		{"demo server on a public address", nil, []string{"demo-server", "--addr", "0.0.0.0:0"}, "only loopback"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := tc.env
			if env == nil {
				env = map[string]string{}
			}
			env["HOME"] = t.TempDir()
			r := runCmd(t, env, tc.args...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2", r.code)
			}
			if !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr lacks %q:\n%s", tc.want, r.stderr)
			}
			if r.stdout != "" {
				t.Errorf("stdout not empty: %q", r.stdout)
			}
		})
	}
}

func TestAPIFailuresExitOneWithoutLeakingTheKey(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(demo.New(demo.Options{Count: 10}))
	defer srv.Close()
	const wrong = "wrong-key-7f3a9c"
	r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": wrong},
		"list", "--base-url", srv.URL, "--username", demo.DefaultLogin, "--verbose")
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	for _, want := range []string{"authentication failed (HTTP 401)", "organization id", "Enable Rest API", "-> 401"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr+r.stdout, wrong) {
		t.Error("the API key was printed")
	}
}

func TestFlagsAndEnvironmentAloneWork(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(demo.New(demo.Options{Count: 150}))
	defer srv.Close()
	for _, user := range []string{demo.DefaultLogin, demo.DefaultOrgID} {
		r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey},
			"list", "--base-url", srv.URL, "--username", user)
		if r.code != 0 || len(ndjsonIDs(t, r.stdout)) != 150 {
			t.Errorf("username %s: exit %d, %d lines: %s", user, r.code, len(ndjsonIDs(t, r.stdout)), r.stderr)
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestDemoServerPrintsHowToConnectAndStops(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"demo-server", "--addr", "127.0.0.1:0", "--count", "20"}, &out, &errb, func(string) string { return "" }, pinnedNow, api.WallClock)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "stop with ctrl+c") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	for _, want := range []string{"http://127.0.0.1:", "(20 donations)", demo.DefaultLogin, demo.DefaultOrgID, demo.DefaultKey} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d: %s", code, errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("demo-server did not stop when cancelled")
	}
}
