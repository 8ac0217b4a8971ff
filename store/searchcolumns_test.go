package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
)

// The search column leaves out what the donation's columns hold as
// folding gives it (an e-mail of ASCII, the id): the search index reads
// them from the columns (the view donations_search). Search finds a
// donation by them all the same, by a word of each or the whole; an
// e-mail that folds to something else than its column (accents, a space
// inside) stays in the search column, folded, and is found by its folded
// words.
func TestSearchFindsWhatTheColumnsHold(t *testing.T) {
	ctx := context.Background()
	s, path := tempStore(t)
	gifts := []struct {
		id          int64
		email       string
		inColumn    bool // the e-mail is left to its column
		searchesFor []string
	}{
		{1, "Ada.Lovelace@Example.org", true, []string{"ada.lovelace@example.org", "lovelace@exa", "ADA.LOVE", "1"}},
		{22, "zoë.brontë@example.org", false, []string{"zoe.bronte", "zoë", "22"}},
		{333, "  padded.addr@example.net ", true, []string{"padded.addr@example.net", "333"}},
		{4444, "two words@example.org", false, []string{"two", "words@example", "4444"}},
	}
	for _, g := range gifts {
		d := hostileGift(t, g.id, `"email": "`+g.email+`", "first_name": "Kim", "donation_date": "2026-04-01 10:00:00", "amount": "5", "currency": "USD", "status": "paid"`)
		if _, err := s.Put(ctx, []api.Donation{d}); err != nil {
			t.Fatal(err)
		}
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, g := range gifts {
		var column string
		if err := db.QueryRow(`SELECT search FROM donations WHERE id = ?`, g.id).Scan(&column); err != nil {
			t.Fatal(err)
		}
		if left := !strings.Contains(column, "@"); left != g.inColumn {
			t.Errorf("donation %d: its search column is %q: the e-mail left to its column %v, want %v", g.id, column, left, g.inColumn)
		}
		if slices.Contains(strings.Fields(column), fmt.Sprint(g.id)) {
			t.Errorf("donation %d: its search column %q holds its id, which the column id holds", g.id, column)
		}
		for _, w := range g.searchesFor {
			if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: w, ID: g.id}}); err != nil || n != 1 {
				t.Errorf("search %q does not find donation %d: %d, %v", w, g.id, n, err)
			}
		}
	}
}
