package api_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"donations/api"
)

func TestFieldsTolerateDrift(t *testing.T) {
	t.Parallel()
	cases := []struct {
		json string
		want func(d api.Donation) bool
	}{
		{`{"id":"123"}`, func(d api.Donation) bool { return d.ID == api.Int{Value: 123, Valid: true} }},
		{`{"id":123.0}`, func(d api.Donation) bool { return d.ID.Value == 123 }},
		{`{"amount":25.5}`, func(d api.Donation) bool { return d.Amount == api.Number{Text: "25.5", Valid: true} }},
		{`{"amount":"25.50"}`, func(d api.Donation) bool { return d.Amount.Text == "25.50" }},
		{`{"processing_fee":"1.03"}`, func(d api.Donation) bool { return d.ProcessingFee.Text == "1.03" }},
		{`{"processing_fee":0.1}`, func(d api.Donation) bool { return d.ProcessingFee.Text == "0.1" }},
		{`{"email":null}`, func(d api.Donation) bool { return !d.Email.Valid }},
		{`{}`, func(d api.Donation) bool {
			return !d.Email.Valid && !d.ID.Valid && d.Honor == nil && d.Questions == nil
		}},
		{`{"email":""}`, func(d api.Donation) bool { return d.Email.Valid && d.Email.Value == "" }},
		{`{"postcode":12345}`, func(d api.Donation) bool { return d.Postcode.Value == "12345" }},
		{`{"anonymous":"true","recurring":1}`, func(d api.Donation) bool { return d.Anonymous.Value && d.Recurring.Value }},
		{`{"anonymous":"No"}`, func(d api.Donation) bool { return d.Anonymous.Valid && !d.Anonymous.Value }},
		{`{"exp_year":"2027","exp_month":"03"}`, func(d api.Donation) bool { return d.ExpYear.Value == 2027 && d.ExpMonth.Value == 3 }},
		{`{"exp_year":""}`, func(d api.Donation) bool { return !d.ExpYear.Valid }},
		{`{"questions":null,"donation_honor":null}`, func(d api.Donation) bool { return d.Questions == nil && d.Honor == nil }},
		{`{"donation_honor":[]}`, func(d api.Donation) bool { return d.Honor == nil }},
		{`{"donation_honor":{"honoree_name":"","tribute_type":""}}`, func(d api.Donation) bool { return d.Honor == nil }},
		{`{"donation_honor":{"honoree_name":"Rose"}}`, func(d api.Donation) bool { return d.Honor != nil && d.Honor.HonoreeName.Value == "Rose" }},
		{`{"questions":{"question":"q","answer":true}}`, func(d api.Donation) bool { return len(d.Questions) == 1 }},
		{`{"questions":[1,{"question":"q","answer":{"a":[1]}}]}`, func(d api.Donation) bool {
			return len(d.Questions) == 1 && string(d.Questions[0].Answer) == `{"a":[1]}`
		}},
		{`{"unknown_field":{"x":1},"id":5}`, func(d api.Donation) bool { return d.ID.Value == 5 && strings.Contains(string(d.Raw), "unknown_field") }},
		{`{"first_name":"Ada\u001b[31m"}`, func(d api.Donation) bool { return d.FirstName.Value == "Ada\x1b[31m" }},
	}
	for _, tc := range cases {
		t.Run(tc.json, func(t *testing.T) {
			var d api.Donation
			if err := json.Unmarshal([]byte(tc.json), &d); err != nil {
				t.Fatal(err)
			}
			if !tc.want(d) {
				t.Errorf("decoded %+v", d)
			}
			if string(d.Raw) != tc.json {
				t.Errorf("Raw = %s, want the bytes as received", d.Raw)
			}
		})
	}
}

// A value of the wrong type leaves its field missing and the record whole:
// one odd field must not cost the page its other records. A record whose id
// cannot be read says why, for whoever has to skip it.
func TestFieldsOfTheWrongTypeAreLeftMissing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ json, why string }{
		{`{"id":"abc","email":"a@b.c"}`, "an id that is not a whole number"},
		{`{"id":1.5,"email":"a@b.c"}`, "an id that is not a whole number"},
		{`{"id":true,"email":"a@b.c"}`, "an id that is not a whole number"},
		{`{"id":{"n":1},"email":"a@b.c"}`, "an id that is not a whole number"},
		{`{"id":99999999999999999999,"email":"a@b.c"}`, "an id that is not a whole number"},
		{`{"id":null,"email":"a@b.c"}`, "no id"},
		{`{"id":"","email":"a@b.c"}`, "no id"},
		{`{"email":"a@b.c"}`, "no id"},
		{`{"id":5,"anonymous":"maybe","exp_year":"soon","email":"a@b.c"}`, ""},
	} {
		var d api.Donation
		if err := json.Unmarshal([]byte(tc.json), &d); err != nil {
			t.Errorf("%s: %v", tc.json, err)
			continue
		}
		if d.Email.Value != "a@b.c" || d.Anonymous.Valid || d.ExpYear.Valid || string(d.Raw) != tc.json {
			t.Errorf("%s decoded as %+v", tc.json, d)
		}
		if got := d.WhyNoID(); got != tc.why {
			t.Errorf("%s: WhyNoID = %q, want %q", tc.json, got, tc.why)
		}
	}
}

func TestDecodePageShapes(t *testing.T) {
	t.Parallel()
	two := `[{"id":1},{"id":2}]`
	cases := []struct {
		name     string
		body     string
		ids      int
		last     bool
		lastKnow bool
	}{
		{"bare array", two, 2, false, false},
		{"empty array", `[]`, 0, false, false},
		{"donations key", `{"donations":` + two + `}`, 2, false, false},
		{"data key with meta", `{"data":` + two + `,"meta":{"total":2,"total_pages":1}}`, 2, true, true},
		{"results with next null", `{"results":` + two + `,"next":null}`, 2, true, true},
		{"items with has_more", `{"items":` + two + `,"has_more":true}`, 2, false, true},
		{"nested data", `{"data":{"donations":` + two + `}}`, 2, false, false},
		{"pagination object", `{"data":` + two + `,"pagination":{"current_page":1,"last_page":3}}`, 2, false, true},
		{"non-objects skipped", `[{"id":1},null,"x",{"id":2}]`, 2, false, false},
		{"odd ids kept", `[{"id":"abc"},{"id":4.5},{"id":true},{"id":2}]`, 4, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list, meta, err := api.DecodePage([]byte(tc.body), 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != tc.ids {
				t.Errorf("got %d donations, want %d", len(list), tc.ids)
			}
			last, known := meta.Last(1, 100)
			if last != tc.last || known != tc.lastKnow {
				t.Errorf("Last = %v,%v want %v,%v", last, known, tc.last, tc.lastKnow)
			}
		})
	}
}

func TestDecodePageErrorsNameThePageAndQuoteIt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ body, quote string }{
		{"<html><body>Bad gateway</body></html>", "<html><body>Bad gateway"},
		{`[{"id":1},{"id":`, `[{"id":1},{"id":`},
		{`{"error":"something"}`, `{"error":"something"}`},
		{``, ``},
	} {
		_, _, err := api.DecodePage([]byte(tc.body), 7)
		var e *api.Error
		if !errors.As(err, &e) || e.Kind != api.KindDecode {
			t.Fatalf("%q: err = %v, want a decode error", tc.body, err)
		}
		if e.Page != 7 || !strings.Contains(err.Error(), "page 7") {
			t.Errorf("%q: error does not name page 7: %v", tc.body, err)
		}
		if !strings.Contains(e.Excerpt, tc.quote) {
			t.Errorf("%q: excerpt %q lacks %q", tc.body, e.Excerpt, tc.quote)
		}
	}
}

func TestDecimalIsExact(t *testing.T) {
	t.Parallel()
	sum := mustDecimal("0")
	for range 10 {
		sum = sum.Add(mustDecimal("0.10"))
	}
	cases := []struct{ got, want string }{
		{sum.String(), "1.00"},
		{mustDecimal("0.1").Add(mustDecimal("0.2")).String(), "0.30"},
		{mustDecimal("25.00").Sub(mustDecimal("1.03")).Sub(mustDecimal("0.25")).String(), "23.72"},
		{mustDecimal("1,234.5").String(), "1234.50"},
		{mustDecimal("-3").String(), "-3.00"},
		{mustDecimal("0.005").String(), "0.005"},
		{mustDecimal("99999999999999999999.99").Add(mustDecimal("0.01")).String(), "100000000000000000000.00"},
		{mustDecimal("5").Sub(mustDecimal("7.5")).String(), "-2.50"},
		// JSON numbers may come with an exponent.
		{mustDecimal("1E3").String(), "1000.00"},
		{mustDecimal("1.5e-3").String(), "0.0015"},
		{mustDecimal("-2.5e+1").String(), "-25.00"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
	for _, bad := range []string{"", "abc", "1.2.3", "$5", ".", "-", "1e", "e3", "1e3.5", "1e99999", "1e-1001"} {
		if _, err := api.ParseDecimal(bad); err == nil {
			t.Errorf("ParseDecimal(%q) accepted it", bad)
		}
	}
}

func TestNetAmount(t *testing.T) {
	t.Parallel()
	var d api.Donation
	_ = json.Unmarshal([]byte(`{"amount":"25.00","processing_fee":1.03,"app_fee":0.25}`), &d)
	if net, ok := d.NetAmount(); !ok || net.String() != "23.72" {
		t.Errorf("NetAmount = %v,%v want 23.72", net, ok)
	}
	_ = json.Unmarshal([]byte(`{"amount":"25.00","processing_fee":null,"app_fee":0.25}`), &d)
	if _, ok := d.NetAmount(); ok {
		t.Error("NetAmount computed with a missing fee")
	}
}

func TestQueryValues(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    api.Query
		want string
		per  int
	}{
		{api.Query{}, "", 100},
		{api.Query{Page: 3, PerPage: 25}, "page=3&per_page=25", 25},
		{api.Query{PerPage: 500}, "per_page=500", 100},
		{api.Query{Email: "a+b@example.org", FirstName: "José", LastName: "O'Connor", CampaignID: 7, ID: 9},
			"campaign_id=7&email=a%2Bb%40example.org&first_name=Jos%C3%A9&id=9&last_name=O%27Connor", 100},
	}
	for _, tc := range cases {
		if got := tc.q.Values().Encode(); got != tc.want {
			t.Errorf("Values() = %q, want %q", got, tc.want)
		}
		if got := tc.q.EffectivePerPage(); got != tc.per {
			t.Errorf("EffectivePerPage() = %d, want %d", got, tc.per)
		}
	}
}

func TestDecodePageRejectsWhatEncodingJSONRejects(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`[{"id":1}] x`, `[{"id":1},]`, `[{"id":1} {"id":2}]`, `[{"id":01x}]`, `[{"id":1,}]`, "[{\"first_name\":\"a\x01b\"}]", `[{"id":tru}]`} {
		if _, _, err := api.DecodePage([]byte(body), 1); !errors.Is(err, api.ErrDecode) {
			t.Errorf("%q: err = %v, want a decode error", body, err)
		}
		var v any
		if json.Unmarshal([]byte(body), &v) == nil {
			t.Errorf("%q: encoding/json accepts it, the test is wrong", body)
		}
	}
	var d api.Donation
	if err := json.Unmarshal([]byte("{\"first_name\":\"a\xffb\"}"), &d); err != nil || d.FirstName.Value != "a\uFFFDb" {
		t.Errorf("invalid UTF-8 gave %q, %v; want it replaced as encoding/json does", d.FirstName.Value, err)
	}
}

func mustDecimal(s string) api.Decimal {
	d, err := api.ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// Decimals compare by value, whatever their scale or length.
func TestDecimalCompare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1.5", "1.50", 0}, {"-0", "0", 0}, {"9.99", "10", -1}, {"10", "9.99", 1},
		{"-10", "-9.99", -1}, {"0.0001", "0.00009", 1}, {"1" + strings.Repeat("0", 30), "999999999999999999999999999999.99", 1},
	} {
		if got := mustDecimal(tc.a).Compare(mustDecimal(tc.b)); got != tc.want {
			t.Errorf("%s vs %s: %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// Records in the shape servers of this kind send — the donor and the
// campaign nested, anonymous_donation, amount_refunded, comment,
// designation — are read into the same fields; a flat field, the API's own,
// wins where both are sent. The record's bytes stay as received.
func TestNestedDonorAndCampaignAreRead(t *testing.T) {
	t.Parallel()
	const rec = `{"id":9,"donor":{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org",` +
		`"address":"12 St James's Sq","city":"London","state":"LND","zip_code":"SW1Y 4JH","country":"GB","phone":"x"},` +
		`"campaign":{"id":"77","name":"Spring appeal"},"anonymous_donation":"yes","amount_refunded":"5.00",` +
		`"comment":"In memory of Charles","designation":"Library","city":"Flat city"}`
	var d api.Donation
	if err := json.Unmarshal([]byte(rec), &d); err != nil {
		t.Fatal(err)
	}
	got := fieldValues(&d)
	for name, want := range map[string]string{
		"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.org", "address": "12 St James's Sq",
		"city": "Flat city", "state": "LND", "postcode": "SW1Y 4JH", "country": "GB",
		"campaign_id": "77", "campaign_name": "Spring appeal", "anonymous": "true", "amount_refunded": "5.00",
		"comment": "In memory of Charles", "designation": "Library",
	} {
		if got[name] != want {
			t.Errorf("%s = %q, want %q", name, got[name], want)
		}
	}
	if string(d.Raw) != rec {
		t.Errorf("raw = %s", d.Raw)
	}
	var flat api.Donation
	if err := json.Unmarshal([]byte(`{"anonymous":false,"anonymous_donation":true,"donor":"not an object","campaign":5}`), &flat); err != nil {
		t.Fatal(err)
	}
	if !flat.Anonymous.Valid || flat.Anonymous.Value {
		t.Errorf("anonymous = %+v: the flat field wins", flat.Anonymous)
	}
}
