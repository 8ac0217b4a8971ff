package dataset_test

import (
	"context"
	"os"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
)

// Recall and Remember read what was learned of the server from the file
// beside the store, not from the store: an open reads its whole schema,
// which would delay the request of `list --pages 1`. The store is
// replaced by a symbolic link after the sync, which any open refuses: as
// long as the file says what was learned, neither may try.
func TestRecallAndRememberLeaveTheStoreWhenItsFileSaysItAll(t *testing.T) {
	ctx := context.Background()
	srv, path, learned := synced(t)
	if err := os.Rename(path, path+".kept"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(path+".kept", path); err != nil {
		t.Fatal(err)
	}
	c := client(t, srv.URL)
	dataset.Recall(ctx, path, c)
	if c.Profile() != learned {
		t.Fatalf("Recall taught %+v; want what the sync learned, %+v", c.Profile(), learned)
	}
	if err := dataset.Remember(ctx, path, c); err != nil {
		t.Errorf("Remember with nothing new opened the store: %v", err)
	}
	if err := os.Remove(path + ".learned"); err != nil {
		t.Fatal(err)
	}
	if err := dataset.Remember(ctx, path, c); err == nil {
		t.Errorf("Remember with no file beside the store did not open it (a link, which must be refused)")
	}
}

// A store without the file beside it (made by an earlier version), or
// with one that others could write, is read itself, and the first
// Remember writes the file the next Recall reads.
func TestRecallReadsTheStoreWhereItsFileCannotBeTrusted(t *testing.T) {
	ctx := context.Background()
	srv, path, learned := synced(t)
	hostile := `{"order":"desc-only","per_page":7,"dates":"ignored"}`
	for _, tc := range []struct {
		name  string
		spoil func(file string) error
	}{
		{"missing", os.Remove},
		{"writable by every user", func(file string) error {
			if err := os.WriteFile(file, []byte(hostile), 0o600); err != nil {
				return err
			}
			return os.Chmod(file, 0o666)
		}},
		{"not JSON", func(file string) error { return os.WriteFile(file, []byte("{order"), 0o600) }},
		{"a symbolic link", func(file string) error {
			other := file + ".other"
			if err := os.WriteFile(other, []byte(hostile), 0o600); err != nil {
				return err
			}
			if err := os.Remove(file); err != nil {
				return err
			}
			return os.Symlink(other, file)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := path + ".learned"
			if err := tc.spoil(file); err != nil {
				t.Fatal(err)
			}
			c := client(t, srv.URL)
			dataset.Recall(ctx, path, c)
			if c.Profile() != learned {
				t.Fatalf("Recall taught %+v; want what the store holds, %+v", c.Profile(), learned)
			}
			if err := dataset.Remember(ctx, path, c); err != nil {
				t.Fatal(err)
			}
			info, err := os.Lstat(file)
			if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != 0o600 {
				t.Fatalf("Remember left %v (%v); want a private file", info, err)
			}
			again := client(t, srv.URL)
			dataset.Recall(ctx, path, again)
			if again.Profile() != learned {
				t.Errorf("after Remember, Recall taught %+v; want %+v", again.Profile(), learned)
			}
		})
	}
}

// A file beside no store (the store removed by hand, the file left) is
// not what Recall reads, so it cannot spare Remember the store: the
// store is made again and the next process is taught, where skipping it
// had every later process learn the server again, a request or two each.
func TestRememberMakesTheStoreItsFileOutlived(t *testing.T) {
	ctx := context.Background()
	srv, path, learned := synced(t)
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	c := client(t, srv.URL)
	dataset.Recall(ctx, path, c)
	c.Teach(learned) // learned again, as the command's requests would
	if err := dataset.Remember(ctx, path, c); err != nil {
		t.Fatal(err)
	}
	next := client(t, srv.URL)
	dataset.Recall(ctx, path, next)
	if next.Profile() != learned {
		t.Errorf("the next process was taught %+v; want %+v", next.Profile(), learned)
	}
}

// synced is a demo server of 300 donations, the path of a closed store
// a first sync filled from it, and what that sync learned of the server.
func synced(t *testing.T) (*demo.Running, string, api.Profile) {
	t.Helper()
	srv, s, path := syncedCopy(t, demo.Options{Count: 300})
	learned, err := s.Profile(context.Background())
	if err != nil || learned == (api.Profile{}) {
		t.Fatalf("the sync learned %+v (%v)", learned, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return srv, path, learned
}
