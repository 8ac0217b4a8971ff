package demo

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// rng is a small deterministic random source: the same seed and index always
// give the same donation, so tests and golden files can rely on the data.
type rng struct{ *rand.Rand }

func newRNG(seed int64, stream uint64) *rng {
	return &rng{rand.New(rand.NewPCG(uint64(seed), stream))}
}

func (r *rng) intn(n int) int        { return r.IntN(n) }
func (r *rng) chance(p float64) bool { return r.Float64() < p }
func pick[T any](r *rng, xs []T) T   { return xs[r.IntN(len(xs))] }
func itoa(i int) string              { return strconv.Itoa(i) }

// Campaign is a fundraising campaign and the forms that collect for it. The
// donation record carries only form_name; the campaign_id filter works through
// this table.
type Campaign struct {
	ID    int64
	Name  string
	Forms []string
}

// Campaigns is the demo's campaign table, documented in the README.
var Campaigns = []Campaign{
	{101, "Annual Fund", []string{"Annual Fund 2025", "Monthly Giving"}},
	{102, "Spring Appeal", []string{"Spring Appeal"}},
	{103, "Giving Tuesday", []string{"Giving Tuesday", "Giving Tuesday Match"}},
	{104, "Tributes", []string{"In Memory & In Honor"}},
	{105, "Scholarships", []string{"Scholarship Fund"}},
	{106, "Emergency Relief", []string{"Emergency Relief — Floods"}},
}

type form struct {
	name         string
	campaign     int64
	campaignName string // the campaign's, as the Donorbox shape nests it
	campaignFold string // campaignName in lower case, for the campaign_name filter
}

var forms = func() []form {
	var out []form
	for _, c := range Campaigns {
		for _, f := range c.Forms {
			out = append(out, form{f, c.ID, c.Name, strings.ToLower(c.Name)})
		}
	}
	return out
}()

type donor struct {
	first, last                                 string
	email                                       string
	address, city, state, postcode, country, tz string
	emailFold, firstFold, lastFold              string
}

// Record is one donation as the demo serves it, fields in the spec's order,
// in plain Go types. Benchmarks decode pages into it with encoding/json as the
// baseline the tolerant client decoder is measured against.
type Record struct {
	ID                       int64       `json:"id"`
	Email                    string      `json:"email"`
	FormName                 string      `json:"form_name"`
	FirstName                string      `json:"first_name"`
	LastName                 string      `json:"last_name"`
	Address                  string      `json:"address"`
	City                     string      `json:"city"`
	State                    string      `json:"state"`
	Postcode                 string      `json:"postcode"`
	Country                  string      `json:"country"`
	DonationType             string      `json:"donation_type"`
	PaymentType              string      `json:"payment_type"`
	PaymentChargeID          string      `json:"payment_charge_id"`
	Status                   string      `json:"status"`
	Amount                   string      `json:"amount"`
	FormattedAmount          string      `json:"formatted_amount"`
	Currency                 string      `json:"currency"`
	ConvertedAmount          string      `json:"converted_amount"`
	FormattedConvertedAmount string      `json:"formatted_converted_amount"`
	ConvertedCurrency        string      `json:"converted_currency"`
	DonationDate             string      `json:"donation_date"`
	Anonymous                bool        `json:"anonymous"`
	Recurring                bool        `json:"recurring"`
	Last4                    string      `json:"last4"`
	ExpYear                  *int        `json:"exp_year"`
	ExpMonth                 *int        `json:"exp_month"`
	Timezone                 string      `json:"timezone"`
	ProcessingFee            json.Number `json:"processing_fee"`
	FormattedProcessingFee   string      `json:"formatted_processing_fee"`
	AppFee                   json.Number `json:"app_fee"`
	FormattedAppFee          string      `json:"formatted_app_fee"`
	FeeCovered               string      `json:"fee_covered"`
	LastUpdatedAt            string      `json:"last_updated_at"`
	Questions                []Question  `json:"questions"`
	UTMSource                string      `json:"utm_source"`
	UTMMedium                string      `json:"utm_medium"`
	UTMCampaign              string      `json:"utm_campaign"`
	UTMContent               string      `json:"utm_content"`
	DonationHonor            *Honor      `json:"donation_honor"`
}

// Question is one answer to a form question; the answer is kept as JSON, as
// the client keeps it, since its type depends on the question's.
type Question struct {
	Type     string          `json:"question_type"`
	Question string          `json:"question"`
	Answer   json.RawMessage `json:"answer"`
}

func ask(kind, text string, answer any) Question {
	b, _ := json.Marshal(answer)
	return Question{kind, text, b}
}

// Honor is the tribute attached to a gift.
type Honor struct {
	HonoreeName            string `json:"honoree_name"`
	TributeType            string `json:"tribute_type"`
	NotificationPreference string `json:"notification_preference"`
	RecipientName          string `json:"recipient_name"`
	RecipientEmail         string `json:"recipient_email"`
	RecipientCountry       string `json:"recipient_country"`
	RecipientState         string `json:"recipient_state"`
	RecipientCity          string `json:"recipient_city"`
	RecipientZipcode       string `json:"recipient_zipcode"`
	RecipientAddress       string `json:"recipient_address"`
	RecipientMessage       string `json:"recipient_message"`
}

// entry is what the data set keeps per donation; the rest is derived from
// the seed and the index on demand, so 100,000 donations cost little memory.
type entry struct {
	id    int64
	donor int32
	form  uint8
}

type dataset struct {
	seed    int64
	entries []entry
	donors  []donor
	start   time.Time
	step    time.Duration
	// years is how many whole years the data set's end lies after End: the
	// stories and the platform's history move by as much, so that a story
	// told of "last year" stays last year's whatever day the demo ends.
	years   int
	changed map[int]change // set through the admin handler
	removed map[int]bool
	added   map[int]time.Time // when each donation added while the server ran came
	// backdated is the share of donations dated anywhere in the past, out of
	// the list's date order (Options.Backdated).
	backdated float64
	pool      int               // the donors drawn at random; the stories' come after
	cancelled map[int64]bool    // the plans cancelled through the admin handler
	told      map[int]storyGift // the donations the stories took
}

// End is where the data set ends when Options.End is zero: fixed, so that
// tests and golden screens see the same donations on any day. The program's
// --demo ends its data at the moment it starts instead.
var End = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

const span = 3 * 365 * 24 * time.Hour

// newDataset spreads count donations over the three years before end.
func newDataset(count int, seed int64, backdated float64, end time.Time) *dataset {
	d := &dataset{seed: seed, start: end.Add(-span), backdated: backdated, years: yearsAfter(End, end)}
	if count > 0 {
		d.step = span / time.Duration(count)
	}
	pool := max(len(personas)+10, count*2/3)
	regulars := max(len(personas)+5, count/50)
	r := newRNG(seed, 1<<62)
	d.pool = pool
	d.donors = make([]donor, pool)
	for j := range d.donors {
		d.donors[j] = makeDonor(r, j)
	}
	d.entries = make([]entry, count)
	id := int64(100000)
	for i := range d.entries {
		id += int64(1 + r.intn(3))
		who := r.intn(pool)
		if r.chance(0.4) {
			who = r.intn(regulars)
		}
		d.entries[i] = entry{id: id, donor: int32(who), form: uint8(r.intn(len(forms)))}
	}
	d.tell()
	return d
}

// yearsAfter is how many whole years t lies after from (negative before it).
func yearsAfter(from, t time.Time) int {
	n := t.Year() - from.Year()
	if from.AddDate(n, 0, 0).After(t) {
		n--
	}
	return n
}

func makeDonor(r *rng, j int) donor {
	var dn donor
	loc := locales[0]
	if j < len(personas) {
		p := personas[j]
		loc = locales[p.locale]
		dn.first, dn.last, dn.email = p.first.display, p.last.display, p.email
	} else {
		// Half the donors are American, the rest spread over the world.
		if !r.chance(0.5) {
			loc = pick(r, locales[1:])
		}
		first, last := pick(r, loc.first), pick(r, loc.last)
		if r.chance(0.003) {
			ln := pick(r, longNames)
			first, last = ln.first, ln.last
		}
		dn.first, dn.last = first.display, last.display
		dn.email = first.ascii + "." + last.ascii + itoa(j) + "@" + loc.domain
	}
	pl := pick(r, loc.cities)
	dn.address = loc.street(1+r.intn(400), pick(r, loc.streets))
	dn.city, dn.state, dn.tz, dn.country = pl.city, pl.state, pl.tz, loc.country
	dn.postcode = loc.postcode(r)
	dn.emailFold, dn.firstFold, dn.lastFold = strings.ToLower(dn.email), strings.ToLower(dn.first), strings.ToLower(dn.last)
	return dn
}

var amounts = []int64{500, 1000, 1500, 2000, 2500, 2500, 3500, 5000, 5000, 7500, 10000, 10000, 15000, 25000, 50000, 100000, 250000}

var statuses = []string{"paid", "paid", "paid", "paid", "paid", "paid", "paid", "paid", "paid", "paid",
	"paid", "paid", "paid", "paid", "paid", "paid", "refunded", "pending", "failed", "disputed"}

const charset = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func token(r *rng, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = charset[r.intn(len(charset))]
	}
	return string(b)
}

func iso(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// record builds donation i in full.
func (d *dataset) record(i int) Record {
	e := d.entries[i]
	dn := d.donors[e.donor]
	f := forms[e.form]
	r := newRNG(d.seed, uint64(i))
	date := d.dateWith(i, r)
	_, added := d.added[i]
	rec := Record{
		ID: e.id, Email: dn.email, FormName: f.name, FirstName: dn.first, LastName: dn.last,
		Address: dn.address, City: dn.city, State: dn.state, Postcode: dn.postcode, Country: dn.country,
		Status: pick(r, statuses), DonationDate: iso(date), Timezone: dn.tz,
		Anonymous: r.chance(0.08), Recurring: f.name == "Monthly Giving" || r.chance(0.12),
	}
	cur := pick(r, currencies)
	cents := pick(r, amounts)
	if r.chance(0.2) {
		cents = int64(100 + r.intn(30000)) // an odd amount typed by the donor
	}
	if cur.code == "jpy" {
		cents *= 100
	}
	g, told := d.told[i]
	if told {
		cur, cents, rec.Status = currencies[0], g.cents, "paid"
	}
	rec.Amount, rec.Currency, rec.FormattedAmount = money(cents), cur.code, formatted(cur.symbol, cents)
	usd := (cents*cur.usdPerMille + 500) / 1000
	rec.ConvertedAmount, rec.ConvertedCurrency, rec.FormattedConvertedAmount = money(usd), "USD", formatted("$", usd)

	pay(r, &rec)
	fees(r, &rec, cents, cur.symbol)
	updated := date.Add(time.Duration(r.intn(3600)) * time.Second)
	if rec.Status == "refunded" || rec.Status == "disputed" {
		updated = date.Add(time.Duration(1+r.intn(30)) * 24 * time.Hour)
	}
	// Nothing is updated after the moment the data set ends: a refund of a
	// gift from last week happened by now, not in a few days.
	if end := d.start.Add(span); updated.After(end) {
		updated = end
	}
	if added {
		updated = date // nothing has happened yet to a gift just made
	}
	rec.LastUpdatedAt = iso(updated)
	rec.Questions = questions(r)
	attribution(r, &rec)
	if f.campaign == 104 && r.chance(0.6) || r.chance(0.08) {
		rec.DonationHonor = tribute(r)
	}
	if told {
		retell(g, &rec)
	}
	return rec
}

// date is donation i's date, as record gives it.
func (d *dataset) date(i int) time.Time { return d.dateWith(i, newRNG(d.seed, uint64(i))) }

// dateWith draws donation i's date from r, its own source, first: record
// then draws the rest from where it leaves r.
func (d *dataset) dateWith(i int, r *rng) time.Time {
	date := d.start.Add(time.Duration(i)*d.step + time.Duration(r.Int64N(int64(max(d.step, 1)))))
	if d.backdated > 0 && r.chance(d.backdated) {
		date = d.start.Add(time.Duration(r.Int64N(int64(span))))
	}
	if at, added := d.added[i]; added {
		return at
	}
	return date
}

// attribution sets the UTM fields of a quarter of the gifts.
func attribution(r *rng, rec *Record) {
	if r.chance(0.25) {
		rec.UTMSource = pick(r, []string{"facebook", "newsletter", "google", "instagram"})
		rec.UTMMedium = pick(r, []string{"social", "email", "cpc"})
		rec.UTMCampaign = pick(r, []string{"spring_appeal", "giving_tuesday", "year_end"})
		if r.chance(0.5) {
			rec.UTMContent = pick(r, []string{"hero_button", "footer_link", "video"})
		}
	}
}

func questions(r *rng) []Question {
	qs := []Question{ask("check", "Add me to the newsletter", r.chance(0.5))}
	if r.chance(0.3) {
		// Some forms have a consent box with no label text at all.
		qs = append(qs, ask("check", "", r.chance(0.7)))
	}
	if r.chance(0.5) {
		qs = append(qs, ask("dropdown", "How did you hear about us?", pick(r, []string{"A friend", "Social media", "An event", "E-mail", "Search"})))
	}
	if r.chance(0.3) {
		qs = append(qs, ask("text", "Why do you give?", pick(r, []string{"", "My mother was helped by you.", "Because it matters.", "Pour mes enfants.", "为了下一代"})))
	}
	if r.chance(0.1) {
		qs = append(qs, ask("number", "How many event tickets?", 1+r.intn(4)))
	}
	if r.chance(0.1) {
		qs = append(qs, ask("checkbox_group", "Which programs interest you?", []string{"Education", "Health"}[:1+r.intn(2)]))
	}
	return qs
}

var tributeMessages = []string{
	"In loving memory of a wonderful teacher.",
	"Happy 80th birthday, Grandma! ❤️",
	"Pour toi, avec tout mon amour.",
	"永远怀念",
	"Thinking of you all.\nWith love, the Hendersons",
	"",
}

func tribute(r *rng) *Honor {
	loc := pick(r, locales)
	pl := pick(r, loc.cities)
	h := &Honor{
		HonoreeName:            pick(r, loc.first).display + " " + pick(r, loc.last).display,
		TributeType:            pick(r, []string{"memory", "memory", "honor"}),
		NotificationPreference: pick(r, []string{"mail", "email", "none"}),
		RecipientMessage:       pick(r, tributeMessages),
	}
	if h.NotificationPreference == "none" {
		return h
	}
	rf, rl := pick(r, loc.first), pick(r, loc.last)
	h.RecipientName = rf.display + " " + rl.display
	if h.NotificationPreference == "email" {
		h.RecipientEmail = rf.ascii + "." + rl.ascii + "@" + loc.domain
	}
	h.RecipientCountry, h.RecipientState, h.RecipientCity = loc.country, pl.state, pl.city
	h.RecipientZipcode = loc.postcode(r)
	h.RecipientAddress = loc.street(1+r.intn(200), pick(r, loc.streets))
	return h
}
