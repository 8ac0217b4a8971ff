package store_test

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// The search index keeps no positions: a word of four or more letters
// finds the donations that hold it, not those that hold its trigrams
// apart ("mar" and "arg" in "Mar Argent" are not "marg").
func TestLongWordsMatchWholeNotTheirTrigrams(t *testing.T) {
	s := put(t,
		`{"id":1,"first_name":"Mar","last_name":"Argent","status":"paid"}`,
		`{"id":2,"first_name":"Margaret","last_name":"Smith","status":"paid"}`,
		`{"id":3,"first_name":"Ann","last_name":"Lee","comment":"Summary: margins","status":"failed"}`,
	)
	ctx := context.Background()
	for _, tc := range []struct {
		f    query.Filter
		want []int64
	}{
		{query.Filter{Search: "marg"}, []int64{2, 3}},
		{query.Filter{Search: "MARG"}, []int64{2, 3}},
		{query.Filter{Search: "marg smith"}, []int64{2}},
		{query.Filter{Search: "marg", Statuses: []string{"paid"}}, []int64{2}},
		{query.Filter{Search: "marg ar"}, []int64{2, 3}},
		{query.Filter{Search: "r ar"}, []int64{1, 2, 3}},
		{query.Filter{Search: "argent"}, []int64{1}},
		{query.Filter{Search: "mar arg"}, []int64{1, 2, 3}},
		{query.Filter{Search: "marga"}, []int64{2}},
		{query.Filter{Search: "rarg"}, nil},
	} {
		q := query.Query{Filter: tc.f, Sort: "id"}
		if got := windowIDs(t, s, q, -1); !slices.Equal(got, tc.want) {
			t.Errorf("%q %q: %v, want %v", tc.f.Search, tc.f.Statuses, got, tc.want)
		}
		if n, err := s.Count(ctx, q); err != nil || n != len(tc.want) {
			t.Errorf("%q %q: Count = %d, %v; want %d", tc.f.Search, tc.f.Statuses, n, err, len(tc.want))
		}
		if n, atLeast, err := s.QuickCount(ctx, q); err != nil || atLeast || n != len(tc.want) {
			t.Errorf("%q %q: QuickCount = %d, at least %v, %v; want %d", tc.f.Search, tc.f.Statuses, n, atLeast, err, len(tc.want))
		}
	}
}

// Every search of longer words finds what LIKE finds, in the orders the
// browser reads (so through each plan: the index's matches sorted, the
// sort's index walked, and LIKE for the words in most donations), and so
// do words whose trigrams a donation holds apart but not in a row. A
// quick count that says it is a lower bound (the index finding more than
// 20 donations, with the cap lowered to 200) never claims more than there
// are.
func TestLongSearchesFindWhatLikeFinds(t *testing.T) {
	// Not in parallel: it sets the prefix cap, which every store reads.
	skipShort(t)
	ctx := context.Background()
	_, s, path := syncedCopy(t, demo.Options{Count: 3000})
	words, apart := longWords(t, reader(t, path))
	db := searchTexts(t, path)
	if len(apart) == 0 {
		t.Fatal("no donation holds the trigrams of a word apart: the recheck went untested")
	}
	store.SetPrefixCap(t, 200)
	bounds := 0
	for _, w := range append(words, apart...) {
		want := likeIDs(t, db, w, "", "id", -1)
		n, atLeast, err := s.QuickCount(ctx, query.Query{Filter: query.Filter{Search: w}})
		if err != nil || n > len(want) || !atLeast && n != len(want) || atLeast && n == 0 {
			t.Fatalf("QuickCount(%q) = %d, at least %v, %v; LIKE finds %d", w, n, atLeast, err, len(want))
		}
		if atLeast {
			bounds++
		}
		if got := windowIDs(t, s, query.Query{Filter: query.Filter{Search: w}, Sort: "id"}, -1); !slices.Equal(got, want) {
			t.Fatalf("%q by id: %d rows, LIKE %d; first difference at %d", w, len(got), len(want), firstDiff(got, want))
		}
		newest := likeIDs(t, db, w, "", "date_utc DESC, id DESC", 200)
		if got := windowIDs(t, s, query.Query{Filter: query.Filter{Search: w}, Desc: true}, 200); !slices.Equal(got, newest) {
			t.Fatalf("%q newest first differs at %d", w, firstDiff(got, newest))
		}
		if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: w}}); err != nil || n != len(want) {
			t.Fatalf("Count(%q) = %d, %v; LIKE finds %d", w, n, err, len(want))
		}
		paid := likeIDs(t, db, w, " AND status_key = 'paid'", "id", -1)
		if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: w, Statuses: []string{"paid"}}}); err != nil || n != len(paid) {
			t.Fatalf("Count(%q, paid) = %d, %v; LIKE finds %d", w, n, err, len(paid))
		}
	}
	if bounds == 0 {
		t.Errorf("no long word was in enough donations for a lower bound: it went untested")
	}
}

// longWords are pieces of four and six letters of a sample of donations'
// search columns, in many donations and in few (those within one word:
// this is about long words), and pairs of them; and the
// words (apart) some donation holds every trigram of but not the word: a
// trigram, and the letter after a later one that begins with its last two.
func longWords(t *testing.T, db *sql.DB) (words, apart []string) {
	t.Helper()
	rows, err := db.Query("SELECT search FROM donations WHERE id % 331 = 0")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	words = []string{"exam", "example", "paid 25", "zzzz", "mary jo"}
	for rows.Next() {
		var search string
		if err := rows.Scan(&search); err != nil {
			t.Fatal(err)
		}
		r := []rune(search)
		for at := 0; at+6 <= len(r); at += 7 {
			for _, w := range []string{string(r[at : at+4]), string(r[at : at+6])} {
				if !strings.ContainsRune(w, ' ') {
					words = append(words, w)
				}
			}
		}
		for i := 0; i+3 <= len(r) && len(apart) < 40; i++ {
			for j := i + 3; j+3 <= len(r); j++ {
				w := string(r[i:i+3]) + string(r[j+2])
				if string(r[j:j+2]) == string(r[i+1:i+3]) && !strings.Contains(search, w) && !strings.ContainsRune(w, ' ') {
					apart = append(apart, w)
					break
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(words)
	return slices.Compact(words), apart
}

// A short search right after a sync, on the store that synced, finds what
// LIKE finds: the sync's end set temp_store on one of the store's
// connections, which dropped its vocabulary, and every short search read
// on that connection failed with "no such table".
func TestShortSearchRightAfterASync(t *testing.T) {
	skipShort(t)
	s, path, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	db := searchTexts(t, path)
	for _, w := range []string{"m", "ma", "e", "jo", "a", "an"} {
		want := likeIDs(t, db, w, "", "id", -1)
		if n, err := s.Count(context.Background(), query.Query{Filter: query.Filter{Search: w}}); err != nil || n != len(want) {
			t.Fatalf("Count(%q) = %d, %v; LIKE finds %d", w, n, err, len(want))
		}
	}
}
