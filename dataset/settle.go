package dataset

import (
	"context"
	"fmt"
	"slices"

	"donations/api"
)

// maxLookups bounds the requests a full sync spends asking after the
// donations it did not see: one each, and a list that moved a lot is
// better read again whole than asked after id by id.
const maxLookups = 50

// pageRanges are the id ranges of the pages a full walk read. The list
// ascends by id (see store.Span), so a donation whose id lies strictly
// inside one page's range was not in the list when that page was served:
// it is gone. One that lies between two pages may have been passed over
// when a removal earlier in the list moved every later donation back by
// one while the walk went on.
type pageRanges [][2]int64

func (p *pageRanges) add(list []api.Donation) {
	if lo, hi, ok := idBounds(list); ok && lo < hi {
		*p = append(*p, [2]int64{lo, hi})
	}
}

// inside says whether id lies strictly within one page's range.
func (p pageRanges) inside(id int64) bool {
	for _, r := range p {
		if r[0] < id && id < r[1] {
			return true
		}
	}
	return false
}

// settled is what a full walk found of the donations it did not see.
type settled struct {
	gone   []int64 // surely no longer on the server: removed
	missed []int64 // still on the server: the list moved while it was read
	unsure []int64 // could not be asked after: kept
}

// settle sorts the donations the store holds and a full walk did not see
// into those the server no longer holds and the rest: a donation is
// removed only when a page's range or an id lookup shows it gone.
func (r *syncRun) settle(ctx context.Context, seen map[int64]struct{}) (settled, error) {
	var st settled
	cands, err := r.s.Unseen(ctx, seen)
	if err != nil {
		return st, err
	}
	for _, id := range cands {
		if r.ranges.inside(id) {
			st.gone = append(st.gone, id)
			continue
		}
		if len(st.missed)+len(st.unsure) >= maxLookups || r.noLookup {
			st.unsure = append(st.unsure, id)
			continue
		}
		held, sure, err := r.lookup(ctx, id)
		switch {
		case err != nil:
			return st, err
		case held:
			st.missed = append(st.missed, id)
		case sure:
			st.gone = append(st.gone, id)
		default:
			st.unsure = append(st.unsure, id)
		}
	}
	return st, nil
}

// lookup asks the server for donation id alone, storing what it sends.
// sure is false when the server showed that it ignores the id filter: its
// answer then says nothing of id, and no more lookups are made.
func (r *syncRun) lookup(ctx context.Context, id int64) (held, sure bool, err error) {
	q := r.q
	q.ID = id
	p := r.src.Pager(q, api.OldestFirst)
	defer p.Close()
	ps := r.pass(p, nil, 0)
	ps.each = func(b api.Batch) {
		if b.Page != nil {
			held = held || slices.ContainsFunc(b.Page.Donations, func(d api.Donation) bool { return d.ID.Valid && d.ID.Value == id })
		}
	}
	pr, err := run(ctx, r.s, ps)
	r.res.New, r.res.Updated, r.res.Requests = r.res.New+pr.New, r.res.Updated+pr.Updated, r.res.Requests+pr.Requests
	if len(pr.Warnings) > 0 {
		r.noLookup = true
	}
	return held, held || len(pr.Warnings) == 0, err
}

// note says what a full walk could not vouch for, in words for the sync's
// warnings; "" when it vouches for the whole list.
func (st settled) note() string {
	switch {
	case len(st.missed) > 0:
		return fmt.Sprintf("the list changed while the sync read it: %d donations its pages passed over were found by id and kept, and others may be missing; nothing unsure was removed: run `donations sync --full` again for the whole account", len(st.missed))
	case len(st.unsure) > 0:
		return fmt.Sprintf("%d donations the server did not list could not be checked one by one and were kept: the store may hold gifts the server no longer has; run `donations sync --full` again", len(st.unsure))
	}
	return ""
}
