package dataset

import (
	"context"

	"donations/query"
	"donations/report"
	"donations/store"
)

// The donors view's reads: the donors of the gifts the totals count (Rule,
// report.Counts)
// of what the question selects, so that a donor's total is a part of the
// footer's.

// counted is the store that answers the question now, the filter of the
// gifts the rule counts there, and how whole the answer is; any is false
// when no gift counts (or nothing answers yet), and nothing is to be read.
func (a Asked) counted(ctx context.Context) (st *store.Store, f query.Filter, any bool, c Coverage, err error) {
	src, err := a.reading(ctx)
	if err != nil || src.st == nil {
		return nil, src.f, false, src.Coverage, err
	}
	groups, err := src.st.Groups(ctx, src.f, []string{"status"}, nil)
	if err != nil {
		return nil, src.f, false, src.Coverage, err
	}
	f, any = countedFilter(src.f, a.Rule(), groups)
	return src.st, f, any, src.Coverage, nil
}

// countedFilter narrows f to the gifts rule counts (report.Counts), of
// the statuses present (groups: what f selects by status); any is false
// when none of them counts, as a filter of no status would select every
// one.
func countedFilter(f query.Filter, r report.Rule, groups []Group) (_ query.Filter, any bool) {
	counted, left := report.Split(groups, r)
	if report.Counted(r) == nil && (len(left) == 0 || left[0].Key[0] != Refunded) {
		return f, len(groups) > 0 // every status counts, the unknown one too
	}
	f.Statuses = counted
	return f, len(counted) > 0
}

// DonorPage is a page of donors, the largest first or as sorted, and how
// whole the store's answer was.
type DonorPage struct {
	Rows []Donor
	Coverage
}

// Donors reads limit donors from offset on, ordered by sort (a
// store.DonorSorts key), reversed with desc.
func (a Asked) Donors(ctx context.Context, sort string, desc bool, offset, limit int) (DonorPage, error) {
	st, f, any, c, err := a.counted(ctx)
	p := DonorPage{Coverage: c}
	if err == nil && any {
		p.Rows, err = st.Donors(ctx, f, sort, desc, offset, limit)
	}
	return p, err
}

// DonorCount is how many donors there are.
func (a Asked) DonorCount(ctx context.Context) (int, Coverage, error) {
	st, f, any, c, err := a.counted(ctx)
	n := 0
	if err == nil && any {
		n, err = st.DonorCount(ctx, f)
	}
	return n, c, err
}

// DonorCampaigns are the campaigns the donor of email gave to, the largest
// first, with what their counted gifts add up to.
func (a Asked) DonorCampaigns(ctx context.Context, email string) ([]Group, Coverage, error) {
	st, f, any, c, err := a.counted(ctx)
	var groups []Group
	if err == nil && any {
		groups, err = st.DonorCampaigns(ctx, f, email)
	}
	return groups, c, err
}
