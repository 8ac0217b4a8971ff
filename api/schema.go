package api

// Section groups a donation's fields as a person reads a gift.
type Section int

const (
	SectionDonor Section = iota
	SectionGift
	SectionFees
	SectionQuestions
	SectionTribute
	SectionAttribution
	SectionRecord
)

// Sections in reading order.
var Sections = []Section{SectionDonor, SectionGift, SectionFees, SectionQuestions, SectionTribute, SectionAttribution, SectionRecord}

var sectionNames = [...]string{"Donor", "Gift", "Fees", "Questions", "Tribute", "Attribution", "Record"}

func (s Section) String() string { return sectionNames[s] }

// Field is one field of a donation: its name as the API sends it, what a
// person calls it, its section, and where it lives in Donation. This one
// table drives the decoder (recordMembers), the CSV columns (in its order,
// which is the spec's) and the detail's sections; a test holds Donation's
// tags to it. A new field is a line here, a field in Donation and its test.
type Field struct {
	Name    string
	Label   string
	Section Section
	// Optional fields are past the spec: a view shows them only when sent.
	Optional bool
	at       func(d *Donation) any
}

// field makes a table line from the field's accessor, whose type says what
// At returns.
func field[T Text | Number | Int | Flag | []Question | *Honor](name, label string, sec Section, at func(d *Donation) *T) Field {
	return Field{Name: name, Label: label, Section: sec, at: func(d *Donation) any { return at(d) }}
}

// At is the field in d: a *Text, *Number, *Int, *Flag, *[]Question or **Honor.
func (f *Field) At(d *Donation) any { return f.at(d) }

// Fields are a donation's fields in the spec's order.
var Fields = []Field{
	field("id", "Donation id", SectionRecord, func(d *Donation) *Int { return &d.ID }),
	field("email", "E-mail", SectionDonor, func(d *Donation) *Text { return &d.Email }),
	field("form_name", "Form", SectionGift, func(d *Donation) *Text { return &d.FormName }),
	field("first_name", "First name", SectionDonor, func(d *Donation) *Text { return &d.FirstName }),
	field("last_name", "Last name", SectionDonor, func(d *Donation) *Text { return &d.LastName }),
	field("address", "Address", SectionDonor, func(d *Donation) *Text { return &d.Address }),
	field("city", "City", SectionDonor, func(d *Donation) *Text { return &d.City }),
	field("state", "State", SectionDonor, func(d *Donation) *Text { return &d.State }),
	field("postcode", "Postcode", SectionDonor, func(d *Donation) *Text { return &d.Postcode }),
	field("country", "Country", SectionDonor, func(d *Donation) *Text { return &d.Country }),
	field("donation_type", "Donation type", SectionGift, func(d *Donation) *Text { return &d.DonationType }),
	field("payment_type", "Payment", SectionGift, func(d *Donation) *Text { return &d.PaymentType }),
	field("payment_charge_id", "Charge id", SectionGift, func(d *Donation) *Text { return &d.PaymentChargeID }),
	field("status", "Status", SectionGift, func(d *Donation) *Text { return &d.Status }),
	field("amount", "Amount", SectionGift, func(d *Donation) *Number { return &d.Amount }),
	field("formatted_amount", "Formatted amount", SectionGift, func(d *Donation) *Text { return &d.FormattedAmount }),
	field("currency", "Currency", SectionGift, func(d *Donation) *Text { return &d.Currency }),
	field("converted_amount", "Converted", SectionGift, func(d *Donation) *Number { return &d.ConvertedAmount }),
	field("formatted_converted_amount", "Formatted converted", SectionGift, func(d *Donation) *Text { return &d.FormattedConvertedAmount }),
	field("converted_currency", "Converted currency", SectionGift, func(d *Donation) *Text { return &d.ConvertedCurrency }),
	field("donation_date", "Date", SectionGift, func(d *Donation) *Text { return &d.DonationDate }),
	field("anonymous", "Anonymous", SectionDonor, func(d *Donation) *Flag { return &d.Anonymous }),
	field("recurring", "Recurring", SectionGift, func(d *Donation) *Flag { return &d.Recurring }),
	field("last4", "Card / account", SectionGift, func(d *Donation) *Text { return &d.Last4 }),
	field("exp_year", "Expiry year", SectionGift, func(d *Donation) *Int { return &d.ExpYear }),
	field("exp_month", "Expiry month", SectionGift, func(d *Donation) *Int { return &d.ExpMonth }),
	field("timezone", "Donor's time", SectionGift, func(d *Donation) *Text { return &d.Timezone }),
	field("processing_fee", "Processing fee", SectionFees, func(d *Donation) *Number { return &d.ProcessingFee }),
	field("formatted_processing_fee", "Formatted processing fee", SectionFees, func(d *Donation) *Text { return &d.FormattedProcessingFee }),
	field("app_fee", "App fee", SectionFees, func(d *Donation) *Number { return &d.AppFee }),
	field("formatted_app_fee", "Formatted app fee", SectionFees, func(d *Donation) *Text { return &d.FormattedAppFee }),
	field("fee_covered", "Fee covered", SectionFees, func(d *Donation) *Text { return &d.FeeCovered }),
	field("last_updated_at", "Last updated", SectionGift, func(d *Donation) *Text { return &d.LastUpdatedAt }),
	field("questions", "Questions", SectionQuestions, func(d *Donation) *[]Question { return &d.Questions }),
	field("utm_source", "utm_source", SectionAttribution, func(d *Donation) *Text { return &d.UTMSource }),
	field("utm_medium", "utm_medium", SectionAttribution, func(d *Donation) *Text { return &d.UTMMedium }),
	field("utm_campaign", "utm_campaign", SectionAttribution, func(d *Donation) *Text { return &d.UTMCampaign }),
	field("utm_content", "utm_content", SectionAttribution, func(d *Donation) *Text { return &d.UTMContent }),
	field("donation_honor", "Tribute", SectionTribute, func(d *Donation) **Honor { return &d.Honor }),
	// Past the spec: what servers of this kind send, flat or nested (see
	// record).
	optional(field("amount_refunded", "Refunded", SectionGift, func(d *Donation) *Number { return &d.AmountRefunded })),
	optional(field("formatted_amount_refunded", "Formatted refunded", SectionGift, func(d *Donation) *Text { return &d.FormattedAmountRefunded })),
	optional(field("converted_net_amount", "Converted net", SectionFees, func(d *Donation) *Number { return &d.ConvertedNetAmount })),
	optional(field("formatted_converted_net_amount", "Formatted converted net", SectionFees, func(d *Donation) *Text { return &d.FormattedConvertedNetAmount })),
	optional(field("designation", "Designation", SectionGift, func(d *Donation) *Text { return &d.Designation })),
	optional(field("comment", "Comment", SectionGift, func(d *Donation) *Text { return &d.Comment })),
	optional(field("campaign_id", "Campaign id", SectionGift, func(d *Donation) *Int { return &d.CampaignID })),
	optional(field("campaign_name", "Campaign", SectionGift, func(d *Donation) *Text { return &d.CampaignName })),
	optional(field("donor_id", "Donor id", SectionDonor, func(d *Donation) *Int { return &d.DonorID })),
	optional(field("phone", "Phone", SectionDonor, func(d *Donation) *Text { return &d.Phone })),
	optional(field("address_line_2", "Address line 2", SectionDonor, func(d *Donation) *Text { return &d.AddressLine2 })),
	optional(field("employer", "Employer", SectionDonor, func(d *Donation) *Text { return &d.Employer })),
	optional(field("occupation", "Occupation", SectionDonor, func(d *Donation) *Text { return &d.Occupation })),
	optional(field("donating_company", "Company", SectionDonor, func(d *Donation) *Text { return &d.DonatingCompany })),
	optional(field("join_mailing_list", "Mailing list", SectionDonor, func(d *Donation) *Flag { return &d.JoinMailingList })),
	optional(field("gift_aid", "Gift Aid", SectionGift, func(d *Donation) *Flag { return &d.GiftAid })),
	optional(field("first_recurring_donation", "First of its plan", SectionGift, func(d *Donation) *Flag { return &d.FirstRecurringDonation })),
	optional(field("plan_id", "Plan id", SectionGift, func(d *Donation) *Int { return &d.PlanID })),
	optional(field("interval", "Interval", SectionGift, func(d *Donation) *Text { return &d.Interval })),
	optional(field("utm_term", "utm_term", SectionAttribution, func(d *Donation) *Text { return &d.UTMTerm })),
}

func optional(f Field) Field {
	f.Optional = true
	return f
}

// HonorField is one field of a tribute (donation_honor); all are text.
type HonorField struct {
	Name  string
	Label string
	At    func(h *Honor) *Text
}

// HonorFields are the tribute's fields in the spec's order.
var HonorFields = []HonorField{
	{"honoree_name", "Honoree", func(h *Honor) *Text { return &h.HonoreeName }},
	{"tribute_type", "Type", func(h *Honor) *Text { return &h.TributeType }},
	{"notification_preference", "Notification", func(h *Honor) *Text { return &h.NotificationPreference }},
	{"recipient_name", "Recipient", func(h *Honor) *Text { return &h.RecipientName }},
	{"recipient_email", "Recipient e-mail", func(h *Honor) *Text { return &h.RecipientEmail }},
	{"recipient_country", "Recipient country", func(h *Honor) *Text { return &h.RecipientCountry }},
	{"recipient_state", "Recipient state", func(h *Honor) *Text { return &h.RecipientState }},
	{"recipient_city", "Recipient city", func(h *Honor) *Text { return &h.RecipientCity }},
	{"recipient_zipcode", "Recipient zipcode", func(h *Honor) *Text { return &h.RecipientZipcode }},
	{"recipient_address", "Recipient address", func(h *Honor) *Text { return &h.RecipientAddress }},
	{"recipient_message", "Message", func(h *Honor) *Text { return &h.RecipientMessage }},
}
