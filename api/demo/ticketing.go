package demo

import (
	"encoding/json"
	"strings"
	"time"
)

// Events, their tickets and the purchases they were bought in, as the
// platform lists them: drawn from the seed alone, a purchase per hundred
// donations, an event's count and total its paid purchases'.

type boxEvent struct {
	ID                   int64       `json:"id"`
	Name                 string      `json:"name"`
	Slug                 string      `json:"slug"`
	Currency             string      `json:"currency"`
	CreatedAt            string      `json:"created_at"`
	UpdatedAt            string      `json:"updated_at"`
	TotalRaised          json.Number `json:"total_raised"`
	FormattedTotalRaised string      `json:"formatted_total_raised"`
	DonationsCount       int         `json:"donations_count"`
	TicketsCount         int         `json:"tickets_count"`
}

type boxTicketType struct {
	ID                           int64       `json:"id"`
	Name                         string      `json:"name"`
	FairMarketValue              json.Number `json:"fair_market_value"`
	FairMarketValueFormatted     string      `json:"fair_market_value_formatted"`
	TaxDeductibleAmount          json.Number `json:"tax_deductible_amount"`
	TaxDeductibleAmountFormatted string      `json:"tax_deductible_amount_formatted"`
	TaxAmount                    json.Number `json:"tax_amount"`
	TaxAmountFormatted           string      `json:"tax_amount_formatted"`
}

// boxTransaction is a purchase as a ticket nests it.
type boxTransaction struct {
	ID             int64       `json:"id"`
	City           string      `json:"city"`
	State          string      `json:"state"`
	Country        string      `json:"country"`
	Zip            string      `json:"zip"`
	Currency       string      `json:"currency"`
	FirstName      string      `json:"first_name"`
	LastName       string      `json:"last_name"`
	DonationID     *int64      `json:"donation_id"`
	StripeChargeID string      `json:"stripe_charge_id"`
	FullName       string      `json:"full_name"`
	Address        string      `json:"address"`
	Email          string      `json:"email"`
	SupporterID    int64       `json:"supporter_id"`
	Status         string      `json:"status"`
	PurchaseDate   string      `json:"purchase_date"`
	FreePurchase   bool        `json:"free_purchase"`
	Price          json.Number `json:"price"`
	PriceFormatted string      `json:"price_formatted"`
}

type boxTicket struct {
	ID             int64           `json:"id"`
	Currency       string          `json:"currency"`
	FreeTicket     bool            `json:"free_ticket"`
	Price          json.Number     `json:"price"`
	PriceFormatted string          `json:"price_formatted"`
	TicketType     boxTicketType   `json:"ticket_type"`
	Event          *boxRef         `json:"event,omitempty"`
	Transaction    *boxTransaction `json:"transaction,omitempty"`
}

type boxPurchase struct {
	ID                int64       `json:"id"`
	Currency          string      `json:"currency"`
	Status            string      `json:"status"`
	SupporterID       int64       `json:"supporter_id"`
	Amount            json.Number `json:"amount"`
	AmountFormatted   string      `json:"amount_formatted"`
	AmountRefunded    json.Number `json:"amount_refunded"`
	Date              string      `json:"date"`
	TicketsCount      int         `json:"tickets_count"`
	PreferencesAnswer *string     `json:"preferences_answer"`
	Event             boxRef      `json:"event"`
	Tickets           []boxTicket `json:"tickets"`
}

var eventNames = []string{"Spring Gala", "Charity Fun Run", "Benefit Concert"}

// ticketTypes: a name, its price and the part of it that buys something
// (the fair market value), in cents.
var ticketTypes = []struct {
	name        string
	price, fair int64
}{{"General Admission", 2500, 1000}, {"VIP", 10000, 4000}, {"Student", 1000, 0}}

var purchaseStatuses = []string{"paid", "paid", "paid", "paid", "paid", "paid", "paid", "refunded", "pending", "failed"}

func (s *Server) ticketing() (events []boxEvent, tickets []boxTicket, purchases []boxPurchase) {
	d := s.data
	r := newRNG(d.seed, 1<<56)
	for k, name := range eventNames {
		created := d.start.AddDate(0, 4*k, 0)
		events = append(events, boxEvent{ID: 123_000 + int64(k), Name: name,
			Slug: strings.ReplaceAll(strings.ToLower(name), " ", "-"), Currency: "usd",
			CreatedAt: created.Format(time.RFC3339), UpdatedAt: created.Format(time.RFC3339)})
	}
	raised := make([]int64, len(events))
	ticketID := int64(675_000)
	for n := range max(6, len(d.entries)/100) {
		ev := &events[r.intn(len(events))]
		j := r.intn(d.pool)
		dn := &d.donors[j]
		at := d.start.Add(time.Duration(r.Int64N(int64(span))))
		p := boxPurchase{ID: 231_000 + int64(n), Currency: "USD", Status: pick(r, purchaseStatuses),
			SupporterID: int64(j) + boxOffsets.donor, Date: at.Format(time.RFC3339), Event: boxRef{ev.ID, ev.Name}}
		tx := boxTransaction{ID: p.ID, City: dn.city, State: dn.state, Country: dn.country, Zip: dn.postcode,
			Currency: "USD", FirstName: dn.first, LastName: dn.last, FullName: dn.first + " " + dn.last,
			Address: dn.address, Email: dn.email, SupporterID: p.SupporterID, Status: p.Status,
			PurchaseDate: p.Date, StripeChargeID: "py_" + token(r, 12)}
		total := int64(0)
		for range 1 + r.intn(4) {
			tt := ticketTypes[r.intn(len(ticketTypes))]
			ticketID += int64(1 + r.intn(3))
			t := boxTicket{ID: ticketID, Currency: "USD", Price: json.Number(boxNumber(tt.price)),
				PriceFormatted: boxFormatted("$", tt.price),
				TicketType: boxTicketType{ID: 15_100 + int64(len(tt.name)), Name: tt.name,
					FairMarketValue: json.Number(boxNumber(tt.fair)), FairMarketValueFormatted: boxFormatted("$", tt.fair),
					TaxDeductibleAmount:          json.Number(boxNumber(tt.price - tt.fair)),
					TaxDeductibleAmountFormatted: boxFormatted("$", tt.price-tt.fair),
					TaxAmount:                    "0", TaxAmountFormatted: "$0"}}
			p.Tickets = append(p.Tickets, t)
			total += tt.price
		}
		p.TicketsCount = len(p.Tickets)
		p.Amount, p.AmountFormatted = json.Number(boxNumber(total)), boxFormatted("$", total)
		p.AmountRefunded = "0"
		if p.Status == "refunded" {
			p.AmountRefunded = p.Amount
		}
		tx.Price, tx.PriceFormatted = p.Amount, p.AmountFormatted
		for _, t := range p.Tickets {
			t.Event, t.Transaction = &p.Event, &tx
			tickets = append(tickets, t)
		}
		if p.Status == "paid" {
			raised[ev.ID-123_000] += total
			ev.TicketsCount += p.TicketsCount
			if at.After(parseTime(ev.UpdatedAt)) {
				ev.UpdatedAt = p.Date
			}
		}
		purchases = append(purchases, p)
	}
	for k := range events {
		events[k].TotalRaised = json.Number(boxNumber(raised[k]))
		events[k].FormattedTotalRaised = boxFormatted("$", raised[k])
	}
	return events, tickets, purchases
}

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return t
}
