package store

import (
	"testing"
	"time"
)

// BenchmarkRow makes the row of demo donations, as preparing a page does
// for each (-benchmem: its allocations).
func BenchmarkRow(b *testing.B) {
	list := demoDonations(b, 2000)
	vals := make([]any, 0, columns)
	rows := rowMaker{zone: time.UTC}
	i := 0
	for b.Loop() {
		rows.appendRow(vals, &list[i%len(list)])
		i++
	}
}
