package store_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// BenchmarkPut stores pages of 100 demo donations, as a sync does.
func BenchmarkPut(b *testing.B) { benchPut(b, false) }

// BenchmarkPutOneDonor stores them without their e-mails: one donor, whose
// row must cost the same to keep however many gifts it holds.
func BenchmarkPutOneDonor(b *testing.B) { benchPut(b, true) }

func benchPut(b *testing.B, oneDonor bool) {
	srv := server(b, demo.Options{Count: 100})
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page, _, err := api.DecodePage(body, 1)
	if err != nil {
		b.Fatal(err)
	}
	s, _ := tempStore(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		for k := range page {
			page[k].ID.Value = int64(i*100 + k)
			if oneDonor {
				page[k].Email = api.Text{}
			}
		}
		if _, err := s.Put(context.Background(), page, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}
