//go:build unix

package dataset_test

import (
	"os"
	"syscall"
	"testing"
	"time"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
)

// A sync of another process, holding the store's lock, is told as such
// when it begins and when it ends, once each.
func TestWatchSeesAnotherProcessSync(t *testing.T) {
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			srv := server(t, sh.Of(demo.Options{Count: 120}))
			s, path := tempStore(t)
			sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
			ticks := make(chan time.Time)
			w := dataset.Watch(t.Context(), s, dataset.WatchOptions{Ticks: ticks})
			ticks <- time.Now()
			if e, _ := nextEvent(t, w); e.Status == nil || e.Status.Running || e.Status.LastSync.IsZero() {
				t.Fatalf("the first read of a synced store told %+v", e)
			}
			// Another process's lock: flock is held per open file, so a file
			// of our own opened apart from the store's is as another's.
			other := open(t, path) // the store's handles share its lock file
			f, err := os.OpenFile(other.LockPath(), os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
				t.Fatal(err)
			}
			ticks <- time.Now()
			if e, _ := nextEvent(t, w); e.Status == nil || !e.Status.Running || e.By != dataset.ByElsewhere {
				t.Fatalf("another process's sync was told as %+v", e)
			}
			ticks <- time.Now() // nothing changed: nothing told
			syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
			ticks <- time.Now()
			if e, _ := nextEvent(t, w); e.Status == nil || e.Status.Running {
				t.Fatalf("the end of another process's sync was told as %+v", e)
			}
		})
	}
}
