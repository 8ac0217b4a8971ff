package detail

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
)

// The fields past the spec show in the detail when a record sends them, the
// nested donor as the flat one, and not at all when it does not.
func TestDetailShowsFieldsPastTheSpecWhenSent(t *testing.T) {
	var d api.Donation
	rec := `{"id":9,"donor":{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org","zip_code":"SW1Y 4JH"},` +
		`"campaign":{"id":77,"name":"Spring appeal"},"amount_refunded":"5.00","comment":"For the roof","designation":"Library"}`
	if err := json.Unmarshal([]byte(rec), &d); err != nil {
		t.Fatal(err)
	}
	text := textsafe.Line(detailText(&d, 100, time.UTC, uictx.NewStyles(true)))
	for _, want := range []string{"Ada Lovelace", "ada@example.org", "SW1Y 4JH", "Spring appeal", "77", "For the roof", "Library", "Refunded"} {
		if !strings.Contains(text, want) {
			t.Errorf("the detail lacks %q:\n%s", want, text)
		}
	}
	var plain api.Donation
	if err := json.Unmarshal([]byte(`{"id":10}`), &plain); err != nil {
		t.Fatal(err)
	}
	if text := detailText(&plain, 100, time.UTC, uictx.NewStyles(true)); strings.Contains(text, "Campaign") || strings.Contains(text, "Refunded") {
		t.Errorf("fields past the spec shown though not sent:\n%s", text)
	}
}

// An e-mail too long even for the pane's whole width breaks after its "@"
// (or a "."), never mid-word.
func TestDetailWrapsAnEmailAtItsParts(t *testing.T) {
	const local, domain = "margaret.hamilton", "example.org"
	text := detailOf(t, `{"id":1,"donor":{"email":"`+local+"@"+domain+`"}}`, 25)
	if !strings.Contains(text, local+"@\n") || !strings.Contains(text, domain) {
		t.Errorf("the e-mail %s@%s did not break after its @:\n%s", local, domain, text)
	}
}

// A value with a word too long for the room beside its label (the pane
// beside the list at 120 columns leaves 25 cells) goes whole under the
// label, where it fits, rather than being split beside it
// ("david.smith698@example." / "com"); one that fits stays beside.
func TestDetailMovesALongValueUnderItsLabel(t *testing.T) {
	const email, charge = "david.smith698@example.com", "ch_3QfakeStripe0001abcdefgh"
	rec := `{"id":1,"donor":{"email":"` + email + `"},"stripe_charge_id":"` + charge + `","comment":"For the roof"}`
	for _, tc := range []struct {
		width         int
		under, beside []string
	}{
		{46, []string{email, charge}, []string{"For the roof"}}, // the pane at 120×35
		{80, nil, []string{email, charge, "For the roof"}},      // the whole screen at 80×24
	} {
		lines := strings.Split(detailOf(t, rec, tc.width), "\n")
		for _, want := range tc.under {
			if !hasLine(lines, strings.Repeat(" ", fieldIndent)+want) {
				t.Errorf("width %d: %q is not whole on a line of its own:\n%s", tc.width, want, strings.Join(lines, "\n"))
			}
		}
		for _, want := range tc.beside {
			if !slices.ContainsFunc(lines, func(l string) bool { return len(l) > detailLabelW && strings.TrimSpace(l[detailLabelW:]) == want }) {
				t.Errorf("width %d: %q is not beside its label:\n%s", tc.width, want, strings.Join(lines, "\n"))
			}
		}
		for _, l := range lines {
			if w := textsafe.Width(l); w > tc.width {
				t.Errorf("width %d: a line of %d cells: %q", tc.width, w, l)
			}
		}
	}
}

// detailOf is the detail of the record rec, width cells wide, without styles.
func detailOf(t *testing.T, rec string, width int) string {
	t.Helper()
	var d api.Donation
	if err := json.Unmarshal([]byte(rec), &d); err != nil {
		t.Fatal(err)
	}
	return ansi.Strip(detailText(&d, width, time.UTC, uictx.NewStyles(true)))
}

func hasLine(lines []string, want string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.TrimRight(l, " ") == want })
}
