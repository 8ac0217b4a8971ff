package dataset

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"donations/api"
	"donations/store"
)

// Walks is what a Scratch reads: *api.Client is one; the browser's model
// tests give it pages of their own.
type Walks interface {
	Walk(q api.Query, order api.Order, dates api.DateRange, concurrency int) api.Walker
}

// Scratch answers one question from the API into a store in memory, a page
// at a time as the browser asks for more: for --demo, --no-cache, and a
// question the profile's store cannot answer yet. Its pages go through the
// same loop (run) as every sync and fill, so what the store keeps of them
// (the records as sent, the request that brought them, what was skipped)
// is the same whichever way they came.
type Scratch struct {
	st *store.Store
	w  api.Walker
	mu sync.Mutex // one page at a time: a walker is not shared
	// skipped says which records the store could not hold, over every
	// page so far (the walker's own warnings are kept by the walker).
	skipped []string
	// done says the walk read its last page; read by Answer while a page
	// may be on its way, so apart from mu, which Next holds meanwhile.
	done atomic.Bool
}

// Step is what one page of a Scratch brought.
type Step struct {
	New      int  // donations the store did not hold
	Done     bool // the walk has no page left
	Warnings []string
}

// NewScratch starts a walk of q's pages in order, in dates, into a new
// store in memory. Its upkeep is deferred as a first sync's is, and never
// built: a scratch store answers one question, of the pages a user reads,
// from the donations themselves (search by LIKE, sums and sorts over the
// rows), and each page is stored without the search index's and the sums'
// triggers, most of what storing it cost.
func NewScratch(ctx context.Context, src Walks, q api.Query, order api.Order, dates api.DateRange) (*Scratch, error) {
	st, err := store.Memory(ctx)
	if err != nil {
		return nil, err
	}
	if err := st.Begin(ctx, true); err != nil {
		st.Close()
		return nil, err
	}
	return &Scratch{st: st, w: src.Walk(q, order, dates, 1)}, nil
}

// Store is the store the walk fills: the browser reads its answers there.
func (s *Scratch) Store() *store.Store { return s.st }

// Next fetches and stores the next page. A step cancelled through ctx
// leaves the walk where it was: the next call asks for the same page.
func (s *Scratch) Next(ctx context.Context) (Step, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w.Done() {
		s.done.Store(true)
		return Step{Done: true, Warnings: append(s.w.Warnings(), s.skipped...)}, nil
	}
	r, err := run(ctx, s.st, pass{w: s.w, start: time.Now(), stop: func() bool { return true }})
	s.skipped = append(s.skipped, r.Skipped...)
	s.done.Store(s.w.Done())
	return Step{New: r.New, Done: s.w.Done(), Warnings: append(r.Warnings, s.skipped...)}, err
}

// Close ends the walk and frees the store, once a page being stored is.
func (s *Scratch) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.w.Close()
	return s.st.Close()
}
