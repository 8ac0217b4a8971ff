package dataset_test

import (
	"testing"

	"donations/ask"
	"donations/dataset"
)

// One rule says where every answer comes from, for the browser and the
// commands alike.
func TestSourceFor(t *testing.T) {
	store, synced := dataset.Holding{Store: true}, dataset.Holding{Store: true, Synced: true}
	stream, offline := dataset.Holding{Stream: true}, dataset.Holding{Offline: true}
	for _, c := range []struct {
		name  string
		texts ask.Texts
		sort  string // as --sort takes it
		h     dataset.Holding
		want  dataset.From
	}{
		{"a synced store answers", ask.Texts{"status": "paid", "search": "ada"}, "", synced, dataset.FromStore},
		{"a store being filled answers over what it holds", ask.Texts{"dates": "2026-01-01.."}, "", store, dataset.FromStore},
		{"one donor waits for the first sync", ask.Texts{"email": "ada@example.org"}, "", store, dataset.FromScratch},
		{"one gift waits for the first sync", ask.Texts{"id": "100042"}, "", store, dataset.FromScratch},
		{"one donor from a synced store", ask.Texts{"last_name": "Lovelace"}, "", synced, dataset.FromStore},
		{"a campaign is walked", ask.Texts{"campaign_id": "104"}, "", synced, dataset.FromScratch},
		{"offline the store answers anything", ask.Texts{"campaign_id": "104"}, "", offline, dataset.FromStore},
		{"a stream of the server's filters", ask.Texts{"email": "ada@example.org"}, "", stream, dataset.FromAPI},
		{"a stream of everything", nil, "", stream, dataset.FromAPI},
		{"a store's filter is not streamed", ask.Texts{"status": "paid"}, "", stream, dataset.FromScratch},
		{"a search is not streamed", ask.Texts{"search": "ada"}, "", stream, dataset.FromScratch},
		{"a sort is not streamed", nil, "-amount", stream, dataset.FromScratch},
		{"nor newest first by date", nil, "-date", stream, dataset.FromScratch},
		{"without a store or a stream", nil, "", dataset.Holding{}, dataset.FromScratch},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := question(t, c.texts)
			if c.sort != "" {
				q.Sort, q.Desc, _ = ask.ParseSort(c.sort)
			}
			if got := dataset.SourceFor(q, c.h); got != c.want {
				t.Errorf("%v with %+v: from %v, want %v", c.texts, c.h, got, c.want)
			}
		})
	}
}
