package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// A base URL of plain http is allowed for a loopback host only, so the
// key never crosses the network in clear; Go's transport sends such a
// request through HTTP_PROXY unless the host is spelt "localhost" or is
// a loopback address, so "http://LOCALHOST:port" went to the proxy with
// the key in clear. Go reads HTTP_PROXY once a process, so the client
// runs in a process of its own with it set.
func TestPlainHTTPToLoopbackNeverGoesThroughAProxy(t *testing.T) {
	t.Parallel()
	if base := os.Getenv("DONATIONS_TEST_PROXIED_BASE"); base != "" {
		c, err := api.New(api.Config{BaseURL: base, Username: demo.DefaultLogin, APIKey: demo.DefaultKey,
			Retry: api.RetryPolicy{MaxAttempts: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Page(context.Background(), api.Query{Page: 1}); err != nil {
			t.Fatal(err)
		}
		return
	}
	var proxied atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxied.Add(1)
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer proxy.Close()
	hs := httptest.NewServer(demo.New(demo.Options{Count: 10}))
	defer hs.Close()
	base := strings.Replace(hs.URL, "127.0.0.1", "LOCALHOST", 1)
	cmd := exec.Command(os.Args[0], "-test.run=^TestPlainHTTPToLoopbackNeverGoesThroughAProxy$")
	cmd.Env = append(os.Environ(), "DONATIONS_TEST_PROXIED_BASE="+base,
		"HTTP_PROXY="+proxy.URL, "http_proxy="+proxy.URL, "NO_PROXY=", "no_proxy=")
	out, err := cmd.CombinedOutput()
	if n := proxied.Load(); n > 0 {
		t.Errorf("%d requests for %s went through the proxy, the key in clear", n, base)
	}
	if err != nil {
		t.Errorf("the client: %v\n%s", err, out)
	}
}
