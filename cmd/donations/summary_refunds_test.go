package main

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
)

// refundedOf reads the amounts summary's stderr says were taken off for
// gifts refunded in part ("less USD 1,212.00 · EUR 3.00 refunded"), each
// grouped in thousands as the tables' are.
func refundedOf(t *testing.T, stderr string) map[string]api.Decimal {
	t.Helper()
	out := map[string]api.Decimal{}
	_, note, ok := strings.Cut(stderr, "the totals count gifts refunded in part less ")
	if !ok {
		return out
	}
	note, _, _ = strings.Cut(note, " refunded")
	for _, part := range strings.Split(note, " · ") {
		cur, v, _ := strings.Cut(part, " ")
		d, err := api.ParseDecimal(strings.ReplaceAll(v, ",", ""))
		if err != nil || textsafe.Thousands(d.String()) != v {
			t.Fatalf("%q in %q", part, stderr)
		}
		out[cur] = d
	}
	return out
}

// summary counts a paid gift refunded in part less the part refunded and
// says how much it took off: what it counts and what it says add up to
// the paid gifts' amounts as the list has them (converted, or in their
// own currency where not), in either shape the demo serves; the spec's
// records refund nothing in part, and nothing is said. The race pass
// (-short) takes Donorbox's shape alone (RacedShapes): the spec's runs the
// same goroutines over records with no part refunded.
func TestSummarySaysWhatWasRefundedInPart(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// What is counted and said adds up at any size; 300 gifts
			// hold gifts refunded in whole and, in Donorbox's shape, in
			// part, which is checked.
			hs := httptest.NewServer(demo.New(sh.Of(demo.Options{Count: 300})))
			t.Cleanup(hs.Close)
			env := map[string]string{"HOME": t.TempDir(), "DONATIONS_API_KEY": demo.DefaultKey, "TZ": "UTC"}
			account := []string{"--base-url", hs.URL, "--username", demo.DefaultLogin}
			gross, partly, refundedGifts := map[string]api.Decimal{}, 0, 0
			for _, d := range decoded(t, runCmd(t, env, append([]string{"list", "--format", "ndjson"}, account...)...).stdout) {
				if strings.ToLower(d.Status.Value) == "refunded" {
					refundedGifts++
				}
				if strings.ToLower(d.Status.Value) != "paid" {
					continue
				}
				cur, v := d.Currency.Value, d.Amount
				if d.ConvertedAmount.Valid && d.ConvertedCurrency.Value != "" {
					cur, v = d.ConvertedCurrency.Value, d.ConvertedAmount
				}
				n, _ := v.Decimal()
				gross[strings.ToUpper(cur)] = gross[strings.ToUpper(cur)].Add(n)
				if r, ok := d.AmountRefunded.Decimal(); ok && r.Compare(api.Decimal{}) > 0 {
					partly++
				}
			}
			r := runCmd(t, env, append([]string{"summary", "--by", "status", "--format", "json"}, account...)...)
			var got []summaryEntry
			if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil || len(got) != 1 {
				t.Fatalf("exit %d, %v, %s", r.code, err, r.stderr)
			}
			// The gifts refunded in whole are said in one form in either
			// shape: their count and their money.
			if want := textsafe.Count(refundedGifts, "gift") + " refunded ("; refundedGifts == 0 || !strings.Contains(r.stderr, want) {
				t.Errorf("%d gifts refunded, and stderr does not say %q: %s", refundedGifts, want, r.stderr)
			}
			refunded := refundedOf(t, r.stderr)
			if (partly > 0) != (len(refunded) > 0) || sh.Name == demo.ShapeDonorbox && partly == 0 {
				t.Fatalf("%d paid gifts refunded in part, and stderr says %q", partly, r.stderr)
			}
			for cur, want := range gross {
				counted, err := api.ParseDecimal(got[0].Converted[cur])
				if err != nil || counted.Add(refunded[cur]).Compare(want) != 0 {
					t.Errorf("%s: counted %s, less %s refunded; the list's paid gifts are %s", cur, got[0].Converted[cur], refunded[cur], want)
				}
			}
		})
	}
}
