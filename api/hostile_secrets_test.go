package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api"
)

// leaks returns the first run of 8 bytes of secret that s holds, or "".
func leaks(s, secret string) string {
	for i := 0; i+8 <= len(secret); i++ {
		if strings.Contains(s, secret[i:i+8]) {
			return secret[i : i+8]
		}
	}
	if len(secret) < 8 && strings.Contains(s, secret) {
		return secret
	}
	return ""
}

// A server that echoes the key back, in any answer, in any form: nothing the
// client hands on (errors, records, raw bytes, the exchange log) may hold it
// or any run of 8 of its bytes, however the text is cut or folded.
func TestEchoedKeyIsRedactedEverywhere(t *testing.T) {
	t.Parallel()
	keys := map[string]string{
		"plain":                   hostileKey,
		"two spaces and a tab":    "SEKRIT  k3y\t9f8e7d6c5b4a",
		"shell characters and \n": "S'E\"K$R`I|T;k3y\n9f8e&7d6c<5b4a>",
	}
	bodies := []struct {
		name   string
		status int
		body   func(user, key string) string
	}{
		{"401 echoing the key", 401, func(_, key string) string { return "invalid api key " + key }},
		{"401 echoing the key in JSON", 401, func(_, key string) string {
			b, _ := json.Marshal(map[string]string{"error": "invalid api key " + key})
			return string(b)
		}},
		{"401 cutting the key at the excerpt's end", 401, func(_, key string) string {
			return strings.Repeat("x", 150) + " " + key
		}},
		{"500 echoing the Authorization header", 500, func(user, key string) string {
			return "bad header: Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+key))
		}},
		{"not JSON with status 200", 200, func(_, key string) string { return "invalid api key " + key }},
		{"a record that does not decode", 200, func(_, key string) string {
			b, _ := json.Marshal(key)
			return `[{"email":` + string(b) + `,"id":notanumber}]`
		}},
		{"a record holding the key", 200, func(_, key string) string {
			b, _ := json.Marshal("key: " + key)
			return `[{"id":1,"email":` + string(b) + `,"questions":[{"answer":` + string(b) + `}]}]`
		}},
	}
	for kname, key := range keys {
		for _, b := range bodies {
			t.Run(kname+"/"+b.name, func(t *testing.T) {
				srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
					user, _, _ := r.BasicAuth()
					w.WriteHeader(b.status)
					fmt.Fprint(w, b.body(user, key))
				})
				var log []api.Exchange
				c := hostileClient(t, srv.URL, api.Config{APIKey: key, Retry: api.RetryPolicy{MaxAttempts: 1},
					Trace: func(x api.Exchange) { log = append(log, x) }})
				pg, err := firstPage(t, c)
				var shown strings.Builder
				if err != nil {
					shown.WriteString(err.Error())
				}
				if pg != nil {
					for _, d := range pg.Donations {
						shown.Write(d.Raw)
						shown.WriteString(d.Email.Value)
						for _, q := range d.Questions {
							shown.Write(q.Answer)
						}
					}
				}
				for _, x := range log {
					shown.WriteString(fmt.Sprint(x))
				}
				if leak := leaks(shown.String(), key); leak != "" {
					t.Fatalf("%q shown in:\n%s", leak, shown.String())
				}
				b64 := base64.StdEncoding.EncodeToString([]byte("finance@example.org:" + key))
				if leak := leaks(shown.String(), b64[len(b64)/2:]); leak != "" {
					t.Fatalf("the base64 credentials shown in:\n%s", shown.String())
				}
				// The excerpt may cut the mark itself.
				if !strings.Contains(shown.String(), "[redac") {
					t.Errorf("no [redacted] where the key was:\n%s", shown.String())
				}
			})
		}
	}
}

// A record that holds no secret keeps its bytes exactly as sent.
func TestRedactionLeavesOtherBytesAlone(t *testing.T) {
	t.Parallel()
	// Runs of 7 bytes of the key: short of what is redacted.
	body := `[{"id":1,"email":"SEKRIT-@example.org","first_name":"3y-9f8e"}]`
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, body) })
	pg, err := firstPage(t, hostileClient(t, srv.URL, api.Config{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(pg.Donations[0].Raw); got != body[1:len(body)-1] {
		t.Errorf("raw = %s", got)
	}
}

// Redirects are followed only within the same scheme and host: the key must
// not be sent in clear, nor to anyone else.
func TestRedirectsThatChangeOriginAreRefused(t *testing.T) {
	t.Parallel()
	var plainAuth atomic.Int64
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			plainAuth.Add(1)
		}
		fmt.Fprint(w, `[{"id":1}]`)
	}))
	t.Cleanup(plain.Close)
	var tlsHits atomic.Int64
	var to func(r *http.Request) string
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tlsHits.Add(1)
		http.Redirect(w, r, to(r), http.StatusFound)
	}))
	t.Cleanup(secure.Close)
	cases := []struct {
		name string
		to   func(r *http.Request) string
		says string
		hits int64
	}{
		{"https to http on the same host and port", func(r *http.Request) string {
			return "http://" + r.Host + r.URL.Path
		}, "the server redirected to http://" + strings.TrimPrefix(secure.URL, "https://") + "/api/v1/donations; refused", 1},
		{"to another port", func(r *http.Request) string { return plain.URL + r.URL.Path },
			"the server redirected to " + plain.URL + "/api/v1/donations; refused", 1},
		{"to another host, with credentials in the URL", func(r *http.Request) string {
			return "https://user:" + hostileKey + "@evil.example/x"
		}, "the server redirected to https://evil.example/x; refused", 1},
		{"a loop on the same origin", func(r *http.Request) string { return r.URL.Path + "?again" },
			"the server redirected 5 times in a row; stopped", 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			to = tc.to
			tlsHits.Store(0)
			c := hostileClient(t, secure.URL, api.Config{Transport: secure.Client().Transport})
			_, err := c.Page(context.Background(), api.Query{})
			if !errors.Is(err, api.ErrHTTP) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v\nwant it to say %q", err, tc.says)
			}
			if strings.Contains(err.Error(), hostileKey) {
				t.Errorf("the key shown: %v", err)
			}
			if tlsHits.Load() != tc.hits {
				t.Errorf("%d requests, want %d: a refused redirect is not retried", tlsHits.Load(), tc.hits)
			}
			if plainAuth.Load() != 0 {
				t.Fatal("credentials were sent over plain http")
			}
		})
	}
}

// A key too short for runs to mean anything is redacted only where it
// stands alone; the words around it stay readable, and a redacted error
// keeps its type.
func TestShortKeyRedactedAsAWordOnly(t *testing.T) {
	t.Parallel()
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://example.org/x?k=abc", http.StatusFound)
	})
	c := hostileClient(t, srv.URL, api.Config{APIKey: "abc"})
	_, err := firstPage(t, c)
	if !errors.Is(err, api.ErrHTTP) {
		t.Fatalf("err = %v, want the refused redirect", err)
	}
	if !strings.Contains(err.Error(), "http://example.org/x?k=[redacted]; refused: the API key goes only to") {
		t.Errorf("err = %v", err)
	}
}

// The key is redacted where it stands, whole, in whatever escapes JSON or a
// URL give its characters; data that merely shares a run of its bytes (a
// postcode, a street number, the digits of an amount) is left as sent, and
// stays valid JSON.
func TestRedactionTouchesOnlyTheKey(t *testing.T) {
	t.Parallel()
	const key = "sekrit-KEY-1234567890"
	b64 := base64.StdEncoding.EncodeToString([]byte("finance@example.org:" + key))
	clean := `{"id":1,"zip_code":"12345678","address":"1234567890 Main St","amount":12.345678901234567,` +
		`"first_name":"sekrit-KEY","last_name":"KEY-1234567890"}`
	echoes := []string{
		key,
		`sekrit\u002dKEY\u002D1234567890`, // JSON may escape any character
		`\u0073ekrit-KEY-123456789\u0030`,
		`sekrit%2DKEY-1234567890`, // as a URL may write it
		strings.ReplaceAll(b64, "/", `\/`),
		b64,
	}
	var body strings.Builder
	body.WriteString("[" + clean)
	for i, e := range echoes {
		fmt.Fprintf(&body, `,{"id":%d,"email":"echo %s here"}`, i+2, e)
	}
	body.WriteString("]")
	srv, _ := hostileServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, body.String()) })
	pg, err := firstPage(t, hostileClient(t, srv.URL, api.Config{APIKey: key}))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(pg.Donations[0].Raw); got != clean {
		t.Errorf("a record without the key was changed:\n got %s\nwant %s", got, clean)
	}
	for i, d := range pg.Donations[1:] {
		if d.Email.Value != "echo [redacted] here" {
			t.Errorf("echo %q read as %q", echoes[i], d.Email.Value)
		}
	}
}
