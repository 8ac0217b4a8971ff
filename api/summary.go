package api

import "encoding/json"

// Summary is what a list shows of a donation, with the record's raw bytes.
// Holding 100,000 of them costs little beyond the raw bytes themselves; the
// full record is decoded from Raw when someone opens it.
type Summary struct {
	ID                                  Int
	Date, FirstName, LastName, Email    Text
	FormName, FormattedAmount, Currency Text
	Status, CampaignName                Text
	Amount                              Number
	Recurring, Anonymous                Flag
	Tribute                             bool
	Raw                                 json.RawMessage
}

// Summary keeps the listed fields; its strings share one copy of the
// record's bytes (of its page's, when it came from DecodePage).
func (d *Donation) Summary() Summary {
	return Summary{ID: d.ID, Date: d.DonationDate, FirstName: d.FirstName, LastName: d.LastName, Email: d.Email,
		FormName: d.FormName, FormattedAmount: d.FormattedAmount, Currency: d.Currency, Status: d.Status, CampaignName: d.CampaignName,
		Amount: d.Amount, Recurring: d.Recurring, Anonymous: d.Anonymous, Tribute: d.Honor != nil, Raw: d.Raw}
}

// DonorName is "first last", trimmed.
func (s *Summary) DonorName() string { return donorName(s.FirstName, s.LastName) }

// Full decodes the whole record again from its raw bytes.
func (s *Summary) Full() (Donation, error) {
	var d Donation
	err := d.decodeOwned(s.Raw)
	return d, err
}
