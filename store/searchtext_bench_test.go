package store

import "testing"

// BenchmarkSearchText makes the search text of demo donations, as
// preparing a page does for each (-benchmem: its allocations).
func BenchmarkSearchText(b *testing.B) {
	list := demoDonations(b, 2000)
	i := 0
	for b.Loop() {
		searchText(&list[i%len(list)])
		i++
	}
}
