package ui

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"

	"donations/api"
	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
)

// footerSums is what the footer says of the rows shown: exact totals per
// currency, of every gift and of those that count (store.ReportQuery's
// rule: paid gifts, a refunded one is not), the same for the converted
// amounts, the counts by status and of recurring gifts, and the converted
// sums per status, for what is left out.
type footerSums struct {
	count                int
	amounts, counted     map[string]api.Decimal
	converted, convCount map[string]api.Decimal
	byStatus             map[string]map[string]api.Decimal // converted, per status
	// refunded is what partial refunds took off the counted gifts (in the
	// converted currency where a gift has one): the totals are net of it.
	refunded  map[string]api.Decimal
	gifts     map[string]int // per currency: the most used is shown first
	statuses  map[string]int
	recurring int
	// rule says which gifts the headline adds up: the one `donations
	// report` and summary follow (paid gifts, or the question's statuses).
	rule store.ReportQuery
	// notConverted counted gifts had no conversion: a converted sum in
	// their currency counts them in it (as store.Group.Counted does), and
	// the line says so; in another currency they are in amounts alone.
	notConverted int
}

// sumFooter adds up what f selects, in the store, in one pass; rule says
// which gifts the headline counts.
func sumFooter(ctx context.Context, st *store.Store, f store.Filter, rule store.ReportQuery) (footerSums, error) {
	groups, err := st.Groups(ctx, f, []string{"status", "recurring"}, nil)
	return footerOf(groups, rule), err
}

// footerOf is the footer's sums of groups keyed by status and recurring
// (dataset.Sums.Groups); rule says which gifts the headline counts.
func footerOf(groups []store.Group, rule store.ReportQuery) footerSums {
	s := footerSums{amounts: map[string]api.Decimal{}, counted: map[string]api.Decimal{}, converted: map[string]api.Decimal{},
		convCount: map[string]api.Decimal{}, byStatus: map[string]map[string]api.Decimal{}, gifts: map[string]int{}, statuses: map[string]int{},
		refunded: map[string]api.Decimal{}, rule: rule}
	unconverted, unconvertedCounted := map[string]api.Decimal{}, map[string]api.Decimal{}
	for _, g := range groups {
		status, recurring := g.Key[0], g.Key[1] == "recurring"
		if status == "" {
			status = "unknown"
		}
		s.count += g.Count
		s.statuses[status] += g.Count
		if recurring {
			s.recurring += g.Count
		}
		addAll(s.amounts, g.Amounts)
		addAll(s.converted, g.Converted)
		addAll(unconverted, g.Unconverted)
		if s.byStatus[status] == nil {
			s.byStatus[status] = map[string]api.Decimal{}
		}
		addAll(s.byStatus[status], g.Converted)
		if s.rule.Counts(status) {
			addAll(s.counted, g.Amounts)
			addAll(s.convCount, g.Converted)
			addAll(unconvertedCounted, g.Unconverted)
			addAll(s.refunded, g.Refunded)
			s.notConverted += g.NotConverted
		}
		for cur := range g.Amounts {
			s.gifts[cur] += g.Count
		}
	}
	for _, u := range []struct{ to, from map[string]api.Decimal }{{s.converted, unconverted}, {s.convCount, unconvertedCounted}} {
		for cur, v := range u.from {
			if _, ok := s.converted[cur]; ok {
				u.to[cur] = u.to[cur].Add(v)
			}
		}
	}
	return s
}

func addAll(to, from map[string]api.Decimal) {
	for k, v := range from {
		to[k] = to[k].Add(v)
	}
}

// raised is the headline: what the counted gifts add up to, converted
// ("raised ≈ USD 4,100.00"; "counted" when the question names the
// statuses), or "" when they convert to several currencies or none.
func (t *footerSums) raised() string {
	if len(t.converted) != 1 {
		return ""
	}
	word := "raised"
	if len(t.rule.Filter.Statuses) > 0 {
		word = "counted"
	}
	for cur := range t.converted {
		return word + " ≈ " + uictx.Money(cur, t.convCount[cur])
	}
	return ""
}

// leftOut says in words what the headline does not count, the refunded
// money first, then what partial refunds took off the counted gifts:
// "+ USD 12.00 refunded, USD 3.50 refunded in part, 14 failed, not
// counted".
func (t *footerSums) leftOut(st *uictx.Styles) []string {
	var parts, inPart []string
	for _, cur := range slices.Sorted(maps.Keys(t.refunded)) {
		// Beside a converted headline, only what was taken off it: the
		// other currencies' sums are net of theirs.
		if _, headline := t.converted[cur]; len(t.converted) == 1 && !headline {
			continue
		}
		if v := t.refunded[cur]; v.Compare(api.Decimal{}) != 0 {
			inPart = append(inPart, uictx.Money(cur, v)+" "+st.StatusStyle(store.Refunded).Render("refunded in part"))
		}
	}
	order := uictx.ByCount(t.statuses)
	if i := slices.Index(order, store.Refunded); i > 0 {
		order = slices.Concat([]string{store.Refunded}, order[:i], order[i+1:])
	}
	for _, s := range order {
		if t.rule.Counts(s) {
			continue
		}
		part := st.StatusStyle(s).Render(textsafe.Line(s))
		if sum := t.byStatus[s]; s == store.Refunded && len(sum) == 1 {
			for cur, v := range sum {
				part = uictx.Money(cur, v) + " " + part
			}
		} else {
			part = uictx.Commas(t.statuses[s]) + " " + part
		}
		parts = append(parts, part)
	}
	at := 0
	if len(order) > 0 && order[0] == store.Refunded && !t.rule.Counts(store.Refunded) {
		at = 1
	}
	return slices.Insert(parts, min(at, len(parts)), inPart...)
}

// totalsLine is the shown rows' totals: the headline, what the paid gifts
// raised, converted ("Σ raised ≈ USD 4,100.00"), then per currency, the
// most used first, then what is not counted, in words, and the recurring
// gifts. On a narrow screen it shortens rather than cuts: currencies that
// do not fit become "+3 currencies", statuses "+2"; a figure is never cut.
func (m *Model) totalsLine() string {
	st, t, w := &m.ctx.Styles, &m.data.shown.sums, m.ctx.Layout.Width
	if s := &m.data.shown; s.sumsGen != s.gen || t.rule.AllStatuses != m.data.allStatuses {
		// The totals on hand answer an older question: no figure until
		// this one's are in.
		return st.Label.Render("Σ ") + st.Muted.Render("counting…")
	}
	if t.count == 0 {
		return ""
	}
	head := st.Label.Render("Σ ")
	if p := m.data.partial(); p != "" {
		// Totals are what fundraisers report: a partial one says so first.
		head = st.Warn.Render(textsafe.Line(p)+": ") + head
	}
	raised := t.raised()
	head += raised
	if t.notConverted > 0 && raised != "" {
		head += st.Warn.Render(" incl. " + uictx.Commas(t.notConverted) + " unconverted")
	}
	var sums []string
	for _, cur := range uictx.ByCount(t.gifts) {
		if _, same := t.converted[cur]; (!same || len(t.gifts) > 1) && t.counted[cur].Compare(api.Decimal{}) != 0 {
			sums = append(sums, uictx.Money(cur, t.counted[cur]))
		}
	}
	// The headline, then what is left out, then as many currencies as the
	// rest of the line holds.
	sep, bar := " · ", st.Muted.Render("  │  ")
	notCounted := st.Muted.Render(", not counted")
	room := w - textsafe.Width(head) - textsafe.Width(bar) - textsafe.Width(notCounted) - 10
	tail := uictx.FitParts(t.leftOut(st), room, func(n int) string { return "+" + strconv.Itoa(n) })
	if strings.HasPrefix(tail, "+") {
		tail = "" // "+5" alone says nothing
	}
	if tail != "" {
		tail = bar + "+ " + tail + notCounted
	}
	if rec := bar + "↻ " + uictx.Commas(t.recurring) + " recurring"; t.recurring > 0 && textsafe.Width(head+tail+rec) <= w-10 {
		tail += rec
	}
	if raised == "" {
		sep = ""
	}
	room = w - textsafe.Width(head) - textsafe.Width(sep) - textsafe.Width(tail)
	cur := uictx.FitParts(sums, room, func(n int) string { return "+" + textsafe.Count(n, "currency") })
	if cur == "" {
		sep = ""
	}
	return head + sep + cur + tail
}
