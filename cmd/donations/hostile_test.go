package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"donations/api/demo"
	"donations/textsafe"
)

func TestHostileDataInListOutput(t *testing.T) {
	t.Parallel()
	run, err := demo.Start(context.Background(), "", demo.Options{Count: 100, Hostile: true})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	list := func(format string) string {
		r := runCmd(t, env, "list", "--base-url", run.URL, "--username", demo.DefaultLogin, "--format", format)
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", format, r.code, r.stderr)
		}
		return r.stdout
	}

	t.Run("table is sanitised and aligned", func(t *testing.T) {
		out := list("table")
		for _, r := range out {
			if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u202E' || r == '\u200B' {
				t.Fatalf("the table carries %U", r)
			}
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 101 {
			t.Fatalf("%d lines, want a header and 100 rows", len(lines))
		}
		status := strings.Index(lines[0], "STATUS")
		for _, l := range lines[1:] {
			if w := textsafe.Width(l); w > 120 {
				t.Errorf("a row of %d cells: %q", w, l)
			}
			// Every row has a status here, starting in the same cell.
			at := statusRE.FindStringIndex(l)
			if at == nil || textsafe.Width(l[:at[0]+2]) != textsafe.Width(lines[0][:status]) {
				t.Errorf("STATUS column misaligned: %q", l)
			}
		}
	})

	t.Run("ndjson carries every record exactly as sent", func(t *testing.T) {
		req, _ := http.NewRequest("GET", run.URL+"/api/v1/donations", nil)
		req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var records []json.RawMessage
		if err := json.Unmarshal(body, &records); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(list("ndjson"), "\n"), "\n")
		if len(lines) != len(records) {
			t.Fatalf("%d lines, %d records", len(lines), len(records))
		}
		for i, rec := range records {
			// Decoding the whole page repaired invalid UTF-8 in the slice it
			// returned; compare with the bytes cut from the body itself.
			start := bytes.Index(body, []byte(`{"id":`+string(mustID(t, rec))+`,`))
			var want bytes.Buffer
			_ = json.Compact(&want, body[start:start+len(rec)])
			if lines[i] != want.String() {
				t.Fatalf("record %d differs from what the server sent", i)
			}
		}
		if !strings.Contains(lines[3], `\u001b]52;c;`) || !strings.Contains(lines[3], "\xff\xfe") {
			t.Error("the hostile record lost its escapes or its invalid bytes")
		}
	})

	t.Run("csv neutralises formulas and drops escapes", func(t *testing.T) {
		out := list("csv")
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Error("an escape sequence reached the CSV, which people cat")
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for i, name := range rows[0] {
			col[name] = i
		}
		hostile := rows[4] // the fourth donation is hostile
		for name, want := range map[string]string{
			"address":                       "'" + demo.HostileFormula,
			"donation_honor.honoree_name":   "'@SUM(1+1)*cmd|' /C calc'!A0",
			"donation_honor.recipient_name": "'+Bob", // the title escape dropped, the text kept
		} {
			if got := hostile[col[name]]; got != want {
				t.Errorf("%s = %q, want %q", name, got, want)
			}
		}
	})
}

var statusRE = regexp.MustCompile(`  (paid|refunded|pending|failed|disputed) `)

func mustID(t *testing.T, rec json.RawMessage) []byte {
	var d struct{ ID json.Number }
	if err := json.Unmarshal(rec, &d); err != nil {
		t.Fatal(err)
	}
	return []byte(d.ID)
}
