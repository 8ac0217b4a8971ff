package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// --demo-shape serves the built-in demo in the shape asked for, and the
// list's ndjson passes each record on as that shape sent it.
func TestDemoShapeServesThatShape(t *testing.T) {
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
	for _, args := range [][]string{{"list", "--demo", "--demo-shape", "donorbx"}, {"demo-server", "--shape", "donorbx"}} {
		r := runCmd(t, nil, args...)
		if r.code != exitConfig || !strings.Contains(r.stderr, `"donorbx" is not one of spec, donorbox`) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, r.code, r.stderr, r.stdout)
		}
	}
}
