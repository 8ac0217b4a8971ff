package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// kept reads the requests a store's file keeps: how many, and how many no
// donation refers to.
func kept(t *testing.T, path string) (all, unreferenced int) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.QueryRow(`SELECT count(*), coalesce(sum(id NOT IN (SELECT exchange FROM exchange_of)), 0) FROM exchanges`).Scan(&all, &unreferenced)
	if err != nil {
		t.Fatal(err)
	}
	return all, unreferenced
}

// exchangesOf is the request kept for each of the store's donations,
// failing unless every one has one.
func exchangesOf(t *testing.T, s *store.Store) ([]int64, map[int64]*api.Exchange) {
	t.Helper()
	list := ids(t, s)
	ex, err := s.Exchanges(context.Background(), list)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range list {
		if ex[id] == nil {
			t.Fatalf("donation %d has no request kept (%d of %d have)", id, len(ex), len(list))
		}
	}
	return list, ex
}

// Each stored donation keeps the request that brought its page: the page,
// its URL, the headers sent without the credentials and the answer's, and
// nothing of the key reaches the file.
func TestStoredDonationsKeepTheirRequest(t *testing.T) {
	s, path, _, _ := syncedFile(t, demo.Options{Count: 450}, dataset.SyncOptions{})
	list, ex := exchangesOf(t, s)
	for i, id := range list {
		x, page := ex[id], i/100+1 // oldest first, 100 a page
		if x.Page != page || !strings.Contains(x.URL, fmt.Sprintf("page=%d", page)) || x.Method != "GET" || x.Status != 200 ||
			x.User != demo.DefaultLogin || x.Bytes == 0 || x.At.IsZero() {
			t.Fatalf("donation %d (page %d): kept %+v", id, page, *x)
		}
		if x.Header.Get("X-Ratelimit-Limit") == "" || x.Sent.Get("Authorization") != "Basic [redacted]" || x.Sent.Get("Accept") != "application/json" {
			t.Fatalf("donation %d: headers sent %v, received %v", id, x.Sent, x.Header)
		}
		if i%100 != 0 && ex[list[i-1]] != x {
			t.Fatalf("donations %d and %d of one page keep two requests", list[i-1], id)
		}
	}
	if all, _ := kept(t, path); all != 5 {
		t.Errorf("%d requests kept for 5 pages", all)
	}
	s.Close()
	secret := base64.StdEncoding.EncodeToString([]byte(demo.DefaultLogin + ":" + demo.DefaultKey))
	for _, name := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(name)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(demo.DefaultKey)) || bytes.Contains(b, []byte(secret)) {
			t.Errorf("%s holds the key", name)
		}
	}
}

// A page read again keeps its new request and the one before goes; pages
// not read again keep theirs; a full sync that removes a donation leaves
// no request unreferenced either.
func TestRequestsNoDonationRefersToAreDeleted(t *testing.T) {
	s, path, srv, c := syncedFile(t, demo.Options{Count: 450}, dataset.SyncOptions{})
	time.Sleep(2 * time.Millisecond) // requests are kept to the millisecond
	mid := time.Now()
	srv.Add(30)
	sync(t, s, c, dataset.SyncOptions{Window: 1})
	list, ex := exchangesOf(t, s)
	for i, id := range list {
		again := i >= 300 // pages 4 and 5 read again, the new donations on 5
		if x := ex[id]; x.At.Before(mid.Truncate(time.Millisecond)) == again {
			t.Fatalf("donation %d on page %d: kept the request of %v (the second sync began %v)", id, x.Page, x.At, mid)
		}
	}
	if all, unreferenced := kept(t, path); all != 5 || unreferenced != 0 {
		t.Errorf("after reading 2 pages again: %d requests kept for 5 pages, %d unreferenced", all, unreferenced)
	}
	gone := list[7]
	srv.Remove(gone)
	if r := sync(t, s, c, dataset.SyncOptions{Full: true}); r.Removed != 1 {
		t.Fatalf("full sync removed %d", r.Removed)
	}
	if all, unreferenced := kept(t, path); all != 5 || unreferenced != 0 {
		t.Errorf("after a full sync: %d requests kept for 5 pages, %d unreferenced", all, unreferenced)
	}
	if ex, err := s.Exchanges(context.Background(), []int64{gone}); err != nil || len(ex) != 0 {
		t.Errorf("the removed donation keeps %v (%v)", ex, err)
	}
	exchangesOf(t, s)
}

// version8 makes path a store of schema 8, from before requests were kept.
func version8(t *testing.T, path string, more ...string) {
	craft(t, path, append([]string{`DROP TRIGGER donations_ad_exchange`, `DROP TABLE exchange_of`, `DROP TABLE exchanges`,
		`PRAGMA user_version = 8`}, more...)...)
}

// A store made before requests were kept is rebuilt from its records: it
// keeps its donations, which have no request until a sync reads their page
// again. Read-only, it is not read as it is: the error says how to let it
// be rebuilt.
func TestStoreOfVersion8IsRebuilt(t *testing.T) {
	rebuiltFirstPassOnly(t, "the donations and requests a rebuild of schema 8 leaves, and the read-only refusal")
	srv := server(t, demo.Options{Count: 250})
	ctx := context.Background()
	for _, readOnly := range []bool{false, true} {
		t.Run(fmt.Sprintf("read-only %v", readOnly), func(t *testing.T) {
			s, path := tempStore(t)
			sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
			s.Close()
			version8(t, path)
			if readOnly {
				must(t, os.Chmod(path, 0o400))
				s, err := store.Open(ctx, path)
				if err == nil {
					s.Close()
				}
				if err == nil || !strings.Contains(err.Error(), "needs rebuilding") || !strings.Contains(err.Error(), "chmod u+w") {
					t.Fatalf("read-only store of schema 8: %v, want an error saying to let it upgrade", err)
				}
				must(t, os.Chmod(path, 0o600))
			}
			s = open(t, path)
			list := ids(t, s)
			if len(list) != 250 {
				t.Fatalf("the rebuilt store holds %d donations, not 250", len(list))
			}
			if ex, err := s.Exchanges(ctx, list); err != nil || len(ex) != 0 {
				t.Fatalf("kept requests %d (%v), want none", len(ex), err)
			}
			sync(t, s, client(t, srv.URL), dataset.SyncOptions{Window: 1})
			ex, err := s.Exchanges(ctx, list)
			if err != nil || ex[list[249]] == nil || ex[list[0]] != nil {
				t.Errorf("after a sync that read pages 2 and 3 again: newest %v, oldest %v (%v)", ex[list[249]], ex[list[0]], err)
			}
			sameAsServer(t, s, srv)
		})
	}
}

// A store of schema 8 that holds what no version made is refused before
// it is rebuilt, and left as it is: a trigger of someone else's.
func TestStoreOfVersion8NotAsMadeIsRefused(t *testing.T) {
	s, path, _, _ := syncedFile(t, demo.Options{Count: 20}, dataset.SyncOptions{})
	s.Close()
	version8(t, path, `CREATE TRIGGER spy AFTER INSERT ON donations BEGIN DELETE FROM meta; END`)
	s, err := store.Open(context.Background(), path)
	if err == nil {
		s.Close()
	}
	var v int
	if !errors.Is(err, store.ErrNotStore) || reader(t, path).QueryRow(`PRAGMA user_version`).Scan(&v) != nil || v != 8 {
		t.Errorf("err = %v, schema %d; want ErrNotStore, the store left at 8", err, v)
	}
}

// A page stored again drops, in its own transaction, the request that
// brought all its donations before, and keeps one some donation still
// refers to, so that a sync's end need not look up every request to find
// them.
func TestAPageStoredAgainDropsTheRequestItLeft(t *testing.T) {
	s, path, _, _ := syncedFile(t, demo.Options{Count: 450}, dataset.SyncOptions{})
	var raws [][]byte
	if err := s.Window(context.Background(), query.Query{}, 0, -1, func(raw []byte) error {
		raws = append(raws, raw)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	list, _, err := api.DecodePage(append(append([]byte("["), bytes.Join(raws, []byte(","))...), ']'), 1)
	if err != nil || len(list) != 450 {
		t.Fatalf("%d donations read back: %v", len(list), err)
	}
	// Newest first: the first 50 are page 5, the next 100 page 4.
	again := []store.Page{
		{Records: list[:50], Exchange: &api.Exchange{Method: "GET", URL: "page=5", Page: 5, Status: 200, At: time.Now()}},
		{Records: list[50:100], Exchange: &api.Exchange{Method: "GET", URL: "page=4", Page: 4, Status: 200, At: time.Now()}},
	}
	if _, err := s.PutPages(context.Background(), again); err != nil {
		t.Fatal(err)
	}
	if all, unreferenced := kept(t, path); all != 6 || unreferenced != 0 {
		t.Errorf("pages 5 and half of 4 stored again: %d requests kept, want 6 (page 5's old one gone), %d unreferenced", all, unreferenced)
	}
}
