package api

import "unsafe"

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
// table drives the decoder, the CSV columns (in its order, which is the
// spec's) and the detail's sections: a new field is a line here, a field in
// Donation and its test.
type Field struct {
	Name    string
	Label   string
	Section Section
	// Optional fields are past the spec: a view shows them only when sent.
	Optional bool
	kind     fieldKind
	off      uintptr // where the field lives in a Donation
}

// fieldKind says how a field is read.
type fieldKind uint8

const (
	kindText fieldKind = iota
	kindNumber
	kindInt
	kindFlag
	kindQuestions
	kindHonor
)

// field makes a table line from the field's accessor. The decoder reaches a
// field through its kind and offset, worked out here once from the accessor:
// a closure call and a type switch per key cost the Decode benchmark 7%.
func field[T Text | Number | Int | Flag | []Question | *Honor](name, label string, sec Section, at func(d *Donation) *T) Field {
	var probe Donation
	f := Field{Name: name, Label: label, Section: sec,
		off: uintptr(unsafe.Pointer(at(&probe))) - uintptr(unsafe.Pointer(&probe))}
	switch any(at(&probe)).(type) {
	case *Text:
		f.kind = kindText
	case *Number:
		f.kind = kindNumber
	case *Int:
		f.kind = kindInt
	case *Flag:
		f.kind = kindFlag
	case *[]Question:
		f.kind = kindQuestions
	case **Honor:
		f.kind = kindHonor
	}
	return f
}

// At is the field in d: a *Text, *Number, *Int, *Flag, *[]Question or **Honor.
func (f *Field) At(d *Donation) any {
	p := unsafe.Add(unsafe.Pointer(d), f.off)
	switch f.kind {
	case kindText:
		return (*Text)(p)
	case kindNumber:
		return (*Number)(p)
	case kindInt:
		return (*Int)(p)
	case kindFlag:
		return (*Flag)(p)
	case kindQuestions:
		return (*[]Question)(p)
	}
	return (**Honor)(p)
}

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
	// Past the spec: what servers of this kind send (see otherNames).
	optional(field("amount_refunded", "Refunded", SectionGift, func(d *Donation) *Number { return &d.AmountRefunded })),
	optional(field("designation", "Designation", SectionGift, func(d *Donation) *Text { return &d.Designation })),
	optional(field("comment", "Comment", SectionGift, func(d *Donation) *Text { return &d.Comment })),
	optional(field("campaign_id", "Campaign id", SectionAttribution, func(d *Donation) *Int { return &d.CampaignID })),
	optional(field("campaign_name", "Campaign", SectionAttribution, func(d *Donation) *Text { return &d.CampaignName })),
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

// The decoder finds a key's field by name; a key not here is kept only in Raw.
var (
	fieldIndex = newNameIndex(names(Fields, func(f Field) string { return f.Name }))
	honorIndex = newNameIndex(names(HonorFields, func(f HonorField) string { return f.Name }))
)

func names[T any](list []T, name func(T) string) []string {
	out := make([]string, len(list))
	for i, f := range list {
		out[i] = name(f)
	}
	return out
}

// decode reads v into the field's place in d; strings point into v, which is
// the donation's own copy of its bytes.
func (f *Field) decode(d *Donation, v []byte) error {
	p := unsafe.Add(unsafe.Pointer(d), f.off)
	var err error
	switch f.kind {
	case kindText:
		err = (*Text)(p).set(v, view)
	case kindNumber:
		err = (*Number)(p).set(v, view)
	case kindInt:
		err = (*Int)(p).UnmarshalJSON(v)
	case kindFlag:
		err = (*Flag)(p).UnmarshalJSON(v)
	case kindQuestions:
		*(*[]Question)(p), err = decodeQuestions(v)
	case kindHonor:
		*(**Honor)(p), err = decodeHonor(v)
	}
	return err
}
