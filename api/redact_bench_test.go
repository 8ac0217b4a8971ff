package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"donations/api/demo"
)

// Every answer is redacted before use; on a page of 100 donations that must
// cost little next to decoding it (BenchmarkDecodePage).
func BenchmarkRedactPage(b *testing.B) {
	srv := httptest.NewServer(demo.New(demo.Options{Count: 1000}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations?page=3", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	r := newRedactor(demo.DefaultLogin, "sk_live_4f9a71c2e8b34d5a9e0f1b2c3d4e5f60")
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if out := r.bytes(body); len(out) != len(body) {
			b.Fatal("redacted a page that holds no secret")
		}
	}
}
