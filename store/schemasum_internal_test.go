package store

import "testing"

// madeSum must be the sum of the schema this program makes: a stale one
// only checks every store the slow way, so nothing else would say so.
// (schema_test.go checks that a changed store is refused either way.)
func TestMadeSum(t *testing.T) {
	want, err := made()
	if err != nil {
		t.Fatal(err)
	}
	if got := schemaSum(want); got != madeSum {
		t.Fatalf("the schema changed: set madeSum in check.go to %q", got)
	}
}
