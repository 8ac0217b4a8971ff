package ui

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"donations/api"
)

// row is one loaded donation, with what the quick search matches against
// prepared once when it arrives rather than on every keystroke.
type row struct {
	s      api.Summary
	ex     *api.Exchange // the request that fetched its page
	folded string
}

// fold lowers case and removes accents, so "zoe" finds "Zoë" and "JOSE" "José".
func fold(s string) string {
	if ascii(s) {
		return strings.ToLower(s)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func newRow(d *api.Donation, ex *api.Exchange) row {
	parts := []string{d.FirstName.Value, d.LastName.Value, d.Email.Value, d.FormName.Value,
		d.FormattedAmount.Value, d.Amount.Text, strconv.FormatInt(d.ID.Value, 10)}
	return row{s: d.Summary(), ex: ex, folded: fold(strings.Join(parts, "\x00"))}
}

// matches says whether every word of the folded query is in the row.
func (r row) matches(words []string) bool {
	for _, w := range words {
		if !strings.Contains(r.folded, w) {
			return false
		}
	}
	return true
}

// tally is what the footer shows: totals per currency, exact, and counts by
// status. It is kept up to date as pages arrive, never recomputed in View.
type tally struct {
	totals   map[string]api.Decimal
	gifts    map[string]int // per currency: the most used is shown first
	statuses map[string]int
}

func newTally() tally {
	return tally{totals: map[string]api.Decimal{}, gifts: map[string]int{}, statuses: map[string]int{}}
}

func (t *tally) add(d *api.Summary) {
	status := d.Status.Value
	if status == "" {
		status = "unknown"
	}
	t.statuses[status]++
	amount, ok := d.Amount.Decimal()
	if !ok {
		return // not a plain decimal: it cannot be added exactly
	}
	cur := strings.ToUpper(d.Currency.Value)
	if cur == "" {
		cur = "?"
	}
	t.totals[cur] = t.totals[cur].Add(amount)
	t.gifts[cur]++
}

// sortedKeys lists a map's keys in the order less gives.
func sortedKeys[V any](m map[string]V, less func(a, b string) bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
	return keys
}
