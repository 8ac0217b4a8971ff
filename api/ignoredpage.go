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
	n := len(two.Donations)
	if half := n / 2; half > 0 {
		q := p.query(2)
		q.PerPage = half
		if got, err := p.c.Page(ctx, q); err == nil {
			p.requests++
			switch keyOf(got) {
			case keyOf(&Page{Donations: two.Donations[half : 2*half]}):
				return
			case keyOf(&Page{Donations: two.Donations[:half]}):
				n = p.q.EffectivePerPage()
			}
		}
	}
	if n >= p.q.EffectivePerPage() {
		p.fallShort("the server seems to ignore the page parameter",
			"page 2 repeated page 1: the server seems to ignore the page parameter, so only the first page could be read")
	}
}
