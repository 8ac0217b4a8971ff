package api

import (
	"errors"
	"fmt"
)

// ErrOrderChanged is a walk's error where a page lists the other way from
// the order the client learned of the server before the walk (a server
// upgraded to honour order, say). The learned order is forgotten, so the
// next walk learns it again; a walk that began at a page its caller chose
// (From) cannot turn round on its own, so its caller is told.
var ErrOrderChanged = errors.New("the server lists in another order than it was found to: it is learned again")

// errStartAgain is the walk starting over after learning the order again,
// which Next does at once.
var errStartAgain = errors.New("start the walk again")

// confirm checks a page the walk reads against the order the walk assumes
// of the list: a page that lists the other way (its ids, or its dates,
// running against it) proves the assumption wrong. An order learned before
// the walk is learned again: at once where the walk has yielded nothing
// and chose its own way, else by the caller (ErrOrderChanged). An order
// the walk learned itself, from its own first pages, is one the server
// does not keep from page to page: no walk can read it whole, which the
// walk's warnings say.
func (p *Pager) confirm(pg *Page) error {
	want := 1
	if p.q.desc || p.c.listOrder() == OrderDescending {
		want = -1
	}
	if direction(pg.Donations) != -want {
		return nil
	}
	if p.learnt || p.q.desc {
		if !p.mixed {
			p.mixed = true
			p.fallShort("the server does not keep one order from page to page",
				fmt.Sprintf("page %d lists %s where page 1 lists %s: the server does not keep one order "+
					"from page to page, so some gifts could not be read", pg.Number, words(-want), words(want)))
		}
		return nil
	}
	p.c.learned.order.CompareAndSwap(int32(p.c.listOrder()), int32(OrderUnknown))
	if p.directed || p.taken > 0 {
		return fmt.Errorf("page %d: %w", pg.Number, ErrOrderChanged)
	}
	p.startAgain()
	return errStartAgain
}

// words names a direction of a page.
func words(dir int) string {
	if dir < 0 {
		return "newest first"
	}
	return "oldest first"
}

// startAgain makes p a new walk of its query and order, keeping what it
// counted and was told to do.
func (p *Pager) startAgain() {
	p.ahead.stop()
	fresh := p.c.Pager(p.q, p.order)
	fresh.requests, fresh.shortfall, fresh.ahead, fresh.wanted = p.requests, p.shortfall, p.ahead, p.wanted
	*p = *fresh
}
