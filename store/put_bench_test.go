package store_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/internal/cputime"
	"donations/store"
)

// BenchmarkPut stores pages of 100 demo donations, as a sync does.
func BenchmarkPut(b *testing.B) { benchPut(b, false, false) }

// BenchmarkPutOneDonor stores them without their e-mails: one donor, whose
// row must cost the same to keep however many gifts it holds.
func BenchmarkPutOneDonor(b *testing.B) { benchPut(b, true, false) }

// BenchmarkPutFirstSync stores them as a first sync does, the search
// index, the sums and most indexes left for its end: what is left is
// what each page costs the writer.
func BenchmarkPutFirstSync(b *testing.B) { benchPut(b, false, true) }

func benchPut(b *testing.B, oneDonor, first bool) {
	srv := server(b, demo.Options{Count: 100})
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page, _, err := api.DecodePage(body, 1)
	if err != nil {
		b.Fatal(err)
	}
	s, path := tempStore(b)
	if err := s.Begin(context.Background(), first); err != nil {
		b.Fatal(err)
	}
	var raw int64
	for _, d := range page {
		raw += int64(len(d.Raw))
	}
	// Under a context that can be cancelled, as a sync's is (a signal
	// ends it): the driver treats its statements apart.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.ResetTimer()
	i := 0
	for ; b.Loop(); i++ {
		for k := range page {
			page[k].ID.Value = int64(i*100 + k)
			if oneDonor {
				page[k].Email = api.Text{}
			}
		}
		if _, err := s.Put(ctx, page); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// What a stored donation costs on disk, every index and sum included,
	// against its JSON: the same 100 records again and again compress
	// better than an account's would, so the figure to quote is the one
	// BenchmarkOpenAndFirstQuery reports.
	s.Close()
	var disk int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(path + suffix); err == nil {
			disk += fi.Size()
		}
	}
	b.ReportMetric(float64(disk)/float64(raw*int64(i)), "disk/raw")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(100*i), "ns/donation")
}

// BenchmarkPutPagesFirstSync stores pages as a first sync's writer does:
// newest first, 8 pages of 100 a transaction, each with the request that brought it,
// their rows and records made beforehand by a Preparer. Its ns/donation
// and cpu-ns/donation are what the writer of a first sync costs per
// donation.
func BenchmarkPutPagesFirstSync(b *testing.B) {
	const pages, per = 8, 100
	srv := server(b, demo.Options{Count: per})
	pg, err := client(b, srv.URL).Page(context.Background(), api.Query{PerPage: per})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := tempStore(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := s.Begin(ctx, true); err != nil {
		b.Fatal(err)
	}
	prep := s.NewPreparer()
	newest, id := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), int64(0)
	cpu := cputime.Used()
	for b.Loop() {
		batch := make([]store.Page, pages)
		for i := range batch {
			list := slices.Clone(pg.Donations)
			for k := range list {
				// Newest first, as a first sync walks back over a list
				// that ascends: each page goes in before those stored,
				// its donations in the list's order.
				id++
				n := 1<<40 - (id-1)/per*per - per + (id-1)%per
				list[k].ID.Value = n
				list[k].DonationDate = api.Text{Valid: true, Value: newest.Add(time.Duration(n-1<<40) * time.Minute).Format(time.RFC3339)}
			}
			batch[i] = store.Page{Records: list, Exchange: &pg.Exchange}
			prep.Prepare(&batch[i])
		}
		if r, err := s.PutPages(ctx, batch); err != nil || r.New != pages*per {
			b.Fatalf("stored %d new (%v), want %d", r.New, err, pages*per)
		}
	}
	// CPU time, the preparer's included: what a busy machine blurs least.
	b.ReportMetric(float64((cputime.Used()-cpu).Nanoseconds())/float64(id), "cpu-ns/donation")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(id), "ns/donation")
}
