package dataset_test

import (
	"context"
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// What an answer costs over a synced store on disk: deciding where it
// comes from and how whole it is alone (the store's status, read on each
// call), and with a count and the browser's window of 200 rows.
func BenchmarkAnswer(b *testing.B) {
	srv := server(b, demo.Options{Count: 2000})
	s, _ := tempStore(b)
	sync(b, s, client(b, srv.URL), dataset.SyncOptions{Concurrency: 4})
	q := question(b, nil)
	for _, c := range []struct {
		name string
		r    dataset.AnswerRequest
	}{
		{"coverage", dataset.AnswerRequest{Question: q, Store: s}},
		{"count+window", dataset.AnswerRequest{Question: q, Parts: dataset.PartCount, Window: dataset.Window{Offset: 500, Limit: 200}, Store: s}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := dataset.Answer(context.Background(), c.r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
