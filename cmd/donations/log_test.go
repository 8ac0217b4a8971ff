package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// --log appends each request's line to a file, for any command.
func TestLogFileGetsEveryRequest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.log")
	r := runCmd(t, nil, "list", "--demo", "--pages", "2", "--concurrency", "1", "--format", "ndjson", "--log", path)
	b, err := os.ReadFile(path)
	if r.code != 0 || err != nil || strings.Count(string(b), "GET ") != 2 || strings.Contains(string(b), demo.DefaultKey) {
		t.Fatalf("exit %d, %v, log %q", r.code, err, b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the log is %v, want 0600", fi.Mode().Perm())
	}
	if r.stderr != "" {
		t.Errorf("without --verbose stderr got %q", r.stderr)
	}
}

// In the browser the requests go to its log, and --verbose writes nothing
// over the screen.
func TestBrowserTraceKeepsStderrClear(t *testing.T) {
	var stderr bytes.Buffer
	var got []api.Exchange
	g := globals{verbose: true, trace: func(x api.Exchange) { got = append(got, x) }}
	trace, err := g.traces(env{stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	trace(api.Exchange{Method: "GET", URL: "https://example.org/api/v1/donations", Status: 200})
	if stderr.Len() != 0 || len(got) != 1 {
		t.Errorf("stderr %q, %d exchanges to the browser", stderr.String(), len(got))
	}
}
