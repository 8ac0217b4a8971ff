package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
)

// newestWith is the date of the newest gift `list --demo` writes when the
// program's clock reads now.
func newestWith(t *testing.T, now time.Time, args ...string) time.Time {
	t.Helper()
	var out, errb bytes.Buffer
	args = append([]string{"list", "--demo", "--newest", "1", "--format", "ndjson"}, args...)
	env := map[string]string{"HOME": t.TempDir()}
	code := run(context.Background(), args, &out, &errb, func(k string) string { return env[k] }, func() time.Time { return now }, api.WallClock)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	var d struct {
		Date string `json:"donation_date"`
	}
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		t.Fatalf("%v: %v in %q", args, err, out.String())
	}
	at, err := time.Parse(time.RFC3339, d.Date)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// The demo lives today: its newest gift is hours old whatever the day, so
// "this month" and "last month" hold gifts; --demo-end pins it.
func TestTheDemoEndsNowUnlessPinned(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks the dates the demo's gifts take from the clock, worked out on one goroutine; --demo's server and walks are raced in TestListOrder")
	now := time.Date(2026, 12, 7, 2, 30, 0, 0, time.UTC)
	if at := newestWith(t, now); at.After(now) || now.Sub(at) > 6*time.Hour {
		t.Errorf("on %s the demo's newest gift is of %s: want one of the last hours", now, at)
	}
	pinned := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	if at := newestWith(t, now, "--demo-end", "2026-11-01"); at.After(pinned) || pinned.Sub(at) > 6*time.Hour {
		t.Errorf("--demo-end 2026-11-01: the newest gift is of %s", at)
	}
	var out, errb bytes.Buffer
	env := map[string]string{"HOME": t.TempDir()}
	code := run(context.Background(), demoSized([]string{"summary", "--demo", "--by", "form", "--dates", "last month", "--format", "csv"}),
		&out, &errb, func(k string) string { return env[k] }, func() time.Time { return now }, api.WallClock)
	if code != 0 || strings.Count(out.String(), "\n") < 3 {
		t.Errorf("on %s, summary --dates \"last month\": exit %d, %q %s; want November's forms", now, code, out.String(), errb.String())
	}
}

func TestDemoEndRefusesWhatIsNotAMoment(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "list", "--demo", "--demo-end", "yesterday")
	if r.code != exitConfig || !strings.Contains(r.stderr, `"yesterday" is not a date (2026-11-01) or a date-time`) {
		t.Errorf("exit %d, %q", r.code, r.stderr)
	}
}
