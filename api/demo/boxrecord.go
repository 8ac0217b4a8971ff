package demo

import (
	"encoding/json"
	"strings"
	"time"
)

// boxRecord is a donation as Donorbox sends it: the donor and the campaign
// nested, its own names for what the spec calls otherwise, nulls where a
// value is missing, and fields the spec does not have. Field order follows
// its documentation.
type boxRecord struct {
	Campaign                    boxCampaign `json:"campaign"`
	Donor                       boxDonor    `json:"donor"`
	Amount                      string      `json:"amount"`
	FormattedAmount             string      `json:"formatted_amount"`
	ConvertedAmount             *string     `json:"converted_amount,omitempty"`
	FormattedConvertedAmount    *string     `json:"formatted_converted_amount,omitempty"`
	ConvertedNetAmount          string      `json:"converted_net_amount"`
	FormattedConvertedNetAmount string      `json:"formatted_converted_net_amount"`
	Recurring                   bool        `json:"recurring"`
	FirstRecurringDonation      bool        `json:"first_recurring_donation"`
	AmountRefunded              string      `json:"amount_refunded"`
	FormattedAmountRefunded     string      `json:"formatted_amount_refunded"`
	StripeChargeID              string      `json:"stripe_charge_id,omitempty"`
	PaypalTransactionID         string      `json:"paypal_transaction_id,omitempty"`
	ID                          int64       `json:"id"`
	Status                      string      `json:"status"`
	DonationType                string      `json:"donation_type"`
	DonationDate                string      `json:"donation_date"`
	AnonymousDonation           bool        `json:"anonymous_donation"`
	GiftAid                     bool        `json:"gift_aid"`
	Designation                 *string     `json:"designation"`
	JoinMailingList             bool        `json:"join_mailing_list"`
	Comment                     *string     `json:"comment"`
	DonatingCompany             *string     `json:"donating_company"`
	Currency                    string      `json:"currency"`
	ConvertedCurrency           string      `json:"converted_currency"`
	UTMCampaign                 *string     `json:"utm_campaign"`
	UTMSource                   *string     `json:"utm_source"`
	UTMMedium                   *string     `json:"utm_medium"`
	UTMTerm                     *string     `json:"utm_term"`
	UTMContent                  *string     `json:"utm_content"`
	ProcessingFee               json.Number `json:"processing_fee"`
	FormattedProcessingFee      string      `json:"formatted_processing_fee"`
	FeeCovered                  bool        `json:"fee_covered"`
	Questions                   []Question  `json:"questions"`
	PlanID                      *int64      `json:"plan_id"`
	Interval                    *string     `json:"interval"`
	DonationHonor               *Honor      `json:"donation_honor,omitempty"`
}

type boxCampaign struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	StartedAt string `json:"started_at"`
}

type boxDonor struct {
	ID           int64   `json:"id"`
	Name         string  `json:"name"`
	FirstName    string  `json:"first_name"`
	LastName     string  `json:"last_name"`
	Email        string  `json:"email"`
	Phone        *string `json:"phone"`
	Address      string  `json:"address"`
	AddressLine2 *string `json:"address_line_2"`
	City         string  `json:"city"`
	State        string  `json:"state"`
	ZipCode      string  `json:"zip_code"`
	Country      string  `json:"country"`
	Employer     *string `json:"employer"`
	Occupation   *string `json:"occupation"`
}

// boxConvertedSince is when Donorbox began sending converted_amount: older
// gifts come without it.
var boxConvertedSince = time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)

// orNull is s, or JSON null when s is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// boxOf is donation i, made as rec, in the Donorbox shape. What the spec
// record lacks is drawn from a source of its own, so the spec shape's
// records stay as they were.
func (d *dataset) boxOf(i int, rec *Record) boxRecord {
	e := d.entries[i]
	r := newRNG(d.seed, uint64(i)|1<<61)
	f := forms[e.form]
	b := boxRecord{
		Campaign: boxCampaign{ID: f.campaign, Name: f.campaignName, StartedAt: iso(d.start.AddDate(0, 0, -30*int(f.campaign-100)))},
		Donor:    d.boxDonor(e.donor, rec),
		ID:       e.id + boxOffsets.id, Status: rec.Status, DonationDate: rec.DonationDate,
		Recurring: rec.Recurring, AnonymousDonation: rec.Anonymous, FeeCovered: rec.FeeCovered == "Yes",
		Currency: strings.ToUpper(rec.Currency), ConvertedCurrency: rec.ConvertedCurrency,
		ProcessingFee: json.Number(boxNumber(centsOf(string(rec.ProcessingFee)))), FormattedProcessingFee: rec.FormattedProcessingFee,
		Questions: rec.Questions, DonationHonor: rec.DonationHonor,
		UTMCampaign: orNull(rec.UTMCampaign), UTMSource: orNull(rec.UTMSource),
		UTMMedium: orNull(rec.UTMMedium), UTMContent: orNull(rec.UTMContent),
	}
	boxMoney(r, rec, &b, boxConvertedSince.AddDate(d.years, 0, 0))
	if rec.DonationType == "paypal" {
		b.DonationType, b.PaypalTransactionID = "paypal", paypalTransaction(rec.PaymentChargeID)
	} else {
		b.DonationType, b.StripeChargeID = "stripe", rec.PaymentChargeID
	}
	if rec.UTMMedium == "cpc" {
		b.UTMTerm = orNull(pick(r, []string{"donate online", "charity near me", "nonprofit fundraising"}))
	}
	if rec.Recurring {
		every := pick(r, []string{"1 M", "1 M", "3 M", "1 Y"})
		if f.name == "Monthly Giving" {
			every = "1 M"
		}
		plan := planID(e.donor, f.campaign, every)
		b.PlanID, b.Interval, b.FirstRecurringDonation = &plan, &every, r.chance(0.2)
	}
	b.GiftAid = rec.Currency == "gbp" && r.chance(0.6)
	b.JoinMailingList = len(rec.Questions) > 0 && string(rec.Questions[0].Answer) == "true"
	if r.chance(0.2) {
		b.Designation = orNull(pick(r, designations))
	}
	if r.chance(0.15) {
		b.Comment = orNull(pick(r, comments))
	}
	if r.chance(0.03) {
		b.DonatingCompany = orNull(pick(r, employers))
	}
	return b
}

// boxMoney sets the amounts as Donorbox writes them ("100.0", "$100"): a
// converted amount only on gifts made since it began sending one (as far
// before the data set's end as on the fixed one), the net
// of fees, and what was refunded: all of a refunded gift, part of a few.
func boxMoney(r *rng, rec *Record, b *boxRecord, convertedSince time.Time) {
	cur := currencyOf(rec.Currency)
	cents := centsOf(rec.Amount)
	b.Amount, b.FormattedAmount = boxAmount(cents), boxFormatted(cur.symbol, cents)
	usd := centsOf(rec.ConvertedAmount)
	if at, err := time.Parse(time.RFC3339Nano, rec.DonationDate); err == nil && !at.Before(convertedSince) {
		b.ConvertedAmount, b.FormattedConvertedAmount = orNull(boxAmount(usd)), orNull(boxFormatted("$", usd))
	}
	fees := (centsOf(string(rec.ProcessingFee)) + centsOf(string(rec.AppFee))) * cur.usdPerMille / 1000
	net := max(usd-fees, 0)
	b.ConvertedNetAmount, b.FormattedConvertedNetAmount = boxAmount(net), boxFormatted("$", net)
	refunded := int64(0)
	switch {
	case rec.Status == "refunded":
		refunded = cents
	case rec.Status == "paid" && r.chance(0.04):
		refunded = cents * int64(2+r.intn(7)) / 10
	}
	b.AmountRefunded = boxAmount(refunded)
	if refunded > 0 {
		b.FormattedAmountRefunded = boxFormatted(cur.symbol, refunded)
	}
}

// boxDonor is donor j as Donorbox nests it, with what the spec record does
// not carry (phone, employer...) drawn from the donor's own source.
func (d *dataset) boxDonor(j int32, rec *Record) boxDonor {
	r := newRNG(d.seed, uint64(j)|1<<60)
	dn := boxDonor{ID: int64(j) + boxOffsets.donor, Name: rec.FirstName + " " + rec.LastName,
		FirstName: rec.FirstName, LastName: rec.LastName, Email: rec.Email, Address: rec.Address,
		City: rec.City, State: rec.State, ZipCode: rec.Postcode, Country: rec.Country}
	if r.chance(0.5) {
		dn.Phone = orNull(digits(10)(r))
	}
	if r.chance(0.1) {
		dn.AddressLine2 = orNull(pick(r, []string{"Apt 4B", "Suite 200", "Unit 12", "2nd floor"}))
	}
	if r.chance(0.25) {
		dn.Employer, dn.Occupation = orNull(pick(r, employers)), orNull(pick(r, occupations))
	}
	return dn
}

var (
	designations = []string{"Where most needed", "Scholarships", "Flood relief", "Library books", "Staff and volunteers"}
	employers    = []string{"Acme Corp", "Globex", "Initech", "Umbrella Health", "Stark Industries"}
	occupations  = []string{"Teacher", "Nurse", "Engineer", "Retired", "CEO", "Student"}
	// comments are what donors write in the form's comment box, in the
	// languages of the demo's donors, as support staff read them.
	comments = []string{
		"Keep up the good work!",
		"Please send the receipt to my work address.",
		"Gracias por todo lo que hacen.",
		"Danke für eure Arbeit!",
		"Merci pour votre engagement.",
		"いつも応援しています。",
		"شكراً لكم على عملكم",
		"Моё первое пожертвование — спасибо!",
		"I was charged twice, can you check?",
	}
)

// paypalTransaction is a PayPal transaction id (17 characters) made of the
// spec record's payment id, so that both shapes name the same payment.
func paypalTransaction(payment string) string {
	id := strings.TrimPrefix(payment, "PAYID-")
	return id[:min(len(id), 17)]
}

func currencyOf(code string) currency {
	for _, c := range currencies {
		if c.code == code {
			return c
		}
	}
	return currencies[0]
}
