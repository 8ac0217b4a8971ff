package dataset_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/internal/cputime"
	"donations/store"
)

// BenchmarkFirstSync is a first sync of 20,000 demo donations from the
// in-process demo into a store on disk, as `donations sync` makes it
// (newest first, 4 pages at once), against the least that storing them
// can cost: the same rows put in one transaction (store.Put: no walk, no
// pages), then the same index, sums and compaction at the end. Its
// sync/bare metric is how close the sync comes.
func BenchmarkFirstSync(b *testing.B) {
	const count = 20_000
	// Cancellable, as the program's is (a signal ends it): the driver
	// treats statements run under such a context apart.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := demo.Start(ctx, "", demo.Options{Count: count})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		b.Fatal(err)
	}
	var rows []api.Donation
	w := c.Pager(api.Query{}, api.OldestFirst)
	for !w.Done() {
		batch, err := w.Next(ctx)
		if err != nil {
			b.Fatal(err)
		}
		rows = append(rows, batch.Donations...)
	}
	w.Close()
	var syncs, bares, syncCPU, bareCPU time.Duration
	for b.Loop() {
		s := benchStore(b, "sync")
		start, cpu := time.Now(), cputime.Used()
		if _, err := dataset.Sync(ctx, s, c, dataset.SyncOptions{Concurrency: 4}); err != nil {
			b.Fatal(err)
		}
		syncs, syncCPU = syncs+time.Since(start), syncCPU+cputime.Used()-cpu
		s.Close()
		s = benchStore(b, "bare")
		start, cpu = time.Now(), cputime.Used()
		if err := bareInsert(ctx, s, rows); err != nil {
			b.Fatal(err)
		}
		bares, bareCPU = bares+time.Since(start), bareCPU+cputime.Used()-cpu
		s.Close()
	}
	b.ReportMetric(float64(syncs.Milliseconds())/float64(b.N), "sync-ms")
	b.ReportMetric(float64(bares.Milliseconds())/float64(b.N), "bare-ms")
	// CPU time, the demo server's included: what a busy machine blurs least.
	b.ReportMetric(float64(syncCPU.Milliseconds())/float64(b.N), "sync-cpu-ms")
	b.ReportMetric(float64(bareCPU.Milliseconds())/float64(b.N), "bare-cpu-ms")
	b.ReportMetric(float64(syncs)/float64(bares), "sync/bare")
	b.ReportMetric(float64(syncs.Nanoseconds())/float64(b.N*count), "ns/donation")
}

func benchStore(b *testing.B, name string) *store.Store {
	s, err := store.Open(context.Background(), filepath.Join(b.TempDir(), name+".db"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// bareInsert stores rows as a first sync does, in one go.
func bareInsert(ctx context.Context, s *store.Store, rows []api.Donation) error {
	if err := s.Begin(ctx, true); err != nil {
		return err
	}
	if _, err := s.Put(ctx, rows); err != nil {
		return err
	}
	return s.Tidy(ctx, len(rows) > 0)
}
