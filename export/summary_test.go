package export_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"donations/api"
	"donations/export"
	"donations/store"
)

// groupsOf reads out its groups afresh each time it is asked, as the store
// does; later readings give the groups then, to stand for a sync writing
// between two readings.
func groupsOf(readings ...[]store.Group) export.Groups {
	n := 0
	return func(fn func(store.Group) error) error {
		gs := readings[min(n, len(readings)-1)]
		n++
		for _, g := range gs {
			if err := fn(g); err != nil {
				return err
			}
		}
		return nil
	}
}

func group(key string, n int, cur, sum string) store.Group {
	d, _ := api.ParseDecimal(sum)
	return store.Group{Key: []string{key}, Count: n, Amounts: map[string]api.Decimal{cur: d}, Converted: map[string]api.Decimal{"USD": d}}
}

// Each format writes the groups as they are read; the table and CSV read
// them twice, and a store that changed in between is an error rather than
// a column cut short or a sum left out.
func TestSummaryFormatsReadGroupsAsTheyCome(t *testing.T) {
	first := []store.Group{group("Gala", 2, "EUR", "5.00"), group("Spring", 1, "USD", "10.50")}
	want := map[string]string{
		"json": "[\n  {\n    \"group\": \"Gala\",\n    \"count\": 2,\n    \"amounts\": {\n      \"EUR\": \"5.00\"\n    },\n    \"converted\": {\n      \"USD\": \"5.00\"\n    }\n  },\n" +
			"  {\n    \"group\": \"Spring\",\n    \"count\": 1,\n    \"amounts\": {\n      \"USD\": \"10.50\"\n    },\n    \"converted\": {\n      \"USD\": \"10.50\"\n    }\n  }\n]\n",
		"csv":   "form,count,amount EUR,amount USD,converted USD\nGala,2,5.00,,5.00\nSpring,1,,10.50,10.50\n",
		"table": "FORM    COUNT  CONVERTED  AMOUNTS\nGala        2  USD 5.00   EUR 5.00\nSpring      1  USD 10.50  USD 10.50\n",
	}
	for format, w := range want {
		var b bytes.Buffer
		if err := export.WriteSummary(&b, format, []string{"form"}, groupsOf(first), 0); err != nil || b.String() != w {
			t.Errorf("%s: %v\n%q\nwant\n%q", format, err, b.String(), w)
		}
	}
	var b bytes.Buffer
	if err := export.WriteSummary(&b, "json", []string{"form"}, groupsOf(nil), 0); err != nil || b.String() != "[]\n" {
		t.Errorf("no groups: %v %q", err, b.String())
	}
	changed := append([]store.Group{group("A much longer form name", 1, "GBP", "1.00")}, first...)
	for _, format := range []string{"csv", "table"} {
		var b bytes.Buffer
		err := export.WriteSummary(&b, format, []string{"form"}, groupsOf(first, changed), 0)
		if err == nil || !strings.Contains(err.Error(), "the store changed while the summary was written") {
			t.Errorf("%s: err = %v", format, err)
		}
	}
	stop := errors.New("stop")
	err := export.WriteSummary(&b, "json", []string{"form"}, func(func(store.Group) error) error { return stop }, 0)
	if !errors.Is(err, stop) {
		t.Errorf("err = %v", err)
	}
}
