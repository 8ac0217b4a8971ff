package ask

import (
	"donations/query"
	"strings"
	"time"
)

// Field is one filter a question can hold. The CLI flags of list and
// summary, the browser's filter form, [views.*] in the config, the
// remembered state and the header chips are all made from Fields: a new
// filter is one row here.
type Field struct {
	// Name is the field's key in [views.*] and the state file; its flag is
	// Name with "-" for "_".
	Name  string
	Label string // in the filter form
	Chip  string // on the header
	Hint  string // the form's placeholder; the flag's help after "only "
	// Server says the API applies it (it is sent as a query parameter);
	// otherwise the store does.
	Server bool
	// OneOff picks one donor or gift out: not remembered from one run to the
	// next unless a saved view holds it.
	OneOff bool
	// Form says the filter form shows it (the search has its own bar).
	Form bool
	// Known is the store column whose values it takes ("" if any text
	// does): a value the account has never had gets a did-you-mean.
	Known string
	// Partial says the text matches part of a value (any case): it is
	// unknown when no value holds it.
	Partial bool
	// Asked are the values of q to look up among Known; nil: the field's
	// text, or each of a list.
	Asked func(q Question) []string
	// Many says it takes any of several values, comma-separated; its flag
	// may be given again to add one.
	Many bool
	// Bounds are the flags for either end of a range ("since", "until"):
	// "a..b" as the field reads it.
	Bounds [2]string
	// Parse reads a text of the field, trimmed and not empty, into q.
	Parse func(text string, now time.Time, q *Question) error
}

// Flag is the field's command-line flag.
func (f Field) Flag() string { return strings.ReplaceAll(f.Name, "_", "-") }

// Fields are every filter, in the order the form and the chips show them.
var Fields = []Field{
	{Name: "email", Label: "E-mail", Chip: "email", Hint: "donor@example.org", Server: true, OneOff: true, Form: true, Parse: parseEmail},
	{Name: "first_name", Label: "First name", Chip: "first_name", Hint: "the donor's first name, whole", Server: true, OneOff: true, Form: true,
		Parse: func(s string, _ time.Time, q *Question) error { q.Query.FirstName = s; return nil }},
	{Name: "last_name", Label: "Last name", Chip: "last_name", Hint: "the donor's last name, whole", Server: true, OneOff: true, Form: true,
		Parse: func(s string, _ time.Time, q *Question) error { q.Query.LastName = s; return nil }},
	{Name: "campaign_id", Label: "Campaign id", Chip: "campaign_id", Hint: "e.g. 101", Server: true, Form: true, Known: "campaign_id",
		Parse: wholeNumber(func(q *Question) *int64 { return &q.Query.CampaignID })},
	{Name: "id", Label: "Donation id", Chip: "id", Hint: "e.g. 100042", Server: true, OneOff: true, Form: true,
		Parse: wholeNumber(func(q *Question) *int64 { return &q.Query.ID })},
	{Name: "dates", Label: "Dates", Chip: "dates", Form: true, Bounds: [2]string{"since", "until"},
		Hint: "today, 7d, 30d, this month, last month, october, 2026-10, this year, FY2026, 2026-03-01..2026-03-31", Parse: parseDates},
	{Name: "status", Label: "Status", Chip: "status", Hint: "paid, refunded (any of them)", Form: true, Known: "status", Many: true, Parse: parseStatuses},
	{Name: "amount", Label: "Amount", Chip: "amount", Hint: "25..100, 250.. or ..10 (any currency)", Form: true,
		Bounds: [2]string{"min-amount", "max-amount"}, Parse: parseAmounts},
	{Name: "currency", Label: "Currency", Chip: "currency", Hint: "USD", Form: true, Known: "currency",
		Parse: func(s string, _ time.Time, q *Question) error { q.Filter.Currency = s; return nil }},
	{Name: "form", Label: "Form", Chip: "form", Hint: "the form's whole name", Form: true, Known: "form",
		Parse: func(s string, _ time.Time, q *Question) error { q.Filter.Form = s; return nil }},
	{Name: "recurring", Label: "Recurring", Chip: "recurring", Hint: "yes or no", Form: true,
		Parse: tri(func(q *Question) *query.Tri { return &q.Filter.Recurring })},
	{Name: "tribute", Label: "Tribute", Chip: "tribute", Hint: "yes, no, or its type (memory, honor...)", Form: true,
		Known: "tribute", Asked: func(q Question) []string { return nonEmpty(q.Filter.TributeType) }, Parse: parseTribute},
	{Name: "anonymous", Label: "Anonymous", Chip: "anonymous", Hint: "yes or no", Form: true,
		Parse: tri(func(q *Question) *query.Tri { return &q.Filter.Anonymous })},
	{Name: "campaign", Label: "Campaign", Chip: "campaign", Hint: "part of the campaign's name, any case", Form: true,
		Known: "campaign", Partial: true, Parse: func(s string, _ time.Time, q *Question) error { q.Filter.Campaign = s; return nil }},
	{Name: "plan_id", Label: "Plan id", Chip: "plan_id", Hint: "e.g. 1170132: that recurring plan's gifts", OneOff: true, Form: true,
		Parse: wholeNumber(func(q *Question) *int64 { return &q.Filter.PlanID })},
	{Name: "search", Label: "Search", Chip: "search", OneOff: true,
		Hint: "parts of names, e-mail, phone, employer, form, campaign, city, tribute (type, honoree, recipient, message), " +
			"comment, designation, answers, status, amount, date or id, ignoring case and accents",
		Parse: parseSearch},
}

// Lookup is the field of that name.
func Lookup(name string) (Field, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Names are the fields' names, in order.
func Names() []string {
	out := make([]string, len(Fields))
	for i, f := range Fields {
		out[i] = f.Name
	}
	return out
}
