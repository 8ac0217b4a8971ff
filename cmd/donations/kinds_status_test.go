package main

import (
	"slices"
	"testing"

	"donations/api/demo"
)

// A ticket's or purchase's payment status is filtered offline as the
// server filters it: --payment-status succeeded (or a value the server
// does not know) selects the records that say "paid", as --status paid
// does; offline, succeeded selected none.
func TestPaymentStatusOfflineSelectsWhatTheServerSends(t *testing.T) {
	_, env, account := shapedAccount(t, demo.Options{Count: 2000, Shape: demo.ShapeDonorbox})
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
		for _, status := range []string{"succeeded", "pending", "failed", "refunded", "paid"} {
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
