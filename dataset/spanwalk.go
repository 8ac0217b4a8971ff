package dataset

import (
	"time"

	"donations/api"
	"donations/store"
)

// spanWalk follows the span of the list a walk has read, page by page, so
// that each transaction of pages records what it completes.
type spanWalk struct {
	back  bool // pages come last first
	atEnd bool // a walk back that starts on the list's last page
	asOf  time.Time
	cur   store.Span
	open  bool // a page that held donations was read
	last  int  // the list's last page, once reached
}

func (w *spanWalk) record(b api.Batch, suspect bool, f *fetched) { f.Cover = w.add(b, suspect) }

// add takes the next page of the walk; nil when the record is unchanged.
// suspect is true when the walker found the server misbehaving (a page
// repeating the one before): the end it saw is then not believed.
func (w *spanWalk) add(b api.Batch, suspect bool) *store.Cover {
	if b.Page == nil {
		return nil
	}
	lo, hi, ok := idBounds(b.Page.Donations)
	n := b.Page.Number
	switch {
	case !ok && !w.open && !w.back && n == 1 && b.Done && !suspect:
		w.cur, w.open, w.last = store.Span{From: 0, To: store.End, Page: 1, AsOf: w.asOf}, true, 0 // an empty list
	case !ok && w.open && !w.back && b.Done && !suspect:
		w.cur.To = store.End
	case !ok:
		return nil
	case !w.open:
		w.cur, w.open = store.Span{From: lo, To: hi, Page: n, AsOf: w.asOf}, true
		if w.back && w.atEnd {
			w.cur.To, w.last = store.End, n
		}
	case w.back:
		w.cur.From, w.cur.Page = min(w.cur.From, lo), n
	default:
		w.cur.To = max(w.cur.To, hi)
	}
	if n == 1 {
		w.cur.From = 0
	}
	if !w.back && ok && (w.last == 0 || n > w.last) {
		w.last = n
	}
	if !w.back && b.Done && !suspect {
		w.cur.To = store.End
	}
	c := &store.Cover{Span: w.cur}
	if w.cur.To == store.End {
		c.Last = w.last
	}
	return c
}

func idBounds(list []api.Donation) (lo, hi int64, ok bool) {
	for i := range list {
		if id := list[i].ID; id.Valid {
			if !ok || id.Value < lo {
				lo = id.Value
			}
			hi = max(hi, id.Value)
			ok = true
		}
	}
	return lo, hi, ok
}
