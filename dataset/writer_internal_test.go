package dataset

import (
	"testing"
	"time"

	"donations/api"
)

// A batch holds pages read for one thing: the range the browser wants
// first, or the walk. The page that starts the other is kept for the next
// batch, which tells its own progress: the range's page stored with the
// walk's after it was told as the walk's, and the header never said the
// range was read first.
func TestBatchesDoNotRunTheWantedRangeIntoTheWalk(t *testing.T) {
	month := wanted{r: api.DateRange{Since: time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC)}, page: 1, pages: 1}
	w := &pageWriter{in: make(chan fetched, 4)}
	w.in <- fetched{page: 2}
	w.in <- fetched{page: 3}
	close(w.in)
	var batches [][]int
	for f, ok := (fetched{page: 1, wanted: month}), true; ok; f, ok = w.next() {
		var pages []int
		for _, g := range w.gather(f) {
			pages = append(pages, g.page)
		}
		batches = append(batches, pages)
	}
	if len(batches) != 2 || len(batches[0]) != 1 || batches[0][0] != 1 || len(batches[1]) != 2 {
		t.Errorf("batches %v, want [[1] [2 3]]", batches)
	}
}
