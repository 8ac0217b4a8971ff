package main

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/export"
)

var csvHeader = strings.Join(export.CSVHeader(), ",") + "\n"

// A value the account has, but not within the dates asked, is an empty
// answer: the header alone, exit 0, nothing on stderr for a script. The
// demo's 2026-10-31 has no refunded gift and no Spring Appeal gift; its
// account has both.
func TestAValueMissingOnlyFromTheRangeIsAnEmptyAnswer(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"list", "--demo", "--dates", "2026-10-31", "--status", "refunded", "--format", "csv"},
		{"list", "--demo", "--dates", "2026-10-31", "--form", "Spring Appeal", "--format", "csv"},
		{"list", "--demo", "--since", "2026-10-31", "--status", "refunded", "--sort", "amount", "--format", "csv"},
	} {
		r := runCmd(t, nil, demoSized(args)...)
		if r.code != 0 || r.stdout != csvHeader || r.stderr != "" {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	r := runCmd(t, nil, demoSized([]string{"summary", "--demo", "--by", "form", "--dates", "2026-10-31", "--status", "refunded", "--format", "csv"})...)
	if r.code != 0 || r.stdout != "form,count,share_count,share_converted\n" || r.stderr != "" {
		t.Errorf("summary: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// demoSized is args over --demo's account of 5,000 gifts, or 500 in the
// race pass (-short), for a test whose check holds at any size: the race
// pass reads the same pages through the same goroutines.
func demoSized(args []string) []string {
	if testing.Short() {
		return append(slices.Clone(args), "--demo-count", "500")
	}
	return args
}

// A value no donation of the whole account has is a mistake, said before
// anything is written: exit 2, a did-you-mean, and no header.
func TestAValueTheAccountNeverHadIsRefusedWithADidYouMean(t *testing.T) {
	t.Parallel()
	// Any account with refunds answers so; the race pass reads a smaller
	// one through the same goroutines.
	count := strconv.Itoa(apitest.Sized(500, 200))
	for _, args := range [][]string{
		{"list", "--demo", "--demo-count", count, "--status", "refundd", "--format", "csv"},
		{"summary", "--demo", "--demo-count", count, "--by", "form", "--status", "refundd", "--format", "csv"},
	} {
		r := runCmd(t, nil, args...)
		if r.code != exitConfig || r.stdout != "" || !strings.Contains(r.stderr, `status: no donation has "refundd" (did you mean "refunded"?)`) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

// A synced account's store answers online as it does offline: a status
// the account has but the day has not is an empty answer, either way.
func TestAnEmptyAnswerOnASyncedAccountOnlineAndOffline(t *testing.T) {
	t.Parallel()
	env, account, _ := syncedHome(t, demo.Options{Count: 300})
	env["DONATIONS_API_KEY"] = demo.DefaultKey
	for _, extra := range [][]string{nil, {"--offline"}} {
		args := append([]string{"list", "--dates", "2026-10-31", "--status", "refunded", "--format", "csv"}, account...)
		r := runCmd(t, env, append(args, extra...)...)
		if r.code != 0 || r.stdout != csvHeader {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q", extra, r.code, r.stdout, r.stderr)
		}
	}
}

// On a terminal, an empty answer is said in one line on stderr, with the
// dates the range was read as and the filters.
func TestAnEmptyAnswerIsSaidOnATerminal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"list", "--demo", "--dates", "2026-11-01..2026-11-30", "--format", "csv"}, "donations list: no gifts 2026-11-01..2026-11-30\n"},
		{[]string{"list", "--demo", "--dates", "2026-10-31", "--status", "refunded", "--format", "csv"}, "donations list: no gifts 2026-10-31..2026-10-31 with status refunded\n"},
		{[]string{"summary", "--demo", "--by", "form", "--since", "2026-11-01", "--format", "csv"}, "donations summary: no gifts 2026-11-01..\n"},
	}
	for _, tc := range cases {
		tty, err := os.CreateTemp(t.TempDir(), "tty")
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		vars := map[string]string{"HOME": t.TempDir()}
		a := &app{env: env{stdout: &out, stderr: safeText{tty}, getenv: func(k string) string { return vars[k] }, terms: terms{err: tty}, now: pinnedNow}}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		code := execute(ctx, a.env, newRoot(a), demoSized(tc.args))
		cancel()
		said, _ := os.ReadFile(tty.Name())
		tty.Close()
		// Alone, or after the progress line of a read, which clears itself.
		if code != 0 || string(said) != tc.want && !strings.HasSuffix(string(said), "\r\x1b[K"+tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, said, tc.want)
		}
	}
}

// --dates takes a month and a fiscal year, which --fiscal-start (or the
// profile's fiscal_start) says the start of. 500 gifts give every month
// some.
func TestSummaryReadsMonthsAndFiscalYears(t *testing.T) {
	t.Parallel()
	apitest.FirstPassOnly(t, "checks how --dates reads a month, a span of months and a fiscal year, a parse on one goroutine; summary --demo's walk is raced in TestAValueMissingOnlyFromTheRangeIsAnEmptyAnswer")
	months := func(args ...string) []string {
		r := runCmd(t, nil, append([]string{"summary", "--demo", "--demo-count", "500", "--by", "month", "--format", "csv"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		var out []string
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
			month, _, _ := strings.Cut(line, ",")
			out = append(out, month)
		}
		return out
	}
	if got := months("--dates", "2026-10"); strings.Join(got, " ") != "2026-10" {
		t.Errorf("--dates 2026-10: %v", got)
	}
	if got := months("--dates", "sep 2026..oct 2026"); strings.Join(got, " ") != "2026-09 2026-10" {
		t.Errorf("--dates sep 2026..oct 2026: %v", got)
	}
	got := months("--dates", "fiscal 2026", "--fiscal-start", "July")
	if len(got) != 12 || got[0] != "2025-07" || got[11] != "2026-06" {
		t.Errorf("--dates \"fiscal 2026\" --fiscal-start July: %v", got)
	}
}
