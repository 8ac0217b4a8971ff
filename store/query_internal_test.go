package store

import (
	"testing"

	"donations/query"
)

// Every order a question can ask for has a column, and no column is
// missing from the names every place offers.
func TestSortColumnsAreTheSorts(t *testing.T) {
	for _, k := range query.Sorts {
		if _, ok := sortColumns[k]; !ok {
			t.Errorf("query.Sorts has %q, which the store cannot sort by", k)
		}
	}
	if len(query.Sorts) != len(sortColumns) {
		t.Errorf("query.Sorts has %d names, the store %d", len(query.Sorts), len(sortColumns))
	}
}

// The keys a summary groups by are the store's grouping columns.
func TestGroupKeysAreTheStoresColumns(t *testing.T) {
	for _, k := range query.GroupKeys {
		if _, ok := groupKeys[k]; !ok {
			t.Errorf("query.GroupKeys has %q, which the store cannot group by", k)
		}
	}
	if len(query.GroupKeys) != len(groupKeys) {
		t.Errorf("query.GroupKeys has %d names, the store %d", len(query.GroupKeys), len(groupKeys))
	}
}
