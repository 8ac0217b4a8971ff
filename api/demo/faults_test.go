package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// anyIDs reads the ids of a list, bare or wrapped, whatever type each id
// is sent as (drift sends some as text).
func anyIDs(body []byte) ([]string, error) {
	var wrapped struct{ Data []map[string]any }
	var list []map[string]any
	decode := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber() // eight-digit ids print whole
		return dec.Decode(v)
	}
	if err := decode(&list); err != nil {
		if err := decode(&wrapped); err != nil || wrapped.Data == nil {
			return nil, fmt.Errorf("neither a list nor a wrapped one: %.80s", body)
		}
		list = wrapped.Data
	}
	out := make([]string, len(list))
	for i, d := range list {
		out[i] = fmt.Sprint(d["id"])
	}
	return out, nil
}

// Every fault mode works in every shape: what a page holds is the shape's,
// the way it goes wrong is the fault's.
func TestFaultsInEveryShape(t *testing.T) {
	page := func(t *testing.T, o Options, path string) (int, []byte) {
		srv := httptest.NewServer(New(o))
		defer srv.Close()
		resp, b := get(t, srv, path, DefaultLogin, DefaultKey)
		return resp.StatusCode, b
	}
	cases := []struct {
		name  string
		opts  Options
		path  string
		check func(t *testing.T, status int, body []byte, plain []string)
	}{
		{"script 503", Options{Script: []int{503}}, "", func(t *testing.T, status int, body []byte, _ []string) {
			if status != 503 || string(body) != `{"error":"Service Unavailable"}` {
				t.Errorf("%d %s", status, body)
			}
		}},
		{"truncated", Options{Script: []int{FaultTruncated}}, "", func(t *testing.T, status int, body []byte, _ []string) {
			if _, err := anyIDs(body); status != 200 || err == nil {
				t.Errorf("%d, a whole list", status)
			}
		}},
		{"html errors", Options{HTMLErrors: true, APIKey: "other"}, "", func(t *testing.T, status int, body []byte, _ []string) {
			if status != 401 || !strings.HasPrefix(string(body), "<!DOCTYPE html>") {
				t.Errorf("%d %.40s", status, body)
			}
		}},
		{"wrap", Options{Wrap: true}, "", sameIDs(func(plain []string) []string { return plain })},
		{"drift", Options{Drift: true}, "", sameIDs(func(plain []string) []string { return plain })},
		{"hostile", Options{Hostile: true}, "", func(t *testing.T, status int, body []byte, _ []string) {
			if status != 200 || !strings.Contains(string(body), `\u001b]52;c;`) {
				t.Errorf("%d, no hostile text", status)
			}
		}},
		{"ignore page", Options{IgnorePage: true}, "page=2", sameIDs(func(plain []string) []string { return plain })},
		{"page size", Options{PageSize: 7}, "per_page=100", sameIDs(func(plain []string) []string { return plain[:7] })},
		{"past end last", Options{PastEnd: "last", Count: 30}, "page=9", sameIDs(func(plain []string) []string { return plain })},
		{"repeat rows", Options{RepeatRows: 2, PageSize: 10}, "page=2", func(t *testing.T, status int, body []byte, plain []string) {
			got, err := anyIDs(body)
			if err != nil || len(got) != 12 || !slices.Equal(got[:2], plain[8:10]) {
				t.Errorf("%v: page 2 %v, page 1 %v", err, got, plain)
			}
		}},
	}
	for _, shape := range ShapeNames {
		for _, c := range cases {
			t.Run(shape+"/"+c.name, func(t *testing.T) {
				base := Options{Count: c.opts.Count, Shape: shape}
				if base.Count == 0 {
					base.Count = 300
				}
				_, plainBody := page(t, base, "/api/v1/donations")
				plain, err := anyIDs(plainBody)
				if err != nil {
					t.Fatal(err)
				}
				o := c.opts
				o.Count, o.Shape = base.Count, shape
				status, body := page(t, o, "/api/v1/donations?"+c.path)
				c.check(t, status, body, plain)
			})
		}
	}
}

// sameIDs checks that a fault's page lists the ids want makes of the
// plain server's first page.
func sameIDs(want func(plain []string) []string) func(t *testing.T, status int, body []byte, plain []string) {
	return func(t *testing.T, status int, body []byte, plain []string) {
		got, err := anyIDs(body)
		if status != 200 || err != nil || !slices.Equal(got, want(plain)) {
			t.Errorf("%d %v: ids %v, want %v", status, err, got, want(plain))
		}
	}
}
