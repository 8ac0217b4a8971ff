package dataset_test

import (
	"context"
	"slices"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/query"
)

// Live's check reads the store the list's Answer reads: for a question of
// one donor asked by a caller that has not heard yet that the store's
// first sync ended, the store answers (its status says it is synced), so
// Live must check it too, not a walk the caller never started.
func TestLiveChecksTheSourceAnswerReads(t *testing.T) {
	t.Parallel()
	srv, s, _ := syncedCopy(t, demo.Options{Count: 300})
	c := client(t, srv.URL)
	ctx := context.Background()
	var email string
	var ids []int64
	err := s.Donations(ctx, query.Query{Sort: "id", Desc: true}, 0, 1, func(d *api.Donation) error { email = d.Email.Value; return nil })
	if err == nil {
		err = s.Donations(ctx, query.Query{Filter: query.Filter{Email: email}, Sort: "id", Desc: true}, 0, -1, func(d *api.Donation) error {
			ids = append(ids, d.ID.Value)
			return nil
		})
	}
	if err != nil || len(ids) == 0 {
		t.Fatalf("the newest gift's donor %q has gifts %v (%v)", email, ids, err)
	}
	asked := dataset.Hold(s).Ask(question(t, ask.Texts{"email": email}), false, false, nil)
	if snap := answer(t, asked.Request(1)); snap.From != dataset.FromStore {
		t.Fatalf("the list's answer comes from %v, not the synced store", snap.From)
	}
	live := func(ctx context.Context, st dataset.Local, q api.Query, from int) (dataset.SyncResult, error) {
		return st.Sync(ctx, c, dataset.SyncOptions{From: from, Query: q, NoWait: true})
	}
	n, err := asked.Live(ctx, dataset.LiveCheck{After: 1, Most: 200, Sync: live, LastPage: c.LastPage})
	if err != nil {
		t.Fatalf("Live's check of the store the list reads: %v", err)
	}
	var got []int64
	for _, d := range n.Rows {
		got = append(got, d.ID.Value)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("Live found %v, the store holds %v of %s", got, ids, email)
	}
}
