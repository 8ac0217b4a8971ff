package api

import "context"

// warnIfPageIgnored warns, where page 2 (two) repeated page 1, that the
// server seems to ignore `page`, unless page 2 asked in pages half as long
// says otherwise: the second half of page 1 where `page` counts (the list
// is one page long, and its server repeats its last page past the end),
// the first half where it does not. From the two pages alone the two
// cannot be told apart: a list of exactly one full page was told that
// only its first page could be read, and a sync never held it complete;
// and a server that ignores `page` and serves fewer than asked (a cap
// below per_page) went unnoticed, its first page taken for the whole
// list. One request more, made only here. Where the answer tells nothing
// (an error, per_page ignored too, or a page of one, which has no half),
// a page 1 shorter than asked is taken for the end, as it is elsewhere,
// and a full one is warned of: `list --per-page 1` against a server that
// ignores `page` printed one donation and no word of the rest.
func (p *Pager) warnIfPageIgnored(ctx context.Context, two *Page) {
	if two.Number != 2 {
		return
	}
	ask := func(half int) (contentKey, bool) {
		q := p.query(2)
		q.PerPage = half
		got, err := p.c.Page(ctx, q)
		if err != nil {
			return contentKey{}, false
		}
		p.requests++
		return keyOf(got), true
	}
	part := func(from, to int) contentKey { return keyOf(&Page{Donations: two.Donations[from:to]}) }
	if pageIgnored(len(two.Donations), p.q.EffectivePerPage(), ask, part) {
		p.fallShort("the server seems to ignore the page parameter",
			"page 2 repeated page 1: the server seems to ignore the page parameter, so only the first page could be read")
	}
}

// pageIgnored is the rule above for a page 2 of n records, in pages of
// per, that repeated page 1: ask fetches page 2 in pages of half as many
// (false where it could not), part is the key of two's records from..to.
func pageIgnored(n, per int, ask func(half int) (contentKey, bool), part func(from, to int) contentKey) bool {
	if half := n / 2; half > 0 {
		if got, ok := ask(half); ok {
			switch got {
			case part(half, 2*half):
				return false
			case part(0, half):
				n = per
			}
		}
	}
	return n >= per
}
