//go:build unix

package store_test

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"

	"donations/store"
)

// holdSyncLock takes the store's sync lock as another process's sync
// does: flock is held per open file, so a file of the test's own opened
// apart from the store's is as another's. It is let go as the test ends.
func holdSyncLock(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
}

// A store whose first sync recorded its end and is building its search
// index and sums (meta deferred still set, the sync lock held) looked,
// to a command opening it meanwhile (list --offline, summary, a second
// sync, the browser), like one a killed sync left: the command said
// "finishing the local store a stopped sync left", built it all again
// beside the sync (a second sync counted 6 s of it as its own) and
// unlinked the running end's scratch file. It now leaves the build to the
// sync that holds the lock and answers from what the store holds, whole.
func TestOpenLeavesTheEndToTheSyncRunning(t *testing.T) {
	path, srv := cutShort(t)
	holdSyncLock(t, path)
	scratch := path + "-sums"
	if err := os.WriteFile(scratch, []byte("the running end's"), 0o600); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(scratch)
	if err != nil {
		t.Fatal(err)
	}
	s, told, err := openTold(t, context.Background(), path, store.Opening{})
	if err != nil {
		t.Fatal(err)
	}
	if told != 0 || s.Finished() != 0 {
		t.Fatalf("an open during a sync's end told %d times and took %v finishing the store; want it left to the sync", told, s.Finished())
	}
	if after, err := os.Stat(scratch); err != nil || !os.SameFile(before, after) {
		t.Fatalf("the running end's scratch file was replaced or removed by the open (%v)", err)
	}
	sameAsServer(t, s, srv)
}

// The open that builds what a killed sync left holds the sync lock while
// it builds, so that a sync started meanwhile waits for it rather than
// build it all again beside it.
func TestCutShortBuildHoldsTheSyncLock(t *testing.T) {
	path, srv := cutShort(t)
	var held error
	s, told, err := openTold(t, context.Background(), path, store.Opening{Finishing: func() {
		f, err := os.OpenFile(path+".lock", os.O_RDWR, 0)
		if err != nil {
			held = err
			return
		}
		defer f.Close()
		held = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if told != 1 || !errors.Is(held, syscall.EWOULDBLOCK) {
		t.Fatalf("the open finishing the store (told %d times) let a sync take the lock meanwhile (%v)", told, held)
	}
	sameAsServer(t, s, srv)
}
