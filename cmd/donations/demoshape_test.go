package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// --demo-shape serves the built-in demo in the shape asked for, and the
// list's ndjson passes each record on as that shape sent it.
func TestDemoShapeServesThatShape(t *testing.T) {
	t.Parallel()
	cases := []struct {
		shape, has, lacks string
	}{
		{"spec", "form_name", "donor"},
		{"donorbox", "donor", "form_name"},
	}
	for _, c := range cases {
		t.Run(c.shape, func(t *testing.T) {
			r := runCmd(t, nil, "list", "--demo", "--demo-count", "30", "--demo-shape", c.shape, "--format", "ndjson")
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			if len(lines) != 30 {
				t.Fatalf("%d donations, want 30", len(lines))
			}
			for _, l := range lines {
				var m map[string]any
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatal(err)
				}
				if _, ok := m[c.has]; !ok {
					t.Fatalf("a record without %s: %.80s", c.has, l)
				}
				if _, ok := m[c.lacks]; ok {
					t.Fatalf("a record with %s: %.80s", c.lacks, l)
				}
			}
		})
	}
}

func TestAnUnknownDemoShapeIsAUsageError(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"list", "--demo", "--demo-shape", "donorbx"}, {"demo-server", "--shape", "donorbx"}} {
		r := runCmd(t, nil, args...)
		if r.code != exitConfig || !strings.Contains(r.stderr, `"donorbx" is not one of spec, donorbox`) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, r.code, r.stderr, r.stdout)
		}
	}
}

// Donorbox's records name a campaign and no form: the list's table shows
// the campaign in its FORM column, as the browser's list does, and a
// summary by form says on stderr that --by campaign is the grouping there
// is; the spec's records have forms, and nothing is said.
func TestWhereNoGiftHasAFormTheCampaignStandsIn(t *testing.T) {
	t.Parallel()
	demo := []string{"--demo", "--demo-count", "60", "--demo-shape"}
	gifts := decoded(t, runCmd(t, nil, append(demo, "donorbox", "list", "--format", "ndjson")...).stdout)
	table := runCmd(t, nil, append(demo, "donorbox", "list", "--format", "table")...)
	rows := strings.Split(strings.TrimSpace(table.stdout), "\n")
	if table.code != 0 || len(gifts) != 60 || len(rows) != 61 {
		t.Fatalf("exit %d, %d gifts, %d rows: %s", table.code, len(gifts), len(rows), table.stderr)
	}
	for i, d := range gifts {
		name := []rune(d.CampaignName.Value)
		if d.FormName.Value != "" || len(name) == 0 {
			t.Fatalf("gift %d: form %q, campaign %q: not the records the test is about", i, d.FormName.Value, d.CampaignName.Value)
		}
		// The column may cut a long name: its first eight letters show.
		if want := "  " + string(name[:min(8, len(name))]); !strings.Contains(rows[i+1], want) {
			t.Errorf("row %d does not show the campaign %q: %q", i+1, d.CampaignName.Value, rows[i+1])
		}
	}
	const note = "the server names no forms; --by campaign groups by campaign"
	for _, c := range []struct {
		shape string
		said  bool
	}{{"donorbox", true}, {"spec", false}} {
		r := runCmd(t, nil, append(demo, c.shape, "summary", "--by", "form", "--format", "json")...)
		if r.code != 0 || strings.Contains(r.stderr, note) != c.said {
			t.Errorf("%s: exit %d, the note said: %v, want %v: %s", c.shape, r.code, !c.said, c.said, r.stderr)
		}
	}
}
