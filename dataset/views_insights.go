package dataset

import (
	"context"
	"time"

	"donations/api"
	"donations/report"
	"donations/store"
)

// The insights view's reads: one adding-up of the question, and the
// fundraising reports over it.

// topDonors is how many donors the insights name.
const topDonors = 10

// Insights is one adding-up of what the question selects: its sums by
// status and recurring (the footer's), its groups by status, and of the
// gifts the rule counts the break-downs, the top donors and the median;
// with how whole the store's answer was.
type Insights struct {
	Sums     *Sums
	Statuses []Group
	// Counted is false when no gift counts: the break-downs are empty.
	Counted bool
	store.Insight
	Median   api.Decimal
	MedianOf int
	Coverage
}

// Insights adds the question up by period ("month", "week" or "day", in
// loc).
func (a Asked) Insights(ctx context.Context, period string, loc *time.Location) (*Insights, error) {
	src, err := a.loaded(ctx)
	if err != nil {
		return nil, err
	}
	st, f := src.st, src.f
	in := &Insights{Coverage: src.Coverage}
	if in.Sums, err = sums(ctx, st, f, a.allStatuses); err != nil {
		return nil, err
	}
	if in.Statuses, err = st.Groups(ctx, f, []string{"status"}, loc); err != nil {
		return nil, err
	}
	counted, any := countedFilter(f, a.Rule(), in.Statuses)
	if in.Counted = any; !any {
		return in, nil
	}
	if in.Insight, err = st.Insight(ctx, counted, period, loc, topDonors); err != nil {
		return in, err
	}
	in.Median, in.MedianOf, err = st.Median(ctx, counted)
	return in, err
}

// Report reads the report named of the question for q's year, from the
// store that answers, and says how whole it was. q's filter is the
// question's, as the store applies it there.
func Report(ctx context.Context, a Asked, name string, q report.Query) (report.Result, Coverage, error) {
	src, err := a.loaded(ctx)
	if err != nil {
		return report.Result{}, src.Coverage, err
	}
	q.Filter = src.f
	r, err := report.Read(ctx, src.st, name, q, report.DefaultBands)
	return r, src.Coverage, err
}
