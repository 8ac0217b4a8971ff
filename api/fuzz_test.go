package api_test

import (
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"testing"

	"donations/api"
)

// Any body at all: DecodePage returns donations or a typed decode error,
// never panics, and every donation it returns keeps valid raw JSON.
func FuzzDecodePage(f *testing.F) {
	f.Add([]byte(`[{"id":1,"amount":"25.00","questions":[{"answer":true}],"donation_honor":{"honoree_name":"R"}}]`))
	f.Add([]byte(`{"data":[{"id":"2","processing_fee":"1.5","anonymous":"yes"}],"meta":{"total":1,"total_pages":1}}`))
	f.Add([]byte(`{"data":{"donations":[]}}`))
	f.Add([]byte(`<html>502</html>`))
	f.Add([]byte(`[{"id":1},{"id":`))
	f.Fuzz(func(t *testing.T, body []byte) {
		list, _, err := api.DecodePage(body, 3)
		if err != nil {
			var e *api.Error
			if !errors.As(err, &e) || e.Kind != api.KindDecode || e.Page != 3 {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if firstNonSpace(body) == '[' && !json.Valid(body) {
			t.Fatalf("accepted a body encoding/json rejects: %q", body)
		}
		if d := nesting(body); firstNonSpace(body) == '[' && d > api.MaxDepth {
			t.Fatalf("accepted a page nested %d levels deep", d)
		}
		for _, d := range list {
			if !json.Valid(d.Raw) {
				t.Fatalf("raw bytes of a donation are not JSON: %q", d.Raw)
			}
			_, _ = d.NetAmount()
		}
	})
}

// Any filter values: the encoded query reads back to the same values.
func FuzzQueryValues(f *testing.F) {
	f.Add("ada@example.org", "José", "O'Connor", int64(101), int64(100042), 2, 50)
	f.Add("a+b&c=d", "\x00", "名前", int64(-1), int64(0), 0, 500)
	f.Fuzz(func(t *testing.T, email, first, last string, campaign, id int64, page, per int) {
		q := api.Query{Page: page, PerPage: per, Email: email, FirstName: first, LastName: last, CampaignID: campaign, ID: id}
		back, err := url.ParseQuery(q.Values().Encode())
		if err != nil {
			t.Fatal(err)
		}
		check := func(key, want string) {
			if got := back.Get(key); got != want {
				t.Fatalf("%s: got %q, want %q", key, got, want)
			}
		}
		check("email", email)
		check("first_name", first)
		check("last_name", last)
		if campaign > 0 {
			check("campaign_id", strconv.FormatInt(campaign, 10))
		} else if back.Has("campaign_id") {
			t.Fatal("campaign_id sent while unset")
		}
		if e := q.EffectivePerPage(); e < 1 || e > api.MaxPerPage {
			t.Fatalf("effective page size %d", e)
		}
	})
}

// nesting is how deeply the brackets of a JSON text nest, strings skipped.
func nesting(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

func firstNonSpace(b []byte) byte {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}
