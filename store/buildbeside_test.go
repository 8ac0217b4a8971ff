package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// The end of a first sync on disk, its sums added up beside the writer,
// leaves every table as the end on one connection does, row for row (the
// donors' rowids among them), in both shapes and on hostile, drifting
// data, and no scratch file.
func TestEndBesideMakesWhatInTurnMakes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name string
		o    demo.Options
	}{
		{"hostile drift", hostileDrift()},
		{"spec", demo.Options{Count: pastSeed()}},
		{"donorbox", demo.Options{Count: pastSeed(), Shape: demo.ShapeDonorbox}},
	}
	if testing.Short() {
		// The end runs the same goroutines over any records: the race
		// pass (-short), which needs each concurrent path run once, not
		// each shape of it, takes the hostile, drifting account, whose
		// end TestEndBesideSearchIndexIsReadAtOnce shares; the first
		// pass checks the rows of every one.
		cases = cases[:1]
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := sharedEnd(t, c.o)
			s := e.deferredStore(t)
			if err := s.Tidy(ctx, true); err != nil {
				t.Fatal(err)
			}
			sameStore(t, s, e.want)
		})
	}
}

// pastSeed is a count of gifts past seedFirst, so that the search index
// is built in both its steps: by a good margin in the full run, just past
// it in the race run (-short).
func pastSeed() int {
	if testing.Short() {
		return seedFirst + 100
	}
	return 3000
}

// endFixture is a demo list, what inTurn makes of it, and the files of a
// store holding it as a first sync leaves it before its end (deferred)
// and after the end on one connection (builtInTurn).
type endFixture struct {
	mu                       sync.Mutex
	list                     []api.Donation
	want                     map[string][]string
	deferredFile, inTurnFile []byte
}

// ends are the endFixtures made, by their demo options.
var ends sync.Map

// sharedEnd is the endFixture of the list the demo made with o sends,
// fetched and built by the first test that asks and handed to the others
// that ask with the same o: each only copies its files into a store of its
// own, and reads want.
func sharedEnd(t *testing.T, o demo.Options) *endFixture {
	t.Helper()
	v, _ := ends.LoadOrStore(fmt.Sprintf("%+v", o), new(endFixture))
	e := v.(*endFixture)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.list == nil {
		ctx := context.Background()
		list := demoList(t, o)
		s := deferredStore(t, list)
		e.deferredFile = closedFile(t, s)
		s = e.deferredStore(t)
		if err := s.tidy(ctx, true, s.buildInTurn); err != nil {
			t.Fatal(err)
		}
		e.want = everyRow(t, s)
		e.inTurnFile = closedFile(t, s)
		e.list = list
	}
	return e
}

// deferredStore is a store of the test's own holding e's list as a first
// sync leaves it before its end: a copy of the one put once.
func (e *endFixture) deferredStore(t *testing.T) *Store {
	t.Helper()
	return openCopy(t, e.deferredFile)
}

// builtInTurn is a store of the test's own holding what the end on one
// connection makes of e's list.
func (e *endFixture) builtInTurn(t *testing.T) *Store {
	t.Helper()
	return openCopy(t, e.inTurnFile)
}

// closedFile is the file of the store s on disk, once closed.
func closedFile(t *testing.T, s *Store) []byte {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// openCopy opens, as a store, a copy of file in the test's temp dir.
func openCopy(t *testing.T, file []byte) *Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "end.db")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// hostileDrift is a hostile, drifting account past seedFirst, whose end
// more than one test checks.
func hostileDrift() demo.Options {
	return demo.Options{Count: pastSeed(), Hostile: true, Drift: true, Seed: 7}
}

// sameStore fails unless s holds the rows of want, passes its integrity
// check (its indexes copied whole agree with their tables), has its sums
// whole, and left no scratch file.
func sameStore(t *testing.T, s *Store, want map[string][]string) {
	t.Helper()
	ctx := context.Background()
	got := everyRow(t, s)
	sameRows(t, got, want)
	if len(got) != len(want) {
		t.Errorf("%d tables, want %d", len(got), len(want))
	}
	var check string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity check: %s %v", check, err)
	}
	if v, err := s.meta(ctx, metaDeferred); err != nil || v != "" {
		t.Errorf("deferred = %q %v: the sums are not whole", v, err)
	}
	if _, err := os.Lstat(sidePath(s.path)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the scratch file is left: %v", err)
	}
}

// sameSums fails unless the tables rebuildRollups fills hold in s what
// they hold in want.
func sameSums(t *testing.T, s *Store, want map[string][]string) {
	t.Helper()
	got, sums := everyRow(t, s), map[string][]string{}
	for _, a := range addUps {
		for _, name := range a.tables {
			sums[name] = want[name]
		}
	}
	sameRows(t, got, sums)
}

// sameRows fails unless got holds the rows of each table of want.
func sameRows(t *testing.T, got, want map[string][]string) {
	t.Helper()
	for name, rows := range want {
		if len(got[name]) != len(rows) {
			t.Errorf("%s holds %d rows, want %d", name, len(got[name]), len(rows))
			continue
		}
		for i := range rows {
			if got[name][i] != rows[i] {
				t.Errorf("%s row %d is\n%s\nwant\n%s", name, i, got[name][i], rows[i])
				break
			}
		}
	}
}

// everyRow is every row of every table of s, as text, in the table's own
// order (a virtual table's rows are its shadow tables'), and its schema
// but where each object's pages start.
func everyRow(t *testing.T, s *Store) map[string][]string {
	t.Helper()
	names := columnTexts(t, s.db, `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'`)
	out := map[string][]string{}
	for _, name := range names {
		out[name] = columnTexts(t, s.db, quotedRows(t, s.db, name))
	}
	out["sqlite_schema"] = rowsOf(t, s.db, `SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name`)
	return out
}

// quotedRows is a query of each row of the table name, in its own
// order, as one text: every column SELECT * reads, quoted by SQLite as
// an SQL literal, which tells each type and value apart (a REAL to the
// digits that give it back). The engine writes the text: formatting every
// value in Go was most of what comparing two stores cost.
func quotedRows(t *testing.T, db *sql.DB, name string) string {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM "` + name + `" LIMIT 0`)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := rows.Columns()
	rows.Close()
	if err != nil {
		t.Fatal(err)
	}
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = `quote("` + c + `")`
	}
	return `SELECT ` + strings.Join(quoted, ` || ',' || `) + ` FROM "` + name + `"`
}

// columnTexts is the one column of text q selects, row by row.
func columnTexts(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func rowsOf(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%q", vals))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// doneAfter is a context cancelled the n-th time its Done channel is
// asked for: each statement run under it asks, so that n moves the
// cancellation through the end's steps, on either connection.
type doneAfter struct {
	context.Context
	cancel context.CancelFunc
	left   atomic.Int64
}

func cancelledAfter(n int) *doneAfter {
	ctx, cancel := context.WithCancel(context.Background())
	c := &doneAfter{Context: ctx, cancel: cancel}
	c.left.Store(int64(n))
	return c
}

func (c *doneAfter) Done() <-chan struct{} {
	if c.left.Add(-1) == 0 {
		c.cancel()
	}
	return c.Context.Done()
}

// cancelledEnd is the account of the tests that cancel an end or plant a
// file at its scratch name: 500 gifts, or under -short (the race pass)
// 100. Either is past depthBase+deepSteps, from where an end runs the same
// statements and asks its context for Done as often (once or a few times a
// statement) at any size, so the cancellations land in the same steps of
// the end, on both connections, and the scratch name is met by the same
// code.
func cancelledEnd() demo.Options {
	if testing.Short() {
		return demo.Options{Count: 100}
	}
	return demo.Options{Count: 500}
}

// An end cancelled anywhere (ctrl+c) leaves no scratch file and the
// meta key deferred set, and the next end makes what an end never
// cancelled makes, over cancelledEnd's account.
func TestEndCancelledAnywhereIsFinishedByTheNext(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := sharedEnd(t, cancelledEnd())
	want := e.want
	cancelled := 0
	for n := 1; ; n += max(1, n/2) {
		if n > 100_000 {
			t.Fatal("the end never ran to its end")
		}
		s := e.deferredStore(t)
		c := cancelledAfter(n)
		err := s.Tidy(c, true)
		c.cancel()
		if err == nil {
			sameStore(t, s, want)
			break
		}
		cancelled++
		if _, serr := os.Lstat(sidePath(s.path)); !errors.Is(serr, fs.ErrNotExist) {
			t.Errorf("cancelled at %d (%v): the scratch file is left: %v", n, err, serr)
		}
		// Cancelled after the sums were whole (in the release of free
		// pages), the end is the next one's to finish.
		if v, merr := s.meta(ctx, metaDeferred); merr != nil || v == "" {
			sameSums(t, s, want)
		}
		if err := s.Tidy(ctx, true); err != nil {
			t.Fatalf("cancelled at %d, the next end: %v", n, err)
		}
		sameStore(t, s, want)
		s.Close()
	}
	t.Logf("%d ends cancelled", cancelled)
	if cancelled < 5 {
		t.Errorf("only %d ends were cancelled", cancelled)
	}
}

// Whatever is found at the scratch file's name, a file a killed sync left
// or a link planted there, is unlinked, never written through: what a
// link points to keeps every byte and its mode, and the end makes what it
// makes with the name free.
func TestEndReplacesWhatItsScratchNameHolds(t *testing.T) {
	ctx := context.Background()
	e := sharedEnd(t, cancelledEnd())
	for _, plant := range []struct {
		what string
		make func(t *testing.T, at, own string)
	}{
		{"a scratch file a killed end left", func(t *testing.T, at, _ string) {
			db, err := sql.Open("sqlite", at)
			if err == nil {
				_, err = db.Exec(`CREATE TABLE donors (email_key TEXT)`)
				db.Close()
			}
			if err != nil {
				t.Fatal(err)
			}
		}},
		{"a symlink to the user's own file", func(t *testing.T, at, own string) {
			if err := os.Symlink(own, at); err != nil {
				t.Fatal(err)
			}
		}},
		{"a second name of the user's own file", func(t *testing.T, at, own string) {
			if err := os.Link(own, at); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(plant.what, func(t *testing.T) {
			own := filepath.Join(t.TempDir(), "own.sqlite")
			if err := os.WriteFile(own, []byte("SQLite format 3\x00mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			before := fileState(t, own)
			s := e.deferredStore(t)
			plant.make(t, sidePath(s.path), own)
			if err := s.Tidy(ctx, true); err != nil {
				t.Fatal(err)
			}
			sameStore(t, s, e.want)
			if after := fileState(t, own); after != before {
				t.Errorf("the user's own file changed: %s, was %s", after, before)
			}
		})
	}
}

// fileState is a file's mode, links and content, as text.
func fileState(t *testing.T, p string) string {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%v %x", fi.Mode(), sha256.Sum256(b))
}

// The scratch file is private: the user's, 0600, in the store's folder.
func TestEndScratchFileIsPrivate(t *testing.T) {
	dir := t.TempDir()
	p := sidePath(filepath.Join(dir, "end.db"))
	if err := freshPrivate(p); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 || !strings.HasPrefix(p, dir+string(filepath.Separator)) {
		t.Errorf("scratch file %s: %v %v", p, fi.Mode(), err)
	}
}
