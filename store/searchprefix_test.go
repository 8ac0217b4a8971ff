package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/query"
	"donations/store"
)

// likeIDs is what a LIKE of every word of search over the text the
// search index holds selects, in order, from db (searchTexts): the
// general path, read past the store's own code.
func likeIDs(t *testing.T, db *sql.DB, search, extra, order string, limit int) []int64 {
	t.Helper()
	query, args := "SELECT id FROM texts WHERE 1"+extra, []any{}
	for _, w := range strings.Fields(store.Fold(search)) {
		query += ` AND search LIKE ? ESCAPE '\'`
		args = append(args, "%"+strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(w)+"%")
	}
	rows, err := db.Query(query+" ORDER BY "+order+" LIMIT "+strconv.Itoa(limit), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// searchTexts is a database in memory whose table texts holds, for each
// donation of the store at path, the text the search index holds of it
// (the view donations_search) and the columns likeIDs filters and sorts
// by, each value as the store keeps it: LIKE then reads the texts as they
// are, not the view through a lookup per donation and word.
func searchTexts(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // each connection to :memory: is a database of its own
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE texts (id INTEGER PRIMARY KEY, date_utc, status_key, search)`); err != nil {
		t.Fatal(err)
	}
	rows, err := reader(t, path).Query(`SELECT d.id, d.date_utc, d.status_key, s.search FROM donations d JOIN donations_search s ON s.id = d.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		row := make([]any, 4)
		if err := rows.Scan(&row[0], &row[1], &row[2], &row[3]); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO texts VALUES (?, ?, ?, ?)`, row...); err != nil {
			t.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return db
}

// windowIDs are the ids of the donations s's Window selects for q, read
// from each raw record's "id" alone: the records are the demo's, whose ids
// are numbers, and what is checked is which records come, in what order.
func windowIDs(t *testing.T, s *store.Store, q query.Query, limit int) []int64 {
	t.Helper()
	var ids []int64
	err := s.Window(context.Background(), q, 0, limit, func(raw []byte) error {
		id, err := leadingID(raw)
		ids = append(ids, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// shortWords are every one to three letter piece of the words of a sample
// of donations (names, e-mails, amounts, dates, ids: digits and accents
// included), and some that match nothing or sit at the column's end.
func shortWords(all []api.Donation) []string {
	words := []string{"q", "xq", "zz", "-", "é", "東", "@", ".", "0", "5", "45", "e a", "ma 2"}
	for i := 0; i < len(all); i += len(all) / 12 {
		d := all[i]
		id := strconv.FormatInt(d.ID.Value, 10)
		words = append(words, id[len(id)-1:], id[len(id)-2:])
		for _, text := range []string{d.FirstName.Value, d.LastName.Value, d.Email.Value, d.Amount.Text, d.DonationDate.Value} {
			r := []rune(store.Fold(text))
			for at := 0; at < len(r); at += 3 {
				for n := 1; n <= 3 && at+n <= len(r); n++ {
					words = append(words, string(r[at:at+n]))
				}
			}
		}
	}
	slices.Sort(words)
	return slices.Compact(words)
}

// Every short search finds through the index's vocabulary exactly what
// LIKE finds, in every order the browser reads it; a count that says it is
// a lower bound never claims more than there are. With the vocabulary read
// up to 200 instances most words are past the cap (the walk with LIKE and
// the lower bound), with the store's own cap most are read whole.
func TestShortSearchesFindWhatLikeFinds(t *testing.T) {
	// Not in parallel: it sets the prefix cap, which every store reads.
	skipShort(t)
	ctx := context.Background()
	_, s, path := syncedCopy(t, demo.Options{Count: 1500})
	all := windowAll(t, s)
	db := searchTexts(t, path)
	// What LIKE finds does not depend on the cap: found once for both.
	type liked struct{ byID, newest, paid []int64 }
	like := map[string]liked{}
	for _, capped := range []bool{true, false} {
		if capped {
			store.SetPrefixCap(t, 200)
		}
		s := open(t, path) // its own probes, at this cap
		bounds := 0
		for _, w := range shortWords(all) {
			l, ok := like[w]
			if !ok {
				l = liked{likeIDs(t, db, w, "", "id", -1), likeIDs(t, db, w, "", "date_utc DESC, id DESC", 200),
					likeIDs(t, db, w, " AND status_key = 'paid'", "id", -1)}
				like[w] = l
			}
			want, newest := l.byID, l.newest
			if got := windowIDs(t, s, query.Query{Filter: query.Filter{Search: w}, Sort: "id"}, -1); !slices.Equal(got, want) {
				t.Fatalf("capped %v: %q by id: %d rows, LIKE %d; first difference at %d", capped, w, len(got), len(want), firstDiff(got, want))
			}
			if got := windowIDs(t, s, query.Query{Filter: query.Filter{Search: w}, Desc: true}, 200); !slices.Equal(got, newest) {
				t.Fatalf("capped %v: %q newest first differs at %d", capped, w, firstDiff(got, newest))
			}
			if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: w}}); err != nil || n != len(want) {
				t.Fatalf("capped %v: Count(%q) = %d, %v; LIKE finds %d", capped, w, n, err, len(want))
			}
			n, atLeast, err := s.QuickCount(ctx, query.Query{Filter: query.Filter{Search: w}})
			if err != nil || n > len(want) || !atLeast && n != len(want) || atLeast && n == 0 {
				t.Fatalf("capped %v: QuickCount(%q) = %d, at least %v, %v; LIKE finds %d", capped, w, n, atLeast, err, len(want))
			}
			if atLeast {
				bounds++
			}
			paid := query.Query{Filter: query.Filter{Search: w, Statuses: []string{"paid"}}}
			want = l.paid
			n, atLeast, err = s.QuickCount(ctx, paid)
			if err != nil || n > len(want) || !atLeast && n != len(want) {
				t.Fatalf("capped %v: QuickCount(%q, paid) = %d, at least %v, %v; LIKE finds %d", capped, w, n, atLeast, err, len(want))
			}
		}
		if capped && bounds == 0 {
			t.Errorf("no search was past the cap: the lower bound went untested")
		}
	}
}

// leadingID is the "id" of the JSON object raw, read up to that member
// and no further: the demo sends it first, and a search that selects most
// of the records would otherwise read each whole to its end.
func leadingID(raw []byte) (int64, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return 0, err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return 0, err
		}
		if key == "id" {
			var id int64
			err := dec.Decode(&id)
			return id, err
		}
		var skipped json.RawMessage
		if err := dec.Decode(&skipped); err != nil {
			return 0, err
		}
	}
	return 0, fmt.Errorf("no id in %.100s", raw)
}

func windowAll(t *testing.T, s *store.Store) []api.Donation {
	t.Helper()
	var all []api.Donation
	err := s.Donations(context.Background(), query.Query{Sort: "id"}, 0, -1, func(d *api.Donation) error {
		all = append(all, *d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}
