//go:build linux

package main

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// smallDisk is a folder on a filesystem of its own of size bytes, which
// fills up as a real disk does (tmpfs: mounting needs root).
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("a small filesystem of its own needs root to mount")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size+",mode=0700"); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// fillDisk writes a file into dir until the filesystem has no more than
// leave bytes free.
func fillDisk(dir string, leave uint64) error {
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		return err
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for {
		var st syscall.Statfs_t
		if err := syscall.Statfs(dir, &st); err != nil {
			return err
		}
		free := st.Bavail * uint64(st.Bsize)
		if free <= leave {
			return nil
		}
		if _, err := f.Write(chunk[:min(uint64(len(chunk)), free-leave)]); err != nil {
			return err
		}
	}
}

// A first sync whose last step (compacting the store and building its
// search index and sums, which take as much room again) stopped on a full
// disk leaves every page stored: list --offline and summary --offline
// answer from them while the disk is still full, rather than fail on the
// build each open retried, and say the build was left for lack of room.
func TestOfflineAnswersAfterADiskFullStop(t *testing.T) {
	t.Parallel()
	disk := smallDisk(t, "24m")
	// The build takes about as much room again as the stored pages, which
	// at 500 gifts are near a megabyte: more than the quarter megabyte left
	// free, so the race pass stops on a full disk over fewer gifts,
	// through the same goroutines.
	count := apitest.Sized(2000, 500)
	hs := httptest.NewServer(demo.New(demo.Options{Count: count}))
	t.Cleanup(hs.Close)
	env := map[string]string{"HOME": t.TempDir(), "XDG_CACHE_HOME": disk}
	account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
	info := runCmd(t, env, append([]string{"cache", "info"}, account...)...)
	path, _, _ := strings.Cut(strings.TrimPrefix(info.stdout, "path:        "), " ")
	if info.code != 0 || !strings.HasPrefix(path, disk) {
		t.Fatalf("cache info: %q %q", info.stdout, info.stderr)
	}
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.New(api.Config{BaseURL: hs.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	var filled error
	_, err = dataset.Sync(context.Background(), s, c, dataset.SyncOptions{OnProgress: func(p dataset.Progress) {
		if p.New == count { // every page stored: what is left is the build
			filled = fillDisk(disk, 256<<10)
		}
	}})
	s.Close()
	if filled != nil {
		t.Fatalf("filling the disk: %v", filled)
	}
	if !errors.Is(err, store.ErrNoSpace) {
		t.Fatalf("the sync did not stop on the full disk: %v", err)
	}
	for _, args := range [][]string{
		{"list", "--offline", "--format", "ndjson"},
		{"list", "--offline", "--format", "ndjson", "--search", "a"},
		{"summary", "--offline", "--by", "status", "--format", "csv"},
	} {
		r := runCmd(t, env, append(args, account...)...)
		if r.code != 0 || r.stdout == "" {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
		}
		// It said it would finish the store: it says it could not.
		if strings.Contains(r.stderr, finishingNote) && !strings.Contains(r.stderr, noRoomNote) {
			t.Errorf("%v: says it finishes the store, not that the disk had no room for it: %q", args, r.stderr)
		}
	}
	if r := runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...); len(ndjsonIDs(t, r.stdout)) != count {
		t.Errorf("list --offline gave %d donations, want %d", len(ndjsonIDs(t, r.stdout)), count)
	}
}
