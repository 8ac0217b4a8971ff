package dataset_test

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/report"
	"donations/store"
)

// viewReads are the views' reads through an Asked, each with what the
// store gives of the same question directly (paid gifts: the rule's
// default), and the coverage the read said.
var viewReads = []struct {
	name   string
	read   func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error)
	direct func(ctx context.Context, st *store.Store) (any, error)
}{
	{"donors", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		p, err := a.Donors(ctx, "total", true, 0, 50)
		return p.Rows, p.Coverage, err
	}, func(ctx context.Context, st *store.Store) (any, error) {
		return st.Donors(ctx, paid, "total", true, 0, 50)
	}},
	{"donor count", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		return a.DonorCount(ctx)
	}, func(ctx context.Context, st *store.Store) (any, error) {
		return st.DonorCount(ctx, paid)
	}},
	{"a donor's campaigns", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		email, err := topDonor(ctx, a.Donors)
		if err != nil {
			return nil, dataset.Coverage{}, err
		}
		return a.DonorCampaigns(ctx, email)
	}, func(ctx context.Context, st *store.Store) (any, error) {
		email, err := topDonor(ctx, func(ctx context.Context, sort string, desc bool, offset, limit int) (dataset.DonorPage, error) {
			rows, err := st.Donors(ctx, paid, sort, desc, offset, limit)
			return dataset.DonorPage{Rows: rows}, err
		})
		if err != nil {
			return nil, err
		}
		return st.DonorCampaigns(ctx, paid, email)
	}},
	{"insights", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		in, err := a.Insights(ctx, "month", time.UTC)
		if err != nil {
			return nil, dataset.Coverage{}, err
		}
		return []any{in.Insight, in.Median, in.MedianOf}, in.Coverage, nil
	}, func(ctx context.Context, st *store.Store) (any, error) {
		in, err := st.Insight(ctx, paid, "month", time.UTC, 10)
		if err != nil {
			return nil, err
		}
		median, of, err := st.Median(ctx, paid)
		return []any{in, median, of}, err
	}},
	{"report", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		r, c, err := dataset.Report(ctx, a, "summary", reportYear)
		if err != nil {
			return nil, c, err
		}
		cells, err := reportCells(export.ReportOf(r, false, ""))
		return cells, c, err
	}, func(ctx context.Context, st *store.Store) (any, error) {
		r, err := report.Read(ctx, st, "summary", reportYear, report.DefaultBands)
		if err != nil {
			return nil, err
		}
		return reportCells(export.ReportOf(r, false, ""))
	}},
	{"every donation", func(ctx context.Context, a dataset.Asked) (any, dataset.Coverage, error) {
		var got []int64
		c, err := a.Donations(ctx, func(d *api.Donation) error { got = append(got, d.ID.Value); return nil })
		return got, c, err
	}, func(ctx context.Context, st *store.Store) (any, error) {
		var got []int64
		err := st.Donations(ctx, query.Query{}, 0, -1, func(d *api.Donation) error { got = append(got, d.ID.Value); return nil })
		return got, err
	}},
}

// paid is the filter of the gifts the default rule counts, of every
// donation.
var paid = query.Filter{Statuses: store.PaidStatuses}

// reportYear is a report over the demo's years so far.
var reportYear = report.Query{Year: demo.End.Year(), Now: demo.End}

// topDonor is the e-mail of the first donor donors reads.
func topDonor(ctx context.Context, donors func(context.Context, string, bool, int, int) (dataset.DonorPage, error)) (string, error) {
	p, err := donors(ctx, "total", true, 0, 1)
	if err != nil || len(p.Rows) == 0 {
		return "", err
	}
	return p.Rows[0].Email, nil
}

// reportCells are every cell of r's rows.
func reportCells(r export.Report) ([][]any, error) {
	var cells [][]any
	err := r.Rows(func(row []any) error { cells = append(cells, slices.Clone(row)); return nil })
	return cells, err
}

// A view's read through the dataset is the store's own on a synced store,
// and says it is whole; on a store a first sync has only begun to fill, it
// says it is partial, over what the store holds.
func TestViewReadsSayHowWhole(t *testing.T) {
	t.Parallel()
	eachShape(t, sized(1500, 800), false, func(t *testing.T, srv *demo.Running, c *api.Client, s *store.Store) {
		half, _ := tempStore(t)
		cutShort(t, half, c, dataset.SyncOptions{Concurrency: 1}, 2)
		sync(t, s, c, dataset.SyncOptions{Concurrency: 4})
		ctx := context.Background()
		for _, r := range viewReads {
			got, cover, err := r.read(ctx, dataset.Hold(s).Ask(question(t, nil), false, true, nil))
			if err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
			want, err := r.direct(ctx, s)
			if err != nil {
				t.Fatalf("%s from the store: %v", r.name, err)
			}
			if !cover.Whole || !reflect.DeepEqual(got, want) {
				t.Errorf("%s of a synced store: whole %v, equal to the store's own %v", r.name, cover.Whole, reflect.DeepEqual(got, want))
			}
			_, cover, err = r.read(ctx, dataset.Hold(half).Ask(question(t, nil), false, false, nil))
			if err != nil || cover.Whole || cover.Held.All == 0 || cover.Held.Missing() == 0 {
				t.Errorf("%s of a half-synced store: %v, whole %v, holds %+v", r.name, err, cover.Whole, cover.Held)
			}
		}
	})
}
