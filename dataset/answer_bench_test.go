package dataset_test

import (
	"context"
	"testing"

	"donations/api/demo"
	"donations/dataset"
	"donations/store"
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
		{"count+window", dataset.AnswerRequest{Question: q, Window: dataset.Window{Offset: 500, Limit: 200}, Store: s}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := dataset.Answer(context.Background(), c.r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// What the browser's scrolling costs: a window of 200 rows alone, over a
// synced store and over one a first sync has half filled, where every
// answer reads how much of the question the store holds as well.
func BenchmarkAnswerWindow(b *testing.B) {
	srv := server(b, demo.Options{Count: 20_000})
	synced, _ := tempStore(b)
	sync(b, synced, client(b, srv.URL), dataset.SyncOptions{Concurrency: 4})
	half, _ := tempStore(b)
	cutShort(b, half, client(b, srv.URL), dataset.SyncOptions{Concurrency: 1}, 100)
	q := question(b, nil)
	for _, c := range []struct {
		name string
		s    *store.Store
	}{{"synced", synced}, {"first-sync", half}} {
		b.Run(c.name, func(b *testing.B) {
			r := dataset.AnswerRequest{Question: q, Window: dataset.Window{Offset: 500, Limit: 200}, Store: c.s}
			for b.Loop() {
				if _, _, err := dataset.Answer(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
