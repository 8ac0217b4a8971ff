package api

import "encoding/json"

// Servers of this kind (Donorbox) send fields of the table under other
// names, or nested: the donor as an object, the campaign as one. They are
// read into the same fields; where the flat field of the API's own name is
// sent too, it wins. The record's raw bytes keep the shape as sent.

// record is what encoding/json decodes a donation into: the Donation's own
// fields through the embedded pointer, by their tags, and beside them the
// other names, read apart and filled in afterwards where the flat key left
// a field missing.
type record struct {
	*flat
	// Shadows flat's: the list is read tolerantly (questionList).
	Questions         questionList   `json:"questions"`
	Donor             nestedDonor    `json:"donor"`
	Campaign          nestedCampaign `json:"campaign"`
	AnonymousDonation Flag           `json:"anonymous_donation"`
	StripeChargeID    Text           `json:"stripe_charge_id"`
	PaypalChargeID    Text           `json:"paypal_transaction_id"`
}

// flat is Donation without its methods, so decoding it does not call
// Donation.UnmarshalJSON again.
type flat Donation

// nestedDonor is the donor object: its fields carry the names of the flat
// ones, but zip_code.
type nestedDonor struct {
	ID           Int  `json:"id"`
	FirstName    Text `json:"first_name"`
	LastName     Text `json:"last_name"`
	Email        Text `json:"email"`
	Phone        Text `json:"phone"`
	Address      Text `json:"address"`
	AddressLine2 Text `json:"address_line_2"`
	City         Text `json:"city"`
	State        Text `json:"state"`
	ZipCode      Text `json:"zip_code"`
	Postcode     Text `json:"postcode"`
	Country      Text `json:"country"`
	Employer     Text `json:"employer"`
	Occupation   Text `json:"occupation"`
}

type nestedCampaign struct {
	ID   Int  `json:"id"`
	Name Text `json:"name"`
}

// A donor or campaign that is not an object ("donor": "Ada") is no donor:
// it is kept in the raw bytes only.
func (n *nestedDonor) UnmarshalJSON(b []byte) error { return objectOnly(b, (*donorFields)(n)) }

func (n *nestedCampaign) UnmarshalJSON(b []byte) error {
	return objectOnly(b, (*campaignFields)(n))
}

type (
	donorFields    nestedDonor
	campaignFields nestedCampaign
)

// objectOnly decodes b into v when it is an object, and ignores it
// otherwise.
func objectOnly(b []byte, v any) error {
	if firstByte(b) != '{' {
		return nil
	}
	return json.Unmarshal(b, v)
}

// fillOthers fills the fields of d that its flat keys left missing from
// what r read under other names.
func (r *record) fillOthers(d *Donation) {
	fill(&d.Anonymous, r.AnonymousDonation)
	fill(&d.PaymentChargeID, r.StripeChargeID)
	fill(&d.PaymentChargeID, r.PaypalChargeID)
	fill(&d.CampaignID, r.Campaign.ID)
	fill(&d.CampaignName, r.Campaign.Name)
	o := &r.Donor
	fill(&d.DonorID, o.ID)
	fill(&d.FirstName, o.FirstName)
	fill(&d.LastName, o.LastName)
	fill(&d.Email, o.Email)
	fill(&d.Phone, o.Phone)
	fill(&d.Address, o.Address)
	fill(&d.AddressLine2, o.AddressLine2)
	fill(&d.City, o.City)
	fill(&d.State, o.State)
	fill(&d.Country, o.Country)
	fill(&d.Employer, o.Employer)
	fill(&d.Occupation, o.Occupation)
	fill(&d.Postcode, o.ZipCode)
	fill(&d.Postcode, o.Postcode)
}
