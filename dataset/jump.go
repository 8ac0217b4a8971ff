package dataset

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"donations/api"
	"donations/store"
)

// jump reads a date range the browser wants while a sync walks back: by
// date_from and date_to where the server honours them, else by searching
// the list for the range (api.RangeWalk). What it reads is recorded as a
// span of its own, apart from the walk's, known to start and end where the
// range does.
type jump struct {
	w     *api.RangeWalk
	r     api.DateRange
	asOf  time.Time
	cur   store.Span
	open  bool
	ids   []int64 // read, ascending: to count what the walk back passes over
	last  time.Time
	pages int // that held donations of the range
	first time.Time
	bent  bool // ids or dates did not ascend: nothing more is recorded
}

// record takes the jump's next page: the span it has read so far, from
// the range's first donation; its end is known once the walk is done.
func (j *jump) record(b api.Batch, f *fetched) {
	if len(b.Donations) > 0 {
		j.pages++
	}
	for i := range b.Donations {
		d := &b.Donations[i]
		at, ok := api.Time(d.DonationDate)
		if j.bent || !d.ID.Valid || !ok || j.open && (d.ID.Value <= j.cur.To || at.Before(j.last)) {
			j.bent = true
			continue
		}
		if !j.open {
			j.cur, j.open, j.first = store.Span{From: d.ID.Value, Since: j.r.Since, AsOf: j.asOf}, true, at
			if j.r.Since.IsZero() {
				j.cur.From, j.cur.Page = 0, 1
			}
		}
		j.cur.To, j.last = d.ID.Value, at
		j.ids = append(j.ids, d.ID.Value)
	}
	// The walk's warnings say it had to read every page: dates do not
	// ascend, so ids say nothing of dates here.
	j.bent = j.bent || len(j.w.Warnings()) > 0
	f.wanted = wanted{r: j.r, page: j.pages, pages: j.estimate()}
	if !j.open || j.bent {
		return
	}
	if j.w.Done() {
		j.cur.Until = j.r.Until
	}
	f.Cover = &store.Cover{Span: j.cur}
}

// estimate is how many pages the range takes, from how far into it the
// pages read so far have come.
func (j *jump) estimate() int {
	if j.w.Done() || !j.open {
		return j.pages
	}
	from := j.r.Since
	if from.IsZero() {
		from = j.first
	}
	part := j.last.Sub(from).Seconds() / j.r.Until.Sub(from).Seconds()
	if part <= 0 {
		return j.pages + 1
	}
	return max(j.pages+1, int(math.Ceil(float64(j.pages)/part)))
}

// startJump starts reading the range the browser wants, when it has a
// date range the store does not hold complete that lies below where the
// walk has come; a range the walk is in, or above, it reaches anyway.
func (b *backWalk) startJump(ctx context.Context) error {
	o := b.r.o
	if o.Want == nil || b.low.IsZero() {
		return nil
	}
	r, ok := o.Want()
	if !ok || r.Until.IsZero() || r.Until.After(b.low) || slices.Contains(b.tried, r) {
		return nil
	}
	b.tried = append(b.tried, r)
	h, err := b.r.s.Holds(ctx, r)
	if err != nil || h.Complete {
		return err
	}
	b.jump = &jump{w: b.r.src.RangeWalk(b.r.q, r, max(1, o.Concurrency)), r: r, asOf: b.r.start}
	return nil
}

// endJump keeps what the jump read complete as a span the walk passes
// over, joined with those it overlaps.
func (b *backWalk) endJump() {
	j := b.jump
	b.jump = nil
	j.w.Close()
	b.spent += j.w.Requests()
	b.warnings = append(b.warnings, j.w.Warnings()...)
	if !j.open || j.bent {
		return
	}
	add := held{Span: j.cur, ids: j.ids}
	out := b.held[:0:0]
	for _, h := range b.held {
		if h.To < add.From || add.To < h.From {
			out = append(out, h)
			continue
		}
		add.Span = store.Merge([]store.Span{h.Span}, add.Span)[0]
		add.ids = append(add.ids, h.ids...)
		add.distrust = add.distrust || h.distrust
	}
	slices.Sort(add.ids)
	add.ids = slices.Compact(add.ids)
	out = append(out, add)
	slices.SortFunc(out, func(a, c held) int { return cmp.Compare(a.From, c.From) })
	b.held = out
}
