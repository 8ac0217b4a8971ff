package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// demoPage is one full page of 100 demo donations, as the server sends it.
func demoPage(b testing.TB) []byte {
	b.Helper()
	srv := httptest.NewServer(demo.New(demo.Options{Count: 1000}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations?page=3", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return body
}

func BenchmarkDecodePage(b *testing.B) {
	body := demoPage(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		list, _, err := api.DecodePage(body, 1)
		if err != nil || len(list) != 100 {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePlainEncodingJSON(b *testing.B) {
	body := demoPage(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		// The demo's own plain-typed record: what encoding/json decodes with
		// no tolerance at all, answers kept raw as the client keeps them.
		var list []demo.Record
		if err := json.Unmarshal(body, &list); err != nil || len(list) != 100 {
			b.Fatal(err)
		}
	}
}
