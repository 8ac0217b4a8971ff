package detail

import (
	"encoding/json"
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

// An e-mail too long for the pane breaks after its "@" (or a "."), never
// mid-word.
func TestDetailWrapsAnEmailAtItsParts(t *testing.T) {
	const local, domain = "margaret.hamilton", "example.org"
	var d api.Donation
	if err := json.Unmarshal([]byte(`{"id":1,"donor":{"email":"`+local+"@"+domain+`"}}`), &d); err != nil {
		t.Fatal(err)
	}
	text := ansi.Strip(detailText(&d, 40, time.UTC, uictx.NewStyles(true)))
	if !strings.Contains(text, local+"@\n") || !strings.Contains(text, domain) {
		t.Errorf("the e-mail %s@%s did not break after its @:\n%s", local, domain, text)
	}
}
