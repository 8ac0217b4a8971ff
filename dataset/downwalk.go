package dataset

import (
	"time"

	"donations/api"
	"donations/store"
)

// downSpan follows the span of the list read by a walk over a server that
// lists newest first only (api.OrderDescending), page 1 on: the pages come
// newest first, so the span grows down from the first page's newest
// donation, and reaches the list's start when the walk ends.
type downSpan struct {
	asOf time.Time
	top  bool // the walk began on page 1: its span reaches the list's end
	// held is the store's newest id when the walk began from page 1 (0:
	// none). Until a page reaches it, the walk has not read all the gifts
	// that came since: nothing is recorded, so that a walk cut short there
	// does not join the span the store holds over gifts it never read.
	held   int64
	joined bool
	cur    store.Span
	open   bool
	last   int // the list's last page, when known
}

func (w *downSpan) record(b api.Batch, suspect bool, f *fetched) {
	if b.Page == nil {
		return
	}
	lo, hi, ok := idBounds(b.Page.Donations)
	end := b.Done && !suspect
	switch {
	case !ok && !w.open && end && w.top:
		w.cur, w.open = store.Span{To: store.End, Page: 1, AsOf: w.asOf}, true // an empty list
	case !ok && !(w.open && end):
		return
	case !ok:
	case !w.open:
		w.cur, w.open = store.Span{From: lo, To: hi, Page: b.Page.Number, AsOf: w.asOf}, true
		if w.top {
			w.cur.To = store.End
		}
	default:
		w.cur.From, w.cur.Page = min(w.cur.From, lo), b.Page.Number
	}
	if end {
		w.cur.From, w.joined = 0, true // the list's oldest gift: read from page 1, nothing was passed over
	}
	if w.held > 0 && ok && lo <= w.held {
		w.joined = true
	}
	if w.held > 0 && !w.joined {
		return
	}
	f.Cover = &store.Cover{Span: w.cur}
	if w.cur.To == store.End {
		f.Cover.Last = w.last
	}
}
