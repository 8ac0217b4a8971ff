package store_test

import (
	"testing"

	"donations/api/demo"
	"donations/dataset"
)

// Long fields take no more room than the JSON that brings them: a donor's
// e-mail of 1 kB and a form's or campaign's name of 10 kB (the demo's
// LongFields) are held in their records, and the columns, indexes and
// sums derived from them hold a bounded key of each (keys.go). Without
// it each index entry of such a key spilled onto pages of its own: 4.4×
// (spec) and 4.1× (Donorbox) here, 1.13× and 1.10× with it.
func TestLongFieldsStayWithinTheJSON(t *testing.T) {
	for _, shape := range []string{demo.ShapeSpec, demo.ShapeDonorbox} {
		t.Run(shape, func(t *testing.T) {
			s, _, _, _ := syncedFile(t, demo.Options{Count: 2_000, LongFields: true, Shape: shape}, dataset.SyncOptions{})
			if x := sizeOverJSON(t, s); x > 1.5 {
				t.Fatalf("the store is %.2f× the JSON it holds", x)
			}
		})
	}
}
