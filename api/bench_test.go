package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// plainDonation is the spec's record with plain Go types: what encoding/json
// decodes with no tolerance at all. It is the baseline the tolerant decoder is
// measured against.
type plainDonation struct {
	ID                       int64           `json:"id"`
	Email                    string          `json:"email"`
	FormName                 string          `json:"form_name"`
	FirstName                string          `json:"first_name"`
	LastName                 string          `json:"last_name"`
	Address                  string          `json:"address"`
	City                     string          `json:"city"`
	State                    string          `json:"state"`
	Postcode                 string          `json:"postcode"`
	Country                  string          `json:"country"`
	DonationType             string          `json:"donation_type"`
	PaymentType              string          `json:"payment_type"`
	PaymentChargeID          string          `json:"payment_charge_id"`
	Status                   string          `json:"status"`
	Amount                   string          `json:"amount"`
	FormattedAmount          string          `json:"formatted_amount"`
	Currency                 string          `json:"currency"`
	ConvertedAmount          string          `json:"converted_amount"`
	FormattedConvertedAmount string          `json:"formatted_converted_amount"`
	ConvertedCurrency        string          `json:"converted_currency"`
	DonationDate             string          `json:"donation_date"`
	Anonymous                bool            `json:"anonymous"`
	Recurring                bool            `json:"recurring"`
	Last4                    string          `json:"last4"`
	ExpYear                  *int64          `json:"exp_year"`
	ExpMonth                 *int64          `json:"exp_month"`
	Timezone                 string          `json:"timezone"`
	ProcessingFee            json.Number     `json:"processing_fee"`
	FormattedProcessingFee   string          `json:"formatted_processing_fee"`
	AppFee                   json.Number     `json:"app_fee"`
	FormattedAppFee          string          `json:"formatted_app_fee"`
	FeeCovered               string          `json:"fee_covered"`
	LastUpdatedAt            string          `json:"last_updated_at"`
	Questions                []plainQuestion `json:"questions"`
	UTMSource                string          `json:"utm_source"`
	UTMMedium                string          `json:"utm_medium"`
	UTMCampaign              string          `json:"utm_campaign"`
	UTMContent               string          `json:"utm_content"`
	DonationHonor            *plainHonor     `json:"donation_honor"`
}

type plainQuestion struct {
	QuestionType string          `json:"question_type"`
	Question     string          `json:"question"`
	Answer       json.RawMessage `json:"answer"`
}

type plainHonor struct {
	HonoreeName, TributeType, NotificationPreference, RecipientName, RecipientEmail, RecipientCountry,
	RecipientState, RecipientCity, RecipientZipcode, RecipientAddress, RecipientMessage string
}

// demoPage is one full page of 100 demo donations, as the server sends it.
func demoPage(b *testing.B) []byte {
	b.Helper()
	srv := httptest.NewServer(demo.New(demo.Options{Count: 1000}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations?page=3", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return body
}

func BenchmarkDecodePage(b *testing.B) {
	body := demoPage(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		list, _, err := api.DecodePage(body, 1)
		if err != nil || len(list) != 100 {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePlainEncodingJSON(b *testing.B) {
	body := demoPage(b)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		var list []plainDonation
		if err := json.Unmarshal(body, &list); err != nil || len(list) != 100 {
			b.Fatal(err)
		}
	}
}
