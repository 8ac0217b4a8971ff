package dataset

import (
	"context"
	"slices"
	"sort"
	"time"

	"donations/api"
	"donations/store"
)

// backWalk is a sync's walk back towards page 1: the api.Walker its pass
// reads and the recorder of what it completes. It passes over the spans
// the store holds below it, going on from the page where such a span
// starts (counted from what the store holds of it, and checked there),
// and between its pages it reads first the date range the browser wants,
// when the store does not hold it and it lies below where the walk has come
// (see jump). Its pages and the jump's go through the one pass, so the sync
// lock and the page-to-store loop stay the only way pages reach the store.
type backWalk struct {
	r        *syncRun
	p        *api.Pager
	span     *spanWalk
	held     []held // below the walk, in id order
	jump     *jump
	tried    []api.DateRange // ranges wanted during the walk, read or found held
	low      time.Time       // the earliest date the walk has read; zero before its first page
	size     int             // the longest page the walk has read
	spent    int             // requests of the pagers and jumps done with
	warnings []string        // theirs
	fromJump bool            // the batch in hand is the jump's
	skip     *skip           // the span the page in hand reaches, passed over when it is recorded
	landing  *skip           // the span passed over, whose first page is read next
	over     bool            // the walk passed over a span from the list's start
}

// held is a span the walk passes over; ids are those a jump of this sync
// read (the store may not have them all yet), ascending.
type held struct {
	store.Span
	ids []int64
	// distrust: the page the span should start on did not hold its first
	// donation where counted: the walk reads the span's pages instead.
	distrust bool
}

// skip is where the walk goes on after passing over held[h]: page, on
// which its first donation should be the index-th.
type skip struct {
	h           int
	id          int64 // the held span's first
	page, index int
	from        int        // the page the walk was on: where it goes on if the landing misses
	before      store.Span // the walk's span then
}

// backWalk walks p back, recording its span in span; below is what the
// store held complete below p's first page when the walk began.
func (r *syncRun) backWalk(p *api.Pager, span *spanWalk, below []store.Span) *backWalk {
	b := &backWalk{r: r, p: p, span: span}
	for _, sp := range below {
		b.held = append(b.held, held{Span: sp})
	}
	return b
}

// Next reads the wanted range's next page while it is read, else the
// walk's next page.
func (b *backWalk) Next(ctx context.Context) (api.Batch, error) {
	if b.jump == nil && !b.p.Done() {
		if err := b.startJump(ctx); err != nil {
			return api.Batch{}, err
		}
	}
	if j := b.jump; j != nil {
		b.fromJump = true
		return j.w.Next(ctx)
	}
	b.fromJump = false
	for {
		bt, err := b.p.Next(ctx)
		if err != nil || bt.Page == nil {
			return bt, err
		}
		if l := b.landing; l != nil {
			b.landing = nil
			if !landed(l, bt.Page) {
				b.missed(l)
				continue
			}
		}
		return bt, b.plan(ctx, bt.Page)
	}
}

// Done says whether the walk has reached page 1, or passed over a span
// from there.
func (b *backWalk) Done() bool { return b.jump == nil && (b.over || b.p.Done()) }

// Warnings are the pagers' and the jumps'.
func (b *backWalk) Warnings() []string {
	out := append(slices.Clip(b.warnings), b.p.Warnings()...)
	if b.jump != nil {
		out = append(out, b.jump.w.Warnings()...)
	}
	return out
}

// Requests is how many pages the walk and its jumps have fetched.
func (b *backWalk) Requests() int {
	n := b.spent + b.p.Requests()
	if b.jump != nil {
		n += b.jump.w.Requests()
	}
	return n
}

// Close stops what the walk fetches ahead.
func (b *backWalk) Close() {
	b.p.Close()
	if b.jump != nil {
		b.jump.w.Close()
	}
}

// record says what the page in hand completes: the jump's span, or the
// walk's, which reaches down through a span it passes over.
func (b *backWalk) record(bt api.Batch, suspect bool, f *fetched) {
	if b.fromJump {
		b.jump.record(bt, f)
		if b.jump.w.Done() {
			b.endJump()
		}
		return
	}
	f.Cover = b.span.add(bt, suspect)
	if bt.Page != nil {
		b.size = max(b.size, len(bt.Page.Donations))
		for i := range bt.Page.Donations {
			if at, ok := api.Time(bt.Page.Donations[i].DonationDate); ok && (b.low.IsZero() || at.Before(b.low)) {
				b.low = at
			}
		}
	}
	if s := b.skip; s != nil && f.Cover != nil {
		b.skip = nil
		f.Cover = b.passOver(s)
	}
}

// plan decides, for page pg of the walk, whether the walk passes over a
// held span it reaches into: it goes on from the page that span starts on,
// which the donations held of it from its start to the page's first tell.
func (b *backWalk) plan(ctx context.Context, pg *api.Page) error {
	lo, _, ok := idBounds(pg.Donations)
	if !ok {
		return nil
	}
	for i := range b.held {
		h := &b.held[i]
		if h.distrust || h.From >= lo || h.To < lo {
			continue
		}
		if h.From == 0 {
			b.skip = &skip{h: i}
			return nil
		}
		stored, err := b.r.s.CountIDs(ctx, h.From, lo-1)
		if err != nil {
			return err
		}
		read := sort.Search(len(h.ids), func(k int) bool { return h.ids[k] >= lo })
		// The pages before this one are full; the longest page read is one,
		// unless only the list's last page was, and then the landing misses.
		size := max(b.size, len(pg.Donations))
		pos := (pg.Number-1)*size - max(stored, read) // both count what the list holds there, or less
		if pos >= 0 && pos/size+1 < pg.Number {
			b.skip = &skip{h: i, id: h.From, page: pos/size + 1, index: pos % size, from: pg.Number}
		}
		return nil
	}
	return nil
}

// passOver goes on from below the held span s names: the walk's span now
// reaches down to the held one's start, and the walk reads on from the
// page it starts on (or ends, when it starts the list).
func (b *backWalk) passOver(s *skip) *store.Cover {
	h := b.held[s.h]
	s.before = b.span.cur
	b.span.cur.From, b.span.cur.Page = h.From, s.page
	if h.From == 0 {
		b.span.cur.Page, b.over = 1, true
		b.p.Close()
	} else {
		b.landing = s
		b.restart(s.page)
	}
	c := &store.Cover{Span: b.span.cur}
	if c.Span.To == store.End {
		c.Last = b.span.last
	}
	return c
}

// landed says whether the page a walk went on from holds the first
// donation of the span it passed over where it was counted to be.
func landed(s *skip, pg *api.Page) bool {
	return pg.Number == s.page && s.index < len(pg.Donations) && pg.Donations[s.index].ID.Value == s.id
}

// missed takes the walk back to the page after the one it passed over a
// span from, to read that span's pages after all: the count it went by
// does not agree with the list (the server changed, or its date filter
// left out gifts the list holds).
func (b *backWalk) missed(s *skip) {
	b.held[s.h].distrust = true
	b.span.cur = s.before
	b.restart(s.from - 1)
}

// restart goes on walking back from page n.
func (b *backWalk) restart(n int) {
	b.spent += b.p.Requests()
	b.warnings = append(b.warnings, b.p.Warnings()...)
	b.p.Close()
	b.p = b.r.src.Pager(b.r.q, api.NewestFirst).From(n)
	if b.r.o.Concurrency > 1 {
		b.p.SetConcurrency(b.r.o.Concurrency)
	}
}
