package api_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"donations/api"
)

// Keys match a field as encoding/json matched them when it decoded records:
// by name, else by a name equal but for case (Unicode simple folding), with
// escapes read first.
func TestKeysMatchAsEncodingJSONMatchedThem(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ json, field, want string }{
		{`{"email":"a@b.c"}`, "email", "a@b.c"},
		{`{"EMAIL":"a@b.c"}`, "email", "a@b.c"},
		{`{"Email":"a@b.c"}`, "email", "a@b.c"},
		{`{"\u0065mail":"a@b.c"}`, "email", "a@b.c"},
		{`{"ſtatus":"paid"}`, "status", "paid"}, // U+017F folds to s
		{`{"emai":"a@b.c"}`, "email", ""},
		{`{"e-mail":"a@b.c"}`, "email", ""},
		{`{"DONOR":{"First_Name":"Ada"}}`, "first_name", "Ada"},
		{`{"Campaign":{"NAME":"Spring"}}`, "campaign_name", "Spring"},
		{`{"donation_honor":{"Honoree_Name":"Rose"}}`, "honoree_name", "Rose"},
		{`{"questions":[{"Question":"q?","ANSWER":true}]}`, "question", "q?"},
	} {
		var d api.Donation
		if err := json.Unmarshal([]byte(tc.json), &d); err != nil {
			t.Fatalf("%s: %v", tc.json, err)
		}
		if got := valueOf(&d, tc.field); got != tc.want {
			t.Errorf("%s: %s = %q, want %q", tc.json, tc.field, got, tc.want)
		}
	}
}

// A key sent twice is read as encoding/json read it: the last value wins,
// a second donor object adds to the first, and a second tribute or list of
// questions replaces the first.
func TestRepeatedKeysReadAsEncodingJSONReadThem(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ json, field, want string }{
		{`{"email":"a","email":"b"}`, "email", "b"},
		{`{"email":"a","EMAIL":"b"}`, "email", "b"},
		{`{"email":"a","email":null}`, "email", ""},
		{`{"donor":{"first_name":"Ada"},"donor":{"last_name":"L"}}`, "first_name", "Ada"},
		{`{"donor":{"first_name":"Ada"},"donor":"x"}`, "first_name", "Ada"},
		{`{"donor":{"first_name":"Ada"},"donor":{"first_name":"Bo"}}`, "first_name", "Bo"},
		{`{"donation_honor":{"honoree_name":"R"},"donation_honor":{"tribute_type":"t"}}`, "honoree_name", ""},
		{`{"donation_honor":{"honoree_name":"R"},"donation_honor":5}`, "honoree_name", ""},
		{`{"questions":[{"question":"a"}],"questions":[{"question":"b"}]}`, "question", "b"},
		{`{"questions":[{"question":"a"}],"questions":7}`, "question", ""},
	} {
		var d api.Donation
		if err := json.Unmarshal([]byte(tc.json), &d); err != nil {
			t.Fatalf("%s: %v", tc.json, err)
		}
		if got := valueOf(&d, tc.field); got != tc.want {
			t.Errorf("%s: %s = %q, want %q", tc.json, tc.field, got, tc.want)
		}
	}
}

// valueOf is a field of the table, of the tribute, or the first question's
// question, as text.
func valueOf(d *api.Donation, name string) string {
	if name == "question" {
		if len(d.Questions) == 0 {
			return ""
		}
		return d.Questions[0].Question.Value
	}
	for i := range api.HonorFields {
		if f := &api.HonorFields[i]; f.Name == name && d.Honor != nil {
			return f.At(d.Honor).Value
		}
	}
	return fieldValues(d)[name]
}

// The donations own their bytes: a caller that reuses the body, or appends
// to an answer, changes no donation.
func TestDonationsDoNotShareTheBody(t *testing.T) {
	t.Parallel()
	body := []byte(`[{"id":1,"first_name":"Ada","questions":[{"question":"q","answer":"yes"}],"email":"a@b.c"}]`)
	want := string(body[1 : len(body)-1])
	list, _, err := api.DecodePage(body, 1)
	if err != nil || len(list) != 1 {
		t.Fatal(list, err)
	}
	for i := range body {
		body[i] = 'x'
	}
	d := &list[0]
	_ = append(d.Questions[0].Answer, "!!!!!!!!"...)
	if string(d.Raw) != want || d.FirstName.Value != "Ada" || string(d.Questions[0].Answer) != `"yes"` {
		t.Errorf("the donation changed with the body: %s, %q, %s", d.Raw, d.FirstName.Value, d.Questions[0].Answer)
	}
}

// Decoding a page allocates a few times a record, not once a field: its
// strings are slices of one copy of the body (scan.go). A string per field
// would be past the bound.
func TestDecodePageAllocatesLittle(t *testing.T) {
	body := demoPage(t)
	perRecord := testing.AllocsPerRun(5, func() {
		if list, _, err := api.DecodePage(body, 1); err != nil || len(list) != 100 {
			t.Fatal(err)
		}
	}) / 100
	if perRecord > 5 {
		t.Errorf("%.1f allocations a record, want at most 5", perRecord)
	}
}

// Any list encoding/json accepts within the limits is a page: the reader
// refuses nothing it accepts (and FuzzDecodePage, nothing it refuses).
func FuzzDecodePageAcceptsWhatEncodingJSONAccepts(f *testing.F) {
	for _, seed := range []string{
		`[{"id":1,"first_name":"J\u00f6rg \ud83d\ude00","amount":-1.5e+3,"questions":[{"answer":[null,{}]}]}]`,
		`[ {"EMAIL" : "a\"b\\c\/d\b\f\n\r\t"} , 1, "x", [], {"donor":{"zip_code":7}}]`,
		"[{\"first_name\":\"a\xffb\",\"\\u00e9\":0}]",
		`[{"donation_honor":{"honoree_name":true},"campaign":{"id":"3"},"anonymous_donation":"yes"}]`,
		`[]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if firstNonSpace(body) != '[' || !json.Valid(body) || nesting(body) > api.MaxDepth {
			return
		}
		var elems []json.RawMessage
		if json.Unmarshal(body, &elems) != nil || len(elems) > api.MaxRecords {
			return
		}
		list, _, err := api.DecodePage(body, 1)
		if err != nil {
			if len(elems) > 0 && strings.Contains(err.Error(), "not one donation record") {
				return
			}
			t.Fatalf("refused a list encoding/json accepts: %v\n%q", err, body)
		}
		for _, d := range list {
			if !bytes.Contains(body, d.Raw) {
				t.Fatalf("raw bytes %q are not the record's", d.Raw)
			}
			checkFieldsAsEncodingJSON(t, &d)
		}
	})
}

// checkFieldsAsEncodingJSON holds each field sent flat to what the field's
// own UnmarshalJSON, handed the value by encoding/json, makes of it. Keys
// another key equals but for case are left out: which one wins depends on
// their order, which a map does not keep.
func checkFieldsAsEncodingJSON(t *testing.T, d *api.Donation) {
	var sent map[string]json.RawMessage
	if err := json.Unmarshal(d.Raw, &sent); err != nil {
		t.Fatal(err)
	}
	want := api.Donation{}
	for key, raw := range sent {
		f := fieldNamed(key)
		if f == nil || foldedTwice(sent, key) {
			continue
		}
		var err error
		switch v := f.At(&want).(type) {
		case *api.Text:
			err = v.UnmarshalJSON(raw)
		case *api.Number:
			err = v.UnmarshalJSON(raw)
		case *api.Int:
			err = v.UnmarshalJSON(raw)
		case *api.Flag:
			err = v.UnmarshalJSON(raw)
		default:
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fieldValues(d)[key], fieldValues(&want)[key]; got != want {
			t.Fatalf("%s: %q, encoding/json's %q, in %s", key, got, want, d.Raw)
		}
	}
}

func fieldNamed(name string) *api.Field {
	for i := range api.Fields {
		if api.Fields[i].Name == name {
			return &api.Fields[i]
		}
	}
	return nil
}

func foldedTwice(sent map[string]json.RawMessage, key string) bool {
	for other := range sent {
		if other != key && strings.EqualFold(other, key) {
			return true
		}
	}
	return false
}

// A list the reader refuses is refused in encoding/json's words, as before.
func TestRefusedListsSayWhatEncodingJSONSays(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ body, says string }{
		{`[{"id":1} {"id":2}]`, "expected comma after array element"},
		{`[{"id":1}] x`, "invalid character 'x' looking for beginning of value"},
		{`[{"id":1},{"id":`, "unexpected end of JSON input"},
		{`[{"id":"a` + "\x01" + `"}]`, "invalid character '\\x01' in string literal"},
		{`[{"id":tru}]`, "invalid character '}' in literal true (expecting 'e')"},
	} {
		_, _, err := api.DecodePage([]byte(tc.body), 1)
		var e *api.Error
		if !errors.As(err, &e) || e.Err == nil || e.Err.Error() != tc.says {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.says)
		}
	}
}
