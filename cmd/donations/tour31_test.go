package main

import (
	"strings"
	"testing"
)

// Under --all-statuses a report leaves out only the refunded gifts; its
// note must not send the reader to --all-statuses, the flag already given.
func TestReportAllStatusesNoteNamesTheFlagThatCountsTheRest(t *testing.T) {
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
