package detail

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/ui/uictx"
)

// detailLine is the detail's line labelled label, spaces squeezed.
func detailLine(text, label string) string {
	for _, l := range strings.Split(text, "\n") {
		if len(l) > detailLabelW && strings.TrimSpace(l[:detailLabelW]) == label {
			return strings.Join(strings.Fields(l), " ")
		}
	}
	return ""
}

// The fields Donorbox sends show in the detail: the charge id from the
// processor's key, the server's net when the fees do not give one, a
// refund, fee_covered as Yes/No, and the donor's and the plan's fields.
func TestDetailShowsWhatDonorboxSends(t *testing.T) {
	body, err := os.ReadFile("../../../api/testdata/donorbox/donations.json")
	if err != nil {
		t.Fatal(err)
	}
	list, _, err := api.DecodePage(body, 1)
	if err != nil || len(list) != 2 {
		t.Fatalf("%d donations, %v", len(list), err)
	}
	for i, want := range []map[string]string{{
		"Name":              "Name Ines Okafor",
		"Address":           "Address 4 Harbour Row, Flat 2, Bristol, BS1 5TT, GB",
		"Phone":             "Phone +44 20 7946 0321",
		"Employer":          "Employer Severn Ferries",
		"Occupation":        "Occupation Navigator",
		"Donor id":          "Donor id 9120455",
		"Mailing list":      "Mailing list yes",
		"Charge id":         "Charge id ch_3QfakeStripe0001",
		"Refunded":          "Refunded £20",
		"Campaign":          "Campaign Winter shelter appeal",
		"Campaign id":       "Campaign id 481207",
		"Gift Aid":          "Gift Aid yes",
		"First of its plan": "First of its plan yes",
		"Plan id":           "Plan id 2210934",
		"Interval":          "Interval 1 M",
		"Designation":       "Designation Night beds",
		"Comment":           "Comment For the winter beds",
		"Fee covered":       "Fee covered Yes",
		"Net":               "Net $147.61 (converted, as the server says; £20 refunded)",
		"utm_term":          "utm_term shelter beds",
	}, {
		"Charge id":   "Charge id 8WJ12345FAKE6789",
		"Refunded":    "Refunded none",
		"Fee covered": "Fee covered No",
		"Company":     "Company Wrobel & Daughters",
		"Net":         "Net — (needs amount and both fees)",
		"Phone":       "",
		"utm_term":    "",
	}} {
		text := ansi.Strip(detailText(&list[i], 100, time.UTC, uictx.NewStyles(true)))
		for label, line := range want {
			if got := detailLine(text, label); got != line {
				t.Errorf("record %d: %q, want %q\n%s", i, got, line, text)
			}
		}
	}
}

// The platform's records name a campaign and no form: the detail shows the
// campaign where the form would be, at the top of the gift, once (the
// list's FORM column follows the same rule); a record with a form shows
// the form there and its campaign further down.
func TestDetailShowsTheCampaignWhereNoForm(t *testing.T) {
	for _, tc := range []struct {
		json, first, second string
	}{
		{`{"id":1,"campaign":{"id":7,"name":"Annual Fund"}}`, "Campaign Annual Fund", ""},
		{`{"id":1,"form_name":"Spring Appeal","campaign":{"id":7,"name":"Annual Fund"}}`, "Form Spring Appeal", "Campaign Annual Fund"},
	} {
		var d api.Donation
		if err := d.UnmarshalJSON([]byte(tc.json)); err != nil {
			t.Fatal(err)
		}
		text := ansi.Strip(detailText(&d, 100, time.UTC, uictx.NewStyles(true)))
		_, gift, _ := strings.Cut(text, "\nGift\n")
		lines := strings.Split(gift, "\n")
		if got := strings.Join(strings.Fields(lines[0]), " "); got != tc.first {
			t.Errorf("%s: the gift begins %q, want %q\n%s", tc.json, got, tc.first, text)
		}
		if n := strings.Count(text, "Annual Fund"); n != 1 {
			t.Errorf("%s: the campaign shows %d times\n%s", tc.json, n, text)
		}
		if tc.second != "" && !strings.Contains(strings.Join(strings.Fields(gift), " "), tc.second) {
			t.Errorf("%s: no %q\n%s", tc.json, tc.second, text)
		}
	}
}

// A refund shows beside the net, whichever gives it; a gift with no card
// (PayPal sends an empty last4) shows the dash every missing value shows.
func TestDetailNetNamesTheRefundAndCardIsNeverBlank(t *testing.T) {
	for _, tc := range []struct{ name, record, label, want string }{
		{"fees and a refund", `{"id":1,"amount":"100.00","currency":"USD","processing_fee":"3.20","app_fee":"1.00","amount_refunded":"50.00"}`,
			"Net", "Net 95.80 USD (amount − fees, 50.00 USD refunded not taken off)"},
		{"fees, no refund", `{"id":1,"amount":"100.00","currency":"USD","processing_fee":"3.20","app_fee":"1.00","amount_refunded":"0"}`,
			"Net", "Net 95.80 USD (amount − fees)"},
		{"the server's net and a refund", `{"id":1,"amount":"1000.00","currency":"USD","amount_refunded":"500.00","formatted_amount_refunded":"$500.00","converted_net_amount":"960.70","formatted_converted_net_amount":"$960.70","converted_currency":"USD"}`,
			"Net", "Net $960.70 (converted, as the server says; $500.00 refunded)"},
		{"PayPal", `{"id":1,"amount":"10.00","currency":"USD","donation_type":"paypal","last4":""}`,
			"Card / account", "Card / account " + uictx.Missing},
	} {
		list, _, err := api.DecodePage([]byte(`{"donations":[`+tc.record+`]}`), 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("%s: %d donations, %v", tc.name, len(list), err)
		}
		text := ansi.Strip(detailText(&list[0], 100, time.UTC, uictx.NewStyles(true)))
		if got := detailLine(text, tc.label); got != tc.want {
			t.Errorf("%s: %q, want %q\n%s", tc.name, got, tc.want, text)
		}
	}
}
