package store_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"donations/api/demo"
	"donations/store"
)

// TestMain lets the test binary be the child process that the kill test kills.
func TestMain(m *testing.M) {
	if url, path := os.Getenv("STORE_TEST_SYNC_URL"), os.Getenv("STORE_TEST_SYNC_PATH"); url != "" {
		s, err := store.Open(context.Background(), path)
		if err == nil {
			_, err = s.Sync(context.Background(), client(nil, url), store.SyncOptions{Window: 2})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A sync killed with SIGKILL at any point leaves a store that holds a prefix
// of the list, each donation once, and the next sync completes it.
func TestKilledSyncResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills child processes")
	}
	srv := server(t, demo.Options{Count: 4000, Latency: 25 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "main.db")
	want := srv.Match(demo.Filter{})
	for _, after := range []time.Duration{150 * time.Millisecond, 300 * time.Millisecond, 500 * time.Millisecond, 20 * time.Millisecond} {
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "STORE_TEST_SYNC_URL="+srv.URL, "STORE_TEST_SYNC_PATH="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		s := open(t, path)
		got := ids(t, s)
		if len(got) > len(want) || !slices.Equal(got, want[:len(got)]) {
			t.Fatalf("after a kill at %v the store holds %d donations that are not the list's first %d", after, len(got), len(got))
		}
		t.Logf("killed after %v: %d stored", after, len(got))
		s.Close()
	}
	s := open(t, path)
	sync(t, s, client(t, srv.URL), store.SyncOptions{Window: 2})
	sameAsServer(t, s, srv)
}
