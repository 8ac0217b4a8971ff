package dataset

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/query"
	"donations/store"
)

// The other kinds of records (api.RecordKinds: plans, campaigns, donors,
// events, tickets, purchases) are small lists: each is read whole, through
// the same client as the donations (its pacing, retries and budget), and
// the store's set of it replaced at once when the read completes. A
// server without a kind's endpoint (404) is remembered as having none.

// KindFilter selects and orders the records of a kind that a store holds.
type KindFilter = query.KindFilter

// KindHeld is what a store knows of a kind: when it was last read whole
// and how many it holds, or that the server has no such endpoint.
type KindHeld = store.KindHeld

// Records are the records of T's kind that the store held selects by f,
// in f's order, each decoded with its bytes as the server sent them (Raw).
func Records[T api.KindRecord](ctx context.Context, h Local, f KindFilter) ([]T, error) {
	if h.st == nil {
		return nil, ErrNotLoaded
	}
	return store.Records[T](ctx, h.st, f)
}

// NextUnread is how many plans f selects but for its bounds on the next
// gift (f.Next) whose next gift date is written in no form those bounds
// read (01/12/2026: either month), and the first of them as written:
// the bounds leave those plans out, which whoever shows the rest says.
// Zero when f has no such bounds.
func NextUnread(ctx context.Context, h Local, f KindFilter) (int, string, error) {
	if f.Next.IsZero() {
		return 0, "", nil
	}
	f.Next, f.Sort = api.DateRange{}, ""
	plans, err := Records[api.Plan](ctx, h, f)
	n, first := 0, ""
	for _, p := range plans {
		if v := strings.TrimSpace(p.NextDonationDate.Value); v != "" {
			if _, ok := api.WrittenDay(v); !ok {
				if n++; n == 1 {
					first = v
				}
			}
		}
	}
	return n, first, err
}

// HeldOfKind is what the store held knows of kind k.
func HeldOfKind(ctx context.Context, h Local, k api.RecordKind) (KindHeld, error) {
	if h.st == nil {
		return KindHeld{}, ErrNotLoaded
	}
	return h.st.KindHeld(ctx, k.Name)
}

// KindRead is what one read of a kind did.
type KindRead struct {
	Kind api.RecordKind
	// Records is how many the read brought and the store now holds.
	Records int
	// None says the server answered 404 to the kind's endpoint: it has
	// none of that kind, which is no failure.
	None bool
	// Partial is why the read stopped short, nil when it read the whole
	// list: the store then kept the set it had. It names the kind, and
	// wraps the client's *api.Error where the server failed the read (so
	// a command words it as it words the donations', with its hint), or
	// api.ErrPartial where the walk found that the server cannot be read
	// whole.
	Partial  error
	Requests int
	// Skipped is how many records the read left out for want of a usable
	// id (none, or not a whole number).
	Skipped int
	// Kept says the read was not made: a large kind read whole less than
	// KindRereadAfter ago keeps the set held (Records of them).
	Kept bool
}

// A kind of more than LargeKind records is read whole again by a sync at
// most once every KindRereadAfter (and at every sync --full): the donors,
// tickets and purchases grow with the account, and reading them whole at
// every sync would cost more requests than the donations' new pages (a
// sync with nothing new asks two). The small kinds, the plans and
// campaigns whose status and totals a support call asks about, are read
// at every sync.
const (
	LargeKind       = 500
	KindRereadAfter = 24 * time.Hour
)

// shortWalk is a read of a kind that its walk found cannot be whole: its
// warnings say why, the kind named.
type shortWalk []string

func (w shortWalk) Error() string { return strings.Join(w, "; ") }
func (w shortWalk) Unwrap() error { return api.ErrPartial }

// Line is what a command says of the read: one line.
func (r KindRead) Line() string {
	switch {
	case r.None:
		return NoKindLine(r.Kind)
	case r.Partial != nil:
		return fmt.Sprintf("%v; the store keeps the %s it had", r.Partial, r.Kind.Name)
	case r.Kept:
		return fmt.Sprintf("%s: the %d held kept (read whole within a day; sync --full reads them now)", r.Kind.Name, r.Records)
	}
	if r.Skipped > 0 {
		return fmt.Sprintf("%s: %d read, %d left out with no usable id", r.Kind.Name, r.Records, r.Skipped)
	}
	return fmt.Sprintf("%s: %d read", r.Kind.Name, r.Records)
}

// NoKindLine says that the server has no kind k, in the one line every
// place says it.
func NoKindLine(k api.RecordKind) string {
	return fmt.Sprintf("this server has no %s (it answered 404 to %s)", k.Name, k.Path)
}

// ReadKind reads every page of T's kind that q lists through c and, when
// the read completes, makes them the set of that kind s holds, in one
// transaction. A read cut short (an error past the client's retries, a
// server that ignores the page) leaves s as it was and says why in
// Partial; a 404 is remembered (None). Only a cancelled ctx or a store
// that cannot be written is an error. q's filters narrow the set s then
// holds: a filtered read goes into a store of its own (store.Memory).
func ReadKind[T api.KindRecord](ctx context.Context, l Local, c *api.Client, q api.KindQuery) (KindRead, error) {
	s := l.st
	k := api.KindOf[T]()
	r := KindRead{Kind: k}
	at := time.Now()
	p := api.NewKindPager[T](c, q)
	var recs []store.KindRecord
	for !p.Done() {
		b, err := p.Next(ctx)
		r.Requests = p.Requests()
		switch {
		case errors.Is(err, api.ErrNoEndpoint):
			r.None = true
			return r, s.NoKind(ctx, k.Name, k.Path, at)
		case ctx.Err() != nil:
			return r, ctx.Err()
		case err != nil:
			r.Partial = err
			return r, nil
		}
		for i := range b.Records {
			h := api.HeadOf(&b.Records[i])
			if !h.ID.Valid {
				// A record the store cannot key is left out and counted,
				// as a donation without a usable id is, so that one
				// such record does not cost the kind's whole read.
				r.Skipped++
				continue
			}
			recs = append(recs, store.KindRecord{ID: h.ID.Value, Raw: h.Raw})
		}
	}
	if p.Partial() != nil {
		r.Partial = shortWalk(p.Warnings())
		return r, nil
	}
	r.Records = len(recs)
	return r, s.ReplaceKind(ctx, k.Name, recs, at)
}

// ReadKinds reads every kind, in api.RecordKinds' order, as ReadKind does.
// A kind the store remembers the server has none of is asked again only
// where again is true (sync --full): asked at every sync, the spec's
// server answers a 404 for each kind, more requests than a sync with
// nothing new asks of the donations. So is a
// large kind read whole lately (LargeKind, KindRereadAfter). now is the
// sync's clock.
func ReadKinds(ctx context.Context, s Local, c *api.Client, again bool, now time.Time) ([]KindRead, error) {
	reads := []func() (KindRead, error){
		func() (KindRead, error) { return ReadKind[api.Campaign](ctx, s, c, api.KindQuery{}) },
		func() (KindRead, error) { return ReadKind[api.Plan](ctx, s, c, api.KindQuery{}) },
		func() (KindRead, error) { return ReadKind[api.Donor](ctx, s, c, api.KindQuery{}) },
		func() (KindRead, error) { return ReadKind[api.Event](ctx, s, c, api.KindQuery{}) },
		func() (KindRead, error) { return ReadKind[api.Ticket](ctx, s, c, api.KindQuery{}) },
		func() (KindRead, error) { return ReadKind[api.Purchase](ctx, s, c, api.KindQuery{}) },
	}
	var out []KindRead
	for i, read := range reads { // reads is in api.RecordKinds' order
		k := api.RecordKinds[i]
		if !again {
			held, err := HeldOfKind(ctx, s, k)
			if err != nil {
				return out, err
			}
			if held.None {
				out = append(out, KindRead{Kind: k, None: true})
				continue
			}
			if held.Records > LargeKind && now.Sub(held.Read) < KindRereadAfter {
				out = append(out, KindRead{Kind: k, Records: held.Records, Kept: true})
				continue
			}
		}
		r, err := read()
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}
