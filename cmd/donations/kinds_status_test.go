package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api/demo"
)

// A ticket's or purchase's payment status is filtered offline as the
// server filters it: --payment-status succeeded (or a value the server
// does not know) selects the records that say "paid", as --status paid
// does; offline, succeeded selected none.
func TestPaymentStatusOfflineSelectsWhatTheServerSends(t *testing.T) {
	t.Parallel()
	// 2,000 gifts give the purchases of every status; the race pass
	// (-short) reads the same kinds through the same paths for the one
	// status the server alone names, over a store of fewer.
	count, statuses := 2000, []string{"succeeded", "pending", "failed", "refunded", "paid"}
	if testing.Short() {
		count, statuses = 600, statuses[:1]
	}
	_, env, account := shapedAccount(t, demo.Options{Count: count, Shape: demo.ShapeDonorbox})
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("sync: exit %d, %q", r.code, r.stderr)
	}
	records := func(args ...string) []string {
		t.Helper()
		r := runCmd(t, env, append(append(args, "--format", "ndjson"), account...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d, %q", args, r.code, r.stderr)
		}
		got := lines(r.stdout)
		slices.Sort(got)
		return got
	}
	for _, kind := range []string{"tickets", "purchases"} {
		for _, status := range statuses {
			online := records(kind, "--payment-status", status)
			if len(online) == 0 {
				t.Fatalf("%s --payment-status %s: the server sent none", kind, status)
			}
			if offline := records(kind, "--payment-status", status, "--offline"); !slices.Equal(offline, online) {
				t.Errorf("%s --payment-status %s: %d offline, %d from the server", kind, status, len(offline), len(online))
			}
		}
		if paid, succeeded := records(kind, "--status", "paid", "--offline"), records(kind, "--payment-status", "succeeded"); !slices.Equal(paid, succeeded) {
			t.Errorf("%s --status paid: %d records, --payment-status succeeded %d", kind, len(paid), len(succeeded))
		}
	}
}

// plans --next-before lists the plans whose next gift date it reads and
// says how many it left out because their date is day first (01/12/2026),
// online and offline; with no bound nothing is said.
func TestNextBeforeSaysWhatItCannotRead(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 1500, Shape: demo.ShapeDonorbox, Hostile: true})
	all := runCmd(t, env, append([]string{"plans", "--status", "active", "--format", "ndjson"}, account...)...)
	dayFirst := strings.Count(all.stdout, `/20`)
	if all.code != 0 || dayFirst == 0 || strings.Contains(all.stderr, "--next-before") {
		t.Fatalf("plans: exit %d, %d day first, %q", all.code, dayFirst, all.stderr)
	}
	for _, offline := range []bool{false, true} {
		args := append([]string{"plans", "--status", "active", "--next-before", "2100-01-01", "--format", "ndjson"}, account...)
		if offline {
			args = append(args, "--offline")
		}
		r := runCmd(t, env, args...)
		want := fmt.Sprintf("donations: warning: plans whose next gift date is in no form --next-before reads, so not listed: %d (the first: ", dayFirst)
		if r.code != 0 || len(lines(r.stdout))+dayFirst != len(lines(all.stdout)) || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("offline %v: exit %d, %d listed of %d, stderr %q; want it to start %q", offline, r.code, len(lines(r.stdout)), len(lines(all.stdout)), r.stderr, want)
		}
	}
}
