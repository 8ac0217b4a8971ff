package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// BenchmarkFirstSync is a first sync of 20,000 demo donations from the
// in-process demo into a store on disk, as `donations sync` makes it
// (newest first, 4 pages at once), against the least that storing them
// can cost: a bare INSERT of the same rows into the same schema, in one
// transaction, kept as sent, then the same index, sums and compaction at
// the end. Its sync/bare metric is how close the sync comes.
func BenchmarkFirstSync(b *testing.B) {
	const count = 20_000
	ctx := context.Background()
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
		start, cpu := time.Now(), cpuTime()
		if _, err := s.Sync(ctx, c, SyncOptions{Concurrency: 4}); err != nil {
			b.Fatal(err)
		}
		syncs, syncCPU = syncs+time.Since(start), syncCPU+cpuTime()-cpu
		s.Close()
		s = benchStore(b, "bare")
		start, cpu = time.Now(), cpuTime()
		if err := bareInsert(ctx, s, rows); err != nil {
			b.Fatal(err)
		}
		bares, bareCPU = bares+time.Since(start), bareCPU+cpuTime()-cpu
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

func benchStore(b *testing.B, name string) *Store {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), name+".db"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// bareInsert stores rows as plainly as the schema allows.
func bareInsert(ctx context.Context, s *Store, rows []api.Donation) error {
	if err := s.begin(ctx, true); err != nil {
		return err
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		rec, err := tx.PrepareContext(ctx, `INSERT INTO records (id, dict, raw) VALUES (?, 0, ?)`)
		if err != nil {
			return err
		}
		defer rec.Close()
		ins, err := tx.PrepareContext(ctx, upsert)
		if err != nil {
			return err
		}
		defer ins.Close()
		for i := range rows {
			d := &rows[i]
			if _, err := rec.ExecContext(ctx, d.ID.Value, []byte(d.Raw)); err != nil {
				return err
			}
			if _, err := ins.ExecContext(ctx, row(d, s.zone)...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.tidy(ctx, SyncResult{New: len(rows)})
}
