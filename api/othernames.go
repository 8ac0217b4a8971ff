package api

// Servers of this kind (Donorbox) send fields of the table under other
// names, or nested: the donor as an object, the campaign as one. They are
// read into the same fields; where the flat field of the API's own name is
// sent too, it wins. The record's raw bytes keep the shape as sent.

// record is what the reader decodes a donation into: the Donation's own
// fields (Fields), and beside them the other names, read apart and filled
// in afterwards where the flat key left a field missing.
type record struct {
	d                 *Donation
	donor             nestedDonor
	campaign          nestedCampaign
	anonymousDonation Flag
	stripeChargeID    Text
	paypalChargeID    Text
}

// nestedDonor is the donor object: its fields carry the names of the flat
// ones, but zip_code.
type nestedDonor struct {
	ID                                               Int
	FirstName, LastName, Email, Phone                Text
	Address, AddressLine2, City, State               Text
	ZipCode, Postcode, Country, Employer, Occupation Text
}

type nestedCampaign struct {
	ID   Int
	Name Text
}

// recordMembers are the keys of a record: the table's fields, and the
// other names. A donor or campaign that is not an object ("donor": "Ada")
// is no donor: it is kept in the raw bytes only.
var recordMembers = func() members[record] {
	m := members[record]{
		"anonymous_donation":    func(r *record) any { return &r.anonymousDonation },
		"stripe_charge_id":      func(r *record) any { return &r.stripeChargeID },
		"paypal_transaction_id": func(r *record) any { return &r.paypalChargeID },
		"donor":                 func(r *record) any { return &r.donor },
		"campaign":              func(r *record) any { return &r.campaign },
	}
	for i := range Fields {
		f := &Fields[i]
		m[f.Name] = func(r *record) any { return f.At(r.d) }
	}
	return m
}()

var donorMembers = members[nestedDonor]{
	"id":             func(n *nestedDonor) any { return &n.ID },
	"first_name":     func(n *nestedDonor) any { return &n.FirstName },
	"last_name":      func(n *nestedDonor) any { return &n.LastName },
	"email":          func(n *nestedDonor) any { return &n.Email },
	"phone":          func(n *nestedDonor) any { return &n.Phone },
	"address":        func(n *nestedDonor) any { return &n.Address },
	"address_line_2": func(n *nestedDonor) any { return &n.AddressLine2 },
	"city":           func(n *nestedDonor) any { return &n.City },
	"state":          func(n *nestedDonor) any { return &n.State },
	"zip_code":       func(n *nestedDonor) any { return &n.ZipCode },
	"postcode":       func(n *nestedDonor) any { return &n.Postcode },
	"country":        func(n *nestedDonor) any { return &n.Country },
	"employer":       func(n *nestedDonor) any { return &n.Employer },
	"occupation":     func(n *nestedDonor) any { return &n.Occupation },
}

var campaignMembers = members[nestedCampaign]{
	"id":   func(n *nestedCampaign) any { return &n.ID },
	"name": func(n *nestedCampaign) any { return &n.Name },
}

// fillOthers fills the fields of d that its flat keys left missing from
// what r read under other names.
func (r *record) fillOthers(d *Donation) {
	fill(&d.Anonymous, r.anonymousDonation)
	fill(&d.PaymentChargeID, r.stripeChargeID)
	fill(&d.PaymentChargeID, r.paypalChargeID)
	fill(&d.CampaignID, r.campaign.ID)
	fill(&d.CampaignName, r.campaign.Name)
	o := &r.donor
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
