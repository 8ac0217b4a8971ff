package main

import (
	"encoding/json"
	"strings"
	"testing"

	"donations/api"
)

type summaryEntry struct {
	Group     json.RawMessage
	Count     int
	Amounts   map[string]string
	Converted map[string]string
}

// The sums summary writes are those an independent addition of every
// donation gives, online and offline alike.
func TestSummarySumsExactly(t *testing.T) {
	_, env, account := askAccount(t, 2500)
	all := decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	type sums struct {
		count     int
		amounts   map[string]api.Decimal
		converted map[string]api.Decimal
	}
	want := map[string]*sums{}
	for _, d := range all {
		if d.Status.Value == "failed" {
			continue
		}
		key := `["` + d.FormName.Value + `","` + strings.ToLower(d.Status.Value) + `"]`
		s := want[key]
		if s == nil {
			s = &sums{amounts: map[string]api.Decimal{}, converted: map[string]api.Decimal{}}
			want[key] = s
		}
		s.count++
		v, _ := d.Amount.Decimal()
		cur := strings.ToUpper(d.Currency.Value)
		s.amounts[cur] = s.amounts[cur].Add(v)
		c, _ := d.ConvertedAmount.Decimal()
		s.converted[d.ConvertedCurrency.Value] = s.converted[d.ConvertedCurrency.Value].Add(c)
	}
	args := []string{"summary", "--by", "form", "--by", "status", "--status", "paid,refunded,pending,disputed", "--format", "json"}
	for _, mode := range [][]string{nil, {"--offline"}} {
		r := runCmd(t, env, append(append(args, mode...), account...)...)
		var got []summaryEntry
		if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %v, %s", mode, r.code, err, r.stderr)
		}
		if len(got) != len(want) {
			t.Fatalf("%v: %d groups, want %d", mode, len(got), len(want))
		}
		for _, g := range got {
			var key []string
			if err := json.Unmarshal(g.Group, &key); err != nil || len(key) != 2 {
				t.Fatalf("group %s is not two keys", g.Group)
			}
			w := want[`["`+key[0]+`","`+key[1]+`"]`]
			if w == nil || g.Count != w.count || len(g.Amounts) != len(w.amounts) || len(g.Converted) != len(w.converted) {
				t.Fatalf("%v: group %s = %+v, want %+v", mode, g.Group, g, w)
			}
			for cur, v := range w.amounts {
				if g.Amounts[cur] != v.String() {
					t.Errorf("%v: group %s %s = %s, want %s", mode, g.Group, cur, g.Amounts[cur], v)
				}
			}
			for cur, v := range w.converted {
				if g.Converted[cur] != v.String() {
					t.Errorf("%v: group %s converted %s = %s, want %s", mode, g.Group, cur, g.Converted[cur], v)
				}
			}
		}
	}
}

func TestSummaryOneKeyAndBadKeys(t *testing.T) {
	r := runCmd(t, nil, "summary", "--demo", "--by", "recurring", "--format", "json")
	var got []summaryEntry
	if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil || len(got) != 2 || string(got[0].Group) != `"one-time"` {
		t.Fatalf("exit %d, %v, %s %s", r.code, err, r.stdout, r.stderr)
	}
	if got[0].Count+got[1].Count != 5000 {
		t.Errorf("counts %d + %d, want 5000", got[0].Count, got[1].Count)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give --by once or twice"},
		{[]string{"--by", "form", "--by", "status", "--by", "day"}, "give --by once or twice"},
		{[]string{"--by", "colour"}, `--by: "colour" is not one of`},
		{[]string{"--by", "day", "--by", "day"}, `--by: "day" is given twice`},
		{[]string{"--by", "form", "--format", "xml"}, `--format: "xml" is not one of table, json, csv`},
		{[]string{"--by", "form", "--since", "soon"}, `--since: "soon" is not a date`},
	} {
		r := runCmd(t, nil, append([]string{"summary", "--demo"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
