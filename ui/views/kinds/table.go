package kinds

import (
	"context"
	"io"
	"strings"
	"time"

	"donations/api"
	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/ui/uictx"
)

// item is one record as the view shows it: its cells by column, its
// detail's fields, its bytes as sent, and what the jumps need of it.
type item struct {
	id     int64
	cells  map[string]string
	fields [][2]string
	raw    []byte
	// email and campaign are a donor's or a plan's, for the jumps to
	// their gifts and plans; a campaign's own id is campaign.
	email    string
	campaign int64
	// goal and raised are a campaign's, in cents, for its progress bar;
	// hasGoal says the goal was sent and is above zero.
	goal, raised int64
	hasGoal      bool
	// currency is the one its sums are in ("" when it has none, or a
	// donor's totals are in several): a sort by a sum ranks one currency.
	currency string
}

// column is one column of a kind's list: its title, the item's cell it
// shows, its least width and whether it grows to fill the screen.
type column struct {
	title, cell string
	width       int
	right, grow bool
}

// spec is what the view knows of a kind: its columns (in the order they
// go when the screen is narrow: last first), the jumps it offers, and how
// to read it; its sorts and statuses are query's.
type spec struct {
	kind     api.RecordKind
	title    string
	columns  []column
	gifts    bool // D: the record's gifts in the donations' list
	plans    bool // P: the record's plans
	campaign bool // C: the record's campaign
	read     func(ctx context.Context, h dataset.Local, f dataset.KindFilter, loc *time.Location) ([]item, error)
	// write writes the records f selects, in its order, to w in format
	// (export.WriteKind), and says how many.
	write func(ctx context.Context, h dataset.Local, f dataset.KindFilter, w io.Writer, format string) (int, error)
}

// specs is every kind the view shows, in api.RecordKinds' order.
var specs = []spec{
	{kind: api.CampaignsKind, title: "Campaigns",
		columns: []column{{"NAME", "name", 16, false, true}, {"GOAL", "goal", 12, true, false}, {"RAISED", "raised", 12, true, false},
			{"PROGRESS", "progress", 16, false, false}, {"GIFTS", "count", 6, true, false}},
		gifts: true, plans: true, read: readAs(campaignItem), write: writeAs[api.Campaign]},
	{kind: api.PlansKind, title: "Plans",
		columns: []column{{"DONOR", "name", 16, false, true}, {"AMOUNT", "amount", 11, true, false}, {"TYPE", "type", 9, false, false},
			{"STATUS", "status", 9, false, false}, {"NEXT", "next", 10, false, false}, {"CAMPAIGN", "campaign", 14, false, true}},
		gifts: true, campaign: true, read: readAs(planItem), write: writeAs[api.Plan]},
	{kind: api.DonorsKind, title: "Donors",
		columns: []column{{"NAME", "name", 14, false, true}, {"E-MAIL", "email", 18, false, true}, {"GIFTS", "count", 6, true, false},
			{"LAST GIFT", "last", 10, false, false}, {"TOTALS", "totals", 14, true, false}},
		gifts: true, plans: true, read: readAs(donorItem), write: writeAs[api.Donor]},
	{kind: api.EventsKind, title: "Events",
		columns: []column{{"NAME", "name", 16, false, true}, {"RAISED", "raised", 12, true, false}, {"TICKETS", "tickets", 7, true, false},
			{"GIFTS", "count", 6, true, false}, {"CREATED", "created", 10, false, false}},
		read: readAs(eventItem), write: writeAs[api.Event]},
	{kind: api.TicketsKind, title: "Tickets",
		columns: []column{{"ID", "id", 8, true, false}, {"EVENT", "event", 14, false, true}, {"TYPE", "type", 10, false, false},
			{"PRICE", "amount", 11, true, false}, {"BUYER", "name", 14, false, true}, {"STATUS", "status", 9, false, false}},
		read: readAs(ticketItem), write: writeAs[api.Ticket]},
	{kind: api.PurchasesKind, title: "Purchases",
		columns: []column{{"ID", "id", 8, true, false}, {"EVENT", "event", 14, false, true}, {"AMOUNT", "amount", 11, true, false},
			{"TICKETS", "tickets", 7, true, false}, {"STATUS", "status", 9, false, false}, {"DATE", "date", 10, false, false}},
		read: readAs(purchaseItem), write: writeAs[api.Purchase]},
}

// sorts are the kind's sorts, the first the one the list opens with.
func (s *spec) sorts() []string { return query.KindSortsOf(s.kind.Name) }

// statuses are the statuses the kind's filter takes.
func (s *spec) statuses() []string { return query.KindStatusesOf(s.kind.Name) }

// specNamed is the spec of the kind called name.
func specNamed(name string) (*spec, bool) {
	for i := range specs {
		if specs[i].kind.Name == name {
			return &specs[i], true
		}
	}
	return nil, false
}

// readAs reads the records of T's kind and makes each an item.
func readAs[T api.KindRecord](of func(*T, *time.Location) item) func(context.Context, dataset.Local, dataset.KindFilter, *time.Location) ([]item, error) {
	return func(ctx context.Context, h dataset.Local, f dataset.KindFilter, loc *time.Location) ([]item, error) {
		recs, err := dataset.Records[T](ctx, h, f)
		if err != nil {
			return nil, err
		}
		items := make([]item, len(recs))
		for i := range recs {
			items[i] = of(&recs[i], loc)
		}
		return items, nil
	}
}

// writeAs writes the records of T's kind as export.WriteKind does.
func writeAs[T api.KindRecord](ctx context.Context, h dataset.Local, f dataset.KindFilter, w io.Writer, format string) (int, error) {
	recs, err := dataset.Records[T](ctx, h, f)
	if err != nil {
		return 0, err
	}
	return len(recs), export.WriteKind(w, format, recs, 0)
}

// day is a date or a time as the day it falls on in loc.
func day(t api.Text, loc *time.Location) string { return uictx.When(t, loc, time.DateOnly) }

// stamp is a time as the detail shows it.
func stamp(t api.Text, loc *time.Location) string { return uictx.When(t, loc, "2006-01-02 15:04 MST") }

// money is an amount in its currency, the formatted text the server sent
// where it sent one.
func money(formatted api.Text, n api.Number, cur api.Text) string {
	if formatted.Valid && formatted.Value != "" {
		return uictx.Show(formatted)
	}
	if !n.Valid {
		return uictx.Missing
	}
	return strings.TrimSpace(uictx.Show(cur) + " " + uictx.ShowNumber(n))
}

// name is "first last", or the name sent whole.
func name(whole, first, last api.Text) string {
	if n := strings.TrimSpace(first.Value + " " + last.Value); n != "" {
		return n
	}
	if whole.Value != "" {
		return whole.Value
	}
	return uictx.Missing
}

// count is a count of gifts or tickets, its thousands grouped.
func count(n api.Int) string {
	if !n.Valid {
		return uictx.Missing
	}
	return uictx.Grouped(uictx.Itoa(n.Value))
}

// code is a currency as the store keys it.
func code(t api.Text) string { return strings.ToUpper(strings.TrimSpace(t.Value)) }

func cents(n api.Number) (int64, bool) {
	d, ok := n.Decimal()
	if !ok {
		return 0, false
	}
	return d.Scaled(2)
}

func campaignItem(c *api.Campaign, loc *time.Location) item {
	it := item{id: c.ID.Value, raw: c.Raw, campaign: c.ID.Value, currency: code(c.Currency)}
	it.goal, it.hasGoal = cents(c.GoalAmount)
	it.hasGoal = it.hasGoal && it.goal > 0
	it.raised, _ = cents(c.TotalRaised)
	it.cells = map[string]string{"name": uictx.Show(c.Name), "goal": money(c.FormattedGoalAmount, c.GoalAmount, c.Currency),
		"raised": money(c.FormattedTotalRaised, c.TotalRaised, c.Currency), "count": count(c.DonationsCount)}
	it.fields = [][2]string{{"Id", uictx.ShowInt(c.ID)}, {"Name", uictx.Show(c.Name)}, {"Slug", uictx.Show(c.Slug)},
		{"Currency", uictx.Show(c.Currency)}, {"Goal", it.cells["goal"]}, {"Raised", it.cells["raised"]},
		{"Progress", progressWords(&it)}, {"Gifts", it.cells["count"]},
		{"Created", stamp(c.CreatedAt, loc)}, {"Updated", stamp(c.UpdatedAt, loc)}}
	return it
}

func planItem(p *api.Plan, loc *time.Location) item {
	it := item{id: p.ID.Value, raw: p.Raw, email: p.Donor.Email.Value, campaign: p.Campaign.ID.Value}
	donor := name(p.Donor.Name, p.Donor.FirstName, p.Donor.LastName)
	it.cells = map[string]string{"name": donor, "amount": money(p.FormattedAmount, p.Amount, api.Text{}),
		"type": uictx.Show(p.Type), "status": uictx.Show(p.Status), "next": day(p.NextDonationDate, loc),
		"campaign": uictx.Show(p.Campaign.Name)}
	it.fields = [][2]string{{"Id", uictx.ShowInt(p.ID)}, {"Status", it.cells["status"]}, {"Type", it.cells["type"]},
		{"Amount", it.cells["amount"]}, {"Payment method", uictx.Show(p.PaymentMethod)},
		{"Started", day(p.StartedAt, loc)}, {"Last gift", day(p.LastDonationDate, loc)}, {"Next gift", it.cells["next"]},
		{"Campaign", it.cells["campaign"] + " (id " + uictx.ShowInt(p.Campaign.ID) + ")"},
		{"Donor", donor + " (id " + uictx.ShowInt(p.Donor.ID) + ")"}, {"E-mail", uictx.Show(p.Donor.Email)},
		{"Phone", uictx.Show(p.Donor.Phone)}, {"Address", place(p.Donor.Address, p.Donor.City, p.Donor.State, p.Donor.ZipCode, p.Donor.Country)}}
	return it
}

func donorItem(d *api.Donor, loc *time.Location) item {
	it := item{id: d.ID.Value, raw: d.Raw, email: d.Email.Value}
	if len(d.Totals) == 1 {
		it.currency = code(d.Totals[0].Currency)
	}
	var totals []string
	for _, t := range d.Totals {
		totals = append(totals, total(t))
	}
	all := strings.Join(totals, ", ")
	if all == "" {
		all = uictx.Missing
	}
	it.cells = map[string]string{"name": name(api.Text{}, d.FirstName, d.LastName), "email": uictx.Show(d.Email),
		"count": count(d.DonationsCount), "last": day(d.LastDonationAt, loc), "totals": all}
	it.fields = [][2]string{{"Id", uictx.ShowInt(d.ID)}, {"Name", it.cells["name"]}, {"E-mail", it.cells["email"]},
		{"Phone", uictx.Show(d.Phone)}, {"Address", place(d.Address, d.City, d.State, d.ZipCode, d.Country)},
		{"Employer", uictx.Show(d.Employer)}, {"Occupation", uictx.Show(d.Occupation)}, {"Comment", uictx.Show(d.Comment)},
		{"Gifts", it.cells["count"]}, {"Last gift", stamp(d.LastDonationAt, loc)}, {"Totals", all},
		{"Created", stamp(d.CreatedAt, loc)}, {"Updated", stamp(d.UpdatedAt, loc)}}
	return it
}

func eventItem(e *api.Event, loc *time.Location) item {
	it := item{id: e.ID.Value, raw: e.Raw, currency: code(e.Currency)}
	it.cells = map[string]string{"name": uictx.Show(e.Name), "raised": money(e.FormattedTotalRaised, e.TotalRaised, e.Currency),
		"tickets": count(e.TicketsCount), "count": count(e.DonationsCount), "created": day(e.CreatedAt, loc)}
	it.fields = [][2]string{{"Id", uictx.ShowInt(e.ID)}, {"Name", it.cells["name"]}, {"Slug", uictx.Show(e.Slug)},
		{"Currency", uictx.Show(e.Currency)}, {"Raised", it.cells["raised"]}, {"Tickets", it.cells["tickets"]},
		{"Gifts", it.cells["count"]}, {"Created", stamp(e.CreatedAt, loc)}, {"Updated", stamp(e.UpdatedAt, loc)}}
	return it
}

func ticketItem(t *api.Ticket, loc *time.Location) item {
	tr := &t.Transaction
	it := item{id: t.ID.Value, raw: t.Raw, email: tr.Email.Value, currency: code(t.Currency)}
	it.cells = map[string]string{"id": uictx.ShowInt(t.ID), "event": uictx.Show(t.Event.Name), "type": uictx.Show(t.TicketType.Name),
		"amount": money(t.PriceFormatted, t.Price, t.Currency), "name": name(tr.FullName, tr.FirstName, tr.LastName),
		"status": uictx.Show(tr.Status)}
	it.fields = [][2]string{{"Id", it.cells["id"]}, {"Event", it.cells["event"] + " (id " + uictx.ShowInt(t.Event.ID) + ")"},
		{"Type", it.cells["type"]}, {"Price", it.cells["amount"]}, {"Free", uictx.ShowFlag(t.FreeTicket)},
		{"Buyer", it.cells["name"]}, {"E-mail", uictx.Show(tr.Email)}, {"Status", it.cells["status"]},
		{"Purchased", stamp(tr.PurchaseDate, loc)}, {"Purchase id", uictx.ShowInt(tr.ID)}, {"Gift id", uictx.ShowInt(tr.DonationID)}}
	return it
}

func purchaseItem(p *api.Purchase, loc *time.Location) item {
	it := item{id: p.ID.Value, raw: p.Raw, currency: code(p.Currency)}
	it.cells = map[string]string{"id": uictx.ShowInt(p.ID), "event": uictx.Show(p.Event.Name),
		"amount": money(p.AmountFormatted, p.Amount, p.Currency), "tickets": count(p.TicketsCount),
		"status": uictx.Show(p.Status), "date": day(p.Date, loc)}
	it.fields = [][2]string{{"Id", it.cells["id"]}, {"Event", it.cells["event"] + " (id " + uictx.ShowInt(p.Event.ID) + ")"},
		{"Amount", it.cells["amount"]}, {"Refunded", uictx.ShowNumber(p.AmountRefunded)}, {"Tickets", it.cells["tickets"]},
		{"Status", it.cells["status"]}, {"Date", stamp(p.Date, loc)}, {"Supporter id", uictx.ShowInt(p.SupporterID)}}
	return it
}

// total is what a donor gave in one currency, grouped by thousands.
func total(t api.Total) string {
	d, ok := t.Value.Decimal()
	if !ok {
		return strings.TrimSpace(uictx.Show(t.Currency) + " " + uictx.ShowNumber(t.Value))
	}
	return uictx.Money(strings.ToUpper(t.Currency.Value), d)
}

// place is an address on one line, the parts that were sent.
func place(parts ...api.Text) string {
	var sent []string
	for _, p := range parts {
		if strings.TrimSpace(p.Value) != "" {
			sent = append(sent, strings.TrimSpace(p.Value))
		}
	}
	if len(sent) == 0 {
		return uictx.Missing
	}
	return strings.Join(sent, ", ")
}
