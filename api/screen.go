package api

import (
	"fmt"
	"strconv"
	"strings"
)

// mismatch names the first of q's filters d cannot match, or "". An id
// matches exactly; an e-mail or a name, which the spec matches "exactly or
// partially", at least holds what was asked, in either case. campaign_id
// is not checked: a donation carries no campaign id to compare.
func (q Query) mismatch(d *Donation) string {
	holds := func(field Text, asked string) bool {
		return strings.Contains(strings.ToLower(field.Value), strings.ToLower(asked))
	}
	switch {
	case q.ID > 0 && (!d.ID.Valid || d.ID.Value != q.ID):
		return "id=" + strconv.FormatInt(q.ID, 10)
	case q.Email != "" && !holds(d.Email, q.Email):
		return "email=" + q.Email
	case q.FirstName != "" && !holds(d.FirstName, q.FirstName):
		return "first_name=" + q.FirstName
	case q.LastName != "" && !holds(d.LastName, q.LastName):
		return "last_name=" + q.LastName
	}
	return ""
}

// screen drops from b the donations that cannot match the query's filters.
// One such row shows the server ignores the filter (or reads it otherwise
// than asked): the walk says so and ends there, since reading on would read
// the whole account for what a filtering server answers in a page.
func (p *Pager) screen(b *Batch) {
	if !p.q.Filtered() {
		return
	}
	kept, off := b.Donations[:0], ""
	for i := range b.Donations {
		if f := p.q.mismatch(&b.Donations[i]); f != "" {
			off = f
			continue
		}
		kept = append(kept, b.Donations[i])
	}
	b.Donations = kept
	if off == "" {
		return
	}
	b.Done = true
	p.warnings = append(p.warnings, fmt.Sprintf("the server does not apply the filter %s: page %d held donations that do not match it; "+
		"they were left out and the walk stopped there, as reading on would read the whole account (a synced store answers it offline)",
		off, b.Page.Number))
}
