package main

import (
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
)

// A kind's read that the server fails is worded as a read of the
// donations is, its hint too, and exits 1: with no set held nothing is
// listed; with one held it is written, and the error says what it is.
// A kind's walk that cannot read the list whole fails the same way. The
// key is never shown.
func TestPlansTheServerFailsSayWhy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts demo.Options
		says []string
	}{
		{"401", demo.Options{KindStatus: http.StatusUnauthorized},
			[]string{"the plans could not be read whole, so none are listed: plans: authentication failed (HTTP 401) on page 1", "The usual causes"}},
		{"403", demo.Options{KindStatus: http.StatusForbidden},
			[]string{"plans: access forbidden (HTTP 403) on page 1", "a firewall or proxy"}},
		{"order turned after page 1", demo.Options{NewestUntil: 1},
			[]string{"the plans could not be read whole", "page 2 of plans lists ids rising where page 1 lists them falling"}},
		{"page 1 in one order, the others in the other", demo.Options{NewestPageOne: true},
			[]string{"the plans could not be read whole", "page 2 of plans lists ids falling where page 1 lists them rising"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Count, tc.opts.Shape = 1500, demo.ShapeDonorbox
			_, env, account := shapedAccount(t, tc.opts)
			r := runCmd(t, env, append([]string{"plans", "--format", "ndjson"}, account...)...)
			if r.code != exitAPI || r.stdout != "" || strings.Contains(r.stderr+r.stdout, demo.DefaultKey) {
				t.Errorf("exit %d, stdout %d bytes: want exit 1, nothing listed, no key; %q", r.code, len(r.stdout), r.stderr)
			}
			for _, s := range tc.says {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr does not say %q: %q", s, r.stderr)
				}
			}
		})
	}
}

// switched is a server that answers as the demo server cur holds: one
// that starts refusing what it served before.
func switched(t *testing.T, cur *atomic.Pointer[demo.Server]) string {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { cur.Load().ServeHTTP(w, r) }))
	t.Cleanup(hs.Close)
	return hs.URL
}

// A sync whose donations are read but whose kinds the server refuses (a
// key allowed to read donations only) keeps the donations, warns of each
// kind, gives the hint once and exits 1; plans then written from the set
// a sync held exit 1 too, saying why.
func TestSyncOfKindsTheServerRefuses(t *testing.T) {
	t.Parallel()
	// What a refused kind leaves is the same at any size: 200 gifts, with
	// plans still.
	opts := demo.Options{Count: 200, Shape: demo.ShapeDonorbox}
	var cur atomic.Pointer[demo.Server]
	cur.Store(demo.New(opts))
	env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey}
	account := []string{"--base-url", switched(t, &cur), "--username", demo.DefaultLogin}
	if r := runCmd(t, env, append([]string{"sync"}, account...)...); r.code != 0 {
		t.Fatalf("the first sync: exit %d, %q", r.code, r.stderr)
	}
	opts.KindStatus = http.StatusUnauthorized
	cur.Store(demo.New(opts))
	r := runCmd(t, env, append([]string{"sync"}, account...)...)
	if r.code != exitAPI || !strings.Contains(r.stdout, "synced: ") || strings.Count(r.stderr, "The usual causes") != 1 {
		t.Errorf("sync with the kinds refused: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "warning: plans: authentication failed (HTTP 401) on page 1") ||
		!strings.Contains(r.stderr, "the store keeps the plans it had") {
		t.Errorf("sync does not say what became of the plans: %q", r.stderr)
	}
	r = runCmd(t, env, append([]string{"plans", "--format", "ndjson"}, account...)...)
	if r.code != exitAPI || len(lines(r.stdout)) == 0 || !strings.Contains(r.stderr, "the store keeps the plans it had: the ") ||
		!strings.Contains(r.stderr, "The usual causes") || strings.Contains(r.stderr+r.stdout, demo.DefaultKey) {
		t.Errorf("plans with a set held, refused: exit %d, %d plans, %q", r.code, len(lines(r.stdout)), r.stderr)
	}
}

// A server that writes the kinds' amounts with a decimal comma, their
// date-times with offsets of no colon or as dates, and drifts their
// field types gives the same answers as the same data written plainly:
// the same amounts, the same order by them, the same plans due before a
// date.
func TestKindsInEveryFormAnswerTheSame(t *testing.T) {
	t.Parallel()
	asks := [][]string{
		{"campaigns", "--format", "csv", "--sort", "-raised"},
		{"plans", "--format", "csv", "--sort", "amount"},
		{"plans", "--format", "csv", "--next-before", "2026-12-01", "--sort", "-last"},
		{"donors", "--format", "csv", "--sort", "-raised"},
		{"purchases", "--format", "csv", "--sort", "-amount"},
	}
	// columns keeps what is not a date-time of a CSV's rows: those are
	// written as the server sent them.
	columns := func(out string) [][]string {
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("%v: %q", err, out)
		}
		for _, row := range rows {
			for i, cell := range row {
				if len(cell) > 10 && cell[4] == '-' && cell[7] == '-' {
					row[i] = cell[:10]
				}
			}
		}
		return rows
	}
	// 900 gifts give each kind dozens of rows to order; the race pass
	// (-short) reads the same forms over fewer, rows enough to order.
	count := apitest.Sized(900, 300)
	plain := map[string][][]string{}
	_, env, account := shapedAccount(t, demo.Options{Count: count, Shape: demo.ShapeDonorbox})
	for _, ask := range asks {
		r := runCmd(t, env, append(ask, account...)...)
		if r.code != 0 || len(lines(r.stdout)) < 3 {
			t.Fatalf("%v: exit %d, %q", ask, r.code, r.stderr)
		}
		plain[strings.Join(ask, " ")] = columns(r.stdout)
	}
	forms := []demo.Options{
		{DecimalComma: true}, {DateForm: demo.DateNoColon}, {DateForm: demo.DateOnly}, {Drift: true},
		{DecimalComma: true, DateForm: demo.DateNoColon, Drift: true},
	}
	if testing.Short() {
		// Each server is read by the same goroutines: the race pass reads
		// the one that writes most forms at once, the first pass each.
		forms = forms[len(forms)-1:]
	}
	for _, o := range forms {
		o.Count, o.Shape = count, demo.ShapeDonorbox
		_, env, account := shapedAccount(t, o)
		for _, ask := range asks {
			r := runCmd(t, env, append(ask, account...)...)
			if got, want := columns(r.stdout), plain[strings.Join(ask, " ")]; r.code != 0 || !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("comma %v, dates %q, drift %v, %v: exit %d, %d rows where the plain server gives %d; first differs: %v", o.DecimalComma, o.DateForm, o.Drift, ask, r.code, len(got), len(want), firstDiff(got, want))
			}
		}
	}
}

// firstDiff is the first row of got that is not want's, beside it.
func firstDiff(got, want [][]string) [][]string {
	for i := range min(len(got), len(want)) {
		if !slices.Equal(got[i], want[i]) {
			return [][]string{got[i], want[i]}
		}
	}
	return nil
}

// Names carrying escape sequences and bidi overrides reach no terminal
// raw in a kind's table or CSV; ndjson carries them as the server sent
// them.
func TestKindsHostileNames(t *testing.T) {
	t.Parallel()
	_, env, account := shapedAccount(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox, Hostile: true})
	for _, k := range []string{"plans", "donors"} {
		for _, format := range []string{"table", "csv", "ndjson"} {
			r := runCmd(t, env, append([]string{k, "--format", format}, account...)...)
			raw := format != "ndjson" && strings.ContainsAny(r.stdout, "\x1b\u202e\x07")
			if r.code != 0 || len(lines(r.stdout)) < 2 || raw {
				t.Errorf("%s --format %s: exit %d, %d lines, raw escapes %v; %q", k, format, r.code, len(lines(r.stdout)), raw, r.stderr)
			}
			if format == "ndjson" && !strings.Contains(r.stdout, `\u001b]52;`) {
				t.Errorf("%s --format ndjson lost the escapes the server sent", k)
			}
		}
	}
}
