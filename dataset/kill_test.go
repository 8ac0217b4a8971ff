package dataset_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
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
		c := client(nil, url)
		if os.Getenv("STORE_TEST_SYNC_KINDS") != "" {
			o.Kinds = c
		}
		s, err := store.Open(context.Background(), path)
		var since, until int64
		if _, werr := fmt.Sscanf(os.Getenv("STORE_TEST_SYNC_WANT"), "%d,%d", &since, &until); werr == nil && err == nil {
			want := api.DateRange{Since: time.UnixMilli(since), Until: time.UnixMilli(until)}
			o.Want, o.OnProgress = wantOnly(want), tellHeld(s, want)
		}
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

// wantHeld is the line a child syncing with a wanted range writes once
// its store holds that range whole.
const wantHeld = "wanted range held"

// tellHeld is an OnProgress that writes wantHeld to the standard output
// once s holds r whole: after a batch is stored, so the line says what
// the store holds, however far the child's requests ran ahead of it.
func tellHeld(s *store.Store, r api.DateRange) func(dataset.Progress) {
	told := false
	return func(dataset.Progress) {
		if told {
			return
		}
		if h, err := s.Holds(context.Background(), r); err == nil && h.Complete {
			told = true
			fmt.Println(wantHeld)
		}
	}
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
	srv := server(t, demo.Options{Count: 4000, Latency: 10 * time.Millisecond})
	path := filepath.Join(t.TempDir(), "main.db")
	want := srv.Match(demo.Filter{})
	for _, at := range []killAt{{20 * time.Millisecond, 0, false}, {0, 1, false}, {100 * time.Millisecond, 1, false}, {200 * time.Millisecond, 1, false}, {300 * time.Millisecond, 1, false}} {
		requests := killChild(t, srv, path, at, api.DateRange{})
		s := open(t, path)
		got := ids(t, s)
		if len(got) > len(want) || !slices.Equal(got, want[len(want)-len(got):]) || len(got)%100 != 0 {
			t.Fatalf("after a kill %v the store holds %d donations that are not the list's last whole pages", at, len(got))
		}
		coversExactly(t, s, got, len(want))
		t.Logf("killed %v, after %d requests: %d stored", at, requests, len(got))
		s.Close()
	}
	s := open(t, path)
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{Window: 2})
	sameAsServer(t, s, srv)
	coversExactly(t, s, want, len(want))
}

// killAt is when killChild kills its child: after its requests-th request
// reaches the server, so that a kill lands at the same point of its sync
// however long the binary took to start and however loaded the machine is,
// or, with requests 0, after its start, while it may still be opening the
// store. With held, the requests count from when the child said its store
// holds the range it wants whole (wantHeld): a point of what it stored,
// which its requests can run ahead of by as many pages as a loaded
// machine leaves unstored.
type killAt struct {
	after    time.Duration
	requests int
	held     bool
}

func (at killAt) String() string {
	switch {
	case at.held:
		return fmt.Sprintf("%v after its request %d since it held the range it wants", at.after, at.requests)
	case at.requests == 0:
		return fmt.Sprintf("%v from its start", at.after)
	}
	return fmt.Sprintf("%v after its request %d", at.after, at.requests)
}

// killChild starts a sync of the store at path from srv in a child
// process, wanting the range want first when it is set, kills it with
// SIGKILL at at, and says how many requests the server had from it.
func killChild(t *testing.T, srv *demo.Running, path string, at killAt, want api.DateRange, env ...string) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(append(os.Environ(), "STORE_TEST_SYNC_URL="+srv.URL, "STORE_TEST_SYNC_PATH="+path), env...)
	if !want.IsZero() {
		cmd.Env = append(cmd.Env, fmt.Sprintf("STORE_TEST_SYNC_WANT=%d,%d", want.Since.UnixMilli(), want.Until.UnixMilli()))
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	base := srv.Requests()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	from := base // the server's requests when the kill's count starts
	if at.held {
		lines := bufio.NewScanner(out)
		for lines.Scan() && lines.Text() != wantHeld {
		}
		if lines.Text() != wantHeld {
			cmd.Wait()
			t.Fatal("the child process ended before it held the range it wants")
		}
		from = srv.Requests()
	}
	ended := make(chan struct{})
	go func() {
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(ended)
	}()
	for srv.Requests()-from < at.requests {
		select {
		case <-ended:
			if srv.Requests() == base {
				t.Fatal("the child process ended before its first request")
			}
			return srv.Requests() - base // its sync ended first
		case <-time.After(time.Millisecond):
		}
	}
	select {
	case <-ended:
	case <-time.After(at.after):
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-ended
	return srv.Requests() - base
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
