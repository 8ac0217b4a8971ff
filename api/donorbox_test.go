package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"donations/api"
)

// fieldValues is every plain field of the table in d, by its API name, as
// text; a field not sent is absent from the map.
func fieldValues(d *api.Donation) map[string]string {
	got := map[string]string{}
	for i := range api.Fields {
		f := &api.Fields[i]
		switch v := f.At(d).(type) {
		case *api.Text:
			if v.Valid {
				got[f.Name] = v.Value
			}
		case *api.Number:
			if v.Valid {
				got[f.Name] = v.Text
			}
		case *api.Int:
			if v.Valid {
				got[f.Name] = fmt.Sprint(v.Value)
			}
		case *api.Flag:
			if v.Valid {
				got[f.Name] = fmt.Sprint(v.Value)
			}
		}
	}
	return got
}

func decodeOne(t *testing.T, rec string) api.Donation {
	t.Helper()
	var d api.Donation
	if err := json.Unmarshal([]byte(rec), &d); err != nil {
		t.Fatalf("%s: %v", rec, err)
	}
	if string(d.Raw) != rec {
		t.Errorf("raw = %s, want the bytes as received", d.Raw)
	}
	return d
}

// A page in the shape Donorbox sends decodes into the fields the rest of
// the program reads: the donor's and the campaign's from their objects, the
// charge id from the processor's own key, and the fields past the spec.
func TestDonorboxPageDecodes(t *testing.T) {
	t.Parallel()
	body, err := os.ReadFile("testdata/donorbox/donations.json")
	if err != nil {
		t.Fatal(err)
	}
	list, _, err := api.DecodePage(body, 1)
	if err != nil || len(list) != 2 {
		t.Fatalf("%d donations, %v", len(list), err)
	}
	for i, want := range []map[string]string{{
		"id": "39050917", "first_name": "Ines", "last_name": "Okafor", "email": "ines.okafor@example.org",
		"phone": "+44 20 7946 0321", "address": "4 Harbour Row", "address_line_2": "Flat 2", "city": "Bristol",
		"state": "", "postcode": "BS1 5TT", "country": "GB", "employer": "Severn Ferries", "occupation": "Navigator",
		"donor_id": "9120455", "campaign_id": "481207", "campaign_name": "Winter shelter appeal",
		"payment_charge_id": "ch_3QfakeStripe0001", "converted_amount": "152.4", "converted_net_amount": "147.61",
		"formatted_converted_net_amount": "$147.61", "amount_refunded": "20.0", "formatted_amount_refunded": "£20",
		"fee_covered": "true", "gift_aid": "true", "join_mailing_list": "true", "first_recurring_donation": "true",
		"anonymous": "false", "designation": "Night beds", "comment": "For the winter beds", "utm_term": "shelter beds",
		"plan_id": "2210934", "interval": "1 M",
	}, {
		"id": "1204", "first_name": "Tomasz", "last_name": "Wróbel", "donor_id": "8801",
		"payment_charge_id": "8WJ12345FAKE6789", "anonymous": "true", "fee_covered": "false",
		"donating_company": "Wrobel & Daughters", "amount_refunded": "0.0", "campaign_name": "Winter shelter appeal",
	}} {
		got := fieldValues(&list[i])
		for name, v := range want {
			if got[name] != v {
				t.Errorf("record %d: %s = %q, want %q", i, name, got[name], v)
			}
		}
	}
	// The early record sent no conversion nor a phone: they stay missing,
	// not zero or empty, for totals and the detail to say so.
	for _, name := range []string{"converted_amount", "converted_currency", "phone", "city", "comment", "utm_term"} {
		if v, ok := fieldValues(&list[1])[name]; ok {
			t.Errorf("record 1: %s = %q, want it missing", name, v)
		}
	}
	if len(list[0].Questions) != 1 || string(list[0].Questions[0].Answer) != "true" {
		t.Errorf("questions = %+v", list[0].Questions)
	}
}

// The same gift sent flat (the spec's shape) or nested (Donorbox's) reads
// the same; a flat field wins over its nested twin, unless it is blank; a donor or campaign
// that is not an object is none.
func TestBothShapesReadTheSame(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, flat, nested string }{
		{"donor",
			`{"id":7,"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org","phone":"0123","address":"12 Sq","address_line_2":"Apt 1","city":"London","state":"LND","postcode":"SW1Y","country":"GB","employer":"Analytical","occupation":"Mathematician","donor_id":42}`,
			`{"id":7,"donor":{"id":42,"name":"Ada Lovelace","first_name":"Ada","last_name":"Lovelace","email":"ada@example.org","phone":"0123","address":"12 Sq","address_line_2":"Apt 1","city":"London","state":"LND","zip_code":"SW1Y","country":"GB","employer":"Analytical","occupation":"Mathematician"}}`},
		{"campaign", `{"campaign_id":"77","campaign_name":"Spring"}`, `{"campaign":{"id":77,"name":"Spring","started_at":"2024-01-01"}}`},
		{"charge id from stripe", `{"payment_charge_id":"ch_1"}`, `{"stripe_charge_id":"ch_1"}`},
		{"charge id from paypal", `{"payment_charge_id":"PP1"}`, `{"paypal_transaction_id":"PP1","stripe_charge_id":null}`},
		{"anonymous", `{"anonymous":true}`, `{"anonymous_donation":"yes"}`},
		{"flat wins", `{"city":"Flat","anonymous":false,"payment_charge_id":"own"}`,
			`{"city":"Flat","donor":{"city":"Nested"},"anonymous":false,"anonymous_donation":true,"payment_charge_id":"own","stripe_charge_id":"ch_2"}`},
		{"postcode from either name", `{"postcode":"12345"}`, `{"donor":{"postcode":12345}}`},
		{"a blank flat field loses", `{"email":"ada@example.org","city":"London","payment_charge_id":"ch_3"}`,
			`{"email":"","city":"  ","payment_charge_id":"","stripe_charge_id":"ch_3","donor":{"email":"ada@example.org","city":"London"}}`},
		{"not objects", `{"id":1}`, `{"id":1,"donor":"Ada","campaign":[1,2]}`},
		{"nulls inside", `{"id":1}`, `{"id":1,"donor":{"email":null,"id":null},"campaign":null}`},
		{"wrong types inside", `{"id":1,"first_name":"5"}`, `{"id":1,"donor":{"id":"abc","first_name":5},"campaign":{"id":true}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			flat, nested := decodeOne(t, tc.flat), decodeOne(t, tc.nested)
			a, b := fieldValues(&flat), fieldValues(&nested)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("flat   %v\nnested %v", a, b)
			}
		})
	}
}

// A gift with no conversion keeps it missing; one converted to zero says
// zero: totals tell the two apart.
func TestMissingConversionIsNotZero(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rec  string
		sent bool
	}{
		{`{"amount":"5.0"}`, false},
		{`{"amount":"5.0","converted_amount":null}`, false},
		{`{"amount":"5.0","converted_amount":""}`, false},
		{`{"amount":"5.0","converted_amount":"0.0"}`, true},
		{`{"amount":"5.0","converted_amount":0}`, true},
	} {
		d := decodeOne(t, tc.rec)
		if d.ConvertedAmount.Valid != tc.sent {
			t.Errorf("%s: converted amount sent = %v, want %v", tc.rec, d.ConvertedAmount.Valid, tc.sent)
		}
	}
}

// The text fields past the spec are searchable: SearchText holds each one
// a record sends, from either shape, and nothing for fields not sent.
func TestSearchTextHoldsTheFieldsPastTheSpec(t *testing.T) {
	t.Parallel()
	d := decodeOne(t, `{"id":1,"donor":{"first_name":"Ines","phone":"+44 20","employer":"Severn Ferries","occupation":"Navigator","address_line_2":"Flat 2"},`+
		`"campaign":{"name":"Winter"},"donating_company":"Acme","comment":"For beds","designation":"Night","utm_term":"shelter","interval":"1 M",`+
		`"donation_honor":{"honoree_name":"Rose"},"email":null,"city":""}`)
	got := d.SearchText()
	want := []string{"Ines", "+44 20", "Flat 2", "Severn Ferries", "Navigator", "Acme", "For beds", "Night", "Winter", "shelter", "1 M", "Rose"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SearchText = %q\nwant %q", got, want)
	}
}
