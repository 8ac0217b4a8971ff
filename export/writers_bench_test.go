package export_test

import (
	"io"
	"testing"

	"donations/api/apitest"
	"donations/export"
)

// BenchmarkWriters writes a page of 100 demo donations in each format, as
// Stream does: the page, then a flush.
func BenchmarkWriters(b *testing.B) {
	page := apitest.Every(b, demoClient(b, 100))
	for _, format := range export.Formats {
		b.Run(format, func(b *testing.B) {
			w, err := export.New(format, io.Discard, 120)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				for i := range page {
					if err := w.Write(&page[i]); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Flush(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
