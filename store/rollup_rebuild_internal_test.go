package store

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// rebuiltCount is the size of the accounts these tests add up again.
const rebuiltCount = 2000

// skipAddedUpInRace skips under -short (the race pass) the tests of the
// sums added up again: SQL on one goroutine, against what the triggers
// kept, which the first pass checks; the race pass runs the demo's fetch
// in every sync.
func skipAddedUpInRace(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("sums added up again in SQL on one goroutine, against the triggers': left to go test ./...")
	}
}

// The rollups a first sync's end adds up again (some from parts of the
// donations, see rebuildSums) hold what their triggers kept row by row,
// on hostile, drifting data and on gifts whose keys are missing (NULL) or
// sent empty (”), which the rollups keep as one.
func TestRollupsAddedUpAgainAreWhatTheTriggersKept(t *testing.T) {
	skipAddedUpInRace(t)
	ctx := context.Background()
	s := memStore(t)
	list := demoList(t, demo.Options{Count: rebuiltCount, Hostile: true, Drift: true, Seed: 3})
	for i, raw := range []string{
		`{"id": 99000001, "amount": "5", "currency": "usd", "donation_date": "2025-03-09 06:30:00"}`,
		`{"id": 99000002, "amount": "7", "currency": "usd", "donation_date": "2025-03-09 07:30:00", "form_name": "", "payment_type": "", "status": ""}`,
		`{"id": 99000003, "amount": "9", "currency": "", "donation_date": "2025-03-09 08:30:00", "form_name": "A", "campaign": {"id": 4, "name": ""}}`,
		`{"id": 99000004, "amount": "11", "donation_date": "2025-03-09 09:30:00", "campaign": {"id": 5, "name": "C"}}`,
	} {
		var d api.Donation
		if err := d.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatalf("gift %d: %v", i, err)
		}
		list = append(list, d)
	}
	if _, err := s.Put(ctx, list); err != nil {
		t.Fatal(err)
	}
	kept := everyRow(t, s)
	err := s.write(ctx, func(tx *sql.Tx) error { return rebuildSums(ctx, tx, "") })
	if err != nil {
		t.Fatal(err)
	}
	got, want := everyRow(t, s), map[string][]string{}
	for _, name := range rollupTables() {
		want[name] = kept[name]
	}
	sameRows(t, got, want)
}

// The donors table added up again holds what its triggers kept gift by
// gift, to the type of each figure, under every rule: on hostile, drifting
// data, and in the Donorbox shape, which refunds gifts in part and sends
// some unconverted.
func TestDonorsAddedUpAgainAreWhatTheTriggersKept(t *testing.T) {
	t.Parallel()
	skipAddedUpInRace(t)
	ctx := context.Background()
	for _, o := range []demo.Options{{Count: rebuiltCount, Hostile: true, Drift: true, Seed: 3}, {Count: rebuiltCount, Shape: demo.ShapeDonorbox}} {
		s := memStore(t)
		if _, err := s.Put(ctx, demoList(t, o)); err != nil {
			t.Fatal(err)
		}
		cols := []string{"quote(email_key)"}
		for _, p := range donorParts(donorRules) {
			cols = append(cols, "quote("+p.col+")")
		}
		q := `SELECT ` + strings.Join(cols, " || ' ' || ") + ` FROM donors ORDER BY email_key`
		kept := rowsOf(t, s.db, q)
		if err := s.write(ctx, func(tx *sql.Tx) error { return fillDonors(ctx, tx, "") }); err != nil {
			t.Fatal(err)
		}
		sameRows(t, map[string][]string{"donors": rowsOf(t, s.db, q)}, map[string][]string{"donors": kept})
	}
}

// The donors table is added up from the gifts sorted once by e-mail, each
// rule's condition and the net amount worked out beside each gift (a
// co-routine), not once an aggregate as a GROUP BY over the donations
// works them out.
func TestDonorsAreAddedUpFromTheirGiftsTermsWorkedOutOnce(t *testing.T) {
	got := plan(t, memStore(t), everyDonor())
	if !strings.Contains(got, "CO-ROUTINE") || strings.Contains(got, "TEMP B-TREE FOR GROUP BY") || strings.Count(got, "TEMP B-TREE") != 1 {
		t.Errorf("the donors are added up by\n%s", got)
	}
}
