// Package export writes donations in the formats other programs read: NDJSON
// and JSON carry each record exactly as the server sent it; CSV flattens it
// under the API's own field names; the table is for people at a terminal.
package export

import (
	"strconv"
	"strings"

	"donations/api"
)

type column struct {
	name  string
	value func(d *api.Donation) string
}

func text(f func(d *api.Donation) api.Text) func(d *api.Donation) string {
	return func(d *api.Donation) string { return f(d).Value }
}

func number(f func(d *api.Donation) api.Number) func(d *api.Donation) string {
	return func(d *api.Donation) string { return f(d).Text }
}

func integer(f func(d *api.Donation) api.Int) func(d *api.Donation) string {
	return func(d *api.Donation) string {
		if v := f(d); v.Valid {
			return strconv.FormatInt(v.Value, 10)
		}
		return ""
	}
}

func flag(f func(d *api.Donation) api.Flag) func(d *api.Donation) string {
	return func(d *api.Donation) string {
		if v := f(d); v.Valid {
			return strconv.FormatBool(v.Value)
		}
		return ""
	}
}

func honor(f func(h *api.Honor) api.Text) func(d *api.Donation) string {
	return func(d *api.Donation) string {
		if d.Honor == nil {
			return ""
		}
		return f(d.Honor).Value
	}
}

// QuestionsCell is the CSV rule for the questions list: each question as
// "question: answer", joined by "; ". A string answer is written as is, any
// other answer as its JSON text (true, 3, ["a","b"]).
func QuestionsCell(qs []api.Question) string {
	parts := make([]string, 0, len(qs))
	for _, q := range qs {
		ans := string(q.Answer)
		if len(ans) > 0 && ans[0] == '"' {
			ans = AnswerText(q.Answer)
		}
		parts = append(parts, q.Question.Value+": "+ans)
	}
	return strings.Join(parts, "; ")
}

// columns are the CSV columns in the spec's order; donation_honor's fields
// become donation_honor.<field> columns.
var columns = []column{
	{"id", integer(func(d *api.Donation) api.Int { return d.ID })},
	{"email", text(func(d *api.Donation) api.Text { return d.Email })},
	{"form_name", text(func(d *api.Donation) api.Text { return d.FormName })},
	{"first_name", text(func(d *api.Donation) api.Text { return d.FirstName })},
	{"last_name", text(func(d *api.Donation) api.Text { return d.LastName })},
	{"address", text(func(d *api.Donation) api.Text { return d.Address })},
	{"city", text(func(d *api.Donation) api.Text { return d.City })},
	{"state", text(func(d *api.Donation) api.Text { return d.State })},
	{"postcode", text(func(d *api.Donation) api.Text { return d.Postcode })},
	{"country", text(func(d *api.Donation) api.Text { return d.Country })},
	{"donation_type", text(func(d *api.Donation) api.Text { return d.DonationType })},
	{"payment_type", text(func(d *api.Donation) api.Text { return d.PaymentType })},
	{"payment_charge_id", text(func(d *api.Donation) api.Text { return d.PaymentChargeID })},
	{"status", text(func(d *api.Donation) api.Text { return d.Status })},
	{"amount", number(func(d *api.Donation) api.Number { return d.Amount })},
	{"formatted_amount", text(func(d *api.Donation) api.Text { return d.FormattedAmount })},
	{"currency", text(func(d *api.Donation) api.Text { return d.Currency })},
	{"converted_amount", number(func(d *api.Donation) api.Number { return d.ConvertedAmount })},
	{"formatted_converted_amount", text(func(d *api.Donation) api.Text { return d.FormattedConvertedAmount })},
	{"converted_currency", text(func(d *api.Donation) api.Text { return d.ConvertedCurrency })},
	{"donation_date", text(func(d *api.Donation) api.Text { return d.DonationDate })},
	{"anonymous", flag(func(d *api.Donation) api.Flag { return d.Anonymous })},
	{"recurring", flag(func(d *api.Donation) api.Flag { return d.Recurring })},
	{"last4", text(func(d *api.Donation) api.Text { return d.Last4 })},
	{"exp_year", integer(func(d *api.Donation) api.Int { return d.ExpYear })},
	{"exp_month", integer(func(d *api.Donation) api.Int { return d.ExpMonth })},
	{"timezone", text(func(d *api.Donation) api.Text { return d.Timezone })},
	{"processing_fee", number(func(d *api.Donation) api.Number { return d.ProcessingFee })},
	{"formatted_processing_fee", text(func(d *api.Donation) api.Text { return d.FormattedProcessingFee })},
	{"app_fee", number(func(d *api.Donation) api.Number { return d.AppFee })},
	{"formatted_app_fee", text(func(d *api.Donation) api.Text { return d.FormattedAppFee })},
	{"fee_covered", text(func(d *api.Donation) api.Text { return d.FeeCovered })},
	{"last_updated_at", text(func(d *api.Donation) api.Text { return d.LastUpdatedAt })},
	{"questions", func(d *api.Donation) string { return QuestionsCell(d.Questions) }},
	{"utm_source", text(func(d *api.Donation) api.Text { return d.UTMSource })},
	{"utm_medium", text(func(d *api.Donation) api.Text { return d.UTMMedium })},
	{"utm_campaign", text(func(d *api.Donation) api.Text { return d.UTMCampaign })},
	{"utm_content", text(func(d *api.Donation) api.Text { return d.UTMContent })},
	{"donation_honor.honoree_name", honor(func(h *api.Honor) api.Text { return h.HonoreeName })},
	{"donation_honor.tribute_type", honor(func(h *api.Honor) api.Text { return h.TributeType })},
	{"donation_honor.notification_preference", honor(func(h *api.Honor) api.Text { return h.NotificationPreference })},
	{"donation_honor.recipient_name", honor(func(h *api.Honor) api.Text { return h.RecipientName })},
	{"donation_honor.recipient_email", honor(func(h *api.Honor) api.Text { return h.RecipientEmail })},
	{"donation_honor.recipient_country", honor(func(h *api.Honor) api.Text { return h.RecipientCountry })},
	{"donation_honor.recipient_state", honor(func(h *api.Honor) api.Text { return h.RecipientState })},
	{"donation_honor.recipient_city", honor(func(h *api.Honor) api.Text { return h.RecipientCity })},
	{"donation_honor.recipient_zipcode", honor(func(h *api.Honor) api.Text { return h.RecipientZipcode })},
	{"donation_honor.recipient_address", honor(func(h *api.Honor) api.Text { return h.RecipientAddress })},
	{"donation_honor.recipient_message", honor(func(h *api.Honor) api.Text { return h.RecipientMessage })},
}

// CSVHeader is the header row of the CSV format.
func CSVHeader() []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.name
	}
	return out
}
