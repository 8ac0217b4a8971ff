package store_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api"
	"donations/store"
)

// What a client learned of the server is there when the store is opened
// again, its page size counting the account; a store that never had one
// knows nothing, and asks 100 a page.
func TestTheProfileOutlivesTheProcess(t *testing.T) {
	ctx := context.Background()
	s, path := tempStore(t)
	if p, err := s.Profile(ctx); err != nil || p != (api.Profile{}) {
		t.Fatalf("a new store remembers %+v (%v)", p, err)
	}
	want := api.Profile{Order: api.OrderAscendingAsked, PerPage: 50, Dates: api.DatesDay}
	if err := s.SaveProfile(ctx, want); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, path)
	p, err := s.Profile(ctx)
	if err != nil || p != want {
		t.Fatalf("remembered %+v (%v), want %+v", p, err, want)
	}
	if per, err := s.PageSize(ctx, api.MaxPerPage); err != nil || per != 50 {
		t.Fatalf("page size %d (%v), want 50", per, err)
	}
}

// The file beside the store is a hint: where it cannot be written, that
// fails no sync (SaveProfile's error stopped a first sync), and what it
// said before is not left to be read instead of what the store now
// remembers.
func TestAHintThatCannotBeWrittenFailsNothingAndIsNotLeftBehind(t *testing.T) {
	ctx := context.Background()
	before, err := json.Marshal(api.Profile{Order: api.OrderAscending, PerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	now := api.Profile{Order: api.OrderAscendingAsked, PerPage: 50, Dates: api.DatesDay}
	for _, tc := range []struct {
		name   string
		store  string // the store's file name
		spoil  func(file string) error
		folder bool // a folder at the file's name, which must stay
	}{
		{"a folder at its name", "main.db", func(file string) error {
			if err := os.Remove(file); err != nil {
				return err
			}
			if err := os.Mkdir(file, 0o700); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(file, "kept"), nil, 0o600)
		}, true},
		// Not the program's to remove, empty as it is.
		{"an empty folder at its name", "main.db", func(file string) error {
			if err := os.Remove(file); err != nil {
				return err
			}
			return os.Mkdir(file, 0o700)
		}, true},
		// A name that leaves room for the file in its folder, but not for
		// the temporary file it is written through.
		{"no temporary file beside it", strings.Repeat("s", 240) + ".db", func(string) error { return nil }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.store)
			s := open(t, path)
			file := path + ".learned"
			if err := os.WriteFile(file, before, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := tc.spoil(file); err != nil {
				t.Fatal(err)
			}
			if err := s.SaveProfile(ctx, now); err != nil {
				t.Fatalf("SaveProfile: %v", err)
			}
			if p, err := s.Profile(ctx); err != nil || p != now {
				t.Errorf("the store remembers %+v (%v), want %+v", p, err, now)
			}
			if p, ok := store.Learned(path); ok && p != now {
				t.Errorf("the file beside the store says %+v, want %+v or nothing", p, now)
			}
			if info, err := os.Lstat(file); tc.folder && (err != nil || !info.IsDir()) {
				t.Errorf("the folder at the file's name is gone (%v)", err)
			}
		})
	}
}
