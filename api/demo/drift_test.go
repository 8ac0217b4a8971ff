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
