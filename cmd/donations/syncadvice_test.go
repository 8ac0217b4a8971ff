package main

import (
	"strings"
	"testing"
)

// Under --all-statuses a report leaves out only the refunded gifts; its
// note must not send the reader to --all-statuses, the flag already given.
func TestReportAllStatusesNoteNamesTheFlagThatCountsTheRest(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "report", "retention", "--demo", "--demo-count", "400", "--all-statuses", "--format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "not counted (--status counts them): refunded ") {
		t.Errorf("the note does not say --status counts the refunded gifts:\n%s", r.stderr)
	}
	if strings.Contains(r.stderr, "--all-statuses count") {
		t.Errorf("the note points to --all-statuses, already given:\n%s", r.stderr)
	}
}

// An account given by flags alone and never synced: the command the
// error says to run must name that account, or it fails with no account
// configured.
func TestOfflineNeverSyncedNamesTheSyncForTheAccountGiven(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "list", "--offline", "--base-url", "http://127.0.0.1:8952", "--username", "it's@example.org")
	want := `run  donations sync --base-url http://127.0.0.1:8952 --username 'it'\''s@example.org'`
	if r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, r.stderr, want)
	}
}

// cache info on such an account says the same sync: a bare "donations
// sync" fails there with no account configured.
func TestCacheInfoNeverSyncedNamesTheSyncForTheAccountGiven(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "cache", "info", "--base-url", "http://127.0.0.1:8952", "--username", "a b@example.org")
	want := `(not created yet: run  donations sync --base-url http://127.0.0.1:8952 --username 'a b@example.org')`
	if r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Errorf("exit %d, stdout %q; want 0 and %q", r.code, r.stdout, want)
	}
}
