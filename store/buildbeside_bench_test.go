package store

import (
	"context"
	"database/sql"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"donations/api"
	"donations/internal/cputime"
)

var endSize = flag.Int("end-size", 20_000, "demo donations BenchmarkFirstSyncEnd stores before each end")

// BenchmarkFirstSyncEnd is the end of a first sync (Tidy) of -end-size
// demo donations into a store on disk, its sums added up beside the
// writer (beside) and after it on the one connection (in-turn), the
// two one after the other in each round, which the load of a shared
// machine blurs less than runs apart.
func BenchmarkFirstSyncEnd(b *testing.B) {
	ctx := context.Background()
	list := demoDonations(b, *endSize)
	ways := []struct {
		metric string
		end    func(*Store) error
	}{
		{"beside", func(s *Store) error { return s.Tidy(ctx, true) }},
		{"in-turn", func(s *Store) error {
			return s.spilling(ctx, func(conn *sql.Conn) error { return s.buildInTurn(ctx, conn) })
		}},
	}
	took, cpu := make([]time.Duration, len(ways)), make([]time.Duration, len(ways))
	b.ResetTimer()
	for b.Loop() {
		for i, way := range ways {
			b.StopTimer()
			s := deferredStore(b, list)
			b.StartTimer()
			start, cpu0 := time.Now(), cputime.Used()
			if err := way.end(s); err != nil {
				b.Fatal(err)
			}
			took[i], cpu[i] = took[i]+time.Since(start), cpu[i]+cputime.Used()-cpu0
			b.StopTimer()
			s.Close()
			b.StartTimer()
		}
	}
	for i, way := range ways {
		b.ReportMetric(float64(took[i].Milliseconds())/float64(b.N), way.metric+"-ms")
		b.ReportMetric(float64(cpu[i].Milliseconds())/float64(b.N), way.metric+"-cpu-ms")
	}
	b.ReportMetric(float64(took[0])/float64(took[1]), "beside/in-turn")
}

// deferredStore is a new store on disk holding list as a first sync
// leaves it before its end.
func deferredStore(b testing.TB, list []api.Donation) *Store {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "end.db"))
	if err == nil {
		b.Cleanup(func() { s.Close() })
		err = s.Begin(ctx, true)
	}
	if err == nil {
		_, err = s.Put(ctx, list)
	}
	if err != nil {
		b.Fatal(err)
	}
	return s
}
