package api_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// What the raw view shows of an exchange is what went on the wire: the
// headers Go's transport adds to those the client sets (Host,
// Accept-Encoding), the credentials never; and of a gzipped answer, the
// Content-Encoding Go's transport takes off as it decompresses, with the
// bytes said to be counted decompressed.
func TestExchangesShowTheHeadersOnTheWire(t *testing.T) {
	for _, gz := range []bool{false, true} {
		srv := demo.New(demo.Options{Count: 150, Gzip: gz})
		hs := httptest.NewServer(srv)
		t.Cleanup(hs.Close)
		var got []api.Exchange
		c, err := api.New(api.Config{BaseURL: hs.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey,
			Trace: func(x api.Exchange) { got = append(got, x) }})
		if err != nil {
			t.Fatal(err)
		}
		pg, err := c.Page(context.Background(), api.Query{Page: 1})
		if err != nil || len(pg.Donations) != 100 || len(got) != 1 {
			t.Fatalf("gzip %v: %d donations, %d exchanges (%v)", gz, len(pg.Donations), len(got), err)
		}
		x := got[0]
		host := strings.TrimPrefix(hs.URL, "http://")
		if x.Sent.Get("Host") != host || x.Sent.Get("Accept-Encoding") != "gzip" || x.Sent.Get("Accept") != "application/json" ||
			x.Sent.Get("Authorization") != "Basic [redacted]" {
			t.Errorf("gzip %v: headers sent %v", gz, x.Sent)
		}
		if sent, _ := json.Marshal(x.Sent); strings.Contains(string(sent), demo.DefaultKey) {
			t.Errorf("the key is in the headers kept: %s", sent)
		}
		if x.Decompressed() != gz || (x.Header.Get("Content-Encoding") == "gzip") != gz {
			t.Errorf("gzip %v: answer headers %v, decompressed %v", gz, x.Header, x.Decompressed())
		}
		if want := map[bool]string{false: "bytes", true: "bytes decompressed"}[gz]; x.BytesUnit() != want {
			t.Errorf("gzip %v: %q, want %q", gz, x.BytesUnit(), want)
		}
	}
}
