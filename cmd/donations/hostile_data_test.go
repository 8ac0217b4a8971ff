package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// recordServer answers page 1 (or a request with no page) with records,
// a JSON array, and every later page with an empty one: an account as a
// server that sends what it likes would hold it.
func recordServer(t *testing.T, records string) (map[string]string, []string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Query().Get("page"); p != "" && p != "1" && p != "0" {
			fmt.Fprint(w, `[]`)
			return
		}
		fmt.Fprint(w, records)
	}))
	t.Cleanup(srv.Close)
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": "k"}
	return env, []string{"--base-url", srv.URL, "--username", "u"}
}

// Escape sequences in the currencies a server sends reach no summary
// cell, in any format, from the server or from the store.
func TestSummaryCellsCarryNoEscapes(t *testing.T) {
	t.Parallel()
	const records = `[{"id":1,"form_name":"Gala","status":"paid","amount":"10.00","currency":"usd\u001b[2J\u001b[H",` +
		`"converted_amount":"10.00","converted_currency":"\u001b]0;PWNED\u0007USD","donation_date":"2026-01-02 10:00:00"},` +
		`{"id":2,"form_name":"Gala","status":"paid","amount":"5.00","currency":"eur\u001bP1;2|pwn\u001b\\\u009b31m",` +
		`"converted_amount":"5.00","converted_currency":"\u009b2J\u0090dcs\u009cUSD","donation_date":"2026-01-03 10:00:00"}]`
	summaryEveryWay(t, records, func(way string, r result) {
		for _, bad := range []string{"\x1b", "\u009b", "\u0090", "\u009c", "\x07", "\\u001b", "\\u0007"} {
			if strings.Contains(r.stdout+r.stderr, bad) {
				t.Errorf("%s: output carries %q:\n%q", way, bad, r.stdout)
			}
		}
		if !strings.Contains(r.stdout, "Gala") || !strings.Contains(r.stdout, "10") {
			t.Errorf("%s: the group is missing:\n%s", way, r.stdout)
		}
	})
}

// summaryEveryWay syncs an account of records (recordServer's) and runs
// summary by form over it in every format, from the server and from the
// store, handing check each run that exits 0.
func summaryEveryWay(t *testing.T, records string, check func(way string, r result)) {
	t.Helper()
	env, account := recordServer(t, records)
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("sync: exit %d\n%s", r.code, r.stderr)
	}
	for _, mode := range []string{"--no-cache", "--offline"} {
		for _, format := range []string{"table", "csv", "json"} {
			r := runCmd(t, env, append([]string{"summary", mode, "--by", "form", "--format", format}, account...)...)
			if r.code != 0 {
				t.Fatalf("%s %s: exit %d\n%s", mode, format, r.code, r.stderr)
			}
			check(mode+" "+format, r)
		}
	}
}

// Data that shares digits with the key is stored and exported as sent, and
// the sync that reads it completes.
func TestDataLikeTheKeyIsKept(t *testing.T) {
	t.Parallel()
	const records = `[{"id":1,"zip_code":"12345678","address":"1234567890 Main St","amount":12.345678901234567}]`
	env, account := recordServer(t, records)
	env["DONATIONS_API_KEY"] = "sekrit-KEY-1234567890"
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("sync: exit %d\n%s", r.code, r.stderr)
	}
	r := runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	if r.code != 0 || strings.TrimSpace(r.stdout) != records[1:len(records)-1] {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// Records a store cannot hold (no id, an id that is not a whole number, an
// id already on the page) are skipped by a sync, which says how many and
// why, and stores the rest of their page; list shows them all as sent.
func TestSyncSkipsRecordsWithoutAUsableIDAndSaysSo(t *testing.T) {
	t.Parallel()
	const records = `[{"id":null,"first_name":"Null"},{"first_name":"Missing"},{"id":"2","first_name":"First"},` +
		`{"id":2,"first_name":"Second"},{"id":"abc"},{"id":4.5},{"id":true},{"id":3,"first_name":"Three"}]`
	env, account := recordServer(t, records)
	r := runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != 0 {
		t.Fatalf("sync: exit %d\n%s", r.code, r.stderr)
	}
	want := "donations: warning: 6 records were not stored: 2 with no id, 3 with an id that is not a whole number, " +
		"1 with an id already on its page (the later copy was kept)"
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr = %q\nwant it to hold %q", r.stderr, want)
	}
	// The server answers the same list at every path: the other kinds'
	// reads leave the same records out, and say so, the rest kept.
	if kinds := "donations: warning: campaigns: 2 read, 5 left out with no usable id"; !strings.Contains(r.stderr, kinds) {
		t.Errorf("stderr = %q\nwant it to hold %q", r.stderr, kinds)
	}
	stored := runCmd(t, env, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	if strings.Count(stored.stdout, "\n") != 2 || !strings.Contains(stored.stdout, "Second") || !strings.Contains(stored.stdout, `"id":3`) {
		t.Errorf("stored:\n%s%s", stored.stdout, stored.stderr)
	}
	listed := runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...)
	if listed.code != 0 || strings.Count(listed.stdout, "\n") != 7 {
		t.Errorf("list: exit %d\n%s%s", listed.code, listed.stdout, listed.stderr)
	}
}

// A record with the donor and the campaign nested is stored, searched and
// exported by the same fields as a flat one, its bytes kept as sent.
func TestNestedRecordsAreStoredAndExported(t *testing.T) {
	t.Parallel()
	const rec = `{"id":9,"donor":{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org","city":"London"},` +
		`"campaign":{"id":77,"name":"Spring appeal"},"anonymous_donation":true,"amount":"25.00","currency":"GBP"}`
	env, account := recordServer(t, "["+rec+"]")
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("sync: exit %d\n%s", r.code, r.stderr)
	}
	r := runCmd(t, env, append([]string{"list", "--offline", "--search", "lovelace london", "--format", "ndjson"}, account...)...)
	if r.code != 0 || strings.TrimSpace(r.stdout) != rec {
		t.Errorf("search: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runCmd(t, env, append([]string{"list", "--offline", "--email", "ada@example.org", "--format", "csv"}, account...)...)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 2 {
		t.Fatalf("csv: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	head, row := strings.Split(lines[0], ","), strings.Split(lines[1], ",")
	for col, want := range map[string]string{"first_name": "Ada", "anonymous": "true", "campaign_id": "77", "campaign_name": "Spring appeal"} {
		i := slices.Index(head, col)
		if i < 0 || i >= len(row) || row[i] != want {
			t.Errorf("csv column %s: want %q\n%s", col, want, r.stdout)
		}
	}
}

// An amount the server sent as no number is counted and not added up, and
// summary says so in every format, from the server and from the store: a
// total that silently left a gift out would be reported as whole.
func TestSummarySaysWhichAmountsAreNoNumber(t *testing.T) {
	t.Parallel()
	const records = `[{"id":1,"form_name":"Gala","status":"paid","amount":"10.00","currency":"USD","donation_date":"2026-01-02 10:00:00"},` +
		`{"id":2,"form_name":"Gala","status":"paid","amount":"N/A","currency":"USD","donation_date":"2026-01-03 10:00:00"},` +
		`{"id":3,"form_name":"Gala","status":"paid","amount":"5.00","currency":"EUR","converted_amount":"n/a","converted_currency":"USD","donation_date":"2026-01-04 10:00:00"}]`
	summaryEveryWay(t, records, func(way string, r result) {
		if !strings.Contains(r.stderr, "2 gifts came with an amount that is no number (such as N/A): counted, not added up") {
			t.Errorf("%s: no word of the amounts that are no number:\n%s", way, r.stderr)
		}
		if !strings.Contains(r.stdout, "10.00") || !strings.Contains(r.stdout, "5.00") {
			t.Errorf("%s: the amounts that read are not added up:\n%s", way, r.stdout)
		}
	})
}
