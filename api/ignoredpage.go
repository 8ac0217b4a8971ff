package api

import "context"

// warnIfPageIgnored warns, where page 2 (two) repeated a full page 1, that
// the server seems to ignore `page`, unless the list is one page long.
// From those two pages alone the two cannot be told apart: a list of
// exactly one page, on a server that repeats its last page past the end,
// was told that only its first page could be read, and a sync never held
// it complete. Asked in pages half as long, page 2 is then the second half
// of page 1: one request more, made only here. Any other answer, an error
// among them, keeps the warning.
func (p *Pager) warnIfPageIgnored(ctx context.Context, two *Page) {
	if two.Number != 2 || len(two.Donations) < p.q.EffectivePerPage() {
		return
	}
	if half := len(two.Donations) / 2; half > 0 {
		q := p.query(2)
		q.PerPage = half
		got, err := p.c.Page(ctx, q)
		if err == nil {
			p.requests++
			if keyOf(got) == keyOf(&Page{Donations: two.Donations[half : 2*half]}) {
				return
			}
		}
	}
	p.warnings = append(p.warnings, "page 2 repeated page 1: the server seems to ignore the page parameter, so only the first page could be read")
}
