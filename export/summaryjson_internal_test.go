package export

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/report"
)

// referenceJSON is what summaryJSON must write: each entry encoded by
// encoding/json, indented, HTML left as it is.
func referenceJSON(by []string, rs []report.SummaryRow) (string, error) {
	type entry struct {
		Group          any               `json:"group"`
		Count          int               `json:"count"`
		Amounts        map[string]string `json:"amounts"`
		Converted      map[string]string `json:"converted"`
		ShareCount     float64           `json:"share_count"`
		ShareConverted *float64          `json:"share_converted"`
		Others         int               `json:"others,omitempty"`
		NotConverted   int               `json:"not_converted,omitempty"`
		Unconverted    map[string]string `json:"unconverted,omitempty"`
	}
	texts := func(m map[string]api.Decimal) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v.String()
		}
		return out
	}
	if len(rs) == 0 {
		return "[]\n", nil
	}
	var out []string
	for _, g := range rs {
		var key any = g.Key
		if len(by) == 1 {
			key = g.Key[0]
		}
		e := entry{Group: key, Count: g.Count, Amounts: texts(g.Amounts), Converted: texts(g.Converted),
			ShareCount: rounded(g.ShareCount), Others: g.Others, NotConverted: g.NotConverted}
		if g.NotConverted > 0 {
			e.Unconverted = texts(g.Unconverted)
		}
		if g.ShareConverted != nil {
			p := rounded(*g.ShareConverted)
			e.ShareConverted = &p
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent("  ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			return "", err
		}
		out = append(out, strings.TrimSuffix(b.String(), "\n"))
	}
	return "[\n  " + strings.Join(out, ",\n  ") + "\n]\n", nil
}

// hostile are texts a server may send as a key or a currency: what
// encoding/json escapes, what it leaves, and what it replaces.
var hostile = []string{"", "plain", `quo"te`, `back\slash`, "tab\there", "nl\nx", "\x00\x01\x1f\x7f", "\b\f\r",
	"<b>&amp;</b>", "In Memory & In Honor", "é ü ñ 日本 🎉", "\u2028\u2029", "bad \xff\xfe utf8", "\xed\xa0\x80",
	"\ufeffbom", "a\u0085b", "{}[],:", "null", "\"", "\\"}

// shares are floats at the edges of encoding/json's two formats.
var shares = []float64{0, math.Copysign(0, -1), 1, 66.67, 100, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e20, 1e21, 123456789012345678901234.0,
	-1e-9, 1.7e306, math.SmallestNonzeroFloat64, 0.1 + 0.2}

func TestSummaryJSONWritesWhatEncodingJSONWrites(t *testing.T) {
	dec := func(s string) api.Decimal {
		d, err := api.ParseDecimal(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	var rs []report.SummaryRow
	for i, s := range hostile {
		share := shares[i%len(shares)]
		r := report.SummaryRow{Key: []string{s, hostile[(i+1)%len(hostile)]}, Count: i * 1000003,
			Amounts:   map[string]api.Decimal{s: dec("12.50"), "USD": dec("-0.0001"), "": dec("99999999999999999999.99")},
			Converted: map[string]api.Decimal{}, ShareCount: share, Others: i % 3}
		if i%3 == 1 {
			r.NotConverted, r.Unconverted = i, map[string]api.Decimal{s: dec("3.25")}
		}
		if i%2 == 0 {
			r.ShareConverted = &shares[(i+5)%len(shares)]
		}
		rs = append(rs, r)
	}
	// A summary by one key has one in every group; by more, an empty or
	// missing key list is written as encoding/json writes it.
	many := append(slices.Clone(rs), report.SummaryRow{Key: nil}, report.SummaryRow{Key: []string{}})
	for _, tc := range []struct {
		by []string
		rs []report.SummaryRow
	}{{[]string{"donor"}, nil}, {[]string{"donor"}, rs[:1]}, {[]string{"donor"}, rs}, {[]string{"donor", "day"}, many}} {
		want, err := referenceJSON(tc.by, tc.rs)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		err = summaryJSON(&b, tc.by, func(fn func(report.SummaryRow) error) error {
			for _, r := range tc.rs {
				if err := fn(r); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil || b.String() != want {
			t.Fatalf("by %v, %d rows: %v\n%s\nwant\n%s", tc.by, len(tc.rs), err, b.String(), want)
		}
	}
}

// A share JSON cannot hold is the error encoding/json gives, and nothing
// of its entry is written.
func TestSummaryJSONRefusesWhatEncodingJSONRefuses(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		r := report.SummaryRow{Key: []string{"a"}, ShareCount: 1}
		r.ShareConverted = &f
		_, want := referenceJSON([]string{"form"}, []report.SummaryRow{r})
		var b bytes.Buffer
		err := summaryJSON(&b, []string{"form"}, func(fn func(report.SummaryRow) error) error { return fn(r) })
		if want == nil || err == nil || err.Error() != want.Error() || b.Len() != 0 {
			t.Errorf("%v: %v, %q; encoding/json: %v", f, err, b.String(), want)
		}
	}
}

// Floats on their own, unrounded: both of encoding/json's formats.
func TestAppendFloatWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, f := range shares {
		want, _ := json.Marshal(f)
		if got, err := appendFloat(nil, f); err != nil || string(got) != string(want) {
			t.Errorf("%v: %s, %v; encoding/json: %s", f, got, err, want)
		}
	}
}
