package api

import (
	"encoding/json"
	"strings"
	"time"
)

// The records of the kinds (kind.go), field for field as the platform
// documents them (docs/kinds.md). Each field decodes through the tolerant
// types donations use, so a null, a number sent as text or a field left out
// costs that field only; Raw keeps the record exactly as sent.

// Head is what every record of a kind has: its id and its bytes as sent.
type Head struct {
	ID  Int             `json:"id"`
	Raw json.RawMessage `json:"-"`
}

func (h *Head) head() *Head { return h }

// KindRecord is the record type of a kind.
type KindRecord interface {
	Campaign | Plan | Donor | Event | Ticket | Purchase
}

// Ref names another record a record belongs to: a plan's campaign, a
// ticket's event.
type Ref struct {
	ID   Int  `json:"id"`
	Name Text `json:"name"`
}

// Campaign is a fundraising campaign with its goal and what it raised.
type Campaign struct {
	Head
	Name                 Text   `json:"name"`
	Slug                 Text   `json:"slug"`
	Currency             Text   `json:"currency"`
	CreatedAt            Text   `json:"created_at"`
	UpdatedAt            Text   `json:"updated_at"`
	GoalAmount           Number `json:"goal_amt"`
	FormattedGoalAmount  Text   `json:"formatted_goal_amount"`
	TotalRaised          Number `json:"total_raised"`
	FormattedTotalRaised Text   `json:"formatted_total_raised"`
	DonationsCount       Int    `json:"donations_count"`
}

// Contact is how to reach a donor, as a donor record and a plan's nested
// donor both send it.
type Contact struct {
	FirstName    Text `json:"first_name"`
	LastName     Text `json:"last_name"`
	Email        Text `json:"email"`
	Phone        Text `json:"phone"`
	Address      Text `json:"address"`
	AddressLine2 Text `json:"address_line_2"`
	City         Text `json:"city"`
	State        Text `json:"state"`
	ZipCode      Text `json:"zip_code"`
	Country      Text `json:"country"`
	Employer     Text `json:"employer"`
	Occupation   Text `json:"occupation"`
}

// Person is a donor as a plan nests it.
type Person struct {
	ID   Int  `json:"id"`
	Name Text `json:"name"`
	Contact
}

// Plan is a recurring gift: how often and how much, when it started, its
// last and next gift, and whether it is active, cancelled or failed.
type Plan struct {
	Head
	Campaign         Ref    `json:"campaign"`
	Donor            Person `json:"donor"`
	Type             Text   `json:"type"` // monthly, quarterly, annual...
	Amount           Number `json:"amount"`
	FormattedAmount  Text   `json:"formatted_amount"`
	PaymentMethod    Text   `json:"payment_method"`
	StartedAt        Text   `json:"started_at"`
	LastDonationDate Text   `json:"last_donation_date"`
	NextDonationDate Text   `json:"next_donation_date"`
	Status           Text   `json:"status"` // active, cancelled, failed
}

// Total is what a donor gave in one currency.
type Total struct {
	Currency Text   `json:"currency"`
	Value    Number `json:"value"`
}

// Donor is a person who gave, with how often, when last and how much.
type Donor struct {
	Head
	CreatedAt Text `json:"created_at"`
	UpdatedAt Text `json:"updated_at"`
	Contact
	Comment        Text    `json:"comment"`
	DonationsCount Int     `json:"donations_count"`
	LastDonationAt Text    `json:"last_donation_at"`
	Totals         []Total `json:"total"`
}

// Name is "first last", trimmed; empty when neither is known.
func (d *Donor) Name() string { return donorName(d.FirstName, d.LastName) }

// Event is a ticketed event.
type Event struct {
	Head
	Name                 Text   `json:"name"`
	Slug                 Text   `json:"slug"`
	Currency             Text   `json:"currency"`
	CreatedAt            Text   `json:"created_at"`
	UpdatedAt            Text   `json:"updated_at"`
	TotalRaised          Number `json:"total_raised"`
	FormattedTotalRaised Text   `json:"formatted_total_raised"`
	DonationsCount       Int    `json:"donations_count"`
	TicketsCount         Int    `json:"tickets_count"`
}

// TicketType is the kind of ticket sold, with the parts of its price.
type TicketType struct {
	ID                           Int    `json:"id"`
	Name                         Text   `json:"name"`
	FairMarketValue              Number `json:"fair_market_value"`
	FairMarketValueFormatted     Text   `json:"fair_market_value_formatted"`
	TaxDeductibleAmount          Number `json:"tax_deductible_amount"`
	TaxDeductibleAmountFormatted Text   `json:"tax_deductible_amount_formatted"`
	TaxAmount                    Number `json:"tax_amount"`
	TaxAmountFormatted           Text   `json:"tax_amount_formatted"`
}

// Transaction is the purchase a ticket was bought in, as a ticket nests it.
type Transaction struct {
	ID                      Int             `json:"id"`
	City                    Text            `json:"city"`
	State                   Text            `json:"state"`
	Country                 Text            `json:"country"`
	Zip                     Text            `json:"zip"`
	Currency                Text            `json:"currency"`
	FirstName               Text            `json:"first_name"`
	LastName                Text            `json:"last_name"`
	DonationID              Int             `json:"donation_id"`
	StripeChargeID          Text            `json:"stripe_charge_id"`
	FullName                Text            `json:"full_name"`
	Address                 Text            `json:"address"`
	Phone                   Text            `json:"phone"`
	Email                   Text            `json:"email"`
	SupporterID             Int             `json:"supporter_id"`
	Status                  Text            `json:"status"`
	PurchaseDate            Text            `json:"purchase_date"`
	FreePurchase            Flag            `json:"free_purchase"`
	Price                   Number          `json:"price"`
	PriceFormatted          Text            `json:"price_formatted"`
	DonationAmount          Number          `json:"donation_amount"`
	DonationAmountFormatted Text            `json:"donation_amount_formatted"`
	AppFee                  Number          `json:"app_fee"`
	AppFeeFormatted         Text            `json:"app_fee_formatted"`
	StripeFee               Number          `json:"stripe_fee"`
	StripeFeeFormatted      Text            `json:"stripe_fee_formatted"`
	Slug                    Text            `json:"slug"`
	PreferencesAnswer       json.RawMessage `json:"preferences_answer"`
}

// Ticket is one ticket sold for an event. A ticket listed inside a
// purchase carries no event or transaction of its own.
type Ticket struct {
	Head
	Currency       Text        `json:"currency"`
	FreeTicket     Flag        `json:"free_ticket"`
	Price          Number      `json:"price"`
	PriceFormatted Text        `json:"price_formatted"`
	TicketType     TicketType  `json:"ticket_type"`
	Event          Ref         `json:"event"`
	Transaction    Transaction `json:"transaction"`
}

// Purchase is one purchase of tickets for an event.
type Purchase struct {
	Head
	Currency          Text            `json:"currency"`
	Status            Text            `json:"status"`
	SupporterID       Int             `json:"supporter_id"`
	Amount            Number          `json:"amount"`
	AmountFormatted   Text            `json:"amount_formatted"`
	AmountRefunded    Number          `json:"amount_refunded"`
	Date              Text            `json:"date"`
	TicketsCount      Int             `json:"tickets_count"`
	PreferencesAnswer json.RawMessage `json:"preferences_answer"`
	Event             Ref             `json:"event"`
	Tickets           []Ticket        `json:"tickets"`
}

// KindOf is the kind whose records are Ts.
func KindOf[T KindRecord]() RecordKind {
	switch any(new(T)).(type) {
	case *Campaign:
		return CampaignsKind
	case *Plan:
		return PlansKind
	case *Donor:
		return DonorsKind
	case *Event:
		return EventsKind
	case *Ticket:
		return TicketsKind
	}
	return PurchasesKind
}

// HeadOf is the id and bytes (as sent) of any record of a kind.
func HeadOf[T KindRecord](rec *T) *Head {
	return any(rec).(interface{ head() *Head }).head()
}

// WrittenDay is the day a kind's date or date-time starts with, as the
// server wrote it (2026-12-01 of 2026-12-01T23:00:00-05:00): what its
// filters and sorts read. False where it starts with no date in that
// form (01/12/2026, which could be either month).
func WrittenDay(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if len(v) < 10 {
		return "", false
	}
	if _, err := time.Parse(time.DateOnly, v[:10]); err != nil {
		return "", false
	}
	return v[:10], true
}
