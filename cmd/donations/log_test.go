package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// --log appends each request's line to a file, for any command.
func TestLogFileGetsEveryRequest(t *testing.T) {
	t.Parallel()
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

// Each retry says why, in --verbose and in --log alike: a cut body is not
// a "200" like a success, and the wait before the next attempt is told,
// with the header that asked for it. The waits are real (about 2 s): the
// command keeps the wall clock.
func TestVerboseAndLogSayWhyEachRetry(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(demo.New(demo.Options{Count: 10,
		Script: []int{demo.FaultReset, 429, demo.FaultTruncated, demo.FaultCut}}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "requests.log")
	// The waits are said as the client plans them; a test clock ends them
	// at once.
	r := runClocked(map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}, &apitest.Clock{},
		"list", "--base-url", srv.URL, "--username", demo.DefaultLogin, "--pages", "1", "--concurrency", "1",
		"--format", "ndjson", "--verbose", "--log", path)
	b, err := os.ReadFile(path)
	if r.code != 0 || err != nil {
		t.Fatalf("exit %d %q, log %v", r.code, r.stderr, err)
	}
	backOff := ` · retry \d of 5 in [0-9.]+m?s, `
	// The reset comes first, on a new connection: one reset on a kept
	// connection net/http retries by itself, unseen.
	want := []string{
		`-> no answer: .*connection reset.*` + backOff,
		`-> 429 · retry 2 of 5 in 1s \(Retry-After\), `,
		`-> 200 cut body \(truncated JSON at byte \d+\)` + backOff,
		`-> 200 cut body \(connection closed at byte \d+ of \d+\)` + backOff,
		`-> 200, \d+ bytes, \d+ ms \(attempt 5\)\n$`,
	}
	for name, out := range map[string]string{"--verbose": r.stderr, "--log": string(b)} {
		lines := strings.SplitAfter(out, "\n")
		if len(lines) < len(want) {
			t.Fatalf("%s wrote %d lines, want %d:\n%s", name, len(lines), len(want), out)
		}
		for i, re := range want {
			if !regexp.MustCompile(re).MatchString(lines[i]) {
				t.Errorf("%s line %d = %q, want %s", name, i+1, lines[i], re)
			}
		}
	}
}

// In the browser the requests go to its log, and --verbose writes nothing
// over the screen.
func TestBrowserTraceKeepsStderrClear(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	var got []api.Exchange
	g := globals{verbose: true}
	trace, err := g.traces(env{stderr: &stderr}, func(x api.Exchange) { got = append(got, x) })
	if err != nil {
		t.Fatal(err)
	}
	trace(api.Exchange{Method: "GET", URL: "https://example.org/api/v1/donations", Status: 200})
	if stderr.Len() != 0 || len(got) != 1 {
		t.Errorf("stderr %q, %d exchanges to the browser", stderr.String(), len(got))
	}
}

// --log takes only a regular file the user owns, opened without waiting and
// never through a symlink: a FIFO hung the program for good, past ctrl+c.
func TestLogRefusesWhatIsNotThePrivateFile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		setup  func(t *testing.T) string
		errHas string
	}{
		{"a named pipe", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, "is not a regular file (a named pipe)"},
		{"a named pipe someone reads", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
			r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			return p
		}, "is not a regular file (a named pipe)"},
		{"/dev/full", func(t *testing.T) string { return "/dev/full" }, "is not a regular file (a device)"},
		{"a symlink", func(t *testing.T) string {
			dir := t.TempDir()
			target := filepath.Join(dir, "target")
			if err := os.WriteFile(target, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "link")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return link
		}, "is not a regular file (a symbolic link)"},
		{"another user's file", func(t *testing.T) string {
			if os.Getuid() != 0 {
				t.Skip("giving a file to another user needs root")
			}
			p := filepath.Join(t.TempDir(), "their.log")
			if err := os.WriteFile(p, nil, 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(p, 12345, -1); err != nil {
				t.Fatal(err)
			}
			return p
		}, "belongs to another user (uid 12345)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.setup(t)
			before, _ := os.Lstat(path)
			done := make(chan result, 1)
			go func() { done <- runCmd(t, nil, "list", "--demo", "--pages", "1", "--format", "ndjson", "--log", path) }()
			var r result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				// Let the stuck open go through, so the test can end.
				if f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					defer f.Close()
				}
				t.Fatal("--log on it still waits after 20 s")
			}
			if r.code != 2 || !strings.Contains(r.stderr, "--log "+path+" "+tc.errHas) || r.stdout != "" {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want 2 and %q", r.code, len(r.stdout), r.stderr, tc.errHas)
			}
			if after, _ := os.Lstat(path); before != nil && (after.Mode() != before.Mode() || after.Size() != before.Size()) {
				t.Errorf("it was changed: %v %d bytes, was %v %d", after.Mode(), after.Size(), before.Mode(), before.Size())
			}
		})
	}
}

// A log file of the user's that others could read is made private, as a new
// one is, and the lines go on at its end.
func TestLogFileOfTheUserIsMadePrivate(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "requests.log")
	if err := os.WriteFile(path, []byte("earlier line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	r := runCmd(t, nil, "list", "--demo", "--pages", "1", "--format", "ndjson", "--log", path)
	b, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if r.code != 0 || !strings.HasPrefix(string(b), "earlier line\nGET ") || fi.Mode().Perm() != 0o600 {
		t.Errorf("exit %d %q; the log is %v and holds %q", r.code, r.stderr, fi.Mode().Perm(), b)
	}
}

// The log file is closed when the command ends, not left to the exit.
func TestLogFileIsClosed(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "requests.log")
	if r := runCmd(t, nil, "list", "--demo", "--pages", "1", "--format", "ndjson", "--log", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	fds, _ := os.ReadDir("/proc/self/fd")
	for _, fd := range fds {
		if target, _ := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); target == path {
			t.Fatalf("fd %s still holds %s", fd.Name(), path)
		}
	}
}

// A line that cannot be written is not lost without a word: the command
// says how many were lost and does not end with status 0.
func TestLogWriteErrorIsReported(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "requests.log")
	var stderr bytes.Buffer
	g := globals{logPath: path}
	trace, err := g.traces(env{stderr: &stderr}, nil)
	if err != nil {
		t.Fatal(err)
	}
	trace(api.Exchange{Method: "GET", URL: "https://example.org/api/v1/donations", Status: 200})
	// Its file closed under it, the next writes fail as a full disk would.
	g.log.f.Close()
	trace(api.Exchange{Method: "GET", URL: "https://example.org/api/v1/donations?page=2", Status: 200})
	trace(api.Exchange{Method: "GET", URL: "https://example.org/api/v1/donations?page=3", Status: 200})
	code := g.closeLog(env{stderr: &stderr}, exitOK)
	b, _ := os.ReadFile(path)
	if code != exitAPI || strings.Count(string(b), "GET ") != 1 ||
		!strings.Contains(stderr.String(), "--log "+path+": 2 lines could not be written") {
		t.Errorf("exit %d, log %q, stderr %q", code, b, stderr.String())
	}
}
