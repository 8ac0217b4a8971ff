package main

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A server that echoes the key spaced out, upper-cased or base64-encoded
// in its error gets none of it onto the terminal: list says the error with
// [redacted] where the key was.
func TestListShowsNoEchoedKeyInAnyForm(t *testing.T) {
	t.Parallel()
	const key = "sk_live_X-abc123def456"
	echoes := map[string]struct {
		status int
		body   string
	}{
		"spaced in a 401":          {401, `{"error":"bad key sk_live_X  -abc123def456"}`},
		"upper-cased in HTML, 200": {200, "<html><body>key " + strings.ToUpper(key) + " refused</body></html>"},
		"base64 in a 403":          {403, "denied " + base64.StdEncoding.EncodeToString([]byte(key))},
	}
	fold := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }
	for name, e := range echoes {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(e.status)
				fmt.Fprint(w, e.body)
			}))
			defer srv.Close()
			r := runCmd(t, map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": key},
				"list", "--base-url", srv.URL, "--username", "u", "--format", "ndjson", "--verbose")
			if r.code != exitAPI || !strings.Contains(r.stderr, "[redacted]") {
				t.Fatalf("exit %d, want %d and [redacted]:\n%s", r.code, exitAPI, r.stderr)
			}
			shown := fold(r.stdout + r.stderr)
			for _, sec := range []string{key, base64.StdEncoding.EncodeToString([]byte(key))} {
				for i := 0; i+8 <= len(sec); i++ {
					if strings.Contains(shown, fold(sec[i:i+8])) {
						t.Fatalf("%q of the key shown:\n%s", sec[i:i+8], r.stderr)
					}
				}
			}
		})
	}
}
