package demo

import (
	"encoding/json"
	"testing"
)

// A drifting server sends a record it has changed as changed, though it
// sent the record before: the record's rewrite follows its encoding, in
// every variant of drift.
func TestDriftedRecordFollowsItsChanges(t *testing.T) {
	s := New(Options{Count: 12, Drift: true})
	for i := range 12 {
		if _, err := s.encode(i); err != nil {
			t.Fatal(err)
		}
		if !s.SetStatus(s.data.entries[i].id+s.shape.id, "refunded") {
			t.Fatalf("record %d has no id the server knows", i)
		}
		b, err := s.encode(i)
		if err != nil {
			t.Fatal(err)
		}
		var rec struct{ Status string }
		if err := json.Unmarshal(b, &rec); err != nil || rec.Status != "refunded" {
			t.Errorf("record %d, refunded, is sent as %q (%v): %s", i, rec.Status, err, b)
		}
	}
}

// A drifting server sends what drift makes of each record whether it
// keeps the record drifted or not, and keeps only the first driftKept.
func TestDriftedRecordsAreKeptOnlyUpToTheirBound(t *testing.T) {
	count := driftKept + 2
	drifting, plain := New(Options{Count: count, Drift: true}), New(Options{Count: count})
	for _, i := range []int{0, 7, driftKept - 1, driftKept, driftKept + 1} {
		for range 2 { // the second is the one a kept record answers
			got, err := drifting.encode(i)
			if err != nil {
				t.Fatal(err)
			}
			b, err := plain.encode(i)
			if err != nil {
				t.Fatal(err)
			}
			want, err := drift(b, i, plain.opts.Shape)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("record %d is sent as\n%s\nwant drift's\n%s", i, got, want)
			}
		}
		if _, kept := drifting.drifted[i]; kept != (i < driftKept) {
			t.Errorf("record %d kept drifted: %v, want %v", i, kept, i < driftKept)
		}
	}
}
