package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// ctrl+c during a sync exits 130, the shell's status for an interrupt, not
// 1 ("API or network failure"): a script must tell a person's stop from a
// failure. The interrupt is the program's context ending, as main's
// signal.NotifyContext ends it, while the sync's second request is served.
func TestAnInterruptedSyncExits130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := demo.New(demo.Options{Count: 500})
	var n atomic.Int64
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 2 {
			cancel()
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	var out, errb bytes.Buffer
	code := run(ctx, []string{"sync", "--base-url", hs.URL, "--username", demo.DefaultLogin}, &out, &errb,
		func(k string) string { return env[k] }, pinnedNow, api.WallClock)
	if n.Load() < 2 {
		t.Fatalf("the sync made %d requests: it was never interrupted", n.Load())
	}
	if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("exit %d, %q; want %d and a word that it was interrupted", code, errb.String(), exitInterrupted)
	}
}

// The help's exit statuses name the interrupt's.
func TestHelpNamesTheInterruptStatus(t *testing.T) {
	if r := runCmd(t, nil, "--help"); r.code != 0 || !strings.Contains(r.stdout, "130 interrupted") {
		t.Errorf("exit %d; the help does not say 130 is an interrupt:\n%s", r.code, r.stdout)
	}
}
