package dataset_test

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

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// TestMain lets the test binary be the child process that the kill test kills.
func TestMain(m *testing.M) {
	if url, path := os.Getenv("STORE_TEST_SYNC_URL"), os.Getenv("STORE_TEST_SYNC_PATH"); url != "" {
		o := dataset.SyncOptions{Window: 2}
		var since, until int64
		if _, err := fmt.Sscanf(os.Getenv("STORE_TEST_SYNC_WANT"), "%d,%d", &since, &until); err == nil {
			o.Want = wantOnly(api.DateRange{Since: time.UnixMilli(since), Until: time.UnixMilli(until)})
		}
		c := client(nil, url)
		if os.Getenv("STORE_TEST_SYNC_KINDS") != "" {
			o.Kinds = c
		}
		s, err := store.Open(context.Background(), path)
		if err == nil {
			_, err = dataset.Sync(context.Background(), s, c, o)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A sync killed with SIGKILL at any point leaves a store that holds whole
// pages from the last (a first sync reads newest first), each donation
// once, with a coverage that says exactly that; the next sync goes on from
// there and completes it.
func TestKilledSyncResumes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills child processes")
	}
	srv := server(t, demo.Options{Count: 4000, Latency: 25 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "main.db")
	want := srv.Match(demo.Filter{})
	for _, after := range []time.Duration{20 * time.Millisecond, 400 * time.Millisecond, 700 * time.Millisecond, 900 * time.Millisecond} {
		killChild(t, srv.URL, path, after, api.DateRange{})
		s := open(t, path)
		got := ids(t, s)
		if len(got) > len(want) || !slices.Equal(got, want[len(want)-len(got):]) || len(got)%100 != 0 {
			t.Fatalf("after a kill at %v the store holds %d donations that are not the list's last whole pages", after, len(got))
		}
		coversExactly(t, s, got, len(want))
		t.Logf("killed after %v: %d stored", after, len(got))
		s.Close()
	}
	s := open(t, path)
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{Window: 2})
	sameAsServer(t, s, srv)
	coversExactly(t, s, want, len(want))
}

// killChild starts a sync of the store at path from url in a child process,
// wanting the range want first when it is set, and kills it with SIGKILL
// after a while.
func killChild(t *testing.T, url, path string, after time.Duration, want api.DateRange, env ...string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(append(os.Environ(), "STORE_TEST_SYNC_URL="+url, "STORE_TEST_SYNC_PATH="+path), env...)
	if !want.IsZero() {
		cmd.Env = append(cmd.Env, fmt.Sprintf("STORE_TEST_SYNC_WANT=%d,%d", want.Since.UnixMilli(), want.Until.UnixMilli()))
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(after)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
}

// coversExactly fails unless the store's coverage is one span from its
// oldest donation held (from the start, when it holds all) to the end.
func coversExactly(t *testing.T, s *store.Store, held []int64, all int) {
	t.Helper()
	c, err := s.Extent(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case len(held) == 0 && len(c.Spans) == 0:
	case len(held) == 0 || len(c.Spans) != 1 || c.Spans[0].To != store.End:
		t.Fatalf("coverage %+v for %d donations held", c, len(held))
	case len(held) == all && c.Spans[0].From != 0, len(held) < all && c.Spans[0].From != held[0]:
		t.Fatalf("coverage %+v: %d of %d held from id %d", c, len(held), all, held[0])
	}
}
