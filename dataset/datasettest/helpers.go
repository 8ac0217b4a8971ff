// Package datasettest holds what the tests of store and dataset need, written
// once: a demo server and its client, stores on disk filled by a sync, and
// the checks that a store holds exactly what the server lists.
package datasettest

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"

	"modernc.org/sqlite"
)

// Server starts the demo on loopback for one test. Unless the test gives
// it a clock, its clock starts at the end of its gifts, so that the gifts
// it adds are dated the same whatever day the test runs.
func Server(t testing.TB, opts demo.Options) *demo.Running {
	t.Helper()
	if opts.Now == nil {
		opts.Now = apitest.Since(cmp.Or(opts.End, demo.End))
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	run, err := demo.Start(ctx, "", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(run.Close)
	return run
}

// Client talks to the demo at url; t is nil in the kill test's child process.
func Client(t testing.TB, url string) *api.Client {
	return ClockedClient(t, url, nil)
}

// ClockedClient is Client waiting on clock (nil is the wall clock): a test
// of a rate-limited demo gives the demo the clock's Now and a clock whose
// waits end at once (apitest.Clock), so the limit is kept but not waited.
func ClockedClient(t testing.TB, url string, clock api.Clock) *api.Client {
	c, err := api.New(api.Config{BaseURL: url, Username: demo.DefaultLogin, APIKey: demo.DefaultKey, Clock: clock})
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Fatal(err)
	}
	return c
}

// Open opens the store at path for the test, closed at its end.
func Open(t testing.TB, path string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TempStore is a new store on disk for the test, and its path: a copy of
// an empty store made once for the zone the test runs in (a store keeps
// the zone it was made in), as making its schema anew for every test
// would parse every statement of it again.
func TempStore(t testing.TB) (*store.Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cache")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "main.db")
	if err := os.WriteFile(path, emptyStore(t), 0o600); err != nil {
		t.Fatal(err)
	}
	return Open(t, path), path
}

// emptyStores are the bytes of an empty store's file, by the TZ it was
// made under ("-" unset).
var emptyStores = struct {
	sync.Mutex
	of map[string][]byte
}{of: map[string][]byte{}}

// emptyStore is the file of an empty store made in the test's zone.
func emptyStore(t testing.TB) []byte {
	t.Helper()
	zone, set := os.LookupEnv("TZ")
	if !set {
		zone = "-"
	}
	emptyStores.Lock()
	defer emptyStores.Unlock()
	if b, ok := emptyStores.of[zone]; ok {
		return b
	}
	dir, err := os.MkdirTemp("", "emptystore")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := store.Open(context.Background(), filepath.Join(dir, "made.db"))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Close()
	db, err2 := sql.Open("sqlite", "file:"+filepath.Join(dir, "made.db")+"?mode=ro")
	if err = errors.Join(err, err2); err == nil {
		// One file, its log included.
		err = backup(context.Background(), db, filepath.Join(dir, "empty.db"))
		db.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "empty.db"))
	if err != nil {
		t.Fatal(err)
	}
	emptyStores.of[zone] = b
	return b
}

// Sync syncs s from c as o says; an error fails t.
func Sync(t testing.TB, s *store.Store, c *api.Client, o dataset.SyncOptions) dataset.SyncResult {
	t.Helper()
	r, err := dataset.Sync(context.Background(), s, c, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// CutShort syncs s from c as o says and stops it once pages are stored:
// a sync cut short, as a kill or ctrl+c leaves one.
func CutShort(t testing.TB, s *store.Store, c *api.Client, o dataset.SyncOptions, pages int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o.OnProgress = func(p dataset.Progress) {
		if p.Done >= pages {
			cancel()
		}
	}
	if _, err := dataset.Sync(ctx, s, c, o); !errors.Is(err, context.Canceled) {
		t.Fatalf("the sync was not stopped after %d pages: %v", pages, err)
	}
}

// IDs are the stored donations' ids in id order, checked to appear once each.
func IDs(t testing.TB, s *store.Store) []int64 {
	t.Helper()
	var out []int64
	err := s.Window(context.Background(), query.Query{Sort: "id"}, 0, -1, func(raw []byte) error {
		if !json.Valid(raw) {
			return fmt.Errorf("a record held is not JSON: %.80s", raw)
		}
		id, err := idOf(raw)
		out = append(out, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(out) || len(slices.Compact(slices.Clone(out))) != len(out) {
		t.Fatalf("stored ids repeat or are out of order")
	}
	return out
}

// idOf is the number at the top-level "id" key of the record raw, valid
// JSON (IDs checks it first), read up to that key: the values of the keys
// before it are passed over, not decoded. The server sends the id first,
// and decoding every record held after every sync, even with a decoder
// that stops at the id, was most of what a test's check cost.
func idOf(raw []byte) (int64, error) {
	i := skipSpace(raw, 0)
	if i == len(raw) || raw[i] != '{' {
		return 0, fmt.Errorf("a record is not a JSON object: %.80s", raw)
	}
	for i = skipSpace(raw, i+1); i < len(raw) && raw[i] == '"'; i = skipSpace(raw, i+1) {
		end := valueEnd(raw, i)
		key := raw[i:end]
		from := skipSpace(raw, skipSpace(raw, end)+1) // past the colon
		to := valueEnd(raw, from)
		if string(key) == `"id"` {
			return strconv.ParseInt(string(raw[from:to]), 10, 64)
		}
		if i = skipSpace(raw, to); i == len(raw) || raw[i] != ',' {
			break
		}
	}
	return 0, fmt.Errorf("a record has no id: %.80s", raw)
}

// skipSpace is the index of the first byte of raw from i on that is not
// JSON white space.
func skipSpace(raw []byte, i int) int {
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
		i++
	}
	return i
}

// valueEnd is the index just past the JSON value that starts at raw[i],
// in valid JSON: its strings are skipped whole, escapes included, and its
// objects and arrays to the bracket that closes them.
func valueEnd(raw []byte, i int) int {
	depth := 0
	for ; i < len(raw); i++ {
		switch raw[i] {
		case '"':
			for i++; i < len(raw) && raw[i] != '"'; i++ {
				if raw[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // a number, true, false or null ends its object
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// SameAsServer fails unless the store holds exactly the server's donations.
func SameAsServer(t testing.TB, s *store.Store, srv *demo.Running) {
	t.Helper()
	want := srv.Match(demo.Filter{})
	got := IDs(t, s)
	if !slices.Equal(got, want) {
		t.Fatalf("store holds %d donations, the server %d (first difference near %v)", len(got), len(want), FirstDiff(got, want))
	}
	// Every demo e-mail is @example.*: the search index must find them all,
	// however the sync that filled the store was cut short and resumed.
	if n, err := s.Count(context.Background(), query.Query{Filter: query.Filter{Search: "example"}}); err != nil || n != len(want) {
		t.Fatalf("the search index finds %d of %d donations (%v)", n, len(want), err)
	}
	// The rollups and the donors table hold what the donations add up to
	// however the sync went: read by each rule they keep apart. How the
	// store answers the filters no rule keeps does not depend on the sync,
	// so RollupsAgree's callers in store check it once, on stores that hold
	// every status (store's TestRollupsAgreeWithTheDonations: a gift
	// without one too).
	Agree(t, s, rolledReads(CountedFilters(t, s)))
	// And it knows it holds the whole list.
	if c, err := s.Extent(context.Background()); err != nil || len(c.Spans) != 1 || c.Spans[0].From != 0 || c.Spans[0].To != store.End {
		t.Fatalf("the store holds the whole list, but its coverage says %+v (%v)", c, err)
	}
}

// RollupsAgree fails unless the rollups and the donors table add up to
// what the donations do, for every filter of RuleFilters.
func RollupsAgree(t testing.TB, s *store.Store) {
	t.Helper()
	Agree(t, s, rolledReads(RuleFilters(t, s)))
}

// rolledReads reads, for each of filters, what the rollups and the donors
// table answer of it: groups by status and recurring, by month and by
// campaign (each a rollup of its own), the top donors and their count.
func rolledReads(filters []query.Filter) func(*store.Store) (string, error) {
	ctx := context.Background()
	return func(s *store.Store) (string, error) {
		var out string
		for _, f := range filters {
			g, err := s.Groups(ctx, f, []string{"status", "recurring"}, nil)
			if err != nil {
				return "", err
			}
			m, err := s.Groups(ctx, f, []string{"month"}, nil)
			if err != nil {
				return "", err
			}
			c, err := s.Groups(ctx, f, []string{"campaign"}, nil)
			if err != nil {
				return "", err
			}
			d, err := s.Donors(ctx, f, "total", true, 0, 20)
			if err != nil {
				return "", err
			}
			n, err := s.DonorCount(ctx, f)
			if err != nil {
				return "", err
			}
			out += fmt.Sprintf("%v:\n%v\n%v\n%v\n%v\n%d donors\n", f.Statuses, g, m, c, d, n)
		}
		all, err := s.Count(ctx, query.Query{})
		return out + fmt.Sprintf("%d donations", all), err
	}
}

// CountedFilters are the filters of the rules the rollups and the donors
// table keep apart, as the browser asks them (ui.countedFilter): every
// donation, the paid ones, and every status the store holds but refunded
// (and blank). Read by them, the rollups and the donors table show all
// they hold.
func CountedFilters(t testing.TB, s *store.Store) []query.Filter {
	t.Helper()
	held, err := s.Groups(context.Background(), query.Filter{}, []string{"status"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var unrefunded []string
	for _, g := range held {
		if g.Key[0] != store.Refunded && g.Key[0] != "" { // blank is RuleFilters' last filter's
			unrefunded = append(unrefunded, g.Key[0])
		}
	}
	return []query.Filter{{}, {Statuses: store.PaidStatuses}, {Statuses: unrefunded}}
}

// RuleFilters are CountedFilters and beside them status filters the
// rollups and the donors table answer in part (no rule counts those
// statuses) or not at all (a blank status, which no gift has, though a
// gift without one is held as blank).
func RuleFilters(t testing.TB, s *store.Store) []query.Filter {
	t.Helper()
	return append(CountedFilters(t, s), query.Filter{Statuses: []string{store.Refunded, "nonesuch"}},
		query.Filter{Statuses: []string{" PAID ", "pending"}}, query.Filter{Statuses: []string{"paid", " "}})
}

// Agree fails unless read finds the same lines in s, from the rollups and
// the donors table, as in a copy of s that reads the donations themselves
// (Direct), and shows the first that differs.
func Agree(t testing.TB, s *store.Store, read func(*store.Store) (string, error)) {
	t.Helper()
	rolled, err := read(s)
	if err != nil {
		t.Fatal(err)
	}
	direct, err := read(Direct(t, s))
	if err != nil {
		t.Fatal(err)
	}
	a, b := strings.Split(rolled, "\n"), strings.Split(direct, "\n")
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			t.Fatalf("from the rollups:\n%.2000s\nfrom the donations:\n%.2000s", a[i], b[i])
		}
	}
	if len(a) != len(b) {
		t.Fatalf("%d lines from the rollups, %d from the donations", len(a), len(b))
	}
}

// Direct is a copy of the store on disk s, for the test, that reads what
// it is asked from the donations: its rollups and donors table are set
// aside as a first sync sets them aside (the meta key deferred), and it is
// opened without building them. So the sums kept are checked against the
// donations with no hook in the store for it.
func Direct(t testing.TB, s *store.Store) *store.Store {
	t.Helper()
	if s.Path() == "" {
		t.Fatal("the rollups are compared with the donations in a copy of the store's file: the store must be on disk")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "direct.db")
	db, err := sql.Open("sqlite", "file:"+s.Path()+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	err = backup(ctx, db, path)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if db, err = sql.Open("sqlite", "file:"+path); err != nil {
		t.Fatal(err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES ('deferred', '1') ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	c, err := store.OpenWith(ctx, path, store.Opening{Unfinished: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// backup copies the database db reads, as one read of it sees it (its log
// included), to a new file at path. It copies pages as they are: VACUUM
// INTO would insert every row again, most of what a check costs.
func backup(ctx context.Context, db *sql.DB, path string) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		b, err := dc.(interface {
			NewBackup(string) (*sqlite.Backup, error)
		}).NewBackup("file:" + path)
		if err != nil {
			return err
		}
		_, err = b.Step(-1)
		return errors.Join(err, b.Finish())
	})
}

// FirstDiff is the index of the first id that differs between a and b.
func FirstDiff(a, b []int64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Settled is the server's request count once it stops moving: a read-ahead
// request cancelled at the end of a sync may still reach the server after
// the sync returned, and must not be counted against the next one.
func Settled(srv *demo.Running) int {
	n := srv.Requests()
	for {
		time.Sleep(50 * time.Millisecond)
		m := srv.Requests()
		if m == n {
			return n
		}
		n = m
	}
}

// SkipShort leaves a test that syncs many pages, or waits on a rate limit
// in real time, to the full run (go test ./...): the race run in CI takes
// -short.
func SkipShort(t *testing.T) {
	t.Helper()
	apitest.FirstPassOnly(t, "long")
}

// StoreOfFields is a store in memory, its zone UTC as if synced there,
// holding a gift for each of fields: the JSON fields of a donation but
// its id, which is its place in fields from 1. Tests of the reports over
// hostile data (the store's fast paths, report's logic) build theirs so.
func StoreOfFields(t *testing.T, fields ...string) *store.Store {
	t.Helper()
	t.Setenv("TZ", "UTC")
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	gifts := make([]api.Donation, len(fields))
	for i, f := range fields {
		if err := gifts[i].UnmarshalJSON([]byte(fmt.Sprintf(`{"id": %d, %s}`, i+1, f))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Put(context.Background(), gifts); err != nil {
		t.Fatal(err)
	}
	return s
}
