package main

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
)

// With no store (--demo), a report reads the whole account first: on a
// terminal the sync's status line shows how far that read has come, and is
// cleared before the report is written.
func TestReportShowsTheReadsProgressOnATerminal(t *testing.T) {
	t.Parallel()
	tty, err := os.CreateTemp(t.TempDir(), "tty")
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out bytes.Buffer
	vars := map[string]string{"HOME": t.TempDir()}
	a := &app{env: env{&out, safeText{tty}, func(k string) string { return vars[k] }, terms{err: tty}, pinnedNow, api.WallClock}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// The line and its clearing are drawn the same over any account of
	// several pages: the race pass reads fewer gifts.
	args := []string{"report", "lybunt", "--demo", "--demo-count", strconv.Itoa(apitest.Sized(1000, 300)), "--format", "csv"}
	if code := execute(ctx, a.env, newRoot(a), args); code != 0 {
		t.Fatalf("exit %d, stdout %q", code, out.String())
	}
	b, err := os.ReadFile(tty.Name())
	if err != nil {
		t.Fatal(err)
	}
	progress := string(b)
	for _, want := range []string{"syncing", "new, 0 updated", "requests", "\r\x1b[K"} {
		if !strings.Contains(progress, want) {
			t.Errorf("stderr on a terminal lacks %q:\n%q", want, progress)
		}
	}
	if !strings.HasPrefix(out.String(), "email,") {
		t.Errorf("the report is not on stdout: %q", out.String()[:min(len(out.String()), 200)])
	}
}
