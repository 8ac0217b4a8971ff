package demo

import (
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// The platform's other read endpoints, made from the donations once per
// server (until the data changes) rather than per request, and consistent
// with them (docs/kinds.md): a campaign's total raised and count are its
// paid gifts' (in US dollars, as converted_amount says them); a donor's
// count, last gift and totals per currency are their paid gifts'; each
// recurring gift names its plan (plan_id), the donor's plan for its
// campaign and interval. Events, tickets and purchases stand apart from
// the donations, as on the platform, drawn from the seed alone.

// kindRecords are the records of each kind, ids ascending.
type kindRecords struct {
	campaigns []boxCampaignRecord
	plans     []boxPlan
	donors    []boxDonorRecord
	events    []boxEvent
	tickets   []boxTicket
	purchases []boxPurchase
}

type boxRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type boxCampaignRecord struct {
	ID                   int64  `json:"id"`
	Name                 string `json:"name"`
	Slug                 string `json:"slug"`
	Currency             string `json:"currency"`
	CreatedAt            string `json:"created_at"`
	UpdatedAt            string `json:"updated_at"`
	GoalAmt              string `json:"goal_amt"`
	FormattedGoalAmount  string `json:"formatted_goal_amount"`
	TotalRaised          string `json:"total_raised"`
	FormattedTotalRaised string `json:"formatted_total_raised"`
	DonationsCount       int    `json:"donations_count"`
}

type boxPlan struct {
	ID               int64    `json:"id"`
	Campaign         boxRef   `json:"campaign"`
	Donor            boxDonor `json:"donor"`
	Type             string   `json:"type"`
	Amount           string   `json:"amount"`
	FormattedAmount  string   `json:"formatted_amount"`
	PaymentMethod    string   `json:"payment_method"`
	StartedAt        string   `json:"started_at"`
	LastDonationDate string   `json:"last_donation_date"`
	NextDonationDate *string  `json:"next_donation_date"`
	Status           string   `json:"status"`
	startedAt        time.Time
}

type boxTotal struct {
	Currency string      `json:"currency"`
	Value    json.Number `json:"value"`
}

type boxDonorRecord struct {
	ID             int64      `json:"id"`
	CreatedAt      string     `json:"created_at"`
	UpdatedAt      string     `json:"updated_at"`
	FirstName      string     `json:"first_name"`
	LastName       string     `json:"last_name"`
	Email          string     `json:"email"`
	Phone          *string    `json:"phone"`
	Address        string     `json:"address"`
	City           string     `json:"city"`
	State          string     `json:"state"`
	ZipCode        string     `json:"zip_code"`
	Country        string     `json:"country"`
	Employer       *string    `json:"employer"`
	Occupation     *string    `json:"occupation"`
	Comment        *string    `json:"comment"`
	DonationsCount int        `json:"donations_count"`
	LastDonationAt *string    `json:"last_donation_at"`
	Total          []boxTotal `json:"total"`
}

// planTypes are the plans' intervals as a gift names them and as a plan does.
var planTypes = []struct{ every, name string }{{"1 M", "monthly"}, {"3 M", "quarterly"}, {"1 Y", "annual"}}

// planID is the plan a recurring gift of donor j to a campaign every
// interval belongs to: one per donor, campaign and interval.
func planID(j int32, campaign int64, every string) int64 {
	k := slices.IndexFunc(planTypes, func(p struct{ every, name string }) bool { return p.every == every })
	return 1_170_000 + (int64(j)*8+campaign-100)*4 + int64(max(k, 0))
}

// next is the day after t by the plan's interval.
func nextOf(t time.Time, every string) time.Time {
	switch every {
	case "3 M":
		return t.AddDate(0, 3, 0)
	case "1 Y":
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

// giftOf is donation i as every endpoint sees it: as the donations
// endpoint serves it, and in the platform's shape.
func (s *Server) giftOf(i int) (Record, boxRecord) {
	rec := s.recordAt(i)
	return rec, s.data.boxOf(i, &rec)
}

// kinds are the records of every kind, made once until the data changes;
// called with dataMu held.
func (s *Server) kinds() *kindRecords {
	s.kindsMu.Lock()
	defer s.kindsMu.Unlock()
	if s.kindsMade == nil {
		s.kindsMade = s.makeKinds()
	}
	return s.kindsMade
}

// tally is what the kinds count of a set of gifts. The gifts it names
// are indexes, made again where a kind's record needs them: a copy of
// each, kept for every tally, grew with the demo to gigabytes.
type tally struct {
	count       int
	usd         int64
	first, last time.Time
	totals      map[string]int64 // cents by currency
	latest      int              // the last gift
	person      int              // a donor's last gift of any status, which names them
}

func (t *tally) add(i int, b *boxRecord, at time.Time, usd int64) {
	if t.count == 0 || at.Before(t.first) {
		t.first = at
	}
	if t.count == 0 || !at.Before(t.last) {
		t.last, t.latest = at, i
	}
	t.count++
	t.usd += usd
	if t.totals == nil {
		t.totals = map[string]int64{}
	}
	t.totals[strings.ToLower(b.Currency)] += centsOf(b.Amount)
}

func (s *Server) makeKinds() *kindRecords {
	d := s.data
	camps := map[int64]*tally{}
	donors := map[int32]*tally{}
	plans := map[int64]*tally{}
	planDonor := map[int64]int32{}
	for i, e := range d.entries {
		if d.removed[i] {
			continue
		}
		rec, b := s.giftOf(i)
		at, _ := time.Parse(time.RFC3339Nano, rec.DonationDate)
		if b.PlanID != nil {
			if plans[*b.PlanID] == nil {
				plans[*b.PlanID] = &tally{}
			}
			plans[*b.PlanID].add(i, &b, at, 0)
			planDonor[*b.PlanID] = e.donor
		}
		who := at2(donors, e.donor)
		who.person = i
		if rec.Status != "paid" {
			continue
		}
		usd := centsOf(rec.ConvertedAmount)
		at2(camps, b.Campaign.ID).add(i, &b, at, usd)
		who.add(i, &b, at, usd)
	}
	k := &kindRecords{}
	for _, c := range Campaigns {
		k.campaigns = append(k.campaigns, s.campaignOf(c, camps[c.ID]))
	}
	for _, id := range sortedKeys(plans) {
		k.plans = append(k.plans, s.planOf(id, plans[id], planDonor[id]))
	}
	for _, j := range sortedKeys(donors) {
		k.donors = append(k.donors, s.donorOf(donors[j]))
	}
	k.events, k.tickets, k.purchases = s.ticketing()
	return k
}

func at2[K comparable](m map[K]*tally, key K) *tally {
	if m[key] == nil {
		m[key] = &tally{}
	}
	return m[key]
}

func sortedKeys[K int64 | int32, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys
}

func (s *Server) campaignOf(c Campaign, t *tally) boxCampaignRecord {
	if t == nil {
		t = &tally{}
	}
	created := s.data.start.AddDate(0, 0, -30*int(c.ID-100))
	r := newRNG(s.data.seed, uint64(c.ID)|1<<57)
	// A goal some campaigns have passed and others are short of.
	goal := (t.usd*int64(60+r.intn(100))/100/100_000 + 1) * 100_000
	out := boxCampaignRecord{ID: c.ID, Name: c.Name, Slug: strings.ReplaceAll(strings.ToLower(c.Name), " ", "-"),
		Currency: "usd", CreatedAt: iso(created), UpdatedAt: iso(created),
		GoalAmt: boxAmount(goal), FormattedGoalAmount: boxFormatted("$", goal),
		TotalRaised: boxAmount(t.usd), FormattedTotalRaised: boxFormatted("$", t.usd), DonationsCount: t.count}
	if t.count > 0 {
		out.UpdatedAt = iso(t.last)
	}
	if s.opts.LongFields > 0 {
		out.Name = longText(out.Name, s.opts.LongFields*longName)
	}
	return out
}

func (s *Server) planOf(id int64, t *tally, j int32) boxPlan {
	_, latest := s.giftOf(t.latest)
	b := &latest
	p := boxPlan{ID: id, Campaign: boxRef{b.Campaign.ID, b.Campaign.Name}, Donor: b.Donor,
		Amount: b.Amount, FormattedAmount: b.FormattedAmount, PaymentMethod: "Stripe",
		StartedAt: t.first.Format(time.DateOnly), LastDonationDate: iso(t.last), Status: "active", startedAt: t.first}
	for _, pt := range planTypes {
		if b.Interval != nil && pt.every == *b.Interval {
			p.Type = pt.name
		}
	}
	if b.DonationType == "paypal" {
		p.PaymentMethod = "PayPal"
	}
	r := newRNG(s.data.seed, uint64(id)|1<<58)
	next := nextOf(t.last, *b.Interval)
	// A plan whose next charge fell due a week or more before the data
	// ends, with no gift since, has stopped: the donor cancelled it or its
	// card failed. Only a plan still charging can be active.
	stopped := next.Before(s.data.start.Add(span).AddDate(0, 0, -7))
	switch {
	case s.data.cancelled[id]:
		p.Status = "cancelled"
	case stopped && r.chance(0.3), !stopped && r.chance(0.08):
		p.Status = "failed"
	case stopped, r.chance(0.12):
		p.Status = "cancelled"
	default:
		at := next.Format(time.DateOnly)
		if s.opts.Hostile && id%7 == 3 {
			at = next.Format("02/01/2006") // day first: read as either month, so as none
		}
		p.NextDonationDate = &at
	}
	return p
}

func (s *Server) donorOf(t *tally) boxDonorRecord {
	_, last := s.giftOf(t.person)
	dn, since := last.Donor, iso(s.data.start)
	out := boxDonorRecord{ID: dn.ID, CreatedAt: since, UpdatedAt: since, FirstName: dn.FirstName,
		LastName: dn.LastName, Email: dn.Email, Phone: dn.Phone, Address: dn.Address, City: dn.City,
		State: dn.State, ZipCode: dn.ZipCode, Country: dn.Country, Employer: dn.Employer,
		Occupation: dn.Occupation, DonationsCount: t.count, Total: []boxTotal{}}
	if t.count > 0 {
		first, last := iso(t.first), iso(t.last)
		out.CreatedAt, out.UpdatedAt, out.LastDonationAt = first, last, &last
	}
	for _, cur := range sortedCurrencies(t.totals) {
		out.Total = append(out.Total, boxTotal{cur, json.Number(boxNumber(t.totals[cur]))})
	}
	return out
}

func sortedCurrencies(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
