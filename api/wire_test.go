package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
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
	t.Parallel()
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

// The headers kept are those of the request that was answered, and hold
// no credentials of any kind: a redirect within the origin kept both
// requests' headers as one (Host twice), and the password of a proxy
// went into the raw view and the store as written (a Transport given in
// Config may proxy; the default one proxies no loopback address).
func TestWireHeadersAreTheAnsweredRequestsWithoutCredentials(t *testing.T) {
	t.Parallel()
	srv := demo.New(demo.Options{Count: 50})
	hop := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.Query(); q.Get("hop") == "" {
			http.Redirect(w, r, r.URL.Path+"?"+r.URL.RawQuery+"&hop=1", http.StatusFound)
			return
		}
		r.URL.RawQuery = strings.ReplaceAll(r.URL.RawQuery, "&hop=1", "")
		srv.ServeHTTP(w, r)
	})
	hs := httptest.NewServer(hop)
	t.Cleanup(hs.Close)
	proxy, err := url.Parse("http://proxyuser:proxysecret@" + hs.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	for name, cfg := range map[string]api.Config{
		"redirect": {BaseURL: hs.URL},
		"proxy":    {BaseURL: "http://127.0.0.1:9", Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}},
	} {
		var got []api.Exchange
		cfg.Username, cfg.APIKey = demo.DefaultLogin, demo.DefaultKey
		cfg.Trace = func(x api.Exchange) { got = append(got, x) }
		c, err := api.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Page(context.Background(), api.Query{Page: 1}); err != nil || len(got) != 1 {
			t.Fatalf("%s: %d exchanges (%v)", name, len(got), err)
		}
		if hosts := got[0].Sent.Values("Host"); len(hosts) != 1 {
			t.Errorf("%s: Host sent %q", name, hosts)
		}
		sent, _ := json.Marshal(got[0].Sent)
		for _, secret := range []string{demo.DefaultKey, base64.StdEncoding.EncodeToString([]byte("proxyuser:proxysecret"))} {
			if strings.Contains(string(sent), secret) {
				t.Errorf("%s: a credential is in the headers kept: %s", name, sent)
			}
		}
	}
}
