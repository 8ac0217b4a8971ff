package ui

import (
	"sort"

	"donations/api"
)

// row is one shown donation: its summary, and the request that fetched it
// when it came from the API in this session.
type row struct {
	s  api.Summary
	ex *api.Exchange
}

func newRow(d *api.Donation, ex *api.Exchange) row { return row{s: d.Summary(), ex: ex} }

// sortedKeys lists a map's keys in the order less gives.
func sortedKeys[V any](m map[string]V, less func(a, b string) bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
	return keys
}
