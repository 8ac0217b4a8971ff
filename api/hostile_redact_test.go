package api_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"donations/api"
)

// folded is s lower-cased with every space, tab and line break taken out:
// what a reader sees of a key whatever its spacing and case.
func folded(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// A server that echoes the key in an error, spaced out, in another case,
// URL- or base64-encoded alone or as user:key, in a 401 or in an HTML page
// sent with 200, gets none of it onto the screen: not a run of 8 of its
// characters, however folded.
func TestEchoedKeyIsRedactedInAnySpacingCaseOrEncoding(t *testing.T) {
	t.Parallel()
	const user, key = "finance@example.org", "sk_live_X-abc123def456/ghi+789"
	b64 := func(enc *base64.Encoding, s string) string { return enc.EncodeToString([]byte(s)) }
	echoes := map[string]string{
		"spaces inside":          "sk_live_X  -abc123 def456/ghi+789",
		"a space between each":   strings.Join(strings.Split(key, ""), " "),
		"line breaks inside":     "sk_live_X-abc\n123def456\r\n/ghi+789",
		"upper-cased":            strings.ToUpper(key),
		"upper-cased and spaced": strings.ToUpper("sk_live_X  -abc123def456/ghi+789"),
		"URL-encoded":            url.QueryEscape(key),
		"URL-encoded user:key":   url.QueryEscape(user + ":" + key),
		"base64 of the key":      b64(base64.StdEncoding, key),
		"base64url of the key":   b64(base64.RawURLEncoding, key),
		"base64url of user:key":  b64(base64.URLEncoding, user+":"+key),
		// PAD puts the key 12 characters before the end of the excerpt.
		"spaced, cut by the end":  "PAD sk_live_X  -abc123def456/ghi+789",
		"upper-cased, cut by end": "PAD " + strings.ToUpper(key),
	}
	// Each body, with the room its excerpt leaves before the echo.
	bodies := map[string]func(echo string) (int, string){
		"401 body": func(e string) (int, string) {
			return 401, `{"error":"invalid key ` + strings.Replace(e, "PAD", strings.Repeat("x", 160-22-13), 1) + `"}`
		},
		"HTML sent with 200": func(e string) (int, string) {
			return 200, "<!DOCTYPE html><html><body><p>Your key " + strings.Replace(e, "PAD", strings.Repeat("x", 120-39-13), 1) +
				" is not valid</p></body></html>"
		},
	}
	secrets := []string{key, b64(base64.StdEncoding, key), b64(base64.RawURLEncoding, key),
		b64(base64.StdEncoding, user+":"+key)[8:], b64(base64.URLEncoding, user+":"+key)[8:]}
	for ename, echo := range echoes {
		for bname, body := range bodies {
			t.Run(ename+"/"+bname, func(t *testing.T) {
				srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
					status, b := body(echo)
					w.WriteHeader(status)
					fmt.Fprint(w, b)
				})
				_, err := firstPage(t, hostileClient(t, srv.URL, api.Config{Username: user, APIKey: key, Retry: api.RetryPolicy{MaxAttempts: 1}}))
				if err == nil {
					t.Fatal("no error")
				}
				for _, sec := range secrets {
					if leak := leaks(folded(err.Error()), folded(sec)); leak != "" {
						t.Fatalf("%q of %q shown in: %s", leak, sec, err)
					}
				}
				if !strings.Contains(err.Error(), "[redac") {
					t.Errorf("no [redacted] where the key was: %s", err)
				}
			})
		}
	}
}
