package store

import (
	"context"
	"runtime/metrics"
	"testing"
)

// goroutinesCreated is how many goroutines the process has started.
func goroutinesCreated() uint64 {
	m := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(m)
	return m[0].Value.Uint64()
}

// A sync stores its pages under a context that a signal cancels. The
// driver starts a goroutine to interrupt each statement run under such a
// context: storing 1,000 donations started 1,250 of them.
func TestPagesStartNoGoroutinePerDonation(t *testing.T) {
	list := demoDonations(t, 1000)
	var pages []Page
	for i := 0; i < len(list); i += 100 {
		pages = append(pages, Page{Records: list[i : i+100]})
	}
	s := memStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := goroutinesCreated()
	r, err := s.PutPages(ctx, pages)
	if err != nil {
		t.Fatal(err)
	}
	if r.New != len(list) {
		t.Fatalf("stored %d new, want %d", r.New, len(list))
	}
	if n := goroutinesCreated() - before; n >= uint64(len(pages)) {
		t.Errorf("storing %d pages started %d goroutines, want fewer than one a page", len(pages), n)
	}
}

// A cancelled sync stores nothing more: what it was told is why.
func TestPagesEndWithTheirContext(t *testing.T) {
	list := demoDonations(t, 200)
	s := memStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.PutPages(ctx, []Page{{Records: list}}); err != context.Canceled {
		t.Fatalf("PutPages after a cancel: %v, want %v", err, context.Canceled)
	}
	if n, _, err := s.Tail(context.Background()); err != nil || n != 0 {
		t.Fatalf("the store holds %d (%v), want none", n, err)
	}
}
