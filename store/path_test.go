//go:build unix

package store_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// otherUID stands for another user: root can give a file to any uid.
const otherUID = 12345

func asRoot(t *testing.T) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
}

// victim is a SQLite file of the user's own, not a store: tables records
// and meta, as the one the store dropped through a symlink.
func victim(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "own.sqlite")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{`CREATE TABLE records (x TEXT)`, `CREATE TABLE meta (k TEXT, v TEXT)`, `INSERT INTO records VALUES ('mine')`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type snapshot struct {
	mode os.FileMode
	sum  [32]byte
}

func snap(t *testing.T, p string) snapshot {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	return snapshot{fi.Mode(), sha256.Sum256(b)}
}

// The store is never opened through a symlink: one at its name, to the
// user's own SQLite file or to ~/.bashrc, is refused, and the file it points
// to keeps its mode and every byte.
func TestStoreNeverFollowsASymlink(t *testing.T) {
	home := t.TempDir()
	rc := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(rc, []byte("alias ll='ls -l'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{victim(t, home), rc} {
		t.Run(filepath.Base(target), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "donations")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "main.db")
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
			before := snap(t, target)
			s, err := store.Open(context.Background(), path)
			if err == nil {
				s.Close()
			}
			if err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
				t.Errorf("err = %v, want the symlink refused", err)
			}
			if after := snap(t, target); after != before {
				t.Errorf("the target changed: mode %v, was %v", after.mode, before.mode)
			}
		})
	}
}

// A store folder that another user owns, or a store file with a second
// name (a hard link in from elsewhere), is refused rather than used.
func TestStoreInPlacesOthersControlIsRefused(t *testing.T) {
	t.Run("another user's 0777 folder", func(t *testing.T) {
		asRoot(t)
		dir := filepath.Join(t.TempDir(), "donations")
		must(t, os.Mkdir(dir, 0o777))
		must(t, os.Chmod(dir, 0o777))
		must(t, os.Chown(dir, otherUID, -1))
		_, err := store.Open(context.Background(), filepath.Join(dir, "main.db"))
		if err == nil || !strings.Contains(err.Error(), "belongs to another user (uid 12345)") {
			t.Errorf("err = %v", err)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("files were made in it: %v", files)
		}
	})
	t.Run("a folder above that every user may write", func(t *testing.T) {
		top := t.TempDir()
		must(t, os.Chmod(top, 0o777))
		_, err := store.Open(context.Background(), filepath.Join(top, "donations", "main.db"))
		if err == nil || !strings.Contains(err.Error(), "can be changed by every user (mode 0777)") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("a hard link", func(t *testing.T) {
		home := t.TempDir()
		own := victim(t, home)
		dir := filepath.Join(home, "donations")
		must(t, os.Mkdir(dir, 0o700))
		path := filepath.Join(dir, "main.db")
		must(t, os.Link(own, path))
		before := snap(t, own)
		_, err := store.Open(context.Background(), path)
		if err == nil || !strings.Contains(err.Error(), "has 2 names") {
			t.Errorf("err = %v", err)
		}
		if snap(t, own) != before {
			t.Error("the linked file changed")
		}
	})
	for _, suffix := range []string{"-shm", "-wal", "-journal"} {
		t.Run("another user's 0666 "+suffix, func(t *testing.T) {
			asRoot(t)
			s, path, _, _ := syncedFile(t, demo.Options{Count: 10}, dataset.SyncOptions{})
			s.Close()
			other := path + suffix
			os.Remove(other)
			must(t, os.WriteFile(other, nil, 0o666))
			must(t, os.Chmod(other, 0o666))
			must(t, os.Chown(other, otherUID, -1))
			_, err := store.Open(context.Background(), path)
			if err == nil || !strings.Contains(err.Error(), other+" belongs to another user (uid 12345)") {
				t.Errorf("err = %v", err)
			}
		})
	}
}

// The user's own cache folder that others may write (made 0777 by hand, or
// under umask 0) is made private again; the files in it are checked one by one.
func TestOwnOpenStoreFolderIsMadePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "donations")
	must(t, os.Mkdir(dir, 0o700))
	must(t, os.Chmod(dir, 0o777))
	path := filepath.Join(dir, "main.db")
	must(t, os.WriteFile(path+"-shm", nil, 0o666))
	must(t, os.Chmod(path+"-shm", 0o666))
	s := open(t, path)
	s.Close()
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600, path + "-shm": 0o600} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v, %v; want %v", p, fi.Mode().Perm(), err, want)
		}
	}
}

// A file at the store's name that holds something else (another program's
// tables, in a SQLite file) is never rebuilt: it is refused, as it is.
func TestStoreThatIsNotOneIsLeftAlone(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, "donations")
	must(t, os.Mkdir(dir, 0o700))
	path := filepath.Join(dir, "main.db")
	must(t, os.Rename(victim(t, home), path))
	must(t, os.Chmod(path, 0o600))
	before := snap(t, path)
	for range 2 {
		_, err := store.Open(context.Background(), path)
		if !errors.Is(err, store.ErrNotStore) || !strings.Contains(err.Error(), "donations cache clear") || !strings.Contains(err.Error(), "records") {
			t.Errorf("err = %v, want ErrNotStore naming its tables and donations cache clear", err)
		}
	}
	if snap(t, path) != before {
		t.Error("the file was changed")
	}
}

// A store the user made read-only (0400) still answers: it is opened
// read-only, left 0400, and a sync into it says why it cannot write.
func TestReadOnlyStoreAnswers(t *testing.T) {
	s, path, srv, _ := syncedFile(t, demo.Options{Count: 120}, dataset.SyncOptions{})
	s.Close()
	must(t, os.Chmod(path, 0o400))
	before := snap(t, path)
	s = open(t, path)
	if n, err := s.Count(context.Background(), query.Query{}); err != nil || n != 120 {
		t.Fatalf("%d donations, %v", n, err)
	}
	if _, err := s.Info(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := dataset.Sync(context.Background(), s, client(t, srv.URL), dataset.SyncOptions{Full: true}); err == nil || !strings.Contains(err.Error(), "is read-only (mode 0400)") {
		t.Errorf("sync into it: %v", err)
	}
	s.Close()
	if after := snap(t, path); after != before {
		t.Errorf("it changed: %v, was %v", after.mode, before.mode)
	}
}

// Remove takes away the store, its companions and the scratch file of a
// sync's end; a symlink at its name is refused and named, the file it
// points to left alone.
func TestRemoveIsHonestAboutSymlinks(t *testing.T) {
	s, path, _, _ := syncedFile(t, demo.Options{Count: 10}, dataset.SyncOptions{})
	s.Close()
	must(t, os.WriteFile(path+"-journal", nil, 0o600))
	must(t, os.WriteFile(path+"-sums", nil, 0o600)) // the scratch file of an end a kill -9 stopped
	// what a crash left of a .learned file being written
	must(t, os.WriteFile(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".learned-123"), nil, 0o600))
	if err := store.Remove(path); err != nil {
		t.Fatal(err)
	}
	if files, _ := os.ReadDir(filepath.Dir(path)); len(files) != 0 {
		t.Errorf("left %v", files)
	}
	target := victim(t, t.TempDir())
	must(t, os.Symlink(target, path))
	before := snap(t, target)
	err := store.Remove(path)
	if err == nil || !strings.Contains(err.Error(), path+" is a symbolic link to "+target) {
		t.Errorf("err = %v", err)
	}
	if _, lerr := os.Lstat(path); lerr != nil || snap(t, target) != before {
		t.Errorf("the link or its target was touched: %v", lerr)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A sticky folder others may write (/tmp) is refused as the store's folder,
// and left as it is: making it private would shut every other user out.
func TestStickySharedFolderIsRefusedAndLeftAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shared")
	must(t, os.Mkdir(dir, 0o700))
	must(t, os.Chmod(dir, 0o777|fs.ModeSticky))
	_, err := store.Open(context.Background(), filepath.Join(dir, "main.db"))
	if err == nil {
		t.Fatal("a store was opened in a folder every user may write")
	}
	if info, _ := os.Stat(dir); info.Mode().Perm() != 0o777 || info.Mode()&fs.ModeSticky == 0 {
		t.Errorf("the shared folder became %v", info.Mode())
	}
}

// A store's name is one safe file name per account, the base URL's path
// included; the forms of one base URL (with or without /api/v1, a trailing
// slash, the scheme's own port, the host's case, the user in the URL) name
// one account, and http and https on one host two (ports 80 and 443); an account with no path keeps its name from before paths
// counted.
func TestFileNamesOneStorePerAccount(t *testing.T) {
	for _, tc := range []struct{ url, user, want string }{
		{"https://h.example", "ada@example.org", "ada@example.org@h.example.db"},
		{"http://127.0.0.1:8080", "org_demo_4242", "org_demo_4242@127.0.0.1_8080.db"},
		{"https://h.example/org-a", "ada", "ada@h.example_org-a+"},
		{"https://h.example/org-b", "ada", "ada@h.example_org-b+"},
		{"https://ada+1@h.example", "", "ada_1@h.example+"},
		{"https://h.example", "../../etc/passwd", "_.._etc_passwd@h.example+"},
		{"https://h.example/" + strings.Repeat("x", 300), "ada", "ada@h.example_xxx"},
	} {
		got := filepath.Base(store.File("/c", tc.url, tc.user))
		if !strings.HasPrefix(got, tc.want) || len(got) > 255 || strings.ContainsAny(got, "/\x00") || strings.HasPrefix(got, ".") {
			t.Errorf("%s as %q: %s, want %s…", tc.url, tc.user, got, tc.want)
		}
	}
	same := [][2]string{
		{"https://h.example/org-a", "ada"},
		{"https://H.EXAMPLE:443/org-a/", "ada"},
		{"https://h.example/org-a/api/v1", "ada"},
		{"https://h.example/org-a/api/v1/donations", "ada"},
		{"https://ada:secret@h.example/org-a", ""},
	}
	for _, s := range [][2]string{{"http://localhost/x", "http://LOCALHOST:80/x/"}, {"https://localhost/x", "https://localhost:443/x"}} {
		if a, b := store.Name(s[0], "ada"), store.Name(s[1], "ada"); a != b {
			t.Errorf("%s: %s, %s: %s", s[0], a, s[1], b)
		}
	}
	for _, s := range same[1:] {
		if a, b := store.File("/c", same[0][0], same[0][1]), store.File("/c", s[0], s[1]); a != b || strings.Contains(b, "secret") {
			t.Errorf("%v: %s, want %s", s, b, a)
		}
	}
	apart := [][2]string{
		{"https://h.example", "ada"}, {"https://h.example/org-a", "ada"}, {"https://h.example/org-b", "ada"},
		{"https://h.example/org_a", "ada"}, {"https://h.example/org/a", "ada"}, {"https://h.example", "Ada"},
		{"https://h.example", "ada+1"}, {"https://h.example", "ada_1"}, {"https://h.example:8443", "ada"},
		{"https://h.example/" + strings.Repeat("x", 300), "ada"}, {"https://h.example/" + strings.Repeat("x", 301), "ada"},
		{"http://h.example", "ada"}, {"http://localhost/x", "ada"}, {"https://localhost/x", "ada"},
	}
	seen := map[string][2]string{}
	for _, a := range apart {
		name := store.Name(a[0], a[1])
		if other, ok := seen[name]; ok {
			t.Errorf("%v and %v share %s", a, other, name)
		}
		seen[name] = a
	}
}
