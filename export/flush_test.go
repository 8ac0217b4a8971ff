package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/export"
)

// demoClient is a client of a demo server of count donations.
func demoClient(t testing.TB, count int) *api.Client {
	t.Helper()
	srv := httptest.NewServer(demo.New(demo.Options{Count: count}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// writes counts the writes made to it, keeping their bytes.
type writes struct {
	n   int
	out bytes.Buffer
}

func (w *writes) Write(p []byte) (int, error) {
	w.n++
	return w.out.Write(p)
}

// A page of donations goes out in one write when it is flushed, whatever
// the format: a write a donation was a system call a donation.
func TestWritersWriteAPageAtOnce(t *testing.T) {
	page := apitest.Every(t, demoClient(t, 20))
	for _, format := range export.Formats {
		t.Run(format, func(t *testing.T) {
			var out writes
			w, err := export.New(format, &out, 100)
			if err != nil {
				t.Fatal(err)
			}
			for i := range page {
				if err := w.Write(&page[i]); err != nil {
					t.Fatal(err)
				}
			}
			if out.n != 0 {
				t.Errorf("%d writes before the page was flushed, want 0", out.n)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.n != 1 || lines(&out.out) < len(page) {
				t.Errorf("the page of %d went out in %d writes, %d lines; want 1 write holding every line",
					len(page), out.n, lines(&out.out))
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// pagesSeen is a walk that, each time the next page is asked for, notes
// how many rows the output held and how many donations came before.
type pagesSeen struct {
	*api.Pager
	rows       func() int
	given      int
	held, want []int
}

func (p *pagesSeen) Next(ctx context.Context) (api.Batch, error) {
	p.held = append(p.held, p.rows())
	p.want = append(p.want, p.given)
	b, err := p.Pager.Next(ctx)
	p.given += len(b.Donations)
	return b, err
}

func lines(out *bytes.Buffer) int { return strings.Count(out.String(), "\n") }

// records counts CSV records: a cell may hold a line break.
func records(t *testing.T, out *bytes.Buffer) int {
	all, err := csv.NewReader(bytes.NewReader(out.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

// Stream flushes each page before it asks for the next, so that a reader
// downstream (list | head) has every line of it then, not at the end.
func TestStreamFlushesEachPageBeforeTheNext(t *testing.T) {
	c := demoClient(t, 250)
	for _, tc := range []struct {
		format string
		header int // rows before the first donation's
	}{{"ndjson", 0}, {"csv", 1}, {"table", 1}} {
		t.Run(tc.format, func(t *testing.T) {
			var out bytes.Buffer
			w, _ := export.New(tc.format, &out, 100)
			rows := func() int { return lines(&out) }
			if tc.format == "csv" {
				rows = func() int { return records(t, &out) }
			}
			p := &pagesSeen{Pager: c.Pager(api.Query{}, api.OldestFirst), rows: rows}
			defer p.Close()
			if _, err := export.Stream(context.Background(), p, w, export.Limits{}, nil); err != nil {
				t.Fatal(err)
			}
			// 100, 100 and 50, then the empty page that confirms the end.
			if len(p.held) != 4 {
				t.Fatalf("asked for %d pages, want 4", len(p.held))
			}
			for i := range p.held {
				want := p.want[i]
				if i > 0 {
					want += tc.header
				}
				if p.held[i] != want {
					t.Errorf("page %d asked for with %d rows written, want %d", i+1, p.held[i], want)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
