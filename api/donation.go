package api

import (
	"encoding/json"
	"strings"
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

	// Not in the spec; sent by servers of this kind, flat or nested (see
	// record).
	AmountRefunded              Number `json:"amount_refunded"`
	FormattedAmountRefunded     Text   `json:"formatted_amount_refunded"`
	ConvertedNetAmount          Number `json:"converted_net_amount"`
	FormattedConvertedNetAmount Text   `json:"formatted_converted_net_amount"`
	Designation                 Text   `json:"designation"`
	Comment                     Text   `json:"comment"`
	CampaignID                  Int    `json:"campaign_id"`
	CampaignName                Text   `json:"campaign_name"`
	DonorID                     Int    `json:"donor_id"`
	Phone                       Text   `json:"phone"`
	AddressLine2                Text   `json:"address_line_2"`
	Employer                    Text   `json:"employer"`
	Occupation                  Text   `json:"occupation"`
	DonatingCompany             Text   `json:"donating_company"`
	JoinMailingList             Flag   `json:"join_mailing_list"`
	GiftAid                     Flag   `json:"gift_aid"`
	FirstRecurringDonation      Flag   `json:"first_recurring_donation"`
	PlanID                      Int    `json:"plan_id"`
	Interval                    Text   `json:"interval"`
	UTMTerm                     Text   `json:"utm_term"`

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

func (h *Honor) blank() bool {
	for i := range HonorFields {
		if strings.TrimSpace(HonorFields[i].At(h).Value) != "" {
			return false
		}
	}
	return true
}

func firstByte(b []byte) byte {
	for _, c := range b {
		if !isSpace(c) {
			return c
		}
	}
	return 0
}

// UnmarshalJSON decodes one record tolerantly and keeps a copy of its bytes.
func (d *Donation) UnmarshalJSON(b []byte) error {
	return d.decodeOwned(append(json.RawMessage(nil), b...))
}

// decodeOwned decodes raw, which the donation keeps and nobody may change.
// A value of the wrong type ("soon" for a year, "abc" for the id) leaves
// its field missing rather than fail the record, and with it the page: the
// raw bytes still show it.
func (d *Donation) decodeOwned(raw json.RawMessage) error {
	r := newReader(raw)
	if r.next() == '{' {
		r.record(d)
		if r.space(); r.err == nil && r.i < len(r.s) {
			r.fail()
		}
		if r.err == nil {
			d.Raw = raw
			return nil
		}
	}
	*d = Donation{Raw: raw}
	if r.err == errTooDeep {
		return r.err
	}
	// Not an object, or not JSON: encoding/json says why in its words, as
	// when it decoded records (null is no record, and no error).
	if err := json.Unmarshal(raw, new(struct{})); err != nil || r.err == nil {
		return err
	}
	return r.err
}

// WhyNoID says why the record has no id a store can keep it by: "no id"
// (missing, null or empty), or "an id that is not a whole number"; "" when
// it has one.
func (d *Donation) WhyNoID() string {
	if d.ID.Valid {
		return ""
	}
	var r struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(d.Raw, &r) == nil {
		s, ok, _ := scalarText(r.ID)
		if _, sent, _ := wholeNumber(s, ok); sent {
			return "an id that is not a whole number"
		}
	}
	return "no id"
}

// DonorName is "first last", trimmed; empty when neither is known.
func (d *Donation) DonorName() string { return donorName(d.FirstName, d.LastName) }

func donorName(first, last Text) string {
	if last.Value == "" {
		return strings.TrimSpace(first.Value)
	}
	return strings.TrimSpace(first.Value + " " + last.Value)
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

// SearchText is the text a person may look a gift up by: the donor (name,
// e-mail, phone, address, employer, occupation, company), the tribute's
// honoree, what the donor wrote and chose (comment, designation), where it
// came from (form, campaign, UTM values) and the plan's interval. Fields
// not sent are left out. Figures, dates and ids are the searcher's to add.
func (d *Donation) SearchText() []string {
	texts := []Text{d.FirstName, d.LastName, d.Email, d.Phone, d.Address, d.AddressLine2, d.City, d.State,
		d.Postcode, d.Country, d.Employer, d.Occupation, d.DonatingCompany, d.Comment, d.Designation,
		d.FormName, d.CampaignName, d.UTMSource, d.UTMMedium, d.UTMCampaign, d.UTMTerm, d.UTMContent, d.Interval}
	if d.Honor != nil {
		texts = append(texts, d.Honor.HonoreeName)
	}
	out := make([]string, 0, len(texts))
	for _, t := range texts {
		if v := strings.TrimSpace(t.Value); v != "" {
			out = append(out, v)
		}
	}
	return out
}
