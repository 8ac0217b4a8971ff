package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"time"
)

var (
	intType  = reflect.TypeOf(int64(0))
	flagType = reflect.TypeOf(false)
)

// Donation is one record of the list, with every field of the spec. Raw holds
// the record exactly as the server sent it, unknown fields included: exports and
// the raw view print it rather than a re-encoding.
type Donation struct {
	ID                       Int        `json:"id"`
	Email                    Text       `json:"email"`
	FormName                 Text       `json:"form_name"`
	FirstName                Text       `json:"first_name"`
	LastName                 Text       `json:"last_name"`
	Address                  Text       `json:"address"`
	City                     Text       `json:"city"`
	State                    Text       `json:"state"`
	Postcode                 Text       `json:"postcode"`
	Country                  Text       `json:"country"`
	DonationType             Text       `json:"donation_type"`
	PaymentType              Text       `json:"payment_type"`
	PaymentChargeID          Text       `json:"payment_charge_id"`
	Status                   Text       `json:"status"`
	Amount                   Number     `json:"amount"`
	FormattedAmount          Text       `json:"formatted_amount"`
	Currency                 Text       `json:"currency"`
	ConvertedAmount          Number     `json:"converted_amount"`
	FormattedConvertedAmount Text       `json:"formatted_converted_amount"`
	ConvertedCurrency        Text       `json:"converted_currency"`
	DonationDate             Text       `json:"donation_date"`
	Anonymous                Flag       `json:"anonymous"`
	Recurring                Flag       `json:"recurring"`
	Last4                    Text       `json:"last4"`
	ExpYear                  Int        `json:"exp_year"`
	ExpMonth                 Int        `json:"exp_month"`
	Timezone                 Text       `json:"timezone"`
	ProcessingFee            Number     `json:"processing_fee"`
	FormattedProcessingFee   Text       `json:"formatted_processing_fee"`
	AppFee                   Number     `json:"app_fee"`
	FormattedAppFee          Text       `json:"formatted_app_fee"`
	FeeCovered               Text       `json:"fee_covered"`
	LastUpdatedAt            Text       `json:"last_updated_at"`
	Questions                []Question `json:"questions"`
	UTMSource                Text       `json:"utm_source"`
	UTMMedium                Text       `json:"utm_medium"`
	UTMCampaign              Text       `json:"utm_campaign"`
	UTMContent               Text       `json:"utm_content"`
	Honor                    *Honor     `json:"donation_honor"`

	Raw json.RawMessage `json:"-"`
}

// Question is one answer to a form question. Answer is kept as raw JSON because
// the spec shows only booleans and other question types may send anything.
type Question struct {
	Type     Text            `json:"question_type"`
	Question Text            `json:"question"`
	Answer   json.RawMessage `json:"answer"`
}

// Honor is the tribute attached to a gift.
type Honor struct {
	HonoreeName            Text `json:"honoree_name"`
	TributeType            Text `json:"tribute_type"`
	NotificationPreference Text `json:"notification_preference"`
	RecipientName          Text `json:"recipient_name"`
	RecipientEmail         Text `json:"recipient_email"`
	RecipientCountry       Text `json:"recipient_country"`
	RecipientState         Text `json:"recipient_state"`
	RecipientCity          Text `json:"recipient_city"`
	RecipientZipcode       Text `json:"recipient_zipcode"`
	RecipientAddress       Text `json:"recipient_address"`
	RecipientMessage       Text `json:"recipient_message"`
}

// tolerantQuestions accepts a list, a single object, or null/garbage-free nothing.
type tolerantQuestions []Question

func (q *tolerantQuestions) UnmarshalJSON(b []byte) error {
	*q = nil
	switch firstByte(b) {
	case '[':
		var list []json.RawMessage
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		for _, raw := range list {
			if firstByte(raw) != '{' {
				continue
			}
			var one Question
			if err := json.Unmarshal(raw, &one); err != nil {
				return err
			}
			*q = append(*q, one)
		}
	case '{':
		var one Question
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*q = tolerantQuestions{one}
	}
	return nil
}

// tolerantHonor treats null, an empty object, an empty list or an object of
// empty strings as "no tribute".
type tolerantHonor struct{ h *Honor }

func (t *tolerantHonor) UnmarshalJSON(b []byte) error {
	t.h = nil
	if firstByte(b) != '{' {
		return nil
	}
	var h Honor
	if err := json.Unmarshal(b, &h); err != nil {
		return err
	}
	if !h.blank() {
		t.h = &h
	}
	return nil
}

func (h *Honor) blank() bool {
	for _, f := range h.fields() {
		if strings.TrimSpace(f.Value) != "" {
			return false
		}
	}
	return true
}

func (h *Honor) fields() []Text {
	return []Text{h.HonoreeName, h.TributeType, h.NotificationPreference, h.RecipientName,
		h.RecipientEmail, h.RecipientCountry, h.RecipientState, h.RecipientCity,
		h.RecipientZipcode, h.RecipientAddress, h.RecipientMessage}
}

func firstByte(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}

// UnmarshalJSON decodes one record tolerantly and keeps a copy of its bytes.
func (d *Donation) UnmarshalJSON(b []byte) error {
	type plain Donation
	var aux struct {
		*plain
		Questions tolerantQuestions `json:"questions"`
		Honor     tolerantHonor     `json:"donation_honor"`
	}
	aux.plain = (*plain)(d)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	d.Questions = aux.Questions
	d.Honor = aux.Honor.h
	d.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// DonorName is "first last", trimmed; empty when neither is known.
func (d *Donation) DonorName() string {
	return strings.TrimSpace(d.FirstName.Value + " " + d.LastName.Value)
}

// NetAmount is amount - processing fee - app fee. ok is false unless all three
// are present plain decimals, so a net figure is never a guess.
func (d *Donation) NetAmount() (Decimal, bool) {
	amount, ok := d.Amount.Decimal()
	if !ok {
		return Decimal{}, false
	}
	fee, ok1 := d.ProcessingFee.Decimal()
	app, ok2 := d.AppFee.Decimal()
	if !ok1 || !ok2 {
		return Decimal{}, false
	}
	return amount.Sub(fee).Sub(app), true
}

// AnswerText renders an answer of any JSON type for reading: strings unquoted,
// booleans as Yes/No, null as empty, anything else as compact JSON.
func (q Question) AnswerText() string {
	b := q.Answer
	switch firstByte(b) {
	case 0:
		return ""
	case '"':
		var s string
		if json.Unmarshal(b, &s) == nil {
			return s
		}
	case 't':
		return "Yes"
	case 'f':
		return "No"
	case 'n':
		return ""
	case '[':
		var list []any
		if json.Unmarshal(b, &list) == nil {
			parts := make([]string, 0, len(list))
			for _, v := range list {
				one, _ := json.Marshal(v)
				parts = append(parts, Question{Answer: one}.AnswerText())
			}
			return strings.Join(parts, ", ")
		}
	}
	return string(b)
}

// Time parses an ISO 8601 timestamp field such as donation_date; ok is false
// when it is missing or unreadable.
func Time(t Text) (time.Time, bool) {
	if !t.Valid || t.Value == "" {
		return time.Time{}, false
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"} {
		if v, err := time.Parse(layout, strings.TrimSpace(t.Value)); err == nil {
			return v, true
		}
	}
	return time.Time{}, false
}

// Pretty is the record as received, indented for reading. Values and key order
// are untouched; a record that is not valid JSON is returned as is.
func (d *Donation) Pretty() string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, d.Raw, "", "  "); err != nil {
		return string(d.Raw)
	}
	return buf.String()
}
