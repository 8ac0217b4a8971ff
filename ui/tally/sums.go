// Package tally is the sums the browser's footer, insights and Live draw
// of what the list shows, and what they leave out, in words; which gifts
// count is report.Counts's rule, the one `donations report` and summary
// follow.
package tally

import (
	"maps"
	"slices"
	"strings"

	"donations/api"
	"donations/dataset"
	"donations/report"
	"donations/textsafe"
	"donations/ui/uictx"
)

// Sums is what the footer says of the rows shown: exact totals per
// currency, of every gift and of those that count (report.Counts's rule:
// paid gifts, a refunded one is not), the same for the converted
// amounts, the counts by status and of the recurring gifts that count (as
// insights counts them), and the converted sums per status, for what is
// left out.
type Sums struct {
	Count                int
	Amounts, Counted     map[string]api.Decimal
	Converted, ConvCount map[string]api.Decimal
	ByStatus             map[string]map[string]api.Decimal // per status, as a converted total counts them (summary too)
	// Refunded is what partial refunds took off the counted gifts (in the
	// converted currency where a gift has one): the totals are net of it.
	Refunded  map[string]api.Decimal
	Gifts     map[string]int // per currency: the most used is shown first
	Statuses  map[string]int
	Recurring int
	// Rule says which gifts the headline adds up: the one `donations
	// report` and summary follow (paid gifts, or the question's statuses).
	Rule report.Rule
	// NotConverted is how many counted gifts had no conversion, by their
	// own currency: a converted sum in their currency counts them in it
	// (as store.Group.Counted does); in another they are in amounts alone.
	NotConverted map[string]int
}

// Counts says whether the headline counts gifts of status, by the rule
// report.Counts gives.
func (t *Sums) Counts(status string) bool { return report.Counts(status, t.Rule) }

// Of is the footer's sums of groups keyed by status, recurring and
// currency (dataset.Sums.Groups); rule says which gifts the headline
// counts.
func Of(groups []dataset.Group, rule report.Rule) Sums {
	s := Sums{Amounts: map[string]api.Decimal{}, Counted: map[string]api.Decimal{}, Converted: map[string]api.Decimal{},
		ConvCount: map[string]api.Decimal{}, ByStatus: map[string]map[string]api.Decimal{}, Gifts: map[string]int{}, Statuses: map[string]int{},
		Refunded: map[string]api.Decimal{}, NotConverted: map[string]int{}, Rule: rule}
	unconverted, unconvertedCounted := map[string]api.Decimal{}, map[string]api.Decimal{}
	for _, g := range groups {
		status, recurring := g.Key[0], g.Key[1] == "recurring"
		if status == "" {
			status = "unknown"
		}
		s.Count += g.Count
		s.Statuses[status] += g.Count
		addAll(s.Amounts, g.Amounts)
		addAll(s.Converted, g.Converted)
		addAll(unconverted, g.Unconverted)
		if s.ByStatus[status] == nil {
			s.ByStatus[status] = map[string]api.Decimal{}
		}
		addAll(s.ByStatus[status], g.Counted())
		if s.Counts(status) {
			addAll(s.Counted, g.Amounts)
			addAll(s.ConvCount, g.Converted)
			addAll(unconvertedCounted, g.Unconverted)
			addAll(s.Refunded, g.Refunded)
			if g.NotConverted > 0 {
				s.NotConverted[g.Key[2]] += g.NotConverted
			}
			if recurring {
				s.Recurring += g.Count
			}
		}
		for cur := range g.Amounts {
			s.Gifts[cur] += g.Count
		}
	}
	for _, u := range []struct{ to, from map[string]api.Decimal }{{s.Converted, unconverted}, {s.ConvCount, unconvertedCounted}} {
		for cur, v := range u.from {
			if _, ok := s.Converted[cur]; ok {
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

// Raised is the headline: what the counted gifts add up to, converted
// ("raised ≈ USD 4,100.00"; "counted" when the question names the
// statuses), or "" when they convert to several currencies or none.
func (t *Sums) Raised() string {
	if len(t.Converted) != 1 {
		return ""
	}
	word := "raised"
	if len(t.Rule.Statuses) > 0 {
		word = "counted"
	}
	for cur := range t.Converted {
		return word + " ≈ " + uictx.Money(cur, t.ConvCount[cur])
	}
	return ""
}

// Unconverted is how many counted gifts had no conversion: in the
// headline's currency, which Raised counts in their own amounts, and in
// the others, which it cannot count (their sums per currency hold them).
func (t *Sums) Unconverted() (in, apart int) {
	for cur, n := range t.NotConverted {
		if _, headline := t.Converted[cur]; headline && len(t.Converted) == 1 {
			in += n
		} else {
			apart += n
		}
	}
	return in, apart
}

// LeftOut says in words what the headline does not count, the refunded
// money first, then what partial refunds took off the counted gifts:
// "+ USD 12.00 refunded, USD 3.50 refunded in part, 14 failed, not
// counted".
func (t *Sums) LeftOut(st *uictx.Styles) []string {
	parts, _, _ := t.leftOut(st)
	return parts
}

// LeftOutFit is as many of LeftOut's parts as fit in width, the rest
// counted by what they are ("+3 statuses", "+1 part refund, 2
// statuses"): a bare "+3" left the reader to guess. Where not even the
// first part fits so, the sums refunded in part, a detail of the
// headline rather than gifts it leaves out, give way first. "" when none
// fits.
func (t *Sums) LeftOutFit(st *uictx.Styles, width int) string {
	parts, at, inPart := t.leftOut(st)
	s := fitLeftOut(parts, at, inPart, width)
	if (s == "" || strings.HasPrefix(s, "+")) && inPart > 0 {
		s = fitLeftOut(slices.Delete(parts, at, at+inPart), 0, 0, width)
	}
	return s
}

// fitLeftOut fits parts, of which parts[at:at+inPart] are sums refunded in
// part and the others statuses, in width.
func fitLeftOut(parts []string, at, inPart, width int) string {
	return uictx.FitParts(parts, width, func(n int) string {
		// The last n parts go: the sums among them are those from
		// len(parts)-n on.
		sums := max(0, at+inPart-max(len(parts)-n, at))
		var said []string
		if sums > 0 {
			said = append(said, textsafe.Count(sums, "part refund"))
		}
		if n > sums {
			said = append(said, textsafe.Count(n-sums, "status"))
		}
		return "+" + strings.Join(said, ", ")
	})
}

// leftOut is LeftOut's parts, and where the inPart sums refunded in part
// stand among them (at).
func (t *Sums) leftOut(st *uictx.Styles) (parts []string, at, inPart int) {
	var inParts []string
	for _, cur := range slices.Sorted(maps.Keys(t.Refunded)) {
		// Beside a converted headline, only what was taken off it: the
		// other currencies' sums are net of theirs.
		if _, headline := t.Converted[cur]; len(t.Converted) == 1 && !headline {
			continue
		}
		if v := t.Refunded[cur]; v.Compare(api.Decimal{}) != 0 {
			inParts = append(inParts, uictx.Money(cur, v)+" "+st.StatusStyle(dataset.Refunded).Render("refunded in part"))
		}
	}
	var byCount []dataset.Group
	for _, s := range uictx.ByCount(t.Statuses) {
		byCount = append(byCount, dataset.Group{Key: []string{s}, Count: t.Statuses[s], Converted: t.ByStatus[s]})
	}
	_, left := report.Split(byCount, t.Rule)
	for _, l := range report.LeftOut(left) {
		name := st.StatusStyle(l.Status).Render(l.Name)
		part := uictx.Commas(l.Count) + " " + name
		if len(l.Money) == 1 { // the money it was, where one sum says it
			for cur, v := range l.Money {
				part = uictx.Money(cur, v) + " " + name
			}
		}
		parts = append(parts, part)
	}
	if len(left) > 0 && left[0].Key[0] == dataset.Refunded {
		at = 1
	}
	at = min(at, len(parts))
	return slices.Insert(parts, at, inParts...), at, len(inParts)
}
