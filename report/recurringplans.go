package report

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"strings"
	"time"

	"donations/api"
	"donations/query"
	"donations/store"
)

// Plans is the recurring report read from the plans the server listed:
// their statuses as the sync that read them found them, each plan's
// monthly value from its amount and type, in the currency of its gifts
// held (a plan names none), and where the plans and the gifts held
// disagree.
type Plans struct {
	// Held is how many plans the store holds, read at Read (in the
	// store's zone).
	Held int
	Read time.Time
	// Narrowed says the question has filters: Plans are then those a gift
	// it selects names, not every plan held.
	Narrowed bool
	// Plans are the report's plans: those of the report's currency first,
	// then by currency; the largest monthly value first, then by id.
	Plans    []RecurringPlan
	Disagree Disagreements
}

// RecurringPlan is a plan the server listed, with what the gifts held
// that name it say.
type RecurringPlan struct {
	ID                    int64
	Email, Name, Campaign string
	// Status is as sent, in lower case: active, cancelled or failed.
	Status string
	// Type is as sent; Interval is it as read, zero where it is not
	// understood: the plan is then taken as monthly.
	Type     string
	Interval Interval
	// Amount is each gift's, Monthly what it is worth a month.
	Amount, Monthly api.Decimal
	// Currency is the one its newest gift held is in; "" when no gift
	// held names the plan.
	Currency string
	// Started, Last and Next are the plan's dates, each zero where it
	// sent none that reads.
	Started, Last, Next time.Time
	// Gifts counts the gifts held that name it, LastHeld the newest's date.
	Gifts    int
	LastHeld time.Time
	// StartedIn: it started in the period. Stopped: it is not active, and
	// its last gift fell in the period.
	StartedIn, Stopped bool
}

// Active says the server has the plan as active.
func (p RecurringPlan) Active() bool { return p.Status == "active" }

// Disagreements count where the plans and the gifts held tell different
// stories; the report says so rather than pick one.
type Disagreements struct {
	// NoGifts counts the plans no gift held names (only counted when
	// every plan is read: with filters, such a plan is not selected).
	NoGifts int
	// LastDiffers counts the plans whose last donation date is not the
	// day of their newest gift held.
	LastDiffers int
	// Overdue counts the active plans whose next date is more than
	// OverdueDays past, with no gift held since.
	Overdue int
	// Unlisted counts the gifts held that name a plan the server did not
	// list, UnlistedPlans the plans they name.
	Unlisted, UnlistedPlans int
}

// OverdueDays is how long past its next date an active plan may be with
// no gift before the report says so: a charge that failed is retried for
// some days before the plan is taken as failed.
const OverdueDays = 7

// PlansHeld says whether st holds the server's plans: a sync read them
// whole. A server without plans (404), or a store no sync has read them
// into, holds none; why is in the KindHeld.
func PlansHeld(ctx context.Context, st *store.Store) (store.KindHeld, bool, error) {
	h, err := st.KindHeld(ctx, api.PlansKind.Name)
	return h, err == nil && !h.None && !h.Read.IsZero(), err
}

// PlansOf reads the recurring report of q from the plans st holds (held
// is what st knows of them), the report's currency first.
func PlansOf(ctx context.Context, st *store.Store, q Query, held store.KindHeld, cur string) (*Plans, error) {
	recs, err := store.Records[api.Plan](ctx, st, store.KindFilter{})
	if err != nil {
		return nil, err
	}
	gifts, err := st.PlanGifts(ctx, q.SQL())
	if err != nil {
		return nil, err
	}
	byPlan := make(map[int64]store.PlanGifts, len(gifts))
	for _, g := range gifts {
		byPlan[g.Plan] = g
	}
	loc := st.Zone()
	from, _ := q.YearSpan(q.Year, loc)
	end := q.RecurringEnd(loc)
	out := &Plans{Held: held.Records, Read: held.Read.In(loc), Narrowed: narrowed(q.Filter)}
	listed := make(map[int64]bool, len(recs))
	for i := range recs {
		p := planOf(&recs[i], loc)
		listed[p.ID] = true
		g, named := byPlan[p.ID]
		if !named && out.Narrowed {
			continue
		}
		p.Gifts, p.LastHeld, p.Currency = g.Gifts, g.Last, g.Currency
		p.StartedIn = within(p.Started, from, end)
		p.Stopped = !p.Active() && within(p.Last, from, end)
		out.Disagree.add(p, named, q.Now, loc)
		out.Plans = append(out.Plans, p)
	}
	for _, g := range gifts {
		if !listed[g.Plan] {
			out.Disagree.Unlisted += g.Gifts
			out.Disagree.UnlistedPlans++
		}
	}
	other := func(c string) int { // the report's currency first
		if c == cur {
			return 0
		}
		return 1
	}
	slices.SortFunc(out.Plans, func(a, b RecurringPlan) int {
		return cmp.Or(cmp.Compare(other(a.Currency), other(b.Currency)), strings.Compare(a.Currency, b.Currency),
			b.Monthly.Compare(a.Monthly), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// add counts where p and the gifts held that name it disagree; named says
// some do.
func (d *Disagreements) add(p RecurringPlan, named bool, now time.Time, loc *time.Location) {
	switch {
	case !named:
		d.NoGifts++
		return
	case !p.Last.IsZero() && p.Last.In(loc).Format(time.DateOnly) != p.LastHeld.In(loc).Format(time.DateOnly):
		d.LastDiffers++
	}
	if p.Active() && !p.Next.IsZero() && p.Next.AddDate(0, 0, OverdueDays).Before(now) && p.LastHeld.Before(p.Next) {
		d.Overdue++
	}
}

// planOf is rec as the report reads it, its dates in loc.
func planOf(rec *api.Plan, loc *time.Location) RecurringPlan {
	name := strings.TrimSpace(rec.Donor.Name.Value)
	if name == "" {
		name = strings.TrimSpace(rec.Donor.FirstName.Value + " " + rec.Donor.LastName.Value)
	}
	p := RecurringPlan{ID: rec.ID.Value, Email: rec.Donor.Email.Value, Name: name, Campaign: rec.Campaign.Name.Value,
		Status: strings.ToLower(strings.TrimSpace(rec.Status.Value)), Type: rec.Type.Value,
		Started: planDate(rec.StartedAt.Value, loc), Last: planDate(rec.LastDonationDate.Value, loc),
		Next: planDate(rec.NextDonationDate.Value, loc)}
	p.Interval, _ = ParseInterval(p.Type)
	p.Amount, _ = rec.Amount.Decimal()
	p.Monthly = monthlyOf(p.Amount, p.Interval)
	return p
}

// planDate reads a plan's date: a date-time as sent, or a day in loc;
// zero when it reads as neither.
func planDate(s string, loc *time.Location) time.Time {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, loc); err == nil {
		return t
	}
	return time.Time{}
}

// within says t is a date in [from, end).
func within(t, from, end time.Time) bool { return !t.IsZero() && !t.Before(from) && t.Before(end) }

// narrowed says f selects fewer gifts than every one of every status.
func narrowed(f query.Filter) bool {
	f.Statuses = nil
	return !reflect.DeepEqual(f, query.Filter{})
}
