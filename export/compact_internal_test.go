package export

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A record already on one line is written as it is; any other is what
// json.Compact makes of it. Either way the bytes are json.Compact's.
func TestCompactRawIsJSONCompact(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		asIs      bool // written from the record's own bytes
	}{
		{"compact", `{"id":1,"amount":"5.00","tags":[1,2.5,null,true]}`, true},
		{"spaces in strings", `{"first_name":"Ada Mary","comment":"  two  spaces  "}`, true},
		{"escaped quotes", `{"comment":"she said \"hi there\"","id":2}`, true},
		{"escaped backslash before the quote", `{"path":"C:\\dir\\","id":3}`, true},
		{"escaped backslash then quote", `{"a":"\\\" x \\\\\" y","b":1}`, true},
		{"unicode", `{"name":"Zoë Lefèvre","city":"東京 都","esc":"\u00e9\u2028"}`, true},
		{"null", `null`, true},
		{"space after an escaped backslash", `{"path":"C:\\dir\\", "id":3}`, false},
		{"a space between tokens", `{"id": 1}`, false},
		{"indented", "{\n  \"id\": 1,\n  \"donor\": {\n    \"name\": \"Ada Lovelace\"\n  },\n  \"tags\": [ 1, 2 ]\n}", false},
		{"tabs and carriage returns", "{\"id\":1,\r\n\t\"comment\":\"a b\"}", false},
		{"space around", ` {"id":1} `, false},
		{"space after the last string", `{"a":"x" }`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			if err := json.Compact(&want, []byte(tc.raw)); err != nil {
				t.Fatal(err)
			}
			raw := []byte(tc.raw)
			var buf bytes.Buffer
			got, err := compactRaw(&buf, raw)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("wrote %s\nwant  %s", got, want.Bytes())
			}
			if asIs := &got[0] == &raw[0]; asIs != tc.asIs {
				t.Errorf("written from the record's own bytes: %v, want %v", asIs, tc.asIs)
			}
		})
	}
}

// A string left open is no JSON, nor is nothing: json.Compact says so, as
// it did before.
func TestCompactRawRefusesWhatIsNotJSON(t *testing.T) {
	for _, raw := range []string{`{"a":"x`, `{"a":"x\"}`, `"`, ``} {
		var buf bytes.Buffer
		if _, err := compactRaw(&buf, []byte(raw)); err == nil {
			t.Errorf("%s: no error", raw)
		}
	}
}

// Any JSON is written as json.Compact writes it.
func FuzzCompactRaw(f *testing.F) {
	for _, s := range []string{`{"a":"x\\", "b":1}`, `{"a":"\"\\\" "}`, "[1,\n2]", `"Zoë \u00e9"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want bytes.Buffer
		if len(raw) == 0 || json.Compact(&want, raw) != nil {
			return
		}
		var buf bytes.Buffer
		got, err := compactRaw(&buf, raw)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%q: wrote %q (%v), want %q", raw, got, err, want.Bytes())
		}
	})
}
